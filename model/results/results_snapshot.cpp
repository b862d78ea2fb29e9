// One pass over a design that fills every part of a ResultsSnapshot (see results_snapshot.hpp).
#include "model/results/results_snapshot.hpp"

#include "model/analysis/cluster_facts.hpp"
#include "model/io/import/import_record.hpp"
#include "model/io/input_error.hpp"

#include <exception>
#include <future>
#include <new>
#include <stdexcept>
#include <system_error>

namespace model {

namespace {

/// What a step reads besides the design and the snapshot's catalog.
struct StepInputs {
    const cost::PriceTable* prices = nullptr; ///< null when the price table could not be read
    std::string pricesError;                  ///< why, when null
    /// The design's facts, extracted once by the analysis step and read again by the sweeps
    /// step (the rules and BOM steps, which may run beside them, never touch it).
    mutable std::optional<analysis::ClusterFacts> facts;
};

/// One step fills one part of the snapshot from the design and the snapshot's catalog.
/// Steps never throw: a failure goes to the part's error text.
using Step = void (*)(const Design& d, ResultsSnapshot& s, const StepInputs& in);

/// The message of the exception being handled (inside a catch block) for `error`; anything
/// but refused input (InputError) is also noted as the snapshot's unexpectedError.
void noteFailure(ResultsSnapshot& s, std::string& error)
{
    try {
        throw;
    } catch (const InputError& e) {
        error = e.what();
        return;
    } catch (const std::bad_alloc&) {
        error = "out of memory";
    } catch (const std::exception& e) {
        error = e.what();
    } catch (...) {
        error = "an error of unknown type";
    }
    if (s.unexpectedError.empty()) s.unexpectedError = error;
}

void countStep(const Design& d, ResultsSnapshot& s, const StepInputs& /*in*/) { s.counts = countParts(d, *s.catalog); }

void analysisStep(const Design& d, ResultsSnapshot& s, const StepInputs& in)
{
    try {
        in.facts = analysis::extractFacts(d, *s.catalog);
        s.analysis = analyzeFacts(*in.facts, d.analysis);
    } catch (...) {
        noteFailure(s, s.analysisError);
    }
}

void sweepsStep(const Design& d, ResultsSnapshot& s, const StepInputs& in)
{
    if (!s.analysis) {
        s.sweepsError = "no analysis: " + s.analysisError;
        return;
    }
    try {
        s.sweeps = in.facts ? chartSweepsOf(*in.facts, d.analysis) : chartSweeps(d, *s.catalog);
    } catch (...) {
        noteFailure(s, s.sweepsError);
    }
}

void rulesStep(const Design& d, ResultsSnapshot& s, const StepInputs& /*in*/)
{
    try {
        s.rules = topology::checkDesign(d, *s.catalog);
    } catch (...) { // a malformed "rule_waivers" entry is an InputError
        noteFailure(s, s.rulesError);
    }
}

/// The power figures the cost will count that are not the catalog's (cost::bomPowerFigures),
/// so the BOM dock and the Cost dock give the same watts; none without a price table or with a
/// malformed analysis.cost, whose error the cost step reports.
topology::PowerFigures costPowerFigures(const Design& d, const ResultsSnapshot& s, const StepInputs& in)
{
    if (!in.prices) return {};
    try {
        std::string runSizeError; // a run size out of range does not touch power
        return cost::bomPowerFigures(d, *s.catalog, *in.prices, cost::costSettingsExceptRunSize(d, d.name, runSizeError));
    } catch (const std::exception&) {
        return {};
    }
}

void bomStep(const Design& d, ResultsSnapshot& s, const StepInputs& in)
{
    try {
        s.bom = topology::computeBom(d, *s.catalog, costPowerFigures(d, s, in));
    } catch (...) {
        noteFailure(s, s.bomError);
    }
}

void importedStep(const Design& d, ResultsSnapshot& s, const StepInputs& /*in*/)
{
    const auto& a = d.analysis;
    if (!a.is_object() || !a.contains("imported") || a["imported"].is_null()) return;
    try {
        const auto& rec = a["imported"];
        s.imported = io::reviewImport(io::importFromRecord(rec), &d, *s.catalog);
        if (auto n = rec.find("notes"); n != rec.end() && n->is_array())
            for (const auto& x : *n)
                if (x.is_string()) s.imported->notes.push_back(x.get<std::string>());
    } catch (...) { // a malformed record is an InputError
        noteFailure(s, s.importedError);
    }
}

void costStep(const Design& d, ResultsSnapshot& s, const StepInputs& in)
{
    if (!s.bom) {
        s.costError = "no bill of materials: " + s.bomError;
        return;
    }
    if (!in.prices) {
        s.costError = in.pricesError;
        return;
    }
    try {
        cost::RunInputs run;
        if (s.analysis) run = cost::runInputsOf(*s.analysis, d.analysis);
        else run.whyNot = "the engine could not analyse the design: " + s.analysisError;
        // A run size out of range makes the run impossible, not the cost unknown.
        const cost::CostSettings settings = cost::costSettingsExceptRunSize(d, d.name, run.sizeError);
        s.cost = cost::computeCost(d, *s.catalog, *s.bom, *in.prices, settings, run, d.name);
    } catch (...) { // a malformed analysis["cost"] setting is an InputError
        noteFailure(s, s.costError);
    }
}

/// In the order they run; sweeps need the analysis before them, cost the BOM and the
/// analysis. Add new parts here.
constexpr Step kSteps[] = {countStep, analysisStep, sweepsStep, rulesStep, bomStep, costStep, importedStep};

/// The rules and the bill of materials read only the design and the catalog: on a large design
/// each runs on a thread of its own beside the analysis and the sweeps (2,048 servers, CPU:
/// rules 7 ms, BOM 5 ms, analysis + sweeps 9 ms; in turn on one thread they made the longest
/// path, 12 ms; three threads let the scheduler share two cores among them). Each is written
/// into a snapshot of its own and moved over after the sweeps, rules first, so every field and
/// the first unexpectedError come out as when the steps run one after the other in kSteps order.
void takeRules(ResultsSnapshot& part, ResultsSnapshot& s)
{
    s.rules = std::move(part.rules);
    s.rulesError = std::move(part.rulesError);
    if (s.unexpectedError.empty()) s.unexpectedError = std::move(part.unexpectedError);
}

/// Moves what bomStep computed into `part` over to `s` (after takeRules).
void takeBom(ResultsSnapshot& part, ResultsSnapshot& s)
{
    s.bom = std::move(part.bom);
    s.bomError = std::move(part.bomError);
    if (s.unexpectedError.empty()) s.unexpectedError = std::move(part.unexpectedError);
}

/// Links from which the rules and the BOM run on threads of their own (below this a thread
/// costs about what it saves: the default design's whole snapshot takes 2 ms).
constexpr std::size_t kParallelLinks = 2000;

} // namespace

std::shared_ptr<const ResultsSnapshot> computeResults(const Design& design, std::shared_ptr<const Catalog> catalog,
                                                      std::uint64_t generation, const StopRequested& stop,
                                                      std::shared_ptr<const cost::PriceTable> prices)
{
    if (!catalog) throw std::invalid_argument("computeResults: no catalog");
    auto s = std::make_shared<ResultsSnapshot>();
    s->generation = generation;
    s->catalog = std::move(catalog);
    StepInputs in;
    if (!prices) {
        try {
            prices = cost::bundledPriceTable();
        } catch (const std::exception& e) {
            in.pricesError = e.what();
        }
    }
    in.prices = prices.get();
    if (design.links().size() < kParallelLinks) {
        for (Step step : kSteps) {
            if (stop && stop()) return nullptr;
            step(design, *s, in);
        }
        return s;
    }
    if (stop && stop()) return nullptr;
    ResultsSnapshot rulesPart, bomPart;
    rulesPart.catalog = bomPart.catalog = s->catalog;
    const auto beside = [&](Step step, ResultsSnapshot& part) {
        try {
            return std::async(std::launch::async, [&, step] { step(design, part, in); });
        } catch (const std::system_error&) { // no thread to be had: in turn, on this one
            return std::async(std::launch::deferred, [&, step] { step(design, part, in); });
        }
    };
    std::future<void> rules = beside(rulesStep, rulesPart), bom = beside(bomStep, bomPart);
    bool stopped = false;
    for (Step step : {countStep, analysisStep, sweepsStep}) {
        if ((stopped = stop && stop())) break;
        step(design, *s, in);
    }
    rules.get(); // never throw: the steps catch everything
    bom.get();
    if (stopped || (stop && stop())) return nullptr;
    takeRules(rulesPart, *s);
    takeBom(bomPart, *s);
    for (Step step : {costStep, importedStep}) {
        if (stop && stop()) return nullptr;
        step(design, *s, in);
    }
    return s;
}

} // namespace model
