#pragma once
/// @file layers.hpp
/// Per-layer bandwidth per GPU of a drawn design: HBM, intra-node, node boundary, fabric
/// (what one GPU can send in one direction at the spec rate; shared/design/ARCHITECTURE.md).

#include "model/analysis/analysis.hpp"
#include "model/analysis/cluster_facts.hpp"

#include <vector>

namespace model::analysis {

/// The four layers, each the minimum over the design's servers (the slowest server bounds a
/// job that spans them):
/// - hbm: spec memory bandwidth of the GPU;
/// - intra_node: NVLink per direction (half the bidirectional spec: 450 GB/s for NVLink4)
///   inside the NVLink domain, else the PCIe link per direction (16 GB/s per Gen3 x16 ... );
/// - node_boundary: sum over CABLED compute NIC ports of min(NIC port, cable) / GPUs;
/// - fabric: node_boundary x min(1, 1 / worst oversubscription) when an upper tier exists
///   (engine_formulas.md §8), and never more than bisection / (GPUs / 2).
/// A design without servers gives an empty list.
[[nodiscard]] std::vector<LayerBandwidth> computeLayers(const ClusterFacts& facts);

} // namespace model::analysis
