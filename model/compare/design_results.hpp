#pragma once
/// @file design_results.hpp
/// Every result of one design that a report or a comparison prints: the engine's analysis,
/// the busbw-against-size sweeps, the rule findings, the bill of materials and the cost.
/// Each part is computed on its own; one that fails leaves its value empty and says why in
/// its `...Error` text while the others are still filled in.

#include "model/analysis/analysis.hpp"
#include "model/catalog/catalog.hpp"
#include "model/cost/cost_model.hpp"
#include "model/design/design.hpp"
#include "model/results/results_snapshot.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/rules.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace model::compare {

/// The results of one design (immutable once computed).
struct DesignResults {
    std::shared_ptr<const Design> design;
    std::string file;                          ///< where the design came from ("" when unsaved)
    nlohmann::json settings;                   ///< the analysis settings used (design's, with --workload applied)
    std::optional<DesignAnalysis> analysis;
    std::string analysisError;
    std::optional<std::vector<CollectiveSweep>> sweeps;
    std::string sweepsError;
    std::optional<topology::RuleReport> rules;
    std::string rulesError;
    std::optional<topology::Bom> bom;
    std::string bomError;
    std::optional<cost::CostResult> cost;
    std::string costError;
    /// The catalog kind the design's servers share (PartCounts::serverKind): "rack" for NVL72
    /// racks, "workstation", "cloud_instance", "node" where they differ or none is known.
    std::string serverKind = "node";

    /// busbw of an 8 GiB all-reduce over every GPU (from the whole-design sweep, which
    /// doubles from 8 B through 8 GiB = 2^33 B); nullopt when there is no such curve.
    [[nodiscard]] const CollectiveResult* allReduce8GiB() const;
    /// The sweep of `op` over the whole design (the most GPUs); nullptr when none.
    [[nodiscard]] const CollectiveSweep* wholeDesignSweep(CollectiveOp op) const;
};

/// Options that apply to every design of a report or a comparison.
struct ResultOptions {
    std::string workload;                      ///< preset to use instead of the design's ("" = the design's)
    std::optional<double> tokens;              ///< training-run size instead of the design's setting
};

/// Analysis settings of `d` with `o` applied (a workload replaces the design's model and layout).
[[nodiscard]] nlohmann::json settingsFor(const Design& d, const ResultOptions& o);

/// The parts of an app snapshot (the same results the panels show) of `design` (the design
/// the snapshot was computed from; kept for the report's name, picture and settings), named by `file`.
[[nodiscard]] DesignResults resultsFromSnapshot(const ResultsSnapshot& s, std::shared_ptr<const Design> design,
                                                const std::string& file);

/// Computes every part for `design` with `options` applied, through computeResults (the
/// snapshot the app computes, so a report prints what the panels show). Never throws on a
/// valid design: failures land in the parts' `...Error` texts. `file` names the design in
/// messages. `catalog` and `prices` need only live through the call.
[[nodiscard]] DesignResults computeDesignResults(std::shared_ptr<const Design> design, const Catalog& catalog,
                                                 const cost::PriceTable& prices, const ResultOptions& options,
                                                 const std::string& file);

} // namespace model::compare
