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

/// Tokens per second a complete layout trains at on the design (predictStep on the group its
/// busy GPUs are placed on); throws std::invalid_argument for a layout that cannot run. Given
/// to resolveLayout, it decides between the splits that fit by the engine's own step time.
using LayoutTimer = std::function<double(const TrainingConfig& laid)>;

/// How much slower than the fastest split a layout may train (a share of its tokens per
/// second) and still be chosen for leaving memory headroom, its weights, gradients, optimizer
/// state and activations within kLayoutMemoryShare of the GPU's memory where the fastest's
/// are not (resolveLayout with a timer): differences this small are inside the engine's error
/// (mean |error| 4.9 % against the Megatron step times of shared/validation/training_steps.csv),
/// and headroom is what keeps a run from failing (a rule of this project, not a measured figure).
inline constexpr double kLayoutSpeedTolerance = 0.02;

/// Fills the layout fields left at 0 for `gpus` GPUs of servers like `node`: tensor parallel
/// inside the NVLink domain (powers of two up to 8) and any pipeline depth the model takes
/// (pipelineProblem; an uneven one counted at its largest stage, pipelineImbalance), data
/// parallel with the rest. Among the splits whose weights, gradients, optimizer state and
/// first-stage activations (memoryPerGpuGB) fit the 90 % of `gpuMemoryGB` (decimal GB) above
/// which analyzeDesign warns (memory_fit.hpp), the one that keeps the most GPUs usefully busy,
/// tp x pp x floor(gpus / (tp x pp)) / pipelineImbalance / (1 + (pp - 1) / (v m)) with m the
/// micro-batches per pipeline its global batch gives (the 1F1B bubble, Narayanan et al. 2021), wins (every GPU busy on an even split
/// first; idle GPUs, which idleGpusNote names, only where no such split fits); at equal
/// scores the one with fewer idle GPUs, then one whose state alone fits 70 %
/// (kLayoutMemoryShare) and the smallest product
/// among those (tensor parallel before pipeline stages), else the largest product. When
/// nothing fits at all, the largest split that uses every GPU (and the warning).
/// With a `timer`, every split that fits is timed and the fastest wins, except that one within
/// kLayoutSpeedTolerance of it that leaves memory headroom goes before one that does not (the
/// score above breaks exact ties): the score leaves out tensor-parallel,
/// pipeline and gradient traffic, which decide between splits on a slow network (llama3-70b
/// on 8 DGX H100 with one 100G NIC each: tp 4 x pp 16 x dp 1 at 68,199 tokens/s, against
/// 46,773 for the tp 8 x dp 8 the score alone picks).
/// Global batch, when 0, = dp x micro-batch x m with m = gradAccumulation if set, else
/// defaultGlobalBatch(model) / (dp x micro-batch) rounded, at least 1 and at least pp.
/// @throws std::invalid_argument when the given fields cannot fit `gpus` GPUs, or the model
///         cannot take the pipeline depth (pipelineProblem).
[[nodiscard]] TrainingConfig resolveLayout(TrainingConfig c, int gpus, const CommGroup& node, double gpuMemoryGB,
                                           const LayoutTimer& timer = {});

/// Words for a layout that leaves some of `gpus` GPUs idle (`chosen`, resolved from
/// `requested` by resolveLayout on servers like `node` with `gpuMemoryGB` each): how many, the
/// tensor x pipeline x data-parallel split and why (the fields set by hand; no split that uses
/// every GPU fits in memory; or one does, but keeps fewer of them usefully busy, or, with the
/// `timer` resolveLayout chose by, trains fewer tokens per second: then both figures and the
/// fastest such split are named). Empty when tp x pp x dp of `chosen` uses every GPU.
[[nodiscard]] std::string idleGpusNote(const TrainingConfig& requested, const TrainingConfig& chosen, int gpus,
                                       const CommGroup& node, double gpuMemoryGB, const LayoutTimer& timer = {});

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
/// smallest count that holds one model replica (tp x pp GPUs), at counts doubling from there
/// and at the design's own (tp x pp x dp of `full`). Where the batch is not a
/// multiple of dp x micro-batch at a count, the nearest multiple (at least one micro-batch
/// per replica) is used; the curve ends where there are more replicas than sequences.
[[nodiscard]] std::vector<ScalingPoint> strongScaling(const TrainingConfig& full, const CommGroup& node,
                                                      double peak, int total, const FabricPlacer& fabric = {});
/// The levers: 4x gradient accumulation, FP8 instead of BF16 (where the GPU has FP8), no
/// activation recompute, and one larger NVLink domain holding every GPU instead of a cluster.
/// Where the baseline fits, a lever whose run would not fit in kMemoryLimitShare of the GPU's
/// memory (memoryPerGpuGB) in the same layout is listed "not possible in this layout" with its
/// figure and no step (another layout may hold it), as one the layout refuses.
[[nodiscard]] std::vector<LeverEffect> levers(const TrainingConfig& full, const CommGroup& node,
                                              const GpuSpec& gpu, const FabricPlacer& fabric = {});

} // namespace model::analysis
