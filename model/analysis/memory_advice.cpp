// Ways out of a workload that does not fit in GPU memory, each checked: memory_advice.hpp.
#include "model/analysis/memory_advice.hpp"

#include "model/analysis/memory_fit.hpp"
#include "model/design/part_counts.hpp"
#include "model/analysis/scaling.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
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

/// `c` with the engine's layout on `gpus` GPUs (its tensor parallel kept where `keepTp`), where
/// it fits `limitGB` with its activations; else nothing.
std::optional<TrainingConfig> fittingLayout(TrainingConfig c, int gpus, const CommGroup& node, double gpuMemoryGB,
                                            double limitGB, const LayoutTimer& timer = {}, bool keepTp = false)
{
    c.pp = c.dp = 0; // a global batch set by hand stays: the layout must divide it
    if (!keepTp) c.tp = 0;
    try {
        const TrainingConfig laid = resolveLayout(c, gpus, node, gpuMemoryGB, timer);
        if (memoryPerGpuGB(laid) <= limitGB) return laid;
    } catch (const std::invalid_argument&) {
        // no layout on this many GPUs
    }
    return std::nullopt;
}

/// A saving of GPU memory the advice may name: its words and the change it makes.
struct Saving {
    std::string words;
    std::function<void(TrainingConfig&)> apply;
};

/// The savings that apply to `requested` (laid out as `laid`), in the order they are named;
/// `hostTp` > 1 puts tensor parallel `hostTp` over host memory first, so it is dropped first.
std::vector<Saving> savingsFor(const TrainingConfig& requested, const TrainingConfig& laid, int hostTp)
{
    std::vector<Saving> savings;
    if (hostTp > 1)
        savings.push_back({"tensor parallel " + std::to_string(hostTp) + " over host-staged copies", [hostTp](TrainingConfig& c) { c.tp = hostTp; }});
    if (!requested.shardedOptimizer) savings.push_back({"shard the optimizer", [](TrainingConfig& c) { c.shardedOptimizer = true; }});
    if (laid.microBatch > 1) savings.push_back({"micro-batch 1", [](TrainingConfig& c) { c.microBatch = 1; }});
    if (!requested.sequenceParallel) savings.push_back({"sequence parallelism", [](TrainingConfig& c) { c.sequenceParallel = true; }});
    if (requested.interleave > 1) savings.push_back({"no interleaving", [](TrainingConfig& c) { c.interleave = 1; }});
    if (requested.recompute != Recompute::Full) savings.push_back({"full recompute", [](TrainingConfig& c) { c.recompute = Recompute::Full; }});
    return savings;
}

/// `requested` with the savings marked in `used` applied.
TrainingConfig withSavings(TrainingConfig c, const std::vector<Saving>& savings, const std::vector<bool>& used)
{
    for (std::size_t i = 0; i < savings.size(); ++i)
        if (used[i]) savings[i].apply(c);
    return c;
}

/// Of every saving in `savings`, whose sum holds (`holds` returns the layout, else nothing),
/// each dropped in turn where it holds without: the words of those left and their layout.
template <class Holds>
std::pair<std::vector<std::string>, TrainingConfig> neededSavings(const TrainingConfig& requested, const std::vector<Saving>& savings,
                                                                  TrainingConfig layout, const Holds& holds)
{
    std::vector<bool> used(savings.size(), true);
    for (std::size_t i = 0; i < savings.size(); ++i) {
        used[i] = false;
        if (const auto still = holds(withSavings(requested, savings, used), used)) layout = *still;
        else used[i] = true;
    }
    std::vector<std::string> words;
    for (std::size_t i = 0; i < savings.size(); ++i)
        if (used[i]) words.push_back(savings[i].words);
    return {words, layout};
}

