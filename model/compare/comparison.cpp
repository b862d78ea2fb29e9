// The comparison table of two to four designs (comparison.hpp).
#include "model/compare/comparison.hpp"
#include "model/compare/scope_title.hpp"
#include "model/design/part_counts.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

namespace model::compare {

namespace {

/// A figure cell: formatFigure's one rule for every cell of a row (three significant digits,
/// whole numbers with separators from 1,000), "n/a" without a value.
Cell figure(std::optional<double> v)
{
    if (!v) return {std::nullopt, "n/a", false};
    return {v, formatFigure(*v), false};
}

/// A count cell (GPUs, servers, findings): a whole number with separators.
Cell count(std::optional<double> v)
{
    if (!v) return {std::nullopt, "n/a", false};
    return {v, formatCount(*v), false};
}

/// A fraction as a percentage cell with one decimal (formatPercent: "44.0 %").
Cell percent(std::optional<double> fraction)
{
    if (!fraction) return {std::nullopt, "n/a", false};
    return {fraction, formatPercent(*fraction), false};
}

Cell money(std::optional<double> usd, bool lowerBound)
{
    if (!usd) return {std::nullopt, "n/a", false};
    return {usd, cost::formatUsd(*usd) + (lowerBound ? "+" : ""), lowerBound};
}

/// Adds a row whose cell for design i is `f(results i)`.
template <class F>
void addRow(std::vector<Row>& rows, const std::vector<const DesignResults*>& ds, std::string key, std::string label,
            std::string unit, Better better, F f)
{
    Row r;
    r.key = std::move(key);
    r.label = std::move(label);
    r.unit = std::move(unit);
    r.better = better;
    for (const DesignResults* d : ds) r.cells.push_back(f(*d));
    rows.push_back(std::move(r));
}

std::optional<double> layerGBps(const DesignResults& d, Scope s)
{
    if (!d.analysis) return std::nullopt;
    for (const auto& l : d.analysis->layers)
        if (l.scope == s) return l.perGpu.inGBps();
    return std::nullopt;
}

const cost::CostResult* costOf(const DesignResults& d) { return d.cost ? &*d.cost : nullptr; }

bool buildLowerBound(const cost::CostResult& c) { return !c.build.complete() || !c.build.powerUnknown().empty(); }

/// The label of the server-count row: the designs' noun ("Racks" where every design is built
/// of NVL72 racks, "Instances" for rented instances), or each distinct noun in design order
/// where they differ ("Servers / racks").
std::string serversLabel(const std::vector<const DesignResults*>& ds)
{
    std::vector<std::string> nouns;
    for (const DesignResults* d : ds) {
        const std::string noun = serverNoun(d->serverKind, 2);
        if (std::find(nouns.begin(), nouns.end(), noun) == nouns.end()) nouns.push_back(noun);
    }
    std::string label;
    for (const std::string& n : nouns) label += (label.empty() ? "" : " / ") + n;
    if (label.empty()) label = "servers";
    label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
    return label;
}

void performanceRows(std::vector<Row>& rows, const std::vector<const DesignResults*>& ds)
{
    addRow(rows, ds, "gpus", "GPUs", "", Better::None, [](const DesignResults& d) {
        return count(d.analysis ? std::optional<double>(d.analysis->gpus) : std::nullopt);
    });
    addRow(rows, ds, "nodes", serversLabel(ds), "", Better::None, [](const DesignResults& d) {
        return count(d.analysis ? std::optional<double>(d.analysis->nodes) : std::nullopt);
    });
    const std::pair<Scope, const char*> layers[] = {{Scope::Hbm, "HBM per GPU"},
                                                    {Scope::IntraNode, "Intra-node per GPU"},
                                                    {Scope::NodeBoundary, "Node boundary per GPU"},
                                                    {Scope::Fabric, "Fabric per GPU"}};
    for (const auto& [scope, label] : layers)
        addRow(rows, ds, std::string("layer_") + toString(scope) + "_GBps", label, "GB/s", Better::Higher,
               [scope = scope](const DesignResults& d) { return figure(layerGBps(d, scope)); });
    addRow(rows, ds, "all_reduce_8GiB_busbw_GBps", "All-reduce 8 GiB busbw, all GPUs", "GB/s", Better::Higher, [](const DesignResults& d) {
        const CollectiveResult* r = d.allReduce8GiB();
        return figure(r ? std::optional<double>(r->busbw.inGBps()) : std::nullopt);
    });
    const auto step = [](const DesignResults& d) { return d.analysis && d.analysis->hasStep ? &d.analysis->step : nullptr; };
    // A workload that does not fit in GPU memory has no run: its step figures are what a step
    // would take if it fit, never a design's result, so no cell gives (or wins with) them.
    const auto noRun = [&](const DesignResults& d) { return step(d) && !step(d)->fitsInMemory; };
    const Cell doesNotFit{std::nullopt, "does not fit in GPU memory", false};
    // What each design trains, and how it is split: the figures below are for it (helper-90: a
    // second design took the first's workload with nothing in the table to say so).
    addRow(rows, ds, "workload_layout", "Workload and layout", "", Better::None, [&](const DesignResults& d) {
        if (!step(d)) return Cell{std::nullopt, d.analysis && !d.analysis->workload.empty() ? d.analysis->workload : "n/a", false};
        const StepBreakdown& s = *step(d);
        return Cell{std::nullopt,
                    s.workload + ": tp " + std::to_string(s.tp) + " x pp " + std::to_string(s.pp) + " x dp " + std::to_string(s.dp), false};
    });
    addRow(rows, ds, "step_time_s", "Training step", "s", Better::None, [&](const DesignResults& d) {
        if (noRun(d)) return doesNotFit;
        return figure(step(d) ? std::optional<double>(step(d)->stepS) : std::nullopt);
    });
    addRow(rows, ds, "tokens_per_second", "Tokens per second", "tokens/s", Better::Higher, [&](const DesignResults& d) {
        if (noRun(d)) return doesNotFit;
        return figure(step(d) ? std::optional<double>(step(d)->tokensPerSecond) : std::nullopt);
    });
    addRow(rows, ds, "mfu", "Model FLOPs utilisation", "", Better::Higher, [&](const DesignResults& d) {
        if (noRun(d)) return doesNotFit;
        return percent(step(d) ? std::optional<double>(step(d)->mfu) : std::nullopt);
    });
    addRow(rows, ds, "scaling_efficiency", "Scaling efficiency at full size", "", Better::Higher, [&](const DesignResults& d) {
        if (noRun(d)) return doesNotFit;
        if (!d.analysis || d.analysis->scaling.empty()) return percent(std::nullopt);
        Cell c = percent(d.analysis->scaling.back().efficiency);
        // A split design's curve ends at its largest island, not at the design's size.
        if (d.analysis->scaling.back().gpus < d.analysis->gpus)
            c.text += " at " + formatCount(d.analysis->scaling.back().gpus) + " of " + formatCount(d.analysis->gpus) + " GPUs";
        return c;
    });
    addRow(rows, ds, "bottleneck", "Bottleneck", "", Better::None, [](const DesignResults& d) {
        return Cell{std::nullopt, d.analysis ? scopeTitle(d.analysis->bottleneck.scope) : "n/a", false};
    });
    addRow(rows, ds, "rule_errors", "Rule errors", "", Better::Lower, [](const DesignResults& d) {
        return count(d.rules ? std::optional<double>(d.rules->count(topology::Severity::Error)) : std::nullopt);
    });
    addRow(rows, ds, "rule_warnings", "Rule warnings", "", Better::Lower, [](const DesignResults& d) {
        return count(d.rules ? std::optional<double>(d.rules->count(topology::Severity::Warning)) : std::nullopt);
    });
}

void costRows(std::vector<Row>& rows, const std::vector<const DesignResults*>& ds)
{
    addRow(rows, ds, "payment", "Paid by", "", Better::None, [](const DesignResults& d) {
        const auto* c = costOf(d);
        if (!c) return Cell{std::nullopt, "n/a", false};
        if (!c->rentedDesign) return Cell{std::nullopt, "building", false};
        // "renting (Lambda 8x H100, US$ 2.99 per GPU-hour)"; an offer without a provider's name
        // shows its price alone.
        std::string offer = c->rent.offerText();
        if (c->rent.any()) offer += (offer.empty() ? "" : ", ") + cost::formatUsd(c->rent.usdPerGpuHour) + " per GPU-hour";
        return Cell{std::nullopt, offer.empty() ? "renting" : "renting (" + offer + ")", false};
    });
    addRow(rows, ds, "capital_USD", "Capital cost (to build)", "US$", Better::Lower, [](const DesignResults& d) {
        const auto* c = costOf(d);
        return money(c && c->build.anyPriced() ? std::optional<double>(c->build.capitalUsd) : std::nullopt, c && !c->build.complete());
    });
    addRow(rows, ds, "monthly_USD", "Monthly cost, as paid", "US$", Better::Lower, [](const DesignResults& d) {
        const auto* c = costOf(d);
        if (!c) return money(std::nullopt, false);
        return c->rentedDesign ? money(c->rent.any() ? std::optional<double>(c->rent.monthlyUsd) : std::nullopt, !c->rent.complete())
                               : money(c->build.anyPriced() ? std::optional<double>(c->build.monthlyUsd()) : std::nullopt, buildLowerBound(*c));
    });
    addRow(rows, ds, "monthly_build_USD", "Monthly cost to build", "US$", Better::Lower, [](const DesignResults& d) {
        const auto* c = costOf(d);
        return money(c && c->build.anyPriced() ? std::optional<double>(c->build.monthlyUsd()) : std::nullopt, c && buildLowerBound(*c));
    });
    addRow(rows, ds, "monthly_rent_USD", "Monthly cost to rent", "US$", Better::Lower, [](const DesignResults& d) {
        const auto* c = costOf(d);
        return money(c && c->rent.any() ? std::optional<double>(c->rent.monthlyUsd) : std::nullopt, c && !c->rent.complete());
    });
    addRow(rows, ds, "usd_per_gpu_hour_USD", "Cost per delivered GPU-hour, as paid", "US$", Better::Lower, [](const DesignResults& d) {
        const auto* c = costOf(d);
        if (!c) return money(std::nullopt, false);
        const bool known = c->rentedDesign ? c->rent.any() : c->build.anyPriced();
        return money(known ? std::optional<double>(c->primaryUsdPerGpuHour()) : std::nullopt,
                     c->rentedDesign ? !c->rent.complete() : buildLowerBound(*c));
    });
    addRow(rows, ds, "break_even_month", "Break-even month, building vs renting the same GPUs", "month", Better::None, [](const DesignResults& d) {
        const auto* c = costOf(d);
        if (!c || !c->breakEven.month()) return Cell{std::nullopt, c && c->breakEven.text.rfind("never", 0) == 0 ? "never" : "n/a", false};
        return Cell{static_cast<double>(*c->breakEven.month()),
                    std::to_string(*c->breakEven.month()) + (c->breakEven.lowerBound ? " or later" : ""), c->breakEven.lowerBound};
    });
    addRow(rows, ds, "run_time_days", "Training run time", "days", Better::Lower, [](const DesignResults& d) {
        const auto* c = costOf(d);
        return figure(c && c->run.available ? std::optional<double>(c->run.seconds / 86400.0) : std::nullopt);
    });
    addRow(rows, ds, "run_cost_USD", "Training run cost, as paid", "US$", Better::Lower, [](const DesignResults& d) {
        const auto* c = costOf(d);
        if (!c || !c->run.available) return money(std::nullopt, false);
        return c->rentedDesign ? money(c->run.rentUsd, !c->rent.complete()) : money(c->run.buildUsd, buildLowerBound(*c));
    });
}

/// Marks the rows whose figures belong to each design's own workload (Row::perWorkload).
void markPerWorkload(std::vector<Row>& rows)
{
    for (Row& r : rows)
        r.perWorkload = r.key == "tokens_per_second" || r.key == "mfu" || r.key == "scaling_efficiency" || r.key == "run_time_days" ||
                        r.key == "run_cost_USD";
}

/// What a design trains, as far as its figures depend on it: the preset (or "custom" and the
/// design's own model) and the run's tokens.
std::string workloadIdentity(const DesignResults& d)
{
    if (!d.analysis) return {};
    std::string w = d.analysis->hasStep ? d.analysis->step.workload : d.analysis->workload;
    if (d.settings.is_object() && d.settings.contains("model")) w += "|" + d.settings["model"].dump();
    if (d.cost) w += "|" + std::to_string(d.cost->run.tokens);
    return w;
}

void markDifferences(Row& r, bool sameWorkload)
{
    std::optional<double> lo, hi;
    std::vector<std::string> texts;
    for (const Cell& c : r.cells) {
        texts.push_back(c.text);
        if (!c.value) continue;
        lo = lo ? std::min(*lo, *c.value) : *c.value;
        hi = hi ? std::max(*hi, *c.value) : *c.value;
    }
    const bool textsDiffer = std::adjacent_find(texts.begin(), texts.end(), std::not_equal_to<>()) != texts.end();
    r.differs = lo ? (*hi - *lo) > 0.01 * std::max(std::abs(*hi), std::abs(*lo)) : textsDiffer;
    if (r.better == Better::None || !r.differs || (r.perWorkload && !sameWorkload)) return;
    std::optional<std::size_t> best;
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
        if (!r.cells[i].value) continue;
        if (!best || (r.better == Better::Higher ? *r.cells[i].value > *r.cells[*best].value : *r.cells[i].value < *r.cells[*best].value))
            best = i;
    }
    // A tie for the best figure (within the same 1 % that makes a row differ) names no winner.
    const auto tied = [&](std::size_t i) {
        const double v = *r.cells[i].value, b = *r.cells[*best].value;
        return i != *best && std::abs(v - b) <= 0.01 * std::max(std::abs(v), std::abs(b));
    };
    for (std::size_t i = 0; best && i < r.cells.size(); ++i)
        if (r.cells[i].value && tied(i)) best.reset();
    // A lower bound cannot win a "lower is better" row: its true figure may be higher.
    if (best && !(r.better == Better::Lower && r.cells[*best].lowerBound)) r.best = best;
}

} // namespace

