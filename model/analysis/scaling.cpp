// Scaling curves and levers (engine_formulas.md §10.5, issue 5 item 4); the layout choice is
// layout_search.cpp.
#include "model/analysis/scaling.hpp"

#include "model/analysis/memory_fit.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

namespace model::analysis {

double peakTflops(const GpuSpec& gpu, Precision p) noexcept
{
    const double bf16 = gpu.bf16DenseTflops.value_or(0.0);
    switch (p) {
    case Precision::BF16:
    case Precision::FP16: return bf16;
    case Precision::FP8: return gpu.fp8DenseTflops.value_or(bf16);
    case Precision::FP32: return bf16 / 2.0;
    }
    return bf16;
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
/// The layout of `full` shrunk to `n` GPUs: tp capped, pp as deep as `full` where the GPUs
/// and the layers allow it (else the deepest split below that they allow), dp = what is left. At the
/// design's own count (n at least tp x pp x dp of `full`) the layout is `full` itself, idle
/// GPUs included, so the curve ends on the step the design reports.
TrainingConfig shrink(const TrainingConfig& full, int n)
{
    TrainingConfig c = full;
    if (n < full.tp * full.pp * full.dp) {
        c.tp = std::min(full.tp, n);
        // Heads only: the full layout's tp already keeps its groups inside a server.
        while (n % c.tp != 0 || !tensorParallelProblem(c.model, c.tp, 0, false).empty()) --c.tp;
        // Never fewer pipeline stages than the full layout where the count allows it (fewer
        // would not hold the model's weights and optimizer state, as resolveLayout found): the
        // fewest stages from there up that divide the GPUs left after tensor parallelism. 72
        // GPUs of a tp 8 x pp 2 layout are pp 3 x dp 3, not pp 1 x dp 9 (a layout of no memory
        // fit, which made 72 GPUs as efficient as 8).
        // The depth must also be one the model takes (pipelineProblem: no more stages than
        // layers); where no depth from there up is, the deepest one below that is (1 always is).
        const int groups = n / c.tp;
        const auto usable = [&](int pp) { return groups % pp == 0 && pipelineProblem(c.model, pp, 1).empty(); };
        c.pp = std::min(full.pp, groups);
        while (c.pp < groups && !usable(c.pp)) ++c.pp;
        if (!usable(c.pp))
            for (c.pp = std::min(full.pp, groups); c.pp > 1 && !usable(c.pp);) --c.pp;
        c.dp = groups / c.pp;
    }
    c.interleave = c.pp > 1 && pipelineProblem(c.model, c.pp, full.interleave).empty() ? full.interleave : 1;
    return c;
}

CommGroup nodeFor(const CommGroup& node, int n, const FabricPlacer& fabric)
{
    CommGroup g = n > node.g && fabric ? fabric(node, n) : node;
    if (n < node.g) { g.n = n; g.g = n; }
    return g;
}
} // namespace

std::vector<ScalingPoint> weakScaling(const TrainingConfig& full, const CommGroup& node, double peak, int total, const FabricPlacer& fabric,
                                      double memoryLimitGB)
{
    std::vector<ScalingPoint> out;
    const int m = std::max(1, full.globalBatch / (full.dp * full.microBatch));
    // One GPU alone: compute only, same micro-batches per step.
    TrainingConfig one = shrink(full, 1);
    one.globalBatch = one.microBatch * m;
    const TrainingStep base = predictStep(one, nodeFor(node, 1, fabric), peak);
    const double basePerGpu = base.tokensPerSecond;
    for (int n : scalingCounts(node.g, total)) {
        TrainingConfig c = shrink(full, n);
        const long long batch = static_cast<long long>(c.dp) * c.microBatch * m;
        if (batch > kMaxGlobalBatch) continue; // no batch that large: a count the layout cannot use
        c.globalBatch = static_cast<int>(batch);
        try {
            const TrainingStep s = predictStep(c, nodeFor(node, n, fabric), peak);
            out.push_back({n, std::clamp(s.tokensPerSecond / n / basePerGpu, 0.0, 1.0), !(memoryLimitGB > 0) || s.memoryPerGpuGB <= memoryLimitGB});
        } catch (const std::invalid_argument&) {
            // a count the layout cannot use is skipped
        }
    }
    return out;
}

std::vector<ScalingPoint> strongScaling(const TrainingConfig& full, const CommGroup& node, double peak, int total, const FabricPlacer& fabric,
                                        double memoryLimitGB)
{
    std::vector<ScalingPoint> out;
    const int replica = full.tp * full.pp;
    // Doubling from one replica, and the design's own count of busy GPUs where doubling
    // passes it (3 replicas of 16 on 48 GPUs: 16, 32 and 48).
    std::vector<int> counts;
    for (int n = replica; n <= total; n *= 2) counts.push_back(n);
    const int own = replica * full.dp;
    if (own <= total && std::find(counts.begin(), counts.end(), own) == counts.end()) counts.push_back(own);
    std::sort(counts.begin(), counts.end());
    double ref = 0;
    for (int n : counts) {
        TrainingConfig c = full;
        c.dp = n / replica;
        const long long perMicroStep = static_cast<long long>(c.dp) * c.microBatch;
        if (perMicroStep > full.globalBatch) break;
        c.globalBatch = static_cast<int>(perMicroStep * std::llround(static_cast<double>(full.globalBatch) / static_cast<double>(perMicroStep)));
        try {
            const TrainingStep s = predictStep(c, nodeFor(node, n, fabric), peak);
            const double perGpu = s.tokensPerSecond / n;
            if (ref == 0) ref = perGpu;
            out.push_back({n, perGpu / ref, !(memoryLimitGB > 0) || s.memoryPerGpuGB <= memoryLimitGB});
        } catch (const std::invalid_argument&) {
            break;
        }
    }
    return out;
}

std::vector<LeverEffect> levers(const TrainingConfig& full, const CommGroup& node, const GpuSpec& gpu, const FabricPlacer& fabric)
{
    std::vector<LeverEffect> out;
    // Where the baseline fits, a lever whose run would not is no lever; where it does not, every
    // lever is a what-if of a run that cannot start, and is shown as such.
    const double limitGB = kMemoryLimitShare * gpu.memoryGB.value_or(0.0);
    const bool baselineFits = limitGB <= 0 || memoryPerGpuGB(full) <= limitGB;
    auto add = [&](const std::string& id, const std::string& what, const TrainingConfig& c, const CommGroup& g) {
        if (baselineFits && id != "baseline" && limitGB > 0 && memoryPerGpuGB(c) > limitGB) {
            out.push_back({id, what + " (not possible in this layout: " + formatFigure(memoryPerGpuGB(c)) +
                                   " GB per GPU, more than the " + formatFigure(limitGB) + " GB that fit)",
                           0, 0, 0});
            return;
        }
        try {
            const TrainingStep s = predictStep(c, g, peakTflops(gpu, c.precision));
            out.push_back({id, what, s.stepS, s.tokensPerSecond, s.mfu});
        } catch (const std::invalid_argument& e) {
            out.push_back({id, what + " (not possible: " + e.what() + ")", 0, 0, 0});
        }
    };
    // The design's fabric as the whole job's GPUs meet it (the larger-server lever has none).
    const CommGroup placed = nodeFor(node, full.tp * full.pp * full.dp, fabric);
    add("baseline", "the workload as configured", full, placed);
    const std::string gaWhat = "4x more micro-batches per step: bubble and gradient reduction amortised";
    if (static_cast<long long>(full.globalBatch) * 4 > kMaxGlobalBatch) {
        out.push_back({"gradient_accumulation_x4", gaWhat + " (not possible: a global batch of " +
                                                       formatCount(4.0 * full.globalBatch) + " sequences, more than the " +
                                                       formatCount(kMaxGlobalBatch) + " one may hold)",
                       0, 0, 0});
    } else {
        TrainingConfig ga = full;
        ga.globalBatch *= 4;
        add("gradient_accumulation_x4", gaWhat, ga, placed);
    }
    if (full.precision != Precision::FP8 && gpu.fp8DenseTflops) {
        TrainingConfig f8 = full;
        f8.precision = Precision::FP8;
        add("fp8", "FP8 GEMMs (dense FP8 TFLOPS), BF16 communication", f8, placed);
    }
    // (Selective recompute with flash attention recomputes nothing: no lever.)
    if (full.recompute == Recompute::Full || (full.recompute == Recompute::Selective && !full.flashAttention)) {
        TrainingConfig nr = full;
        nr.recompute = Recompute::None;
        add("no_recompute", "keep activations instead of recomputing them (needs the memory)", nr, placed);
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
