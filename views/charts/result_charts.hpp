#pragma once
/// @file result_charts.hpp
/// The charts of reports and of the Compare view, as ChartSpec built from results:
/// per-layer bandwidth bars, busbw against message size, scaling efficiency, and cumulative
/// cost over the months (build against rent, the break-even month marked). Overlays put one
/// curve per design on the same axes.

#include "model/compare/comparison.hpp"
#include "views/charts/chart_painter.hpp"

#include <vector>

namespace views {

/// A collective as the charts and reports name it, in words: "all-reduce", "all-gather",
/// "reduce-scatter", "all-to-all", "broadcast" (nccl-tests names, hyphenated).
[[nodiscard]] QString collectiveLabel(model::CollectiveOp op);

/// Per-GPU bandwidth of each layer, one direction, GB/s (log axis).
[[nodiscard]] ChartSpec layersChart(const model::DesignAnalysis& a);
/// busbw against size for every collective over all GPUs, plus all-reduce on one server (dashed).
[[nodiscard]] ChartSpec busbwChart(const std::vector<model::CollectiveSweep>& sweeps);
/// Weak (solid) and strong (dashed) scaling efficiency in %.
[[nodiscard]] ChartSpec scalingChart(const model::DesignAnalysis& a);
/// Money spent by month: building (capital, then running costs) against renting the same GPUs.
[[nodiscard]] ChartSpec costChart(const model::cost::CostResult& c);

/// Overlays, one series per design (label "A: name"); scalingOverlay leaves out a design
/// without a curve and says why in the chart's one-line note ("C has no curve: gpt3-175b does
/// not fit in GPU memory").
[[nodiscard]] ChartSpec busbwOverlay(const std::vector<const model::compare::DesignResults*>& ds,
                                            const std::vector<std::string>& labels);
[[nodiscard]] ChartSpec scalingOverlay(const std::vector<const model::compare::DesignResults*>& ds,
                                              const std::vector<std::string>& labels);
[[nodiscard]] ChartSpec layersOverlay(const std::vector<const model::compare::DesignResults*>& ds,
                                             const std::vector<std::string>& labels);
/// Money spent per GPU by month, each design as it is paid for (build or rent).
[[nodiscard]] ChartSpec costOverlay(const std::vector<const model::compare::DesignResults*>& ds,
                                           const std::vector<std::string>& labels);

} // namespace views