/// "a", "a and b", "a, b and c".
std::string listWords(const std::vector<std::string>& items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) out += items[i] + (i + 2 < items.size() ? ", " : i + 1 < items.size() ? " and " : "");
    return out;
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
    const auto holdsHere = [&](TrainingConfig changed) -> std::optional<TrainingConfig> {
        try {
            changed = resolveLayout(changed, gpus, node, gpuMemoryGB, timer);
        } catch (const std::invalid_argument&) {
            return std::nullopt; // no layout with the change
        }
        if (memoryPerGpuGB(changed) <= limit) return changed;
        return std::nullopt;
    };
    const auto offer = [&](const std::string& words, const auto& change) {
        TrainingConfig changed = requested;
        change(changed);
        if (const auto held = holdsHere(changed)) ways.push_back(words + ": " + layoutWords(*held, gpus));
    };
    if (!requested.shardedOptimizer) offer("shard the optimizer", [](TrainingConfig& c) { c.shardedOptimizer = true; });
    // Activations: a smaller micro-batch (the same global batch), sequence parallelism, then
    // recomputing them; an interleave that leaves no pipeline depth, dropped.
    if (laid.microBatch > 1) offer("micro-batch 1", [](TrainingConfig& c) { c.microBatch = 1; });
    if (laid.tp > 1 && !laid.sequenceParallel) offer("sequence parallelism", [](TrainingConfig& c) { c.sequenceParallel = true; });
    if (laid.recompute != Recompute::Full) offer("full recompute", [](TrainingConfig& c) { c.recompute = Recompute::Full; });
    if (requested.interleave > 1) offer("no interleaving", [](TrainingConfig& c) { c.interleave = 1; });
    // Several at once, on these GPUs, before any are added (sequence parallelism and full
    // recompute together hold llama3-405b at micro-batch 8 on one NVL72 rack; neither alone).
    if (ways.empty()) {
        const std::vector<Saving> savings = savingsFor(requested, laid, 0);
        if (savings.size() >= 2)
            if (const auto all = holdsHere(withSavings(requested, savings, std::vector<bool>(savings.size(), true)))) {
                const auto [changes, layout] =
                    neededSavings(requested, savings, *all, [&](const TrainingConfig& c, const std::vector<bool>&) { return holdsHere(c); });
                ways.push_back(listWords(changes) + ": " + layoutWords(layout, gpus));
            }
    }
    if (ways.empty()) {
        // The fewest whole servers whose engine layout holds it as set; else, where the
        // activations alone are too large for any count, with full recompute as well; else with
        // every saving above at once (micro-batch 1 and full recompute may hold what neither
        // holds alone), then each saving the count holds without dropped again.
        const int perServer = std::max(1, node.g);
        // A layout set by hand stays as it is on more GPUs: the count holds with the engine's.
        struct Grown {
            int servers = 0;
            TrainingConfig layout;
        };
        const auto fewestServers = [&](const TrainingConfig& asked, bool keepTp = false) -> std::optional<Grown> {
            for (int servers = gpus / perServer + 1; servers * perServer <= kMemoryAdviceMaxGpus; ++servers)
                if (const auto big = fittingLayout(asked, servers * perServer, node, gpuMemoryGB, limit, timer, keepTp))
                    return Grown{servers, *big};
            return std::nullopt;
        };
        const auto addWays = [&](const std::vector<std::string>& changes, const Grown& g, bool keptTp = false) {
            std::string words;
            // "a, b and add GPUs: ", with "and let the engine choose the layout" (its rest, where
            // a tensor parallel is kept) where the design set one by hand: the count holds with
            // the engine's.
            std::vector<std::string> items = changes;
            items.emplace_back("add GPUs");
            if (setByHand) items.emplace_back(keptTp ? "let the engine choose the rest of the layout" : "let the engine choose the layout");
            words += listWords(items) + ": ";
            const int more = g.servers * perServer;
            words += formatCount(more) + " GPUs";
            if (perServer > 1 || (!growth.serversNetworked && g.servers > 1))
                words += " (" + formatCount(g.servers) + " " + serverNoun(growth.serverKind, g.servers) + " of " + std::to_string(perServer) +
                         (!growth.serversNetworked && g.servers > 1 ? ", each given a compute NIC, which this " + serverNoun(growth.serverKind, 1) + " lacks" : "") + ")";
            words += " hold it at " + layoutWords(g.layout, more);
            if (growth.providerMaxGpus > 0 && more > growth.providerMaxGpus)
                words += ", past the provider's limit of " + formatCount(growth.providerMaxGpus) + " GPUs";
            ways.push_back(words);
        };
        std::optional<Grown> grown = fewestServers(requested);
        if (grown) addWays({}, *grown);
        if (!grown && requested.recompute != Recompute::Full) {
            TrainingConfig full = requested;
            full.recompute = Recompute::Full;
            if ((grown = fewestServers(full))) addWays({"full recompute"}, *grown);
        }
        if (!grown) {
            // Over host-staged copies the engine's search keeps tensor parallel at 1
            // (layout_search.cpp); a tensor-parallel group over host memory still holds a
            // shard of every layer, so it is a saving too, the last: the design's own tp where
            // set, else the largest Megatron takes within a server.
            std::vector<int> hostTps; // the design's own tp first, then the largest
            if (node.intraPath == IntraPath::HostStaged) {
                if (requested.tp > 1) hostTps.push_back(requested.tp);
                for (int t = std::min(8, node.g); t >= 2; --t)
                    if (node.g % t == 0 && tensorParallelProblem(requested.model, t, node.g, true).empty()) {
                        if (hostTps.empty() || hostTps.front() != t) hostTps.push_back(t);
                        break;
                    }
            }
            int hostTp = 0;
            // Every saving at once on the fewest servers that hold it, then those the count
            // holds without dropped; tensor parallel over host memory only where nothing else
            // holds it.
            const auto tryAll = [&](bool withHostTp) {
                const std::vector<Saving> savings = savingsFor(requested, laid, withHostTp ? hostTp : 0);
                const auto keepsTp = [&](const std::vector<bool>& used) { return withHostTp && used[0]; };
                const std::vector<bool> all(savings.size(), true);
                // Full recompute alone was tried above.
                const bool onlyRecompute = savings.size() == 1 && requested.recompute != Recompute::Full;
                if (savings.empty() || onlyRecompute || !(grown = fewestServers(withSavings(requested, savings, all), keepsTp(all)))) return;
                const int more = grown->servers * perServer;
                const auto [changes, layout] = neededSavings(requested, savings, grown->layout, [&](const TrainingConfig& c, const std::vector<bool>& used) {
                    return fittingLayout(c, more, node, gpuMemoryGB, limit, timer, keepsTp(used));
                });
                grown->layout = layout;
                addWays(changes, *grown, withHostTp && !changes.empty() && changes.front() == savings.front().words);
            };
            tryAll(false);
            for (std::size_t i = 0; i < hostTps.size() && !grown; ++i) {
                hostTp = hostTps[i];
                tryAll(true);
            }
        }
        if (!grown) return "no cluster of up to " + formatCount(kMemoryAdviceMaxGpus) + " of these GPUs holds it: pick GPUs with more memory";
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
