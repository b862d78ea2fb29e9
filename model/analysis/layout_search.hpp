#pragma once
/// @file layout_search.hpp
/// Layout choice for a training workload on a design: the tensor x pipeline x data-parallel
/// split the engine trains with where the design leaves it open, and words for the GPUs a
/// layout leaves idle.

#include "model/analysis/comm_group.hpp"
#include "model/analysis/training.hpp"

#include <functional>
#include <string>

namespace model::analysis {

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

/// How far a layout's global batch may sit above the model's published one (a share of it) and
/// still count as that batch: whole micro-batches per replica round it (gpt3-175b's 1,536
/// sequences on 42 replicas are 1,554). Above it, the layout trains a larger batch: it is named
/// (publishedBatchNote) and competes only where no split keeps the batch (resolveLayout).
inline constexpr double kPublishedBatchTolerance = 0.05;

/// A faster split resolveLayout passed over because the chosen one leaves memory headroom and
/// trains within kLayoutSpeedTolerance of it. `applies` false when the fastest split was chosen.
struct LayoutTradeoff {
    bool applies = false;
    int tp = 0, pp = 0, dp = 0;        ///< the faster split
    double chosenTokensPerSecond = 0;  ///< the chosen split's tokens per second
    double fasterTokensPerSecond = 0;  ///< the faster split's
    double chosenMemoryGB = 0;         ///< per GPU, decimal GB (memoryPerGpuGB)
    double fasterMemoryGB = 0;
    double headroomGB = 0;             ///< kLayoutMemoryShare of the GPU's memory
};

/// Words for `t` (resolveLayout's tradeoff), or "" when it does not apply: "tensor parallel 4 x
/// pipeline parallel 8 x data parallel 8 leaves memory headroom (52.1 against 61.0 GB per GPU,
/// where 56.0 GB is 70 % of the GPU's memory) and trains within 2 % of the faster tensor
/// parallel 2 x pipeline parallel 16 x data parallel 8 (X against Y tokens/s), so it goes first"
/// (helper-92: the trade was silent, and a faster network read as a slower step).
[[nodiscard]] std::string layoutTradeoffNote(const TrainingConfig& chosen, const LayoutTradeoff& t);

/// Fills the layout fields left at 0 for `gpus` GPUs of servers like `node`: tensor parallel
/// inside a server or NVLink domain (every size up to 8 that divides the server's GPUs and the model's heads,
/// over NVLink or PCIe peer-to-peer; 1 over host-staged copies) and any pipeline depth the model takes
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
/// on 8 DGX H100 with one 100G NIC each: tp 4 x pp 8 x dp 2 at 59,280 tokens/s, against
/// 47,932 for the tp 8 x dp 8 the score alone picks). `tradeoff`, when given, receives the
/// faster split passed over for headroom (LayoutTradeoff).
/// A split fits with the micro-batches it holds in flight: min(pp, m), m the gradient
/// accumulation where the design sets one, else at least pp.
/// Global batch, when 0, = dp x micro-batch x m with m = gradAccumulation if set, else
/// defaultGlobalBatch(model) / (dp x micro-batch) rounded, at least 1 and at least pp. Data
/// parallel for a global batch set by hand: the largest divisor of batch / micro-batch the
/// GPUs hold.
/// @throws std::invalid_argument when the given fields cannot fit `gpus` GPUs, or the model
///         cannot take the pipeline depth (pipelineProblem).
[[nodiscard]] TrainingConfig resolveLayout(TrainingConfig c, int gpus, const CommGroup& node, double gpuMemoryGB,
                                           const LayoutTimer& timer = {}, LayoutTradeoff* tradeoff = nullptr);

/// Words for a layout that leaves some of `gpus` GPUs idle (`chosen`, resolved from
/// `requested` by resolveLayout on servers like `node` with `gpuMemoryGB` each): how many, the
/// tensor x pipeline x data-parallel split and why (the fields set by hand; no split that uses
/// every GPU fits in memory; or one does, but keeps fewer of them usefully busy, or, with the
/// `timer` resolveLayout chose by, trains fewer tokens per second: then both figures and the
/// fastest such split are named). Empty when tp x pp x dp of `chosen` uses every GPU.
[[nodiscard]] std::string idleGpusNote(const TrainingConfig& requested, const TrainingConfig& chosen, int gpus,
                                       const CommGroup& node, double gpuMemoryGB, const LayoutTimer& timer = {});

/// Why the step trains another global batch than the model's published one, in words, or ""
/// when the design sets its own batch (`requested` global_batch or gradient accumulation) or
/// `chosen.globalBatch` is within kPublishedBatchTolerance of defaultGlobalBatch (whole micro-batches per replica
/// round it: 1,550 for 1,536). E.g. llama3-405b on 512 GB200 NVL72 racks: "global batch 4,608
/// sequences a step, not the published 2,048 of llama3-405b: data parallel 4,608 x micro-batch
/// 1 trains at least that many ...".
[[nodiscard]] std::string publishedBatchNote(const TrainingConfig& requested, const TrainingConfig& chosen);

} // namespace model::analysis
