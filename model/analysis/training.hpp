#pragma once
/// @file training.hpp
/// Training-step model of a dense transformer under Megatron-style data, tensor and pipeline
/// parallelism (engine_formulas.md §10): compute from dense TFLOPS x a documented efficiency,
/// exposed tensor-parallel collectives, pipeline bubble and transfers, exposed data-parallel
/// gradient reduction; tokens/s and MFU.

#include "model/analysis/comm_group.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace model::analysis {

/// A dense decoder-only transformer.
struct TransformerModel {
    std::string name;          ///< preset id ("gpt3-175b") or "custom"
    int layers = 0;
    int hidden = 0;            ///< h
    int heads = 0;             ///< attention heads
    int kvHeads = 0;           ///< key/value heads (grouped-query attention); = heads for MHA
    int ffn = 0;               ///< feed-forward hidden size
    int seqLen = 0;            ///< tokens per sequence
    int vocab = 0;
    bool swiglu = false;       ///< gated MLP (3 matrices) as in Llama
    double params = 0;         ///< total parameters; computed from the shape when 0
    /// Trained with fused (flash) attention by default: the Llama 3 presets (Dubey et al.
    /// 2024); not the 2020-2022 GPT-3/Megatron runs, whose validation data predate it.
    bool flashAttentionByDefault = false;
    /// Sequences per optimizer step of the model's published training run, the global batch a
    /// run of it takes when none is given (resolveLayout); 0 = none published (custom models):
    /// then kDefaultBatchTokens tokens a step. Each preset names its source (training_presets.cpp).
    int publishedGlobalBatch = 0;
};

/// Largest global batch, sequences, a training configuration may hold (the JSON field's own
/// bound): resolveLayout refuses a layout whose data parallel x micro-batch x micro-batches
/// would exceed it.
inline constexpr int kMaxGlobalBatch = 1 << 30;

/// Tokens per optimizer step assumed for a model without a published global batch: 4M
/// (4,194,304 = 1,024 sequences of 4,096), the batch every Llama 2 size was trained with
/// (Touvron et al. 2023, "Llama 2", section 2.2: "a global batch-size of 4M tokens").
inline constexpr double kDefaultBatchTokens = 4194304.0;

/// Global batch, sequences, a run of `m` takes when none is given: m.publishedGlobalBatch, else
/// kDefaultBatchTokens / m.seqLen rounded (at least 1). 1 when seqLen is not positive.
[[nodiscard]] int defaultGlobalBatch(const TransformerModel& m) noexcept;

/// Training precision of the GEMMs. FP16 runs as BF16 does (the same dense TFLOPS on every
/// listed GPU, 2-byte weights and activations); kept apart so that it is reported as set.
enum class Precision { FP32, BF16, FP16, FP8 };
enum class Recompute { None, Selective, Full };

/// Parallel layout and options of one training run.
struct TrainingConfig {
    TransformerModel model;
    int tp = 1;                ///< tensor-parallel ranks (inside one NVLink domain)
    int pp = 1;                ///< pipeline stages
    int dp = 1;                ///< data-parallel replicas
    int interleave = 1;        ///< virtual stages per pipeline rank (v)
    int microBatch = 1;        ///< sequences per micro-batch (b)
    int globalBatch = 1;       ///< sequences per optimizer step (B)
    /// Micro-batches per step per pipeline (m) asked for instead of a global batch: when
    /// globalBatch is 0, resolveLayout sets B = dp x b x m (0 = the model's published batch). JSON
    /// "grad_accumulation"; presentation mode's what-if slider.
    int gradAccumulation = 0;
    Precision precision = Precision::BF16;
    Recompute recompute = Recompute::None;
    bool sequenceParallel = false;
    bool shardedOptimizer = false;  ///< ZeRO-1 / distributed optimizer: RS(grads) + AG(params)
    bool dpOverlap = true;          ///< overlap gradient reduction with the backward pass
    bool flashAttention = false;    ///< fused attention: no s x s score matrix in memory
    double computeEfficiency = 0;   ///< fraction of dense peak; 0 = calibration default
};

/// One step, broken down (seconds) -- engine_formulas.md §10.5.
struct TrainingStep {
    int gpus = 0;
    int gradAccumulation = 0;       ///< micro-batches per step per pipeline (m)
    double computeS = 0;            ///< math at dense peak x efficiency, incl. recompute, + memory-bound layer work
    double memoryBoundS = 0;        ///< of computeS: activation traffic at HBM bandwidth
    double tpExposedS = 0;          ///< tensor-parallel collectives on the critical path
    double ppBubbleS = 0;           ///< pipeline fill and drain
    double ppTransferS = 0;         ///< pipeline activations/gradients between stages
    double dpExposedS = 0;          ///< gradient reduction not hidden behind the backward pass
    double stepS = 0;               ///< sum of the above
    double tokensPerSecond = 0;
    double mfu = 0;                 ///< model FLOPs (6N + attention, no recompute) / (time x GPUs x peak)
    double modelFlopsPerStep = 0;   ///< FLOPs, no recompute
    double memoryPerGpuGB = 0;      ///< stateGB + activationsGB, decimal GB: what one GPU must hold
    double stateGB = 0;             ///< weights + gradients + optimizer state per GPU, decimal GB
    double activationsGB = 0;       ///< activations per GPU of the first stage, decimal GB (activationMemoryPerGpuGB)
    double tpLatencyShare = 0;      ///< latency part of one tensor-parallel collective, 0..1
    double dpLatencyShare = 0;      ///< latency part of the gradient reduction, 0..1
    std::vector<std::string> notes;
};

