// Layout choice: which tensor x pipeline x data-parallel split a design trains with where it
// leaves the split to the engine, and why GPUs stay idle (layout_search.hpp).
#include "model/analysis/layout_search.hpp"

#include "model/analysis/memory_fit.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace model::analysis {

namespace {

/// Data-parallel replicas of `c` split into replicas of `replica` GPUs on `gpus` GPUs: dp as
/// set, else as many as the GPUs hold, fewer where a global batch set for the design must be a
/// multiple of dp x micro-batch (Megatron-LM's rule; predictStep refuses others). 0 when no
/// count of replicas divides that batch.
int replicasFor(const TrainingConfig& c, long long replica, int gpus)
{
    if (c.dp > 0) return c.dp;
    const int most = static_cast<int>(gpus / replica);
    if (c.globalBatch <= 0 || most < 1) return most;
    const int micro = std::max(1, c.microBatch);
    if (c.globalBatch % micro != 0) return 0;
    // The largest divisor of globalBatch / micro-batch not above `most`, from its divisors
    // (O(sqrt) once per batch: the memory advice asks for thousands of GPU counts, and
    // counting dp down one at a time took seconds).
    const long long perMicro = c.globalBatch / micro;
    if (most >= perMicro) return static_cast<int>(perMicro);
    thread_local long long cachedFor = -1;
    thread_local std::vector<long long> divisors;
    if (cachedFor != perMicro) {
        divisors.clear();
        for (long long i = 1; i * i <= perMicro; ++i)
            if (perMicro % i == 0) {
                divisors.push_back(i);
                if (i != perMicro / i) divisors.push_back(perMicro / i);
            }
        std::sort(divisors.begin(), divisors.end());
        cachedFor = perMicro;
    }
    const auto above = std::upper_bound(divisors.begin(), divisors.end(), static_cast<long long>(most));
    return above == divisors.begin() ? 0 : static_cast<int>(*(above - 1));
}

/// `c` split tp x pp x dp holds its weights, gradients and optimizer state within `share` of
/// `gpuMemoryGB` (decimal GB), and with the activations of the first stage within
/// kMemoryLimitShare. Always true without a memory size.
bool splitFits(const TrainingConfig& c, int tp, int pp, int dp, double gpuMemoryGB, double share)
{
    if (gpuMemoryGB <= 0) return true;
    TrainingConfig laid = c;
    laid.tp = tp;
    laid.pp = pp;
    laid.dp = std::max(1, dp);
    // A gradient accumulation set for the design holds that many micro-batches, not pp.
    if (laid.globalBatch <= 0 && laid.gradAccumulation > 0)
        laid.globalBatch = static_cast<int>(std::min<long long>(
            kMaxGlobalBatch, static_cast<long long>(laid.dp) * std::max(1, laid.microBatch) * laid.gradAccumulation));
    const double state = stateMemoryPerGpuGB(laid);
    return state <= share * gpuMemoryGB && state + activationMemoryPerGpuGB(laid) <= kMemoryLimitShare * gpuMemoryGB;
}

/// The pipeline depths resolveLayout tries for `layers` layers, ascending: each the fewest
/// stages for its largest stage, the values of ceil(layers / k) for k = 1..layers (7 stages of
/// 96 layers, 14 on the largest, is one; 17, whose largest holds 6 as 16 stages' do, is not: it
/// holds as much a GPU with more stages and a larger bubble). Found in O(sqrt(layers)) steps by
/// jumping from each to the next k whose ceiling is smaller, so neither the search nor the
/// memory advice's over GPU counts scales with the layer count.
std::vector<int> fewestStageDepths(int layers)
{
    std::vector<int> out;
    for (int k = 1; k <= layers;) {
        const int pp = (layers + k - 1) / k;
        out.push_back(pp);
        if (pp == 1) break;
        k = (layers + pp - 2) / (pp - 1); // smallest k with ceil(layers / k) <= pp - 1
    }
    std::reverse(out.begin(), out.end());
    return out;
}

/// Tensor parallel sizes resolveLayout tries for `m` on `gpus` GPUs of servers like `node`,
/// largest first: `setTp` alone where the design sets it; else, inside an NVLink domain, every
/// size up to 8 that divides the server's GPUs and that Megatron takes (tensorParallelProblem:
/// the heads divide, groups never cross servers), 3 and 6 too (an NVL72 rack's 72 GPUs); the
/// same sizes over PCIe peer-to-peer (one 8 x L40S server holds llama3-8b at tp 2 x pp 2 x dp 2,
/// at no depth with tp 1), each timed like any other split; 1 over host-staged copies.
std::vector<int> tensorSplits(const TransformerModel& m, int gpus, const CommGroup& node, int setTp)
{
    if (setTp > 0) return {setTp};
    std::vector<int> out;
    // Over host-staged copies (no PCIe peer-to-peer: RTX 4090, 5090) every tensor-parallel
    // all-reduce, two a layer in the forward pass and two in the backward (Megatron-LM,
    // Shoeybi et al. 2019 section 3), crosses host memory twice: tp stays 1 there.
    const int largest = node.intraPath == IntraPath::HostStaged ? 1 : std::min({8, std::max(1, node.g), gpus});
    for (int tp = largest; tp >= 1; --tp)
        if (tp == 1 || (node.g % tp == 0 && tensorParallelProblem(m, tp, node.g, gpus > node.g).empty())) out.push_back(tp);
    return out;
}

/// `c` with tp and pp set (dp and the global batch may be 0) checked and completed on `gpus`
/// GPUs: dp as replicasFor gives it, the global batch as resolveLayout documents (with
/// `stagesFloor` false, the published batch in whole micro-batches per replica even where that
/// leaves fewer micro-batches than stages).
/// @throws std::invalid_argument as resolveLayout.
TrainingConfig completeLayout(TrainingConfig c, int gpus, bool stagesFloor = true)
{
    if (const std::string why = pipelineProblem(c.model, c.pp, c.interleave); !why.empty()) throw std::invalid_argument(why);
    const long long replica = static_cast<long long>(c.tp) * c.pp;
    if (replica > gpus) // said "x dp 0" for a data parallel left to the engine
        throw std::invalid_argument("tensor parallel " + std::to_string(c.tp) + " x pipeline parallel " + std::to_string(c.pp) +
                                    " needs " + std::to_string(replica) + " GPUs a replica, more than the " + std::to_string(gpus) +
                                    " GPUs available");
    if (c.dp == 0) {
        c.dp = replicasFor(c, replica, gpus);
        if (c.dp < 1)
            throw std::invalid_argument("global batch " + std::to_string(c.globalBatch) + " is not a multiple of the micro-batch " +
                                        std::to_string(c.microBatch));
    }
    if (c.dp < 1 || c.tp * c.pp * c.dp > gpus)
        throw std::invalid_argument("tp " + std::to_string(c.tp) + " x pp " + std::to_string(c.pp) + " x dp " +
                                    std::to_string(c.dp) + " needs more than the " + std::to_string(gpus) + " GPUs available");
    if (c.globalBatch == 0) {
        // The model's published batch (or 4M tokens) in whole micro-batches per replica, and
        // never fewer micro-batches than pipeline stages: with m < pp the pipeline never fills
        // (bubble (pp - 1) / m, Narayanan et al. 2021 section 2.2).
        const long long perMicroStep = static_cast<long long>(c.dp) * c.microBatch;
        long long m = c.gradAccumulation;
        if (m <= 0) {
            m = std::max(1LL, std::llround(static_cast<double>(defaultGlobalBatch(c.model)) / static_cast<double>(perMicroStep)));
            if (stagesFloor) m = std::max<long long>(m, c.pp);
        }
        if (perMicroStep * m > kMaxGlobalBatch)
            throw std::invalid_argument("a global batch of data parallel " + formatCount(c.dp) + " x micro-batch " +
                                        formatCount(c.microBatch) + " x " + formatCount(static_cast<double>(m)) +
                                        (m == 1 ? " micro-batch" : " micro-batches") + " = " +
                                        formatCount(static_cast<double>(perMicroStep * m)) + " sequences, more than the " +
                                        formatCount(kMaxGlobalBatch) + " one may hold");
        c.globalBatch = static_cast<int>(perMicroStep * m);
    }
    return c;
}

/// Whether `memoryGB` per GPU leaves headroom on a GPU of `gpuMemoryGB`: at most
/// kLayoutMemoryShare of it (always, with no memory size).
bool leavesHeadroom(double memoryGB, double gpuMemoryGB) noexcept
{
    return gpuMemoryGB <= 0 || memoryGB <= kLayoutMemoryShare * gpuMemoryGB;
}

/// What `timer` gives `c` split tp x pp x dp on `gpus` GPUs, completed as resolveLayout
/// completes it: tokens per second (-1 when the split cannot run), memory per GPU (GB) and
/// whether its global batch is the one asked for: not raised to give its pipeline as many
/// micro-batches as stages (gpt3-175b's published 1,536 sequences at tp 8 x pp 48 x dp 42 on
/// 16,384 GPUs would be 2,016), and, where the design sets no batch, not more than
/// kPublishedBatchTolerance above the model's published one (helper-92: llama3-8b on 1,024 GPUs
/// took tp 1 x dp 1,024 at 1,024 sequences, twice the published 512, over tp 2 x dp 512 at 512).
struct TimedSplit {
    double tokensPerSecond = -1.0;
    double memoryPerGpuGB = 0.0;
    bool keepsBatch = true;
};

TimedSplit timedSplit(const LayoutTimer& timer, TrainingConfig c, int tp, int pp, int dp, int gpus)
{
    c.tp = tp;
    c.pp = pp;
    c.dp = dp;
    try {
        const TrainingConfig laid = completeLayout(c, gpus);
        const bool ownBatch = c.globalBatch > 0 || c.gradAccumulation > 0;
        const bool notRaised = laid.globalBatch == completeLayout(c, gpus, false).globalBatch;
        const bool published = ownBatch || laid.globalBatch <= (1.0 + kPublishedBatchTolerance) * defaultGlobalBatch(c.model);
        return {timer(laid), memoryPerGpuGB(laid), notRaised && published};
    } catch (const std::invalid_argument&) {
        return {};
    }
}

} // namespace

