// Transformer presets and FLOP counting (engine_formulas.md §10.1).
// Shapes: GPT-3 175B (Brown et al. 2020, Table 2.1; vocabulary padded to 51200 as Megatron
// does); Megatron 22B/530B/1T (Korthikanti et al. 2022 Table 3; Narayanan et al. 2021
// Table 1); Llama 3 8B/70B/405B (Llama 3 paper, Dubey et al. 2024, Table 3).
// Published global batches (sequences per step; TransformerModel::publishedGlobalBatch):
//   gpt3-175b 1536 x 2048 tokens: Narayanan et al. 2021 (arXiv 2104.04473) section 5.1, GPT-3
//     175B "with a batch size of 1536" (Brown et al. 2020 Table 2.1: 3.2M tokens);
//   megatron-530b 2520 and megatron-1t 3072: Narayanan et al. 2021 Table 1, the 529.6B and
//     1008B rows (the same layers, hidden size and heads as these presets);
//   llama3-405b 2048 x 8192 = 16M tokens: Dubey et al. 2024 section 3.4.1 (the batch after the
//     early 4M and 8M stages);
//   llama3-8b, llama3-70b and megatron-22b: none published; kDefaultBatchTokens (training.hpp).
#include "model/analysis/training.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace model::analysis {

namespace {
struct Preset {
    const char* id;
    TransformerModel m;
};

TransformerModel make(const char* name, int L, int h, int a, int kv, int ffn, int s, int V, bool glu, double params)
{
    TransformerModel m;
    m.name = name;
    m.layers = L;
    m.hidden = h;
    m.heads = a;
    m.kvHeads = kv;
    m.ffn = ffn;
    m.seqLen = s;
    m.vocab = V;
    m.swiglu = glu;
    m.params = params;
    m.flashAttentionByDefault = glu; // the gated-MLP presets are the Llama 3 family
    return m;
}

TransformerModel withBatch(TransformerModel m, int sequences)
{
    m.publishedGlobalBatch = sequences;
    return m;
}

const std::vector<Preset>& presets()
{
    static const std::vector<Preset> p = {
        {"gpt3-175b", withBatch(make("gpt3-175b", 96, 12288, 96, 96, 49152, 2048, 51200, false, 175e9), 1536)},
        {"llama3-8b", make("llama3-8b", 32, 4096, 32, 8, 14336, 8192, 128256, true, 8.03e9)},
        {"llama3-70b", make("llama3-70b", 80, 8192, 64, 8, 28672, 8192, 128256, true, 70.6e9)},
        {"llama3-405b", withBatch(make("llama3-405b", 126, 16384, 128, 8, 53248, 8192, 128256, true, 405e9), 2048)},
        {"megatron-22b", make("megatron-22b", 48, 6144, 64, 64, 24576, 2048, 51200, false, 22e9)},
        {"megatron-530b", withBatch(make("megatron-530b", 105, 20480, 128, 128, 81920, 2048, 51200, false, 530e9), 2520)},
        {"megatron-1t", withBatch(make("megatron-1t", 128, 25600, 160, 160, 102400, 2048, 51200, false, 1e12), 3072)},
    };
    return p;
}
} // namespace

int defaultGlobalBatch(const TransformerModel& m) noexcept
{
    if (m.publishedGlobalBatch > 0) return m.publishedGlobalBatch;
    if (m.seqLen <= 0) return 1;
    return std::max(1, static_cast<int>(std::lround(kDefaultBatchTokens / m.seqLen)));
}

const std::vector<std::string>& presetNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& p : presets()) v.push_back(p.id);
        return v;
    }();
    return names;
}

TransformerModel presetModel(const std::string& name)
{
    for (const auto& p : presets())
        if (name == p.id) return p.m;
    std::string list;
    for (const auto& n : presetNames()) list += (list.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown workload \"" + name + "\"; expected one of " + list + " (or a custom model)");
}

namespace {
/// Forward FLOPs per token of one transformer layer, split into the GEMM part and the
/// attention-score part (QK^T and AV, 4 s h, no causal halving as Megatron counts it).
void layerForwardFlops(const TransformerModel& m, double& gemm, double& attention) noexcept
{
    const double h = m.hidden, s = m.seqLen, f = m.ffn;
    const double hkv = m.heads > 0 ? h * (m.kvHeads > 0 ? m.kvHeads : m.heads) / m.heads : h;
    gemm = 2.0 * (2.0 * h * h + 2.0 * h * hkv) + 2.0 * (m.swiglu ? 3.0 : 2.0) * h * f;
    attention = 4.0 * s * h;
}
} // namespace

double parameterCount(const TransformerModel& m) noexcept
{
    if (m.params > 0) return m.params;
    const double h = m.hidden, f = m.ffn;
    const double hkv = m.heads > 0 ? h * (m.kvHeads > 0 ? m.kvHeads : m.heads) / m.heads : h;
    const double perLayer = 2.0 * h * h + 2.0 * h * hkv + (m.swiglu ? 3.0 : 2.0) * h * f;
    return m.layers * perLayer + static_cast<double>(m.vocab) * h;
}

double stepFlops(const TransformerModel& m, int globalBatch, Recompute r) noexcept
{
    double gemm = 0, attention = 0;
    layerForwardFlops(m, gemm, attention);
    const double tokens = static_cast<double>(globalBatch) * m.seqLen;
    const double logits = 2.0 * m.hidden * static_cast<double>(m.vocab);
    double layerPasses = 3.0, attentionPasses = 3.0;
    if (r == Recompute::Full) { layerPasses = 4.0; attentionPasses = 4.0; }
    if (r == Recompute::Selective) attentionPasses = 4.0;
    return tokens * (m.layers * (layerPasses * gemm + attentionPasses * attention) + 3.0 * logits);
}

} // namespace model::analysis