/// Names of the presets: gpt3-175b, llama3-8b, llama3-70b, llama3-405b, megatron-22b,
/// megatron-530b, megatron-1t.
[[nodiscard]] const std::vector<std::string>& presetNames();
/// A preset model. @throws std::invalid_argument listing the presets for an unknown name.
[[nodiscard]] TransformerModel presetModel(const std::string& name);
/// A workload name as a preset reads it: without blanks at its ends (ASCII and Unicode blanks)
/// and, where it names a preset in other letter case ("LLAMA3-8B"), that preset's id; any
/// other name trimmed. Never throws.
[[nodiscard]] std::string canonicalWorkload(const std::string& name);
/// Total parameters of `m` from its shape (embeddings included), or m.params when set.
[[nodiscard]] double parameterCount(const TransformerModel& m) noexcept;

/// Why tensor parallel `tp` cannot split `m`, or empty: Megatron-LM refuses attention heads
/// (and, with grouped-query attention, key/value heads) that `tp` does not divide
/// (megatron/training/arguments.py: num_attention_heads % tensor_model_parallel_size == 0,
/// num_query_groups % tensor_model_parallel_size == 0). `spansServers`: the layout's busy GPUs
/// fill more than one server of `gpusPerServer`; then `tp` must divide `gpusPerServer`, since
/// consecutive groups of tp ranks would otherwise cross a server boundary and run their
/// all-reduces over the NICs (the engine times tensor parallelism inside the NVLink domain).
[[nodiscard]] std::string tensorParallelProblem(const TransformerModel& m, int tp, int gpusPerServer, bool spansServers);

/// Why pipeline parallel `pp` with `interleave` virtual stages per pipeline rank cannot split
/// `m`'s layers, or empty: more stages than layers; or, with the interleaved schedule, layers
/// that pp x interleave does not divide (every virtual stage holds the same number of layers:
/// Megatron-LM arguments.py, num_layers_per_virtual_pipeline_stage). Without interleaving the
/// stages may differ by a layer (Megatron-Core's decoder_first/last_pipeline_num_layers and
/// pipeline_model_parallel_layout; Llama 3 405B's 126 layers ran on 16 stages, Dubey et al.
/// 2024 section 3.3.2): pipelineImbalance prices it. A model with no layer count (0) is never
/// refused; pp of 1 has no interleave to check.
[[nodiscard]] std::string pipelineProblem(const TransformerModel& m, int pp, int interleave);

/// Layers of the largest of `pp` pipeline stages of `m`: ceil(layers / pp) (layers / pp when
/// it divides them). 0 when the model has no layer count; pp below 1 counts as 1.
[[nodiscard]] int stageLayers(const TransformerModel& m, int pp) noexcept;

/// How much the largest stage holds over an even split, >= 1: pp x stageLayers / layers (1
/// when pp divides the layers or the model has no layer count). The slowest stage sets the
/// pace of a pipeline, so compute, tensor-parallel time and the weights one GPU holds scale by
/// it: gpt3-175b's 96 layers on 64 stages (2 on the largest) cost 64 x 2 / 96 = 1.33.
[[nodiscard]] double pipelineImbalance(const TransformerModel& m, int pp) noexcept;

/// Weights, gradients and optimizer state per GPU of `c`'s layout (tp, pp, dp as set),
/// decimal GB, no activations: parameters / (tp x pp) x pipelineImbalance x (2 x w + o / (dp if the optimizer is
/// sharded, else 1)), w = 2 bytes (bf16, fp16, fp8 runs keep bf16 weights) or 4 (fp32), o = 12
/// bytes of Adam state (fp32 master, m, v; ZeRO-1, Rajbhandari et al. 2020 section 5) or 8 for
/// fp32. Layout fields at 0 count as 1.
[[nodiscard]] double stateMemoryPerGpuGB(const TrainingConfig& c) noexcept;

