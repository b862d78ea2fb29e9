// Every result of one design, each part computed on its own (design_results.hpp).
#include "model/compare/design_results.hpp"

#include "model/analysis/training.hpp"

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
    nlohmann::json s = o.workload.empty() ? (d.analysis.is_object() ? d.analysis : nlohmann::json::object())
                                           : analysis::settingsWithWorkload(d.analysis, o.workload);
    if (o.tokens) s["cost"]["tokens"] = *o.tokens;
    return s;
}

namespace {

/// `error` with the engine's "<design>" (it reads a design's settings without knowing the file)
/// replaced by `file` where one is known, so a report or comparison names the file.
std::string namingFile(std::string error, const std::string& file)
{
    static const std::string placeholder = "<design>";
    if (file.empty()) return error;
    for (std::size_t at = error.find(placeholder); at != std::string::npos; at = error.find(placeholder, at + file.size()))
        error.replace(at, placeholder.size(), file);
    return error;
}

} // namespace

DesignResults resultsFromSnapshot(const ResultsSnapshot& s, std::shared_ptr<const Design> design, const std::string& file)
{
    DesignResults r;
    r.design = std::move(design);
    r.file = file;
    r.settings = r.design->analysis;
    r.analysis = s.analysis;
    r.analysisError = namingFile(s.analysisError, file);
    r.sweeps = s.sweeps;
    r.sweepsError = namingFile(s.sweepsError, file);
    r.rules = s.rules;
    r.rulesError = namingFile(s.rulesError, file);
    r.bom = s.bom;
    r.bomError = namingFile(s.bomError, file);
    r.cost = s.cost;
    if (r.cost) r.cost->run.whyNot = namingFile(r.cost->run.whyNot, file);
    r.costError = namingFile(s.costError, file);
    r.serverKind = s.counts.serverKind;
    return r;
}

DesignResults computeDesignResults(std::shared_ptr<const Design> design, const Catalog& catalog, const cost::PriceTable& prices,
                                   const ResultOptions& options, const std::string& file)
{
    // The same computation as the app's snapshots, on a copy whose settings carry the options.
    auto withOptions = std::make_shared<Design>(*design);
    withOptions->analysis = settingsFor(*design, options);
    const std::shared_ptr<const Catalog> borrowedCatalog(std::shared_ptr<const Catalog>(), &catalog);                // not owned: they
    const std::shared_ptr<const cost::PriceTable> borrowedPrices(std::shared_ptr<const cost::PriceTable>(), &prices); // live through this call
    const auto snapshot = computeResults(*withOptions, borrowedCatalog, 0, {}, borrowedPrices);
    DesignResults r = resultsFromSnapshot(*snapshot, std::move(withOptions), file);
    // A run size given for the report or comparison (--tokens) is not the design's own setting.
    if (options.tokens && r.cost && r.cost->run.tokensSource == "set in this design")
        r.cost->run.tokensSource = "set for this comparison or report (--tokens)";
    return r;
}

} // namespace model::compare