cost::BreakEven crossBreakEven(const cost::CostResult& build, const cost::CostResult& rent)
{
    if (!build.build.anyPriced() || build.gpus <= 0) return {std::nullopt, false, "not computed: no part of the build has a price"};
    if (!rent.rent.complete() || rent.gpus <= 0) return {std::nullopt, false, "not computed: the rent has no price for every GPU"};
    const double perBuildGpu = 1.0 / build.gpus, perRentGpu = 1.0 / rent.gpus;
    return cost::breakEven(build.build.capitalUsd * perBuildGpu, build.build.monthlyRunningUsd() * perBuildGpu,
                           rent.rent.monthlyUsd * perRentGpu, buildLowerBound(build), " per GPU");
}

std::string Comparison::verdictText() const
{
    std::string s;
    for (const auto& v : verdict) s += (s.empty() ? "" : " ") + v;
    return s;
}

const Row* Comparison::row(const std::string& key) const
{
    for (const auto& r : rows)
        if (r.key == key) return &r;
    return nullptr;
}

Comparison compareDesigns(const std::vector<const DesignResults*>& designs)
{
    if (designs.size() < 2 || designs.size() > 4)
        throw std::invalid_argument("compare: expected 2 to 4 designs, got " + std::to_string(designs.size()));
    Comparison c;
    for (std::size_t i = 0; i < designs.size(); ++i) {
        if (!designs[i] || !designs[i]->design) throw std::invalid_argument("compare: design " + std::to_string(i + 1) + " has no results");
        c.labels.push_back(std::string(1, static_cast<char>('A' + i)));
        c.names.push_back(designs[i]->design->name);
    }
    performanceRows(c.rows, designs);
    costRows(c.rows, designs);
    markPerWorkload(c.rows);
    bool sameWorkload = true;
    for (const DesignResults* d : designs) sameWorkload = sameWorkload && workloadIdentity(*d) == workloadIdentity(*designs.front());
    for (Row& r : c.rows) markDifferences(r, sameWorkload);
    for (std::size_t b = 0; b < designs.size(); ++b)
        for (std::size_t r = 0; r < designs.size(); ++r) {
            const auto* cb = costOf(*designs[b]);
            const auto* cr = costOf(*designs[r]);
            if (b == r || !cb || !cr || cb->rentedDesign || !cr->rentedDesign) continue;
            c.breakEvens.push_back({b, r, crossBreakEven(*cb, *cr)});
        }
    c.verdict = verdictOf(c, designs);
    return c;
}