/// Activations one GPU of the first pipeline stage holds at the peak of a step of `c`, decimal
/// GB: bytes per layer per micro-batch after Korthikanti et al. 2022 ("Reducing Activation
/// Recomputation in Large Transformer Models", Table 2, 16-bit activations; x2 for fp32) with
/// s = seqLen, b = microBatch, h = hidden, a = heads, t = tp:
///   s b h (10 + 24/t), or s b h 34/t with sequence parallelism; + 5 a s^2 b / t for the
///   attention scores unless they are recomputed (selective recompute) or never stored (flash
///   attention); full recompute keeps only each layer's input, 2 s b h (/ t with sequence
///   parallelism).
/// The first stage of a 1F1B schedule holds min(pp, m) micro-batches of stageLayers layers
/// (m = globalBatch / (dp x microBatch), taken as pp when the batch is not set yet), and the
/// interleaved schedule 1 + (pp - 1) / (pp x interleave) times that (section 4.2.3). Embedding
/// and output-layer activations (under 1 % of a layer stack of 32 or more, section 4.2.2) are
/// left out. Layout fields at 0 count as 1.
[[nodiscard]] double activationMemoryPerGpuGB(const TrainingConfig& c) noexcept;

/// stateMemoryPerGpuGB + activationMemoryPerGpuGB of `c`, decimal GB: what one GPU must hold.
[[nodiscard]] double memoryPerGpuGB(const TrainingConfig& c) noexcept;

/// Training FLOPs of one step of `globalBatch` sequences (Megatron-LM formula generalised to
/// GQA and SwiGLU; Narayanan et al. 2021 appendix): 3 passes without recompute, 4 over the
/// transformer layers with full recompute, +1 attention-score pass with selective.
[[nodiscard]] double stepFlops(const TransformerModel& m, int globalBatch, Recompute r) noexcept;

/// Predicts one step on `node`, the group one server offers (its NVLink domain and NICs).
/// @throws std::invalid_argument when the layout is impossible: tp x pp x dp GPUs not
///         available, global batch not divisible by dp x micro-batch, tp beyond one node,
///         tensorParallelProblem or pipelineProblem.
[[nodiscard]] TrainingStep predictStep(const TrainingConfig& cfg, const CommGroup& node, double peakTflops);

/// Reads a training configuration from `j` (the design's "analysis" object or a CLI
/// workload): keys workload (preset) or model {layers, hidden, heads, kv_heads, ffn, seq_len,
/// vocab, swiglu, params}, tp, pp, dp, interleave, micro_batch, global_batch, precision
/// ("fp32"/"bf16"/"fp8"), recompute ("none"/"selective"/"full"), sequence_parallel,
/// sharded_optimizer, dp_overlap, flash_attention, compute_efficiency. Missing keys take the preset's defaults.
/// The own model's name is its ownModelLabel; a preset name is read without surrounding blanks.
/// @throws InputError naming the field and what was expected (a model name with a control
///         character such as a newline among them).
[[nodiscard]] TrainingConfig trainingConfigFromJson(const nlohmann::json& j, const std::string& file);

/// Longest own-model name accepted, in characters (Unicode code points): a name is a label in
/// a chart title and a report heading, not a description.
inline constexpr std::size_t kMaxModelNameChars = 100;

/// What is wrong with `name` (UTF-8) as an own model's name, as the words after "expected"
/// ("a name on one line, without control characters ..."), or "" when it is fine: no control
/// character (C0, DEL, C1), no invisible or text-direction character, at most
/// kMaxModelNameChars characters.
[[nodiscard]] std::string modelNameProblem(const std::string& name);

/// How the analysis names a design's own model called `name` (analysis.model.name), leading
/// and trailing blanks dropped: "custom" when blank, "NAME (own model)" when NAME is a preset's
/// in any case (so a custom model called llama3-8b never reads as the 8-billion-parameter
/// preset), else the name itself.
[[nodiscard]] std::string ownModelLabel(const std::string& name);

/// Label of the design's own model (ownModelLabel of analysis.model.name, "custom" when
/// unnamed), or "" when `analysis` (a design's "analysis" object) trains a preset.
[[nodiscard]] std::string ownModelName(const nlohmann::json& analysis);

/// `analysis` (a design's "analysis" object) set to train `workload`, as `--workload NAME`
/// asks. A preset's name means the preset, even where the design's own model is named like it:
/// it replaces the design's own model and, where the design trained another model, the layout
/// chosen for that model (tp, pp, dp, interleave, micro_batch, global_batch, seq_len), which
/// the engine then picks for the preset. The name of the design's own model, when no preset has
/// it (the workstation template's llama3.2-1b), keeps the settings as they are. Blanks around
/// `workload` (and around the design's own "workload" text) are ignored: " llama3-8b " is llama3-8b.
/// @throws std::invalid_argument "--workload: expected one of gpt3-175b, ..., megatron-1t[, or
///         the design's own model "X"]; got "NAME"" for any other name.
[[nodiscard]] nlohmann::json settingsWithWorkload(const nlohmann::json& analysis, const std::string& workload);

[[nodiscard]] const char* toString(Precision p) noexcept;
[[nodiscard]] const char* toString(Recompute r) noexcept;

} // namespace model::analysis
