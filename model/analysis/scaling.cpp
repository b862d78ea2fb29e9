// Layout choice, scaling curves and levers (engine_formulas.md §10.5, issue 5 item 4).
#include "model/analysis/scaling.hpp"

#include <algorithm>
#include <stdexcept>

namespace model::analysis {

double peakTflops(const GpuSpec& gpu, Precision p) noexcept
{
    const double bf16 = gpu.bf16DenseTflops.value_or(0.0);
    switch (p) {
    case Precision::BF16: return bf16;
    case Precision::FP8: return gpu.fp8DenseTflops.value_or(bf16);
    case Precision::FP32: return bf16 / 2.0;
    }
    return bf16;
}

TrainingConfig resolveLayout(TrainingConfig c, int gpus, const CommGroup& node, double gpuMemoryGB)
{
    if (gpus < 1) throw std::invalid_argument("no GPUs to train on");
    const double params = parameterCount(c.model);
    const double wBytes = c.precision == Precision::FP32 ? 4.0 : 2.0;
    const double optBytes = c.precision == Precision::FP32 ? 8.0 : 12.0;
    const int maxTp = node.intraPath == IntraPath::NVLink ? std::min({8, node.g, gpus}) : 1;
    auto fits = [&](int tp, int pp) {
        const int dp = std::max(1, gpus / (tp * pp));
        const double gb = params / (tp * pp) * (2.0 * wBytes + optBytes / (c.shardedOptimizer ? dp : 1)) / 1e9;
        return gpuMemoryGB <= 0 || gb <= 0.7 * gpuMemoryGB;
    };
    if (c.tp == 0 || c.pp == 0) {
        // Smallest model-parallel product tp x pp that fits; for equal products prefer tensor
        // parallelism inside the NVLink domain (no bubble) over more pipeline stages.
        int bestTp = c.tp > 0 ? c.tp : maxTp, bestPp = c.pp > 0 ? c.pp : 1;
        bool found = false;
        for (int prod = 1; prod <= gpus && !found; prod *= 2) {
            bool firstAtProduct = true;
            for (int tp = std::min(maxTp, prod); tp >= 1 && !found; tp /= 2) {
                const int pp = prod / tp;
                if ((c.tp > 0 && tp != c.tp) || (c.pp > 0 && pp != c.pp)) continue;
                if (pp > c.model.layers || gpus % prod != 0) continue;
                found = fits(tp, pp);
                if (found || firstAtProduct) { bestTp = tp; bestPp = pp; } // nothing fits: the largest tp of the largest product
                firstAtProduct = false;
            }
        }
        if (c.tp == 0) c.tp = std::min(bestTp, gpus);
        if (c.pp == 0) c.pp = std::max(1, std::min(bestPp, gpus / c.tp));
    }
    if (c.dp == 0) c.dp = gpus / (c.tp * c.pp);
    if (c.dp < 1 || c.tp * c.pp * c.dp > gpus)
        throw std::invalid_argument("tp " + std::to_string(c.tp) + " x pp " + std::to_string(c.pp) + " x dp " +
                                    std::to_string(c.dp) + " needs more than the " + std::to_string(gpus) + " GPUs available");
    if (c.globalBatch == 0)
        c.globalBatch = c.dp * c.microBatch * (c.gradAccumulation > 0 ? c.gradAccumulation : c.pp > 1 ? 4 * c.pp : 1);
    return c;
}

std::vector<int> scalingCounts(int serverGpus, int total)
{
    std::vector<int> v;
    for (int n = 1; n < total; n *= 2) v.push_back(n);
    if (serverGpus > 0 && serverGpus < total) v.push_back(serverGpus);
    v.push_back(total);
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

namespace {
/// The layout of `full` shrunk to `n` GPUs: tp and pp capped, dp = what is left.
TrainingConfig shrink(const TrainingConfig& full, int n)
{
    TrainingConfig c = full;
    c.tp = std::min(full.tp, n);
    while (n % c.tp != 0) --c.tp;
    c.pp = std::min(full.pp, n / c.tp);
    while ((n / c.tp) % c.pp != 0) --c.pp;
    c.dp = n / (c.tp * c.pp);
    c.interleave = c.pp > 1 ? full.interleave : 1;
    return c;
}

CommGroup nodeFor(const CommGroup& node, int n)
{
    CommGroup g = node;
    if (n < node.g) { g.n = n; g.g = n; }
    return g;
}
} // namespace

std::vector<ScalingPoint> weakScaling(const TrainingConfig& full, const CommGroup& node, double peak, int total)
{
    std::vector<ScalingPoint> out;
    const int m = std::max(1, full.globalBatch / (full.dp * full.microBatch));
    // One GPU alone: compute only, same micro-batches per step.
    TrainingConfig one = shrink(full, 1);
    one.globalBatch = one.microBatch * m;
    const TrainingStep base = predictStep(one, nodeFor(node, 1), peak);
    const double basePerGpu = base.tokensPerSecond;
    for (int n : scalingCounts(node.g, total)) {
        TrainingConfig c = shrink(full, n);
        c.globalBatch = c.dp * c.microBatch * m;
        try {
            const TrainingStep s = predictStep(c, nodeFor(node, n), peak);
            out.push_back({n, std::clamp(s.tokensPerSecond / n / basePerGpu, 0.0, 1.0)});
        } catch (const std::invalid_argument&) {
            // a count the layout cannot use is skipped
        }
    }
    return out;
}

std::vector<ScalingPoint> strongScaling(const TrainingConfig& full, const CommGroup& node, double peak, int total)
{
    std::vector<ScalingPoint> out;
    const int replica = full.tp * full.pp;
    double ref = 0;
    for (int n = replica; n <= total; n *= 2) {
        TrainingConfig c = full;
        c.dp = n / replica;
        if (full.globalBatch % (c.dp * c.microBatch) != 0) break;
        try {
            const TrainingStep s = predictStep(c, nodeFor(node, n), peak);
            const double perGpu = s.tokensPerSecond / n;
            if (ref == 0) ref = perGpu;
            out.push_back({n, perGpu / ref});
        } catch (const std::invalid_argument&) {
            break;
        }
    }
    return out;
}

std::vector<LeverEffect> levers(const TrainingConfig& full, const CommGroup& node, const GpuSpec& gpu)
{
    std::vector<LeverEffect> out;
    auto add = [&](const std::string& id, const std::string& what, const TrainingConfig& c, const CommGroup& g) {
        try {
            const TrainingStep s = predictStep(c, g, peakTflops(gpu, c.precision));
            out.push_back({id, what, s.stepS, s.tokensPerSecond, s.mfu});
        } catch (const std::invalid_argument& e) {
            out.push_back({id, what + " (not possible: " + e.what() + ")", 0, 0, 0});
        }
    };
    add("baseline", "the workload as configured", full, node);
    TrainingConfig ga = full;
    ga.globalBatch *= 4;
    add("gradient_accumulation_x4", "4x more micro-batches per step: bubble and gradient reduction amortised", ga, node);
    if (full.precision != Precision::FP8 && gpu.fp8DenseTflops) {
        TrainingConfig f8 = full;
        f8.precision = Precision::FP8;
        add("fp8", "FP8 GEMMs (dense FP8 TFLOPS), BF16 communication", f8, node);
    }
    if (full.recompute != Recompute::None) {
        TrainingConfig nr = full;
        nr.recompute = Recompute::None;
        add("no_recompute", "keep activations instead of recomputing them (needs the memory)", nr, node);
    }
    if (gpu.scaleUp == ScaleUpKind::NVLink && full.tp * full.pp * full.dp > node.g) {
        CommGroup big = node;
        const int n = full.tp * full.pp * full.dp;
        big.n = n;
        big.g = n;
        big.k = 1;
        big.nicNodeGBps = big.intraGBps * n; // every GPU one NVLink hop from every other
        add("single_larger_server", "all " + std::to_string(n) + " GPUs in one NVLink domain instead of servers joined by NICs", full, big);
    }
    return out;
}

} // namespace model::analysis
