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
                                            double limitGB, const LayoutTimer& timer = {})
{
    c.tp = c.pp = c.dp = 0; // a global batch set by hand stays: the layout must divide it
    try {
        const TrainingConfig laid = resolveLayout(c, gpus, node, gpuMemoryGB, timer);
        if (memoryPerGpuGB(laid) <= limitGB) return laid;
    } catch (const std::invalid_argument&) {
        // no layout on this many GPUs
    }
    return std::nullopt;
}

/// `count` servers of catalog kind `kind` in words: "racks" (an NVL72 rack is one server of
/// 72 GPUs), "workstations", "instances", else "servers"; singular for 1.
std::string unitsWord(const std::string& kind, int count)
{
    const std::string one = kind == "rack" ? "rack" : kind == "workstation" ? "workstation" : kind == "cloud_instance" ? "instance" : "server";
    return count == 1 ? one : one + "s";
}

} // namespace

std::string memoryWaysOut(const TrainingConfig& requested, const TrainingConfig& laid, int gpus, const CommGroup& node,
                          double gpuMemoryGB, const LayoutTimer& timer, const GrowthContext& growth)
{
    const double limit = kMemoryLimitShare * gpuMemoryGB;
    std::vector<std::string> ways;
    const bool setByHand = requested.tp > 0 || requested.pp > 0 || requested.dp > 0;
    if (setByHand)
        if (const auto own = fittingLayout(requested, gpus, node, gpuMemoryGB, limit, timer))
            ways.push_back("let the engine choose the layout: " + layoutWords(*own, gpus));
    // One setting changed, the layout as the design would then get it: fields set by hand
    // stay, the engine chooses the rest with the change (micro-batch 1 on 48 GPUs is dp 48 for
    // llama3-8b, not the tp 8 x pp 6 that a micro-batch of 64 forced).
    const auto offer = [&](const std::string& words, const auto& change) {
        TrainingConfig changed = requested;
        change(changed);
        try {
            changed = resolveLayout(changed, gpus, node, gpuMemoryGB, timer);
        } catch (const std::invalid_argument&) {
            return; // no layout with the change
        }
        if (memoryPerGpuGB(changed) <= limit) ways.push_back(words + ": " + layoutWords(changed, gpus));
    };
    if (!requested.shardedOptimizer) offer("shard the optimizer", [](TrainingConfig& c) { c.shardedOptimizer = true; });
    // Activations: a smaller micro-batch (the same global batch), sequence parallelism, then
    // recomputing them; an interleave that leaves no pipeline depth, dropped.
    if (laid.microBatch > 1) offer("micro-batch 1", [](TrainingConfig& c) { c.microBatch = 1; });
    if (laid.tp > 1 && !laid.sequenceParallel) offer("sequence parallelism", [](TrainingConfig& c) { c.sequenceParallel = true; });
    if (laid.recompute != Recompute::Full) offer("full recompute", [](TrainingConfig& c) { c.recompute = Recompute::Full; });
    if (requested.interleave > 1) offer("no interleaving", [](TrainingConfig& c) { c.interleave = 1; });
    if (ways.empty()) {
        // The fewest whole servers whose engine layout holds it as set; else, where the
        // activations alone are too large for any count, with full recompute as well; else with
        // every saving above at once (micro-batch 1 and full recompute may hold what neither
        // holds alone).
        const int perServer = std::max(1, node.g);
        // A layout set by hand stays as it is on more GPUs: the count holds with the engine's.
        const std::string lead = setByHand ? "add GPUs and let the engine choose the layout: " : "add GPUs: ";
        auto addGpus = [&](const TrainingConfig& asked, std::vector<std::string> changes) {
            for (int servers = gpus / perServer + 1; servers * perServer <= kMemoryAdviceMaxGpus; ++servers) {
                const int more = servers * perServer;
                const auto big = fittingLayout(asked, more, node, gpuMemoryGB, limit, timer);
                if (!big) continue;
                if (asked.sequenceParallel && !requested.sequenceParallel && big->tp > 1) changes.push_back("sequence parallelism");
                std::string words;
                for (std::size_t i = 0; i < changes.size(); ++i)
                    words += changes[i] + (i + 1 < changes.size() ? ", " : " and ");
                words += lead + formatCount(more) + " GPUs";
                if (perServer > 1)
                    words += " (" + formatCount(servers) + " " + unitsWord(growth.serverKind, servers) + " of " + std::to_string(perServer) + ")";
                words += " hold it at " + layoutWords(*big, more);
                if (growth.providerMaxGpus > 0 && more > growth.providerMaxGpus)
                    words += ", past the provider's limit of " + formatCount(growth.providerMaxGpus) + " GPUs";
                ways.push_back(words);
                return true;
            }
            return false;
        };
        bool found = addGpus(requested, {});
        if (!found && requested.recompute != Recompute::Full) {
            TrainingConfig full = requested;
            full.recompute = Recompute::Full;
            found = addGpus(full, {"full recompute"});
        }
        if (!found) {
            TrainingConfig all = requested;
            std::vector<std::string> changes;
            if (!all.shardedOptimizer) { all.shardedOptimizer = true; changes.push_back("shard the optimizer"); }
            if (laid.microBatch > 1) { all.microBatch = 1; changes.push_back("micro-batch 1"); }
            all.sequenceParallel = true; // named where the layout found has tensor parallel
            if (all.interleave > 1) { all.interleave = 1; changes.push_back("no interleaving"); }
            const bool beyondRecompute = !changes.empty() || (!requested.sequenceParallel && node.g > 1);
            if (all.recompute != Recompute::Full) { all.recompute = Recompute::Full; changes.push_back("full recompute"); }
            if (beyondRecompute) found = addGpus(all, changes);
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
