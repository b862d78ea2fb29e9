#pragma once
/// @file scaling.hpp
/// Scaling curves (weak and strong) and levers for a training workload on a design
/// (engine_formulas.md §10.5); the layout choice is layout_search.hpp.

#include "model/analysis/analysis.hpp"
#include "model/analysis/layout_search.hpp"
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

/// Peak dense TFLOPS of `gpu` at `p` (BF16/FP16 as listed; FP8 as listed, else BF16; FP32
/// as TF32 = BF16 / 2 per the NVIDIA spec sheets). 0 when unknown.
[[nodiscard]] double peakTflops(const GpuSpec& gpu, Precision p) noexcept;

/// GPU counts to chart: 1, 2, 4, ... doubling, the server size and `total`.
[[nodiscard]] std::vector<int> scalingCounts(int serverGpus, int total);

/// Weak scaling: per-GPU tokens/s at each count relative to one GPU computing alone
/// (global batch grows with data parallelism; tp and pp capped by the count). At `total`
/// the layout is `full` itself and its idle GPUs count in the per-GPU figure. A point whose
/// layout needs more than `memoryLimitGB` per GPU (decimal GB; 0 = not judged) is marked
/// fitsInMemory false.
[[nodiscard]] std::vector<ScalingPoint> weakScaling(const TrainingConfig& full, const CommGroup& node,
                                                    double peak, int total, const FabricPlacer& fabric = {},
                                                    double memoryLimitGB = 0.0);
/// Strong scaling: the global batch of `full` fixed; per-GPU throughput relative to the
/// smallest count that holds one model replica (tp x pp GPUs), at counts doubling from there
/// and at the design's own (tp x pp x dp of `full`). Where the batch is not a
/// multiple of dp x micro-batch at a count, the nearest multiple (at least one micro-batch
/// per replica) is used; the curve ends where there are more replicas than sequences.
/// `memoryLimitGB` marks points as weakScaling does.
[[nodiscard]] std::vector<ScalingPoint> strongScaling(const TrainingConfig& full, const CommGroup& node,
                                                      double peak, int total, const FabricPlacer& fabric = {},
                                                      double memoryLimitGB = 0.0);
/// The levers: 4x gradient accumulation, FP8 instead of BF16 (where the GPU has FP8), no
/// activation recompute, and one larger NVLink domain holding every GPU instead of a cluster.
/// Where the baseline fits, a lever whose run would not fit in kMemoryLimitShare of the GPU's
/// memory (memoryPerGpuGB) in the same layout is listed "not possible in this layout" with its
/// figure and no step (another layout may hold it), as one the layout refuses.
[[nodiscard]] std::vector<LeverEffect> levers(const TrainingConfig& full, const CommGroup& node,
                                              const GpuSpec& gpu, const FabricPlacer& fabric = {});

} // namespace model::analysis