const char* scopeTitle(Scope s) noexcept
{
    switch (s) {
    case Scope::Compute: return "Compute (GPU math)";
    case Scope::Hbm: return "HBM (GPU memory bandwidth)";
    case Scope::IntraNode: return "Intra-node (NVLink / PCIe)";
    case Scope::NodeBoundary: return "Node boundary (compute NICs)";
    case Scope::Fabric: return "Fabric (switches: oversubscription / bisection)";
    case Scope::PipelineBubble: return "Pipeline bubble";
    case Scope::Latency: return "Latency";
    case Scope::None: return "None (nothing to analyse)";
    case Scope::Memory: return "GPU memory (the workload does not fit)";
    }
    return "?";
}

std::string scopeWords(Scope s)
{
    switch (s) {
    case Scope::Compute: return "GPU compute";
    case Scope::Hbm: return "GPU memory bandwidth (HBM)";
    case Scope::IntraNode: return "the link inside the server (NVLink or PCIe)";
    case Scope::NodeBoundary: return "the node boundary (compute NICs)";
    case Scope::Fabric: return "the switch fabric";
    case Scope::PipelineBubble: return "the pipeline bubble";
    case Scope::Latency: return "latency";
    case Scope::None: return "no bottleneck";
    case Scope::Memory: return "GPU memory capacity (the workload does not fit)";
    }
    return toString(s);
}

} // namespace model::compare
