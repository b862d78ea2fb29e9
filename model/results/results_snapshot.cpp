// One pass over a design that fills every part of a ResultsSnapshot (see results_snapshot.hpp).
#include "model/results/results_snapshot.hpp"

#include "model/io/import/import_record.hpp"
#include "model/io/input_error.hpp"

#include <exception>
#include <new>
#include <stdexcept>

namespace model {

namespace {

/// One step fills one part of the snapshot from the design and the snapshot's catalog.
/// Steps never throw: a failure goes to the part's error text.
using Step = void (*)(const Design& d, ResultsSnapshot& s);

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

void countStep(const Design& d, ResultsSnapshot& s) { s.counts = countParts(d, *s.catalog); }

void analysisStep(const Design& d, ResultsSnapshot& s)
{
    try {
        s.analysis = analyzeDesign(d, *s.catalog);
    } catch (...) {
        noteFailure(s, s.analysisError);
    }
}

void sweepsStep(const Design& d, ResultsSnapshot& s)
{
    if (!s.analysis) {
        s.sweepsError = "no analysis: " + s.analysisError;
        return;
    }
    try {
        s.sweeps = chartSweeps(d, *s.catalog);
    } catch (...) {
        noteFailure(s, s.sweepsError);
    }
}

void rulesStep(const Design& d, ResultsSnapshot& s)
{
    try {
        s.rules = topology::checkDesign(d, *s.catalog);
    } catch (...) { // a malformed "rule_waivers" entry is an InputError
        noteFailure(s, s.rulesError);
    }
}

void bomStep(const Design& d, ResultsSnapshot& s)
{
    try {
        s.bom = topology::computeBom(d, *s.catalog);
    } catch (...) {
        noteFailure(s, s.bomError);
    }
}

void importedStep(const Design& d, ResultsSnapshot& s)
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

/// In the order they run; sweeps need the analysis before them. Add new parts here.
constexpr Step kSteps[] = {countStep, analysisStep, sweepsStep, rulesStep, bomStep, importedStep};

} // namespace

std::shared_ptr<const ResultsSnapshot> computeResults(const Design& design, std::shared_ptr<const Catalog> catalog,
                                                      std::uint64_t generation, const StopRequested& stop)
{
    if (!catalog) throw std::invalid_argument("computeResults: no catalog");
    auto s = std::make_shared<ResultsSnapshot>();
    s->generation = generation;
    s->catalog = std::move(catalog);
    for (Step step : kSteps) {
        if (stop && stop()) return nullptr;
        step(design, *s);
    }
    return s;
}

} // namespace model
