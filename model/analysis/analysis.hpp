#pragma once
/// @file analysis.hpp
/// Public entry points of the analytical engine, and the plain result structs the views,
/// the command line and the reports read. Results are immutable snapshots with units in
/// their types; nothing here knows about Qt.
///
/// Formulas and constants: shared/reference/engine_formulas.md and engine_anchors.md; each
/// implementation file names the section it follows.

#include "model/analysis/collective_types.hpp"
#include "model/analysis/nccl_release.hpp"
#include "model/analysis/islands.hpp"
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/units/units.hpp"

#include <string>
#include <vector>

namespace model {

namespace analysis {
struct ClusterFacts;
} // namespace analysis

/// The layer of the system that limits a workload (the "bottleneck scope").
enum class Scope {
    Compute,        ///< the GPUs' math units (dense TFLOPS x efficiency)
    Hbm,            ///< GPU memory bandwidth
    IntraNode,      ///< NVLink/NVSwitch, or PCIe where there is no NVLink
    NodeBoundary,   ///< the server's compute NICs
    Fabric,         ///< the switch fabric: oversubscription or bisection
    PipelineBubble, ///< idle pipeline stages
    Latency,        ///< per-step latency dominates (small messages, many hops)
    None,           ///< nothing to analyse: the design has no GPU servers, so nothing limits anything
    /// GPU memory capacity: the workload's weights, gradients, optimizer state and activations do not fit
    /// in GPU memory (memory_fit.hpp), so it cannot run and no link limits it
    Memory,
};

/// JSON/CLI name of a scope: "compute", "hbm", "intra_node", "node_boundary", "fabric",
/// "pipeline_bubble", "latency", "none" when there is nothing to analyse (an empty design,
/// or one of GPU-less appliances only), and "memory" when the workload does not fit in GPU
/// memory (a bottleneck scope only, never a layer's).
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
    /// The layout at this count holds its weights, optimizer state and activations in the
    /// share of GPU memory the engine allows (kMemoryLimitShare): a point that does not is a
    /// what-if of the communication alone (175 B parameters on one GPU), drawn hollow.
    bool fitsInMemory = true;
};

/// The limiting layer and why, in words.
struct Bottleneck {
    Scope scope = Scope::None;       ///< None until a design with GPUs is analysed
    std::string explanation;
    /// What to check before blaming the network (data pipeline, precision, topology
    /// misdetection, a single node), most relevant first.
    std::vector<std::string> checks;
};

/// One training step of the design's workload on the whole design (engine_formulas.md §10),
/// seconds unless stated.
struct StepBreakdown {
    std::string workload;            ///< preset id or "custom"
    int gpus = 0, tp = 1, pp = 1, dp = 1, interleave = 1; ///< gpus: busy ones, tp x pp x dp
    int idleGpus = 0;                ///< GPUs of the design the layout leaves idle (no replica fits them)
    int microBatch = 1, globalBatch = 1, gradAccumulation = 1;
    std::string precision;           ///< "fp32", "bf16", "fp16", "fp8"
    std::string recompute;           ///< "none", "selective", "full"
    double computeS = 0, tpExposedS = 0, ppBubbleS = 0, ppTransferS = 0, dpExposedS = 0, stepS = 0;
    double tokensPerSecond = 0;      ///< whole design
    double mfu = 0;                  ///< model FLOPs utilisation, 0..1
    double memoryPerGpuGB = 0;       ///< stateGB + activationsGB: what one GPU must hold, decimal GB
    double stateGB = 0;              ///< weights + gradients + optimizer state per GPU, decimal GB
    double activationsGB = 0;        ///< activations per GPU of the first pipeline stage, decimal GB
    double memoryBoundS = 0;         ///< of computeS: activation traffic at HBM bandwidth
    double tpLatencyShare = 0;       ///< fraction of the tensor-parallel time that is latency, 0..1
    double dpLatencyShare = 0;       ///< fraction of the gradient reduction time that is latency, 0..1
    /// False when memoryPerGpuGB is above the share of the GPU's memory a run may take
    /// (memory_fit.hpp): the run cannot start, and the times above are what a step would take
    /// if it did (to show which lever matters), never a run.
    bool fitsInMemory = true;
};

