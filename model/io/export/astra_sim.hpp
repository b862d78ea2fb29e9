#pragma once
/// @file astra_sim.hpp
/// A design as ASTRA-sim 2.x/3.x configuration (github.com/astra-sim/astra-sim, examples/):
/// - network.yml for the analytical backend: `topology` (Ring, FullyConnected or Switch per
///   dimension), `npus_count`, `bandwidth` and `latency` per dimension. The backend converts
///   bandwidth as GB/s with 1 GB = 2^30 B (astra-network-analytical, NetworkFunction.cpp
///   bw_GBps_to_Bpns), so the file holds GiB/s; latency is in ns.
/// - system.json: the collective implementation per dimension for all-reduce, all-gather,
///   reduce-scatter and all-to-all, local-mem-bw (decimal GB/s: Sys.cc multiplies by 1e9),
///   peak-perf (TFLOPS) where the catalog knows it.
/// - remote_memory.json (no memory expansion), astra-sim.json (the figures with their
///   source in the design, for people and tests), README.md (how to run).
///
/// Dimensions, innermost first: the NVLink domain (or, without NVLink, the GPUs of one server
/// on PCIe); the scale-out fabric across servers at the node-boundary rate per GPU; and, when
/// the fabric is oversubscribed and the servers fall into equal groups behind their own leaves,
/// those groups at the fabric rate per GPU. Bandwidths are one direction, per GPU, at the spec
/// rate (the design's layers, layers.hpp); latencies are NCCL's per-hop latencies for the LL
/// protocol (calibration.hpp: NVLink 0.6 us, PCIe 1.0 us, network 2.7 us; tuning.cc).

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/io/export/export_files.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace model::io {

/// One dimension of ASTRA-sim's multi-dimensional network.
struct AstraDimension {
    std::string scope;            ///< "intra_node", "node_boundary" or "fabric" (the design layer it stands for)
    std::string topology;         ///< "Switch", "FullyConnected" or "Ring"
    int npus = 0;                 ///< NPUs along this dimension
    double bandwidthGBps = 0;     ///< per NPU, one direction, decimal GB/s (the design's figure)
    double bandwidthGiBps = 0;    ///< the same in GiB/s, as written to network.yml
    double latencyNs = 0;
    std::string collective;       ///< implementation for all-reduce, all-gather and reduce-scatter ("ring")
    std::string allToAll;         ///< implementation for all-to-all ("direct")
    std::string source;           ///< where the figure comes from, in words
};

/// The whole export.
struct AstraSimExport {
    std::vector<AstraDimension> dimensions;
    int npus = 0;                 ///< product of the dimensions = GPUs of the design
    std::vector<std::string> notes;
    std::vector<ExportFile> files;
};

/// Builds the ASTRA-sim configuration of a design.
/// @throws InputError (file "<design>", which the caller replaces by the design's path) when the design cannot be written as one
///         multi-dimensional topology: no GPU server, servers of different models, servers
///         not all reachable from one another, or a catalog reference missing.
[[nodiscard]] AstraSimExport exportAstraSim(const Design& design, const Catalog& catalog);

} // namespace model::io
