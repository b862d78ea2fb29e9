// JSON and CSV forms of a comparison (comparison.hpp).
#include "model/compare/comparison.hpp"

#include "model/io/csv_text.hpp"

namespace model::compare {

using nlohmann::json;

namespace {
const char* betterName(Better b)
{
    switch (b) {
    case Better::Higher: return "higher";
    case Better::Lower: return "lower";
    case Better::None: break;
    }
    return "none";
}

json designJson(const Comparison& c, std::size_t i, const DesignResults& d)
{
    json j = {{"label", c.labels[i]}, {"name", c.names[i]}, {"file", d.file}};
    for (const Row& r : c.rows) {
        const Cell& cell = r.cells[i];
        // Text only on text rows: a figure row without a number ("does not fit in GPU memory")
        // stays null, so a reader of `mfu` never meets a string.
        const bool textRow = r.unit.empty() && r.better == Better::None;
        j[r.key] = cell.value ? json(*cell.value) : textRow && cell.text != "n/a" ? json(cell.text) : json(nullptr);
        if (cell.lowerBound) j[r.key + "_lower_bound"] = true;
    }
    json layers = json::array();
    if (d.analysis)
        for (const auto& l : d.analysis->layers)
            layers.push_back({{"scope", toString(l.scope)}, {"technology", l.technology}, {"per_gpu_GBps", l.perGpu.inGBps()}});
    j["layers"] = layers;
    if (d.analysis) j["bottleneck"] = {{"scope", toString(d.analysis->bottleneck.scope)}, {"explanation", d.analysis->bottleneck.explanation}};
    if (d.analysis) j["workload"] = d.analysis->workload;
    if (d.analysis) j["scaling_note"] = d.analysis->scalingNote;
    if (d.rules) j["rules"] = topology::toJson(*d.rules);
    if (d.cost) j["cost"] = cost::toJson(*d.cost);
    json errors = json::object();
    for (const auto& [k, v] : {std::pair{"analysis", d.analysisError}, {"sweeps", d.sweepsError}, {"rules", d.rulesError},
                               {"bom", d.bomError}, {"cost", d.costError}})
        if (!v.empty()) errors[k] = v;
    if (!errors.empty()) j["errors"] = errors;
    return j;
}
} // namespace

json toJson(const Comparison& c, const std::vector<const DesignResults*>& designs)
{
    json out;
    out["designs"] = json::array();
    for (std::size_t i = 0; i < designs.size(); ++i) out["designs"].push_back(designJson(c, i, *designs[i]));
    out["verdict"] = c.verdictText();
    out["verdict_sentences"] = c.verdict;
    out["break_even"] = json::array();
    for (const auto& x : c.breakEvens) {
        const auto m = x.breakEven.month();
        out["break_even"].push_back({{"build", c.labels[x.build]}, {"rent", c.labels[x.rent]},
                                     {"months", x.breakEven.months ? json(*x.breakEven.months) : json(nullptr)},
                                     {"month", m ? json(*m) : json(nullptr)}, {"lower_bound", x.breakEven.lowerBound},
                                     {"text", x.breakEven.text}});
    }
    out["rows"] = json::array();
    for (const Row& r : c.rows) {
        json values = json::array(), texts = json::array();
        for (const Cell& cell : r.cells) {
            values.push_back(cell.value ? json(*cell.value) : json(nullptr));
            texts.push_back(cell.text);
        }
        out["rows"].push_back({{"key", r.key}, {"label", r.label}, {"unit", r.unit}, {"better", betterName(r.better)},
                               {"differs", r.differs}, {"best", r.best ? json(c.labels[*r.best]) : json(nullptr)},
                               {"values", values}, {"texts", texts}});
    }
    return out;
}

std::string toCsv(const Comparison& c)
{
    using io::csvField;
    std::string o = "figure,unit";
    for (std::size_t i = 0; i < c.labels.size(); ++i) o += "," + csvField(c.labels[i] + ": " + c.names[i]);
    // One flag per design and figure: the table's "+" / "or later" marks, which a bare number
    // cannot carry.
    for (const std::string& l : c.labels) o += "," + csvField(l + " lower bound (true: some price or power is unknown, the true figure is higher)");
    o += "\n";
    for (const Row& r : c.rows) {
        o += csvField(r.label) + "," + csvField(r.unit);
        for (const Cell& cell : r.cells) o += "," + (cell.value ? io::csvNumber(*cell.value) : csvField(cell.text));
        for (const Cell& cell : r.cells) o += cell.lowerBound ? ",true" : ",false";
        o += "\n";
    }
    o += "verdict,," + csvField(c.verdictText()) + "\n";
    return o;
}

} // namespace model::compare