/// The effect of one lever a user has (issue 5 item 4), on the whole design.
struct LeverEffect {
    std::string lever;               ///< "gradient_accumulation_x4", "fp8", "single_larger_server", ...
    std::string description;
    double stepS = 0;
    double tokensPerSecond = 0;
    double mfu = 0;
};

/// Whole-design analysis (what `analyze --json` prints and the charts panel shows).
struct DesignAnalysis {
    int gpus = 0;                    ///< every GPU of the design, reachable or not
    int nodes = 0;                   ///< servers
    /// GPUs one job can use: those of the largest island (= gpus unless the design is split).
    /// Scaling curves and "whole design" collectives stop here.
    int reachableGpus = 0;
    std::vector<Island> islands;     ///< servers and GPUs of each island, largest first (islands.hpp)
    std::vector<LayerBandwidth> layers;
    Bottleneck bottleneck;
    std::vector<ScalingPoint> scaling;  ///< weak scaling (batch grows with GPUs), from 1 GPU to the design
    /// Why `scaling` is empty, in words ("" when it is not): the workload does not fit in GPU
    /// memory, cannot run on the design, or the design has no servers.
    std::string scalingNote;
    std::string workload;            ///< preset the scaling curve and bottleneck assume
    /// Why `workload` when the design names none (no analysis.workload or analysis.model):
    /// "" when gpt3-175b, the default, fits; else which smaller preset was taken because it
    /// does not (analyzeDesign).
    std::string workloadNote;
    /// Why the design's workload settings (analysis.workload, analysis.model and the layout
    /// fields) could not be read, as the InputError that refused them says it, naming the entry
    /// and field; "" when they could. The layers, bisection, bottleneck of the links and the
    /// collective charts do not depend on them and are still computed; no step is timed.
    std::string workloadError;
    /// Why the engine's layout goes before a faster split, in words, or "" when it is the
    /// fastest (layoutTradeoffNote: memory headroom within kLayoutSpeedTolerance). Not a
    /// warning: the choice is the engine's rule, said so that a faster network that reads as a
    /// slower step is explained (helper-92).
    std::string layoutNote;
    std::vector<std::string> warnings;
    bool hasStep = false;            ///< false when the workload cannot run on the design (see warnings)
    StepBreakdown step;              ///< the workload's step on the whole design (see StepBreakdown::fitsInMemory)
    /// Strong scaling (fixed global batch), relative to its first point; empty when `scaling` is.
    std::vector<ScalingPoint> scalingStrong;
    std::vector<LeverEffect> levers;
    double bisectionGBps = 0;        ///< fabric bisection, GB/s one direction
    double oversubscription = 1;     ///< worst leaf/spine down:up ratio (1 = non-blocking)
};

/// One collective to predict.
struct CollectiveRequest {
    CollectiveOp op = CollectiveOp::AllReduce;
    double bytes = 0;                ///< nccl-tests "size": the user buffer in bytes
    int gpus = 0;                    ///< ranks; 0 = every GPU of the design
    Algorithm algorithm = Algorithm::Auto; ///< Auto = pick the fastest as NCCL would
    /// GPUs one host thread drives (nccl-tests `-g N` in one process: N). Above 1, each
    /// iteration takes at least the host-issue floor (analysis/host_issue.hpp); 1 (default) =
    /// one process or thread per GPU, as `mpirun -np N ... -g 1` and frameworks run.
    int gpusPerThread = 1;
    /// NCCL release whose tuner the figures follow (nccl_release.hpp): an older release's
    /// latencies and protocol factors when comparing with a run that printed that NCCL version.
    NcclRelease ncclRelease = NcclRelease::Current;
};

/// A predicted collective, reported the way nccl-tests reports it.
struct CollectiveResult {
    CollectiveOp op = CollectiveOp::AllReduce;
    double bytes = 0;
    int gpus = 0;
    std::string engine = "analytical";
    Algorithm algorithm = Algorithm::Ring; ///< the algorithm the figure assumes
    Duration time;
    Bandwidth algbw;                 ///< bytes / time (decimal GB/s when shown)
    Bandwidth busbw;                 ///< algbw x nccl-tests factor (2(n-1)/n for all-reduce, ...)
    std::string note;
    Protocol protocol = Protocol::Simple; ///< NCCL protocol the time assumes
    Duration latency;                ///< the latency part of `time` (per-hop and base latencies)
    /// Algorithm Auto only: the algorithm NCCL's own tuner would run here (it ranks by its own
    /// latency + bytes / bandwidth and sees no oversubscription behind the NICs) and its time on
    /// this design, seconds; the same as `algorithm` and `time` where NCCL picks the fastest.
    /// Otherwise `algorithm` and a zero time.
    Algorithm ncclDefaultAlgorithm = Algorithm::Ring;
    Duration ncclDefaultTime;
};

