// One pass over a design that fills every part of a ResultsSnapshot (see results_snapshot.hpp).
#include "model/results/results_snapshot.hpp"

#include "model/io/input_error.hpp"

#include <exception>
#include <new>
#include <stdexcept>

namespace model {

namespace {

/// One step fills one part of the snapshot from its design and catalog. Steps never throw:
/// a failure goes to the part's error text.
using Step = void (*)(ResultsSnapshot& s);

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

void countStep(ResultsSnapshot& s) { s.counts = countParts(*s.design, *s.catalog); }

void analysisStep(ResultsSnapshot& s)
{
    try {
        s.analysis = analyzeDesign(*s.design, *s.catalog);
    } catch (...) {
        noteFailure(s, s.analysisError);
    }
}

void sweepsStep(ResultsSnapshot& s)
{
    if (!s.analysis) {
        s.sweepsError = "no analysis: " + s.analysisError;
        return;
    }
    try {
        s.sweeps = chartSweeps(*s.design, *s.catalog);
    } catch (...) {
        noteFailure(s, s.sweepsError);
    }
}

void rulesStep(ResultsSnapshot& s)
{
    try {
        s.rules = topology::checkDesign(*s.design, *s.catalog);
    } catch (...) { // a malformed "rule_waivers" entry is an InputError
        noteFailure(s, s.rulesError);
    }
}

void bomStep(ResultsSnapshot& s)
{
    try {
        s.bom = topology::computeBom(*s.design, *s.catalog);
    } catch (...) {
        noteFailure(s, s.bomError);
    }
}

/// In the order they run; sweeps need the analysis before them. Add new parts here.
constexpr Step kSteps[] = {countStep, analysisStep, sweepsStep, rulesStep, bomStep};

} // namespace

std::shared_ptr<const ResultsSnapshot> computeResults(std::shared_ptr<const Design> design,
                                                      std::shared_ptr<const Catalog> catalog, std::uint64_t generation,
                                                      const StopRequested& stop)
{
    if (!design) throw std::invalid_argument("computeResults: no design");
    if (!catalog) throw std::invalid_argument("computeResults: no catalog");
    auto s = std::make_shared<ResultsSnapshot>();
    s->generation = generation;
    s->design = std::move(design);
    s->catalog = std::move(catalog);
    for (Step step : kSteps) {
        if (stop && stop()) return nullptr;
        step(*s);
    }
    return s;
}

} // namespace model
