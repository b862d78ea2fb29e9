#pragma once
/// @file bottleneck.hpp
/// The bottleneck scope of a training step on a design, with an explanation in words and the
/// checks to make before blaming the network (issue 5 item 5).

#include "model/analysis/analysis.hpp"
#include "model/analysis/comm_group.hpp"

namespace model::analysis {

/// Picks the scope that costs the most time beyond the math itself:
/// - compute when everything else is under 10% of the step (or no comm at all), hbm instead
///   when activation traffic at HBM bandwidth is over half of that compute time;
/// - latency instead of the link scope when over half of the dominant collective's time is
///   its latency term (small messages, many hops);
/// - intra_node for exposed tensor-parallel time (NVLink or PCIe);
/// - pipeline_bubble for fill/drain; node_boundary for pipeline transfers and gradient
///   reduction across NICs, fabric when that traffic is derated by oversubscription:
///   `dpFabricFactor` is the gradient reduction group's ring/tree fabric factor
///   (CommGroup::fabricRingFactor of the busy GPUs, comm_group.cpp: 1 when the leaves' uplinks
///   carry the one server's worth of traffic a ring or tree sends up per leaf). An
///   oversubscribed fabric that does not derate it is not blamed; the explanation says why.
[[nodiscard]] Bottleneck findBottleneck(const StepBreakdown& step, const CommGroup& node,
                                        const std::vector<LayerBandwidth>& layers, int servers, double dpFabricFactor = 1.0);

/// Bottleneck of a design with no runnable workload: the slowest layer relative to the one
/// inside it (e.g. a NIC per GPU far below NVLink), in words.
[[nodiscard]] Bottleneck layerBottleneck(const std::vector<LayerBandwidth>& layers, int servers);

} // namespace model::analysis