/// Analyses a design: per-layer bandwidth, bottleneck and scaling for the design's workload
/// (design.analysis["workload"], a preset name; a documented default when absent).
/// @throws InputError when the design references something the catalog lacks.
[[nodiscard]] DesignAnalysis analyzeDesign(const Design& design, const Catalog& catalog);
/// Same, with analysis settings given explicitly instead of design.analysis (keys as
/// analysis::trainingConfigFromJson: workload, tp, pp, dp, micro_batch, global_batch, ...).
/// @throws InputError naming the bad setting.
[[nodiscard]] DesignAnalysis analyzeDesign(const Design& design, const Catalog& catalog, const nlohmann::json& settings);
/// Same, on the facts of the design already extracted (analysis::extractFacts, whose design
/// must still be alive): a caller that also wants chartSweepsOf extracts them once
/// (model/results/results_snapshot.cpp; 3 ms of CPU on 2,048 servers).
/// @throws InputError naming the bad setting.
[[nodiscard]] DesignAnalysis analyzeFacts(const analysis::ClusterFacts& facts, const nlohmann::json& settings);

/// Predicts one collective on the design.
/// @throws std::invalid_argument when the request is impossible (more GPUs than the design
///         has, negative size, unknown algorithm).
[[nodiscard]] CollectiveResult predictCollective(const Design& design, const Catalog& catalog,
                                                 const CollectiveRequest& request);

/// Message-size sweep like nccl-tests `-b minBytes -e maxBytes -f 2`: one result per size,
/// doubling from `minBytes` (bytes) to `maxBytes` inclusive, same op, GPUs and algorithm as
/// `request` (its `bytes` is ignored). The design is analysed once.
/// @throws std::invalid_argument as predictCollective, or when minBytes < 1 or maxBytes < minBytes.
[[nodiscard]] std::vector<CollectiveResult> sweepCollective(const Design& design, const Catalog& catalog,
                                                            const CollectiveRequest& request,
                                                            double minBytes, double maxBytes);

/// One busbw-against-size curve as the charts show it: `op` over `gpus` ranks, one result per
/// message size.
struct CollectiveSweep {
    CollectiveOp op = CollectiveOp::AllReduce;
    int gpus = 0;                            ///< ranks (the first `gpus` GPUs, server-id order)
    std::string scope;                       ///< "one server", "whole design", or "largest island" (a split design)
    std::vector<CollectiveResult> points;    ///< sizes doubling from minBytes to maxBytes
};

/// The curves the Analysis dock charts (issue 5 item 2): for each of all_reduce, all_gather,
/// reduce_scatter and alltoall, the ranks of one server (the first server of the largest
/// island, when it has at least 2 GPUs and the design has more GPUs than it) and every
/// connected GPU (when at least 2); sizes double from `minBytes` to `maxBytes` bytes, as
/// nccl-tests `-b 8 -e 16G -f 2` does by default here. The design is analysed once; the
/// algorithm is the one NCCL would pick at each size. A design without two connected GPUs
/// yields no curve.
/// @throws InputError when the design names hardware the catalog lacks;
///         std::invalid_argument when minBytes < 1 or maxBytes < minBytes.
[[nodiscard]] std::vector<CollectiveSweep> chartSweeps(const Design& design, const Catalog& catalog,
                                                      double minBytes = 8.0,
                                                      double maxBytes = 16.0 * 1024 * 1024 * 1024);
/// Same, on the facts of the design already extracted (see analyzeFacts); `settings` are the
/// design's analysis settings (design.analysis: its SHARP switch).
/// @throws std::invalid_argument when minBytes < 1 or maxBytes < minBytes.
[[nodiscard]] std::vector<CollectiveSweep> chartSweepsOf(const analysis::ClusterFacts& facts, const nlohmann::json& settings,
                                                        double minBytes = 8.0,
                                                        double maxBytes = 16.0 * 1024 * 1024 * 1024);

} // namespace model
