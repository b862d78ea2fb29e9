// Every result of one design, each part computed on its own (design_results.hpp).
#include "model/compare/design_results.hpp"

#include <cmath>

namespace model::compare {

const CollectiveSweep* DesignResults::wholeDesignSweep(CollectiveOp op) const
{
    if (!sweeps) return nullptr;
    const CollectiveSweep* best = nullptr;
    for (const auto& s : *sweeps)
        if (s.op == op && (!best || s.gpus > best->gpus)) best = &s;
    return best;
}

const CollectiveResult* DesignResults::allReduce8GiB() const
{
    const CollectiveSweep* s = wholeDesignSweep(CollectiveOp::AllReduce);
    if (!s) return nullptr;
    constexpr double k8GiB = 8.0 * 1024 * 1024 * 1024;
    for (const auto& p : s->points)
        if (std::abs(p.bytes - k8GiB) < 0.5) return &p;
    return nullptr;
}

nlohmann::json settingsFor(const Design& d, const ResultOptions& o)
{
    nlohmann::json s = d.analysis.is_object() ? d.analysis : nlohmann::json::object();
    if (!o.workload.empty() && s.value("workload", std::string()) != o.workload) {
        // Another model: the design's layout (tp/pp/dp, batch) was chosen for its own model.
        for (const char* k : {"model", "tp", "pp", "dp", "interleave", "micro_batch", "global_batch", "seq_len"}) s.erase(k);
        s["workload"] = o.workload;
    }
    if (o.tokens) s["cost"]["tokens"] = *o.tokens;
    return s;
}

DesignResults computeDesignResults(std::shared_ptr<const Design> design, const Catalog& catalog, const cost::PriceTable& prices,
                                   const ResultOptions& options, const std::string& file)
{
    DesignResults r;
    r.design = design;
    r.file = file;
    r.settings = settingsFor(*design, options);
    const std::string where = file.empty() ? design->name : file;
    try {
        r.analysis = analyzeDesign(*design, catalog, r.settings);
    } catch (const std::exception& e) {
        r.analysisError = e.what();
    }
    if (r.analysis) {
        try {
            r.sweeps = chartSweeps(*design, catalog);
        } catch (const std::exception& e) {
            r.sweepsError = e.what();
        }
    }
    try {
        r.rules = topology::checkDesign(*design, catalog);
    } catch (const std::exception& e) {
        r.rulesError = e.what();
    }
    try {
        r.bom = topology::computeBom(*design, catalog);
    } catch (const std::exception& e) {
        r.bomError = e.what();
    }
    if (r.bom) {
        try {
            cost::RunInputs run;
            if (r.analysis) run = cost::runInputsOf(*r.analysis, r.settings);
            else run.whyNot = "the engine could not analyse the design: " + r.analysisError;
            const nlohmann::json costJson = r.settings.contains("cost") ? r.settings["cost"] : nlohmann::json::object();
            r.cost = cost::computeCost(*design, catalog, *r.bom, prices, cost::costSettingsFromJson(costJson, where), run, where);
        } catch (const std::exception& e) {
            r.costError = e.what();
        }
    }
    return r;
}

} // namespace model::compare
