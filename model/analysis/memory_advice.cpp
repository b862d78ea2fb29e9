// Ways out of a workload that does not fit in GPU memory, each checked: memory_advice.hpp.
#include "model/analysis/memory_advice.hpp"

#include "model/analysis/memory_fit.hpp"
#include "model/analysis/scaling.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace model::analysis {

namespace {

/// "tensor 8 x pipeline 16 x data 1, 125 GB per GPU" (and how many are busy when some idle),
/// the GB with activations (memoryPerGpuGB).
std::string layoutWords(const TrainingConfig& c, int gpus)
{
    const int busy = c.tp * c.pp * c.dp;
    return "tensor " + std::to_string(c.tp) + " x pipeline " + std::to_string(c.pp) + " x data " + std::to_string(c.dp) +
           (busy < gpus ? " (" + formatCount(busy) + " of them busy)" : std::string()) + ", " +
           formatFigure(memoryPerGpuGB(c)) + " GB per GPU";
}

/// `c` with the engine's layout on `gpus` GPUs, where it fits `limitGB` with its activations;
/// else nothing.
std::optional<TrainingConfig> fittingLayout(TrainingConfig c, int gpus, const CommGroup& node, double gpuMemoryGB,
                                            double limitGB)
{
    c.tp = c.pp = c.dp = 0;
    c.globalBatch = 0;
    try {
        const TrainingConfig laid = resolveLayout(c, gpus, node, gpuMemoryGB);
        if (memoryPerGpuGB(laid) <= limitGB) return laid;
    } catch (const std::invalid_argument&) {
        // no layout on this many GPUs
    }
    return std::nullopt;
}

} // namespace

std::string memoryWaysOut(const TrainingConfig& requested, const TrainingConfig& laid, int gpus, const CommGroup& node,
                          double gpuMemoryGB)
{
    const double limit = kMemoryLimitShare * gpuMemoryGB;
    std::vector<std::string> ways;
    const bool setByHand = requested.tp > 0 || requested.pp > 0 || requested.dp > 0;
    if (setByHand)
        if (const auto own = fittingLayout(requested, gpus, node, gpuMemoryGB, limit))
            ways.push_back("let the engine choose the layout: " + layoutWords(*own, gpus));
    if (!requested.shardedOptimizer) {
        TrainingConfig sharded = laid;
        sharded.shardedOptimizer = true;
        if (memoryPerGpuGB(sharded) <= limit)
            ways.push_back("shard the optimizer: " + layoutWords(sharded, gpus));
    }
    // Activations: a smaller micro-batch (the same global batch), sequence parallelism, then
    // recomputing them.
    if (laid.microBatch > 1) {
        TrainingConfig one = laid;
        one.microBatch = 1;
        if (memoryPerGpuGB(one) <= limit) ways.push_back("micro-batch 1: " + layoutWords(one, gpus));
    }
    if (laid.tp > 1 && !laid.sequenceParallel) {
        TrainingConfig sp = laid;
        sp.sequenceParallel = true;
        if (memoryPerGpuGB(sp) <= limit) ways.push_back("sequence parallelism: " + layoutWords(sp, gpus));
    }
    if (laid.recompute != Recompute::Full) {
        TrainingConfig full = laid;
        full.recompute = Recompute::Full;
        if (memoryPerGpuGB(full) <= limit) ways.push_back("full recompute: " + layoutWords(full, gpus));
    }
    if (ways.empty()) {
        // The fewest whole servers whose engine layout holds it as set; else, where the
        // activations alone are too large for any count, with full recompute as well.
        const int perServer = std::max(1, node.g);
        auto addGpus = [&](const TrainingConfig& asked, const std::string& lead) {
            for (int servers = gpus / perServer + 1; servers * perServer <= kMemoryAdviceMaxGpus; ++servers) {
                const int more = servers * perServer;
                if (const auto big = fittingLayout(asked, more, node, gpuMemoryGB, limit)) {
                    ways.push_back(lead + formatCount(more) + " GPUs" +
                                   (perServer > 1 ? " (" + formatCount(servers) + " servers of " + std::to_string(perServer) + ")"
                                                  : std::string()) +
                                   " hold it at " + layoutWords(*big, more));
                    return true;
                }
            }
            return false;
        };
        // A layout set by hand stays as it is on more GPUs: the count holds with the engine's.
        const std::string lead = setByHand ? "add GPUs and let the engine choose the layout: " : "add GPUs: ";
        bool found = addGpus(requested, lead);
        if (!found && requested.recompute != Recompute::Full) {
            TrainingConfig full = requested;
            full.recompute = Recompute::Full;
            found = addGpus(full, "full recompute and " + lead);
        }
        if (!found) return "no cluster of up to " + formatCount(kMemoryAdviceMaxGpus) + " of these GPUs holds it: pick GPUs with more memory";
    }
    std::string text;
    for (const std::string& w : ways) text += w + "; or ";
    return text + "pick GPUs with more memory";
}

} // namespace model::analysis

namespace model::analysis {

std::string memoryNeedWords(double stateGB, double activationsGB)
{
    return formatFigure(stateGB + activationsGB) + " GB per GPU (" + formatFigure(stateGB) +
           " of weights, gradients and optimizer state, " + formatFigure(activationsGB) + " of activations)";
}

} // namespace model::analysis
