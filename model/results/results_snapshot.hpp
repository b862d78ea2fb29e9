#pragma once
/// @file results_snapshot.hpp
/// Everything the app shows about one state of a design, computed in one pass and then never
/// changed: the analysis (per-layer bandwidth, bottleneck, scaling), the busbw-against-size
/// chart sweeps, the design-rule findings, the bill of materials, the part counts and the
/// cost (build against rent).
///
///   edit ─► Document (generation N) ─► app::AnalysisWorker ─► computeResults() on its thread
///                                                                  │ one ResultsSnapshot
///   charts, rules, BOM, status bar ◄── shared_ptr<const ResultsSnapshot> (newest only)
///
/// The app's worker computes one snapshot per design generation off the UI thread and hands
/// it to every panel; panels only read it (shared/design/ARCHITECTURE.md, "one immutable
/// snapshot per design generation"). Reports, comparisons and benchmarks call the same
/// computeResults(), so what a report prints is what the panels show.
///
/// Each part is computed on its own: one that fails (say, a malformed "rule_waivers" entry)
/// leaves its value empty and says why in its `...Error` text, while the other parts are
/// still filled in.
///
/// Adding a part: add `std::optional<T> x; std::string xError;` below, a step function in
/// results_snapshot.cpp, and list it in that file's kSteps; the panels that show it read
/// `snapshot->x`. (Cost joined this way, issue 12.)

#include "model/analysis/analysis.hpp"
#include "model/catalog/catalog.hpp"
#include "model/cost/cost_model.hpp"
#include "model/design/design.hpp"
#include "model/design/part_counts.hpp"
#include "model/io/import/advisor.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/rules.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace model {

/// The results of one design generation. Immutable once computeResults() returns it: share
/// it as std::shared_ptr<const ResultsSnapshot> and read it from any thread.
struct ResultsSnapshot {
    /// The document generation these results describe (app::AnalysisWorker counts one per
    /// run request; 0 outside the app). A snapshot of a lower generation is stale.
    std::uint64_t generation = 0;
    /// The catalog the results were computed with (never null in a computed snapshot). The
    /// design is the document's at `generation`; the snapshot keeps no copy of it (a copy of
    /// a 2,048-server design costs more than all its results).
    std::shared_ptr<const Catalog> catalog;

    /// Servers, appliances, switches, GPUs and links (status bar). Always filled in.
    PartCounts counts;

    /// analyzeDesign(): layers, bottleneck, scaling. Empty when the engine threw.
    std::optional<DesignAnalysis> analysis;
    std::string analysisError;  ///< the engine's message when `analysis` is empty

    /// chartSweeps(): busbw against message size (Analysis dock). Empty when they threw or
    /// when the analysis failed (the analysis error already says what is wrong).
    std::optional<std::vector<CollectiveSweep>> sweeps;
    std::string sweepsError;

    /// topology::checkDesign(): findings and waived findings (Design rules dock). Empty only
    /// when design.analysis["rule_waivers"] is malformed; `rulesError` names the entry.
    std::optional<topology::RuleReport> rules;
    std::string rulesError;

    /// topology::computeBom(): parts, cables, transceivers, power, racks (BOM dock).
    std::optional<topology::Bom> bom;
    std::string bomError;

    /// io::reviewImport() of the import the design carries (design.analysis["imported"], made
    /// by File > Import or `import -o`): every advisor finding, and a recorded measured curve
    /// against the prediction for the design as it is now (Import dock, busbw chart overlay).
    /// Empty when the design carries no import, or the record is malformed (`importedError`).
    std::optional<io::ImportReview> imported;
    std::string importedError;

    /// The first failure of any step that is not refused input (model::InputError): an engine
    /// bug or exhausted memory. Its part's error text says it too; the app also shows this in
    /// a dialog (app/error_report.hpp), where a refused input only shows in its panel.
    std::string unexpectedError;

    /// cost::computeCost(): build against rent, from the BOM, the indicative prices
    /// (catalogs/prices.json) and the design's analysis["cost"] settings, with the training run
    /// timed by the analysis (Cost dock, reports, Compare window). Empty when the BOM failed,
    /// the price table cannot be read or a cost setting is malformed; `costError` says which.
    std::optional<cost::CostResult> cost;
    std::string costError;
};

/// Returns true when the run should stop because its results are no longer wanted (a newer
/// generation is waiting, or the app is closing). Called between steps, from the computing
/// thread.
using StopRequested = std::function<bool()>;

/// Computes every part of the results of `design` with `catalog`, step by step (counts,
/// analysis, sweeps, rules, BOM, cost), asking `stop` (when given) before each step. The cost
/// uses `prices`, or the bundled price table (cost::bundledPriceTable) when null. The snapshot
/// refers to nothing of `design` afterwards. Time per step: benchmarks/bench_snapshot.cpp.
/// @return the snapshot, or null when `stop` returned true (the partial results are dropped).
/// @throws std::invalid_argument when `catalog` is null. An engine failure is never thrown:
///         it lands in the part's `...Error` text.
[[nodiscard]] std::shared_ptr<const ResultsSnapshot> computeResults(const Design& design,
                                                                    std::shared_ptr<const Catalog> catalog,
                                                                    std::uint64_t generation = 0,
                                                                    const StopRequested& stop = {},
                                                                    std::shared_ptr<const cost::PriceTable> prices = nullptr);

} // namespace model
