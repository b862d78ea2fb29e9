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

/// "tensor 8 x pipeline 16 x data 1, 125 GB per GPU" (and how many are busy when some idle).
std::string layoutWords(const TrainingConfig& c, int gpus)
{
    const int busy = c.tp * c.pp * c.dp;
    return "tensor " + std::to_string(c.tp) + " x pipeline " + std::to_string(c.pp) + " x data " + std::to_string(c.dp) +
           (busy < gpus ? " (" + formatCount(busy) + " of them busy)" : std::string()) + ", " +
           formatFigure(stateMemoryPerGpuGB(c)) + " GB per GPU";
}

/// `c` with the engine's layout on `gpus` GPUs, where its state fits `limitGB`; else nothing.
std::optional<TrainingConfig> fittingLayout(TrainingConfig c, int gpus, const CommGroup& node, double gpuMemoryGB,
                                            double limitGB)
{
    c.tp = c.pp = c.dp = 0;
    c.globalBatch = 0;
    try {
        const TrainingConfig laid = resolveLayout(c, gpus, node, gpuMemoryGB);
        if (stateMemoryPerGpuGB(laid) <= limitGB) return laid;
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
        if (stateMemoryPerGpuGB(sharded) <= limit)
            ways.push_back("shard the optimizer: " + layoutWords(sharded, gpus));
    }
    if (ways.empty()) {
        const int perServer = std::max(1, node.g);
        bool found = false;
        for (int servers = gpus / perServer + 1; servers * perServer <= kMemoryAdviceMaxGpus && !found; ++servers) {
            const int more = servers * perServer;
            if (const auto big = fittingLayout(requested, more, node, gpuMemoryGB, limit)) {
                // A layout set by hand stays as it is on more GPUs: the count holds with the engine's.
                ways.push_back(std::string(setByHand ? "add GPUs and let the engine choose the layout: " : "add GPUs: ") +
                               formatCount(more) + " GPUs" + (perServer > 1 ? " (" + formatCount(servers) + " servers of " +
                                                                                       std::to_string(perServer) + ")"
                                                                                 : std::string()) +
                               " hold it at " + layoutWords(*big, more));
                found = true;
            }
        }
        if (!found) return "no cluster of up to " + formatCount(kMemoryAdviceMaxGpus) + " of these GPUs holds it: pick GPUs with more memory";
    }
    std::string text;
    for (const std::string& w : ways) text += w + "; or ";
    return text + "pick GPUs with more memory";
}

} // namespace model::analysis
