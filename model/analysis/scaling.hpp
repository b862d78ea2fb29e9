#pragma once
/// @file scaling.hpp
/// Parallel layout choice, scaling curves (weak and strong) and levers for a training
/// workload on a design (engine_formulas.md §10.5).

#include "model/analysis/analysis.hpp"
#include "model/analysis/training.hpp"

#include <functional>
#include <string>
#include <vector>

namespace model::analysis {

/// The fabric as a group of `gpus` GPUs placed on the design meets it: `node` (one server's
/// group) with fabricRingFactor, fabricAllToAllFactor and ecmpAllToAllFactor of that placement
/// (placeGroup, engine_formulas.md §8), so gradient and expert traffic that crosses an
/// oversubscribed tier pays for it. Empty: no fabric beyond the servers' NICs (factors 1).
using FabricPlacer = std::function<CommGroup(const CommGroup& node, int gpus)>;

/// Fills the layout fields left at 0 for `gpus` GPUs of servers like `node`: tensor parallel
/// inside the NVLink domain (powers of two up to 8), the fewest pipeline stages (a depth that
/// splits the model's layers evenly, pipelineProblem) whose weights,
/// gradients and optimizer state fit in 70 % of `gpuMemoryGB` (decimal GB), data parallel with
/// the rest; global batch, when 0, = dp x micro-batch x m with m = gradAccumulation if set, else
/// defaultGlobalBatch(model) / (dp x micro-batch) rounded, at least 1 and at least pp.
/// Layouts whose replicas (tp x pp GPUs each) use every GPU come first. When none of them fits
/// the 70 %, the largest such split is kept if it stays within the 90 % above which
/// analyzeDesign warns (memory_fit.hpp); otherwise the layout that fits the 70 % and uses the
/// most GPUs: dp = floor(gpus / (tp x pp)) replicas, the remaining GPUs idle (idleGpusNote
/// says so). When nothing fits at all, the largest split that uses every GPU (and the warning).
/// @throws std::invalid_argument when the given fields cannot fit `gpus` GPUs, or split the
///         layers unevenly (pipelineProblem).
[[nodiscard]] TrainingConfig resolveLayout(TrainingConfig c, int gpus, const CommGroup& node, double gpuMemoryGB);

/// Words for a layout that leaves some of `gpus` GPUs idle (`chosen`, resolved from
/// `requested` by resolveLayout): how many, the tensor x pipeline x data-parallel split and
/// why (no split that uses every GPU fits in memory, or the fields set by hand). Empty when
/// tp x pp x dp of `chosen` uses every GPU.
[[nodiscard]] std::string idleGpusNote(const TrainingConfig& requested, const TrainingConfig& chosen, int gpus);

/// Peak dense TFLOPS of `gpu` at `p` (BF16/FP16 as listed; FP8 as listed, else BF16; FP32
/// as TF32 = BF16 / 2 per the NVIDIA spec sheets). 0 when unknown.
[[nodiscard]] double peakTflops(const GpuSpec& gpu, Precision p) noexcept;

/// GPU counts to chart: 1, 2, 4, ... doubling, the server size and `total`.
[[nodiscard]] std::vector<int> scalingCounts(int serverGpus, int total);

/// Weak scaling: per-GPU tokens/s at each count relative to one GPU computing alone
/// (global batch grows with data parallelism; tp and pp capped by the count). At `total`
/// the layout is `full` itself and its idle GPUs count in the per-GPU figure.
[[nodiscard]] std::vector<ScalingPoint> weakScaling(const TrainingConfig& full, const CommGroup& node,
                                                    double peak, int total, const FabricPlacer& fabric = {});
/// Strong scaling: the global batch of `full` fixed; per-GPU throughput relative to the
/// smallest count that holds one model replica (tp x pp GPUs). Where the batch is not a
/// multiple of dp x micro-batch at a count, the nearest multiple (at least one micro-batch
/// per replica) is used; the curve ends where there are more replicas than sequences.
[[nodiscard]] std::vector<ScalingPoint> strongScaling(const TrainingConfig& full, const CommGroup& node,
                                                      double peak, int total, const FabricPlacer& fabric = {});
/// The levers: 4x gradient accumulation, FP8 instead of BF16 (where the GPU has FP8), no
/// activation recompute, and one larger NVLink domain holding every GPU instead of a cluster.
[[nodiscard]] std::vector<LeverEffect> levers(const TrainingConfig& full, const CommGroup& node,
                                              const GpuSpec& gpu, const FabricPlacer& fabric = {});

} // namespace model::analysis
