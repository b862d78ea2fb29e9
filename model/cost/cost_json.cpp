// JSON and CSV forms of a cost result, and money as text.
#include "model/cost/cost_model.hpp"

#include "model/io/csv_text.hpp"

#include <cmath>
#include <cstdio>

namespace model::cost {

using nlohmann::json;

namespace {
json orNull(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

json linesJson(const BuildCost& b)
{
    json lines = json::array();
    for (const auto& l : b.lines)
        lines.push_back({{"key", l.key}, {"category", l.category}, {"item", l.item}, {"count", l.count},
                         {"unit_USD", orNull(l.unitUsd)}, {"total_USD", l.priced() ? json(l.totalUsd()) : json(nullptr)},
                         {"basis", l.basis}, {"source", l.provenance.label}, {"caveat", l.provenance.caveat},
                         {"overridden", l.provenance.overridden}, {"missing_reason", l.missingReason}});
    return lines;
}

json buildJson(const BuildCost& b)
{
    json missing = json::array();
    for (const CapitalLine* l : b.missing()) missing.push_back({{"key", l->key}, {"item", l->item}, {"count", l->count}, {"reason", l->missingReason}});
    json power = json::array();
    for (const auto& p : b.power)
        power.push_back({{"model", p.model}, {"item", p.item}, {"count", p.count}, {"W_each", orNull(p.wattsEach)}, {"source", p.provenance.label}});
    return {{"capital_USD", b.capitalUsd},
            {"capital_complete", b.complete()},
            {"any_priced", b.anyPriced()},
            {"lines", linesJson(b)},
            {"missing", missing},
            {"power", power},
            {"it_power_kW", b.itPowerKw},
            {"power_unknown", b.powerUnknown()},
            {"monthly_amortisation_USD", b.monthlyAmortisationUsd},
            {"monthly_power_USD", b.monthlyPowerUsd},
            {"monthly_operations_USD", b.monthlyOperationsUsd},
            {"monthly_USD", b.monthlyUsd()},
            {"usd_per_gpu_hour_USD", b.usdPerDeliveredGpuHour}};
}

json rentJson(const RentCost& r)
{
    json lines = json::array();
    for (const auto& l : r.lines)
        lines.push_back({{"gpu", l.gpuId}, {"gpu_name", l.gpuName}, {"gpus", l.gpus}, {"provider", l.provider}, {"offer", l.offer},
                         {"tier", l.tier}, {"list_usd_per_gpu_hour_USD", orNull(l.listUsdPerGpuHour)}, {"basis", l.basis},
                         {"source", l.provenance.label}, {"missing_reason", l.missingReason}});
    return {{"lines", lines}, {"offer", r.offerText()}, {"complete", r.complete()}, {"usd_per_hour_USD", r.usdPerHour},
            {"usd_per_gpu_hour_USD", r.usdPerGpuHour}, {"monthly_USD", r.monthlyUsd}};
}

json runJson(const TrainingRun& t)
{
    json j = {{"available", t.available}, {"workload", t.workload}, {"tokens", t.tokens}, {"tokens_source", t.tokensSource}};
    if (!t.available) {
        j["why_not"] = t.whyNot;
        return j;
    }
    j["tokens_per_second"] = t.tokensPerSecond;
    j["time_s"] = t.seconds;
    j["time_days"] = t.seconds / 86400.0;
    j["gpu_hours"] = t.gpuHours;
    j["build_USD"] = orNull(t.buildUsd);
    j["rent_USD"] = orNull(t.rentUsd);
    return j;
}

std::string full(double v) { return io::csvNumber(v); }
} // namespace

json toJson(const CostResult& c)
{
    json assumptions = json::array();
    for (const auto& a : c.assumptions.list)
        assumptions.push_back({{"key", a.key}, {"name", a.name}, {"value", a.value}, {"unit", a.unit}, {"source", a.source}, {"overridden", a.overridden}});
    const auto month = c.breakEven.month();
    return {{"gpus", c.gpus},
            {"rented_design", c.rentedDesign},
            {"assumptions", assumptions},
            {"build", buildJson(c.build)},
            {"rent", rentJson(c.rent)},
            {"break_even", {{"months", orNull(c.breakEven.months)}, {"month", month ? json(*month) : json(nullptr)},
                            {"lower_bound", c.breakEven.lowerBound}, {"text", c.breakEven.text}}},
            {"run", runJson(c.run)},
            {"warnings", c.warnings}};
}

std::string toCsv(const CostResult& c)
{
    using io::csvField;
    std::string o = "section,item,key,count,unit_USD,total_USD,source\n";
    for (const auto& l : c.build.lines)
        o += "capital," + csvField(l.item) + "," + csvField(l.key) + "," + std::to_string(l.count) + "," +
             (l.unitUsd ? full(*l.unitUsd) : std::string("missing")) + "," + (l.priced() ? full(l.totalUsd()) : std::string("missing")) + "," +
             csvField(l.priced() ? l.provenance.label : l.missingReason) + "\n";
    const auto row = [&o](const std::string& section, const std::string& item, double v, const std::string& source) {
        o += section + "," + csvField(item) + ",,," + "," + full(v) + "," + csvField(source) + "\n";
    };
    row("build", "capital (priced lines)", c.build.capitalUsd, c.build.complete() ? "complete" : "lower bound: some parts have no price");
    row("build", "amortisation per month", c.build.monthlyAmortisationUsd, "");
    row("build", "power per month", c.build.monthlyPowerUsd, "IT kW " + full(c.build.itPowerKw));
    row("build", "operations per month", c.build.monthlyOperationsUsd, "");
    row("build", "total per month", c.build.monthlyUsd(), "");
    row("build", "per delivered GPU-hour", c.build.usdPerDeliveredGpuHour, "");
    for (const auto& l : c.rent.lines)
        o += "rent," + csvField(l.gpuName + " x" + std::to_string(l.gpus) + ": " + l.provider + " " + l.offer) + "," + csvField(l.gpuId) + "," +
             std::to_string(l.gpus) + "," + (l.listUsdPerGpuHour ? full(*l.listUsdPerGpuHour) : std::string("missing")) + ",," +
             csvField(l.listUsdPerGpuHour ? l.provenance.label : l.missingReason) + "\n";
    row("rent", "per GPU-hour after discount", c.rent.usdPerGpuHour, "");
    row("rent", "total per month", c.rent.monthlyUsd, "");
    if (c.breakEven.months) row("break_even", "months", *c.breakEven.months, c.breakEven.text);
    if (c.run.available) {
        if (c.run.buildUsd) row("run", "build cost of the run", *c.run.buildUsd, c.run.workload + ", " + full(c.run.tokens) + " tokens, " + full(c.run.seconds) + " s");
        if (c.run.rentUsd) row("run", "rent cost of the run", *c.run.rentUsd, c.run.workload + ", " + full(c.run.tokens) + " tokens, " + full(c.run.seconds) + " s");
    }
    return o;
}

std::string formatUsd(double usd)
{
    const bool negative = usd < 0;
    const double a = std::abs(usd);
    char buf[64];
    if (a < 100.0) {
        std::snprintf(buf, sizeof buf, "%.2f", a);
        return std::string(negative ? "-" : "") + "US$ " + buf;
    }
    std::snprintf(buf, sizeof buf, "%.0f", std::round(a));
    std::string digits = buf, grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
        grouped += digits[i];
    }
    return std::string(negative ? "-" : "") + "US$ " + grouped;
}

} // namespace model::cost
