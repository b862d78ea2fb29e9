#pragma once
/// @file analysis.hpp
/// Public entry points of the analytical engine, and the plain result structs the views,
/// the command line and the reports read. Results are immutable snapshots with units in
/// their types; nothing here knows about Qt.
///
/// Formulas and constants: shared/reference/engine_formulas.md and engine_anchors.md; each
/// implementation file names the section it follows.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/units/units.hpp"

#include <string>
#include <vector>

namespace model {

/// The layer of the system that limits a workload (the "bottleneck scope").
enum class Scope {
    Compute,        ///< the GPUs' math units (dense TFLOPS x efficiency)
    Hbm,            ///< GPU memory bandwidth
    IntraNode,      ///< NVLink/NVSwitch, or PCIe where there is no NVLink
    NodeBoundary,   ///< the server's compute NICs
    Fabric,         ///< the switch fabric: oversubscription or bisection
    PipelineBubble, ///< idle pipeline stages
    Latency,        ///< per-step latency dominates (small messages, many hops)
};

/// JSON/CLI name of a scope: "compute", "hbm", "intra_node", "node_boundary", "fabric",
/// "pipeline_bubble", "latency".
[[nodiscard]] const char* toString(Scope s) noexcept;

/// What one GPU can send in one direction at the spec rate through one layer.
struct LayerBandwidth {
    Scope scope = Scope::Hbm;        ///< Hbm, IntraNode, NodeBoundary or Fabric
    std::string technology;          ///< e.g. "HBM3", "NVLink 4 via NVSwitch", "4x PCIe Gen4 x16", "InfiniBand NDR 400 Gb/s"
    Bandwidth perGpu;                ///< one direction, per GPU, spec rate (450 GB/s for NVLink4's "900 GB/s")
    std::string note;                ///< how the figure was derived, in words
};

/// Scaling efficiency at one GPU count.
struct ScalingPoint {
    int gpus = 0;
    double efficiency = 0.0;         ///< throughput per GPU relative to one GPU, 0..1
};

/// The limiting layer and why, in words.
struct Bottleneck {
    Scope scope = Scope::Compute;
    std::string explanation;
};

/// Whole-design analysis (what `analyze --json` prints and the charts panel shows).
struct DesignAnalysis {
    int gpus = 0;
    int nodes = 0;                   ///< servers
    std::vector<LayerBandwidth> layers;
    Bottleneck bottleneck;
    std::vector<ScalingPoint> scaling;
    std::string workload;            ///< preset the scaling curve and bottleneck assume
    std::vector<std::string> warnings;
};

/// nccl-tests collective names.
enum class CollectiveOp { AllReduce, AllGather, ReduceScatter, AllToAll, Broadcast };

/// "all_reduce", "all_gather", "reduce_scatter", "alltoall", "broadcast".
[[nodiscard]] const char* toString(CollectiveOp op) noexcept;
/// Parses an nccl-tests name. @throws std::invalid_argument listing the accepted names.
[[nodiscard]] CollectiveOp parseCollectiveOp(const std::string& name);

/// One collective to predict.
struct CollectiveRequest {
    CollectiveOp op = CollectiveOp::AllReduce;
    double bytes = 0;                ///< nccl-tests "size": the user buffer in bytes
    int gpus = 0;                    ///< ranks; 0 = every GPU of the design
    std::string algorithm;           ///< empty = pick the fastest as NCCL would
};

/// A predicted collective, reported the way nccl-tests reports it.
struct CollectiveResult {
    CollectiveOp op = CollectiveOp::AllReduce;
    double bytes = 0;
    int gpus = 0;
    std::string engine = "analytical";
    std::string algorithm;           ///< the algorithm the figure assumes (ring, tree, nvls, hierarchical, ...)
    Duration time;
    Bandwidth algbw;                 ///< bytes / time (decimal GB/s when shown)
    Bandwidth busbw;                 ///< algbw x nccl-tests factor (2(n-1)/n for all-reduce, ...)
    std::string note;
};

/// Analyses a design: per-layer bandwidth, bottleneck and scaling for the design's workload
/// (design.analysis["workload"], a preset name; a documented default when absent).
/// @throws InputError when the design references something the catalog lacks.
[[nodiscard]] DesignAnalysis analyzeDesign(const Design& design, const Catalog& catalog);

/// Predicts one collective on the design.
/// @throws std::invalid_argument when the request is impossible (more GPUs than the design
///         has, negative size, unknown algorithm).
[[nodiscard]] CollectiveResult predictCollective(const Design& design, const Catalog& catalog,
                                                 const CollectiveRequest& request);

} // namespace model