TrainingConfig resolveLayout(TrainingConfig c, int gpus, const CommGroup& node, double gpuMemoryGB, const LayoutTimer& timer,
                             LayoutTradeoff* tradeoff)
{
    if (gpus < 1) throw std::invalid_argument("no GPUs to train on");
    const std::vector<int> tps = tensorSplits(c.model, gpus, node, c.tp);
    const int maxTp = tps.front();
    auto fits = [&](int tp, int pp, int dp, double share) { return splitFits(c, tp, pp, dp, gpuMemoryGB, share); };
    if (c.tp == 0 || c.pp == 0) {
        // Every pipeline depth up to the layer count that is the fewest stages for its largest
        // stage is tried, not only powers of two (105 layers split 35 ways); an uneven one pays
        // its imbalance in memory here and in time in predictStep.
        std::vector<std::pair<int, int>> splits; // (tp, pp)
        std::vector<int> pps;
        if (c.pp > 0) pps.push_back(c.pp);
        else if (c.model.layers <= 0)
            for (int pp = 1; pp <= gpus; pp *= 2) pps.push_back(pp);
        else
            for (int pp : fewestStageDepths(c.model.layers))
                if (pp <= gpus && pipelineProblem(c.model, pp, c.interleave).empty()) pps.push_back(pp);
        for (int tp : tps)
            for (int pp : pps)
                if (static_cast<long long>(tp) * pp <= gpus) splits.emplace_back(tp, pp);
        std::sort(splits.begin(), splits.end(), [](const auto& a, const auto& b) {
            const long long pa = static_cast<long long>(a.first) * a.second, pb = static_cast<long long>(b.first) * b.second;
            return pa != pb ? pa < pb : a.first > b.first;
        });
        int bestTp = c.tp > 0 ? c.tp : maxTp, bestPp = c.pp > 0 ? c.pp : 1, bestDp = 0;
        // A split that fits kMemoryLimitShare with its activations is scored by the GPUs it
        // keeps usefully busy: tp x pp x floor(gpus / (tp x pp)) / pipelineImbalance / (1 +
        // bubble), so idle GPUs, an uneven pipeline and a deep one's bubble cost alike. The most wins; at equal scores the one with
        // fewer idle GPUs, then one whose state also fits kLayoutMemoryShare, the smallest
        // product among those (least bubble, tensor parallel first), else the largest product
        // (most headroom). When nothing fits, the
        // largest split that uses every GPU (largest tp), for the warning to size.
        double bestScore = -1.0;
        bool bestHeadroom = false, anyFits = false;
        struct Fitting {
            int tp, pp, dp;
        };
        std::vector<Fitting> fitting; // every split that fits, for the timer
        long long bestProduct = 0, bestBusy = 0;
        for (const auto& [tp, pp] : splits) {
            const long long prod = static_cast<long long>(tp) * pp;
            const int dp = replicasFor(c, prod, gpus);
            if (dp < 1 || static_cast<long long>(dp) * prod > gpus || !fits(tp, pp, dp, kMemoryLimitShare)) {
                // Nothing fits yet: remember the largest split that uses every GPU (with a data
                // parallel set by hand, the largest its replicas leave room for).
                const bool room = c.dp > 0 ? prod * c.dp <= gpus : gpus % prod == 0;
                if (!anyFits && room && prod > bestProduct) { bestTp = tp; bestPp = pp; bestProduct = prod; }
                continue;
            }
            // Micro-batches per pipeline as the global batch below will give them, and the
            // 1F1B bubble they leave, (pp - 1) / (v m) of the compute (Narayanan et al. 2021).
            const double replicas = static_cast<double>(dp) * std::max(1, c.microBatch);
            const double m = c.globalBatch > 0      ? std::max(1.0, std::floor(c.globalBatch / replicas))
                             : c.gradAccumulation > 0 ? c.gradAccumulation
                                                      : std::max<double>(pp, std::round(defaultGlobalBatch(c.model) / replicas));
            fitting.push_back({tp, pp, dp});
            const double bubble = (pp - 1.0) / (std::max(1, c.interleave) * m);
            const long long busy = dp * prod;
            const double score = static_cast<double>(busy) / pipelineImbalance(c.model, pp) / (1.0 + bubble);
            const bool headroom = fits(tp, pp, dp, kLayoutMemoryShare);
            const bool tie = std::fabs(score - bestScore) <= 1e-9 * std::max(1.0, score);
            const bool better = !anyFits || (!tie && score > bestScore) ||
                                (tie && (busy != bestBusy ? busy > bestBusy
                                         : headroom != bestHeadroom ? headroom
                                                                    : !headroom && prod > bestProduct));
            if (better) {
                bestTp = tp;
                bestPp = pp;
                bestScore = score;
                bestHeadroom = headroom;
                bestProduct = prod;
                bestBusy = busy;
                bestDp = dp;
                anyFits = true;
            }
        }
        if (timer && fitting.size() > 1) {
            // The engine's own step decides; within kLayoutSpeedTolerance of the fastest, a
            // split that leaves memory headroom goes first. The score's choice, first, stands
            // at equal speed.
            fitting.insert(fitting.begin(), Fitting{bestTp, bestPp, bestDp});
            // Splits that keep the global batch asked for compete first: no split wins by
            // training a larger batch than the model's published one.
            std::vector<TimedSplit> timed;
            bool anyKeeps = false;
            for (const Fitting& f : fitting) {
                timed.push_back(timedSplit(timer, c, f.tp, f.pp, f.dp, gpus));
                anyKeeps = anyKeeps || (timed.back().tokensPerSecond > 0 && timed.back().keepsBatch);
            }
            const auto competes = [&](const TimedSplit& t) { return t.tokensPerSecond > 0 && (t.keepsBatch || !anyKeeps); };
            double fastest = 0.0;
            for (const TimedSplit& t : timed)
                if (competes(t)) fastest = std::max(fastest, t.tokensPerSecond);
            const auto roomy = [&](const TimedSplit& t) { return leavesHeadroom(t.memoryPerGpuGB, gpuMemoryGB); };
            std::size_t pick = fitting.size();
            for (std::size_t i = 0; i < fitting.size(); ++i) {
                if (!competes(timed[i]) || timed[i].tokensPerSecond < (1.0 - kLayoutSpeedTolerance) * fastest) continue;
                const bool better = pick == fitting.size() ||
                                    (roomy(timed[i]) != roomy(timed[pick]) ? roomy(timed[i])
                                                                           : timed[i].tokensPerSecond > timed[pick].tokensPerSecond * (1.0 + 1e-9));
                if (better) pick = i;
            }
            if (pick < fitting.size()) {
                bestTp = fitting[pick].tp;
                bestPp = fitting[pick].pp;
                bestDp = fitting[pick].dp;
                // The fastest competing split, where headroom put another first.
                std::size_t top = pick;
                for (std::size_t i = 0; i < fitting.size(); ++i)
                    if (competes(timed[i]) && timed[i].tokensPerSecond > timed[top].tokensPerSecond * (1.0 + 1e-9)) top = i;
                if (tradeoff && top != pick) {
                    tradeoff->applies = true;
                    tradeoff->tp = fitting[top].tp;
                    tradeoff->pp = fitting[top].pp;
                    tradeoff->dp = fitting[top].dp;
                    tradeoff->chosenTokensPerSecond = timed[pick].tokensPerSecond;
                    tradeoff->fasterTokensPerSecond = timed[top].tokensPerSecond;
                    tradeoff->chosenMemoryGB = timed[pick].memoryPerGpuGB;
                    tradeoff->fasterMemoryGB = timed[top].memoryPerGpuGB;
                    tradeoff->headroomGB = kLayoutMemoryShare * gpuMemoryGB;
                }
            }
        }
        if (!anyFits && c.pp == 0 && c.dp == 0 && c.model.layers > 0) {
            // Nothing fits: the largest split that uses every GPU at any depth the model takes
            // (17 stages of llama3-405b on 136 GPUs, not one stage x 17 replicas at 310 GB),
            // for the warning to size and the ways out to start from.
            for (int tp : tps)
                for (int pp = std::min(c.model.layers, gpus / tp); pp >= 1; --pp) {
                    const long long prod = static_cast<long long>(tp) * pp;
                    if (gpus % prod != 0 || prod <= bestProduct || !pipelineProblem(c.model, pp, c.interleave).empty()) continue;
                    bestTp = tp;
                    bestPp = pp;
                    bestProduct = prod;
                    break;
                }
        }
        const auto tpOf = [&] { return c.tp > 0 ? c.tp : std::min(bestTp, gpus); };
        const auto ppOf = [&] { return c.pp > 0 ? c.pp : std::max(1, std::min(bestPp, gpus / tpOf())); };
        c.tp = tpOf();
        c.pp = ppOf();
        if (anyFits && c.dp == 0) c.dp = bestDp;
    }
    return completeLayout(c, gpus);
}

std::string idleGpusNote(const TrainingConfig& requested, const TrainingConfig& chosen, int gpus, const CommGroup& node,
                         double gpuMemoryGB, const LayoutTimer& timer)
{
    const int replica = chosen.tp * chosen.pp;
    const int used = replica * chosen.dp;
    if (used >= gpus) return {};
    // Whether some split the search tried uses every GPU and fits: then this one was chosen
    // for keeping more of them usefully busy.
    // With a timer, every such split is timed and the fastest named, of those that keep the
    // global batch asked for where the chosen one does.
    bool everyGpuFits = false, everyGpuSplit = false, batchBlocks = false;
    const bool chosenKeepsBatch = !timer || timedSplit(timer, requested, chosen.tp, chosen.pp, chosen.dp, gpus).keepsBatch;
    TimedSplit fastestEvery;
    std::string fastestEveryWords;
    for (int tp : tensorSplits(requested.model, gpus, node, requested.tp))
        for (int pp = requested.pp > 0 ? requested.pp : 1; tp * pp <= gpus && (timer || !everyGpuFits);
             pp = requested.pp > 0 ? gpus + 1 : pp + 1) {
            const bool split = gpus % (tp * pp) == 0 && pipelineProblem(requested.model, pp, requested.interleave).empty();
            everyGpuSplit = everyGpuSplit || split;
            const int every = gpus / (tp * pp);
            const bool held = split && splitFits(requested, tp, pp, every, gpuMemoryGB, kMemoryLimitShare);
            const bool batchTakes = requested.globalBatch <= 0 ||
                                    requested.globalBatch % (static_cast<long long>(every) * std::max(1, requested.microBatch)) == 0;
            everyGpuFits = everyGpuFits || (held && batchTakes);
            batchBlocks = batchBlocks || (held && !batchTakes);
            if (timer && held && batchTakes && requested.dp <= 0)
                if (const TimedSplit t = timedSplit(timer, requested, tp, pp, every, gpus);
                    t.tokensPerSecond > fastestEvery.tokensPerSecond && (t.keepsBatch || !chosenKeepsBatch)) {
                    fastestEvery = t;
                    fastestEveryWords = "tensor parallel " + std::to_string(tp) + " x pipeline parallel " + std::to_string(pp) +
                                        " x data parallel " + std::to_string(every);
                }
        }
    double chosenTokens = -1.0;
    if (fastestEvery.tokensPerSecond > 0) try {
            chosenTokens = timer(chosen);
        } catch (const std::invalid_argument&) {
            // the chosen layout cannot run: the reasons below say why it was chosen
        }
    const auto tokens = [](double t) { return formatCount(std::round(t)); };
    const bool publishedBatch = requested.globalBatch <= 0 && requested.gradAccumulation <= 0;
    const std::string timedWhy =
        chosenTokens <= 0
            ? (timer && chosenKeepsBatch && publishedBatch && everyGpuFits && fastestEvery.tokensPerSecond <= 0
                   ? "every layout that uses every GPU and fits would need a global batch above the published " +
                         formatCount(defaultGlobalBatch(requested.model)) +
                         " sequences to give its pipeline as many micro-batches as stages"
                   : std::string())
        : chosenTokens >= fastestEvery.tokensPerSecond
            ? "that trains faster than any layout that uses every GPU: " + tokens(chosenTokens) + " tokens/s against " +
                  tokens(fastestEvery.tokensPerSecond) + " for the fastest of them, " + fastestEveryWords
            : "that trains within " + formatCount(100.0 * kLayoutSpeedTolerance) + " % of the fastest layout that uses every GPU, " +
                  fastestEveryWords + " (" + tokens(chosenTokens) + " against " + tokens(fastestEvery.tokensPerSecond) +
                  " tokens/s), and leaves memory headroom: " + formatFigure(memoryPerGpuGB(chosen)) + " against " +
                  formatFigure(fastestEvery.memoryPerGpuGB) + " GB per GPU, where " + formatFigure(kLayoutMemoryShare * gpuMemoryGB) +
                  " GB is " + formatFigure(100.0 * kLayoutMemoryShare) + " % of the GPU's memory";
    const std::string setField = requested.pp > 0 ? "pipeline parallel " + std::to_string(requested.pp)
                                                  : "tensor parallel " + std::to_string(requested.tp);
    // The chosen split's replicas, had they filled the GPUs, would not divide the batch set.
    const bool batchLimits = requested.globalBatch > 0 &&
                             requested.globalBatch % (static_cast<long long>(gpus / replica) * std::max(1, chosen.microBatch)) != 0;
    const bool layoutSet = requested.tp > 0 || requested.pp > 0;
    const std::string why =
        requested.dp > 0 ? "data parallel " + std::to_string(requested.dp) + " is set for this design"
        : requested.tp > 0 && requested.pp > 0 && gpus % replica != 0
            ? std::to_string(gpus) + " is not a multiple of the " + std::to_string(replica) + " GPUs of a replica set for this design"
        : layoutSet && !everyGpuSplit
            ? "no replica with the " + setField + " set for this design divides the " + std::to_string(gpus) + " GPUs"
        : !timedWhy.empty() ? timedWhy // a split that uses every GPU fits and takes the batch: speed decided
        : batchLimits ? "data parallel x micro-batch must divide the global batch of " + std::to_string(requested.globalBatch) +
                            " sequences set for this design"
        : batchBlocks && !everyGpuFits
            ? "the global batch of " + std::to_string(requested.globalBatch) + " sequences set for this design is not a multiple "
              "of data parallel x micro-batch for any layout that uses every GPU and fits in memory"
        : everyGpuFits ? "that keeps more GPUs usefully busy than any layout that uses every GPU, whose uneven pipeline stages or "
                         "larger pipeline bubble cost more"
                       : "no layout whose replicas use every GPU fits " + requested.model.name + " in GPU memory" +
                             (layoutSet ? " with the " + setField + " set for this design" : std::string());
    return std::to_string(gpus - used) + " of the " + std::to_string(gpus) + " GPUs idle: tensor parallel " + std::to_string(chosen.tp) +
           " x pipeline parallel " + std::to_string(chosen.pp) + " (" + std::to_string(replica) + (replica == 1 ? " GPU a replica) x " : " GPUs a replica) x ") +
           std::to_string(chosen.dp) + (chosen.dp == 1 ? " data-parallel replica uses " : " data-parallel replicas uses ") +
           std::to_string(used) + " GPUs, because " + why;
}

std::string layoutTradeoffNote(const TrainingConfig& chosen, const LayoutTradeoff& t)
{
    if (!t.applies) return {};
    const auto split = [](int tp, int pp, int dp) {
        return "tensor parallel " + std::to_string(tp) + " x pipeline parallel " + std::to_string(pp) + " x data parallel " + std::to_string(dp);
    };
    return split(chosen.tp, chosen.pp, chosen.dp) + " leaves memory headroom (" + formatFigure(t.chosenMemoryGB) + " against " +
           formatFigure(t.fasterMemoryGB) + " GB per GPU, where " + formatFigure(t.headroomGB) + " GB is " +
           formatFigure(100.0 * kLayoutMemoryShare) + " % of the GPU's memory) and trains within " +
           formatCount(100.0 * kLayoutSpeedTolerance) + " % of the faster " + split(t.tp, t.pp, t.dp) + " (" +
           formatCount(std::round(t.chosenTokensPerSecond)) + " against " + formatCount(std::round(t.fasterTokensPerSecond)) +
           " tokens/s), so it goes first; set analysis.tp, pp and dp to train the faster one";
}

std::string publishedBatchNote(const TrainingConfig& requested, const TrainingConfig& chosen)
{
    if (requested.globalBatch > 0 || requested.gradAccumulation > 0) return {}; // the design's own batch
    const double published = defaultGlobalBatch(chosen.model);
    const double batch = chosen.globalBatch;
    if (!(published > 0) || !(batch > 0) || std::abs(batch - published) <= kPublishedBatchTolerance * published) return {};
    const double perMicroStep = static_cast<double>(std::max(1, chosen.dp)) * std::max(1, chosen.microBatch);
    const double micro = batch / perMicroStep;
    const std::string why =
        perMicroStep >= published
            ? "data parallel " + formatCount(chosen.dp) + " x micro-batch " + formatCount(chosen.microBatch) + " trains at least " +
                  formatCount(perMicroStep) + " sequences a step"
        : micro <= chosen.pp
            ? "each replica takes at least as many micro-batches as its " + formatCount(chosen.pp) +
                  " pipeline stages (fewer never fill the pipeline), " + formatCount(micro) + " of " + formatCount(perMicroStep) +
                  " sequences"
            : "each replica takes whole micro-batches (data parallel " + formatCount(chosen.dp) + " x micro-batch " +
                  formatCount(chosen.microBatch) + ")";
    return "global batch " + formatCount(batch) + " sequences a step, not the published " + formatCount(published) + " of " +
           chosen.model.name + ": " + why + "; the step, tokens/s and run figures are for this batch (set analysis.global_batch, "
           "and dp, to train another)";
}

} // namespace model::analysis
