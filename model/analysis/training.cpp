// Training-step model: engine_formulas.md §10 (Narayanan et al. 2021; Korthikanti et al.
// 2022; Calculon; SimAI). t_step = t_comp + bubble + exposed TP + PP transfers + exposed DP.
#include "model/analysis/training.hpp"

#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/collective_predict.hpp"
#include "model/analysis/nccl_cost.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace model::analysis {

const char* toString(Precision p) noexcept
{
    switch (p) {
    case Precision::FP32: return "fp32";
    case Precision::BF16: return "bf16";
    case Precision::FP16: return "fp16";
    case Precision::FP8: return "fp8";
    }
    return "?";
}

const char* toString(Recompute r) noexcept
{
    switch (r) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    }
    return "?";
}

namespace {

/// A sub-group of `node`'s GPUs: n ranks, perNode of them per server spaced `stride` apart
/// (socketLocal: behind one CPU socket, that socket's rate), sharing the server's NICs with the
/// other groups running at the same time (nicShare of the node's NICs).
CommGroup subGroup(const CommGroup& node, int n, int perNode, int stride, double nicShare)
{
    CommGroup g = socketLocal(node, std::max(1, std::min(perNode, n)), stride);
    g.n = n;
    g.g = std::max(1, std::min(perNode, n));
    g.k = (n + g.g - 1) / g.g;
    g.nicNodeGBps = node.nicNodeGBps * nicShare;
    return g;
}

double collectiveUs(const CommGroup& g, CollectiveOp op, double bytes, double* latencyUs = nullptr)
{
    if (g.n <= 1 || bytes <= 0) return 0.0;
    const CollectiveResult r = predictOnGroup(g, op, bytes, Algorithm::Auto);
    if (latencyUs) *latencyUs += r.latency.inMicroseconds();
    return r.time.inMicroseconds();
}

} // namespace

std::string tensorParallelProblem(const TransformerModel& m, int tp, int gpusPerServer, bool spansServers)
{
    if (tp <= 1) return {};
    const std::string t = std::to_string(tp);
    if (m.heads % tp != 0) return "tensor parallel " + t + " does not divide the " + std::to_string(m.heads) + " attention heads of " + m.name;
    const int kv = m.kvHeads > 0 ? m.kvHeads : m.heads;
    if (kv % tp != 0) return "tensor parallel " + t + " does not divide the " + std::to_string(kv) + " key/value heads of " + m.name;
    if (spansServers && gpusPerServer % tp != 0)
        return "tensor parallel " + t + " does not divide the " + std::to_string(gpusPerServer) +
               " GPUs of a server, so its groups would cross servers";
    return {};
}

std::string pipelineProblem(const TransformerModel& m, int pp, int interleave)
{
    if (pp <= 1 || m.layers <= 0) return {};
    const std::string p = std::to_string(pp);
    if (pp > m.layers)
        return "pipeline parallel " + p + " is more stages than the " + std::to_string(m.layers) + (m.layers == 1 ? " layer of " : " layers of ") +
               m.name;
    if (interleave > 1 && m.layers % (pp * interleave) != 0)
        return "interleave " + std::to_string(interleave) + " x pipeline parallel " + p + " does not divide the " +
               std::to_string(m.layers) + " layers of " + m.name + " (every virtual stage holds the same number of layers)";
    return {};
}

int stageLayers(const TransformerModel& m, int pp) noexcept
{
    if (m.layers <= 0) return 0;
    const int p = std::max(1, pp);
    return (m.layers + p - 1) / p;
}

double pipelineImbalance(const TransformerModel& m, int pp) noexcept
{
    if (m.layers <= 0) return 1.0;
    return static_cast<double>(std::max(1, pp)) * stageLayers(m, pp) / m.layers;
}

double stateMemoryPerGpuGB(const TrainingConfig& c) noexcept
{
    const double weightBytes = c.precision == Precision::FP32 ? 4.0 : 2.0;
    const double optimizerBytes = c.precision == Precision::FP32 ? 8.0 : 12.0; // Adam m, v (+ fp32 master)
    const double modelSplit = static_cast<double>(std::max(1, c.tp)) * std::max(1, c.pp) / pipelineImbalance(c.model, c.pp);
    const double optimizerSplit = c.shardedOptimizer ? std::max(1, c.dp) : 1;
    return parameterCount(c.model) / modelSplit * (2.0 * weightBytes + optimizerBytes / optimizerSplit) / 1e9;
}

double activationMemoryPerGpuGB(const TrainingConfig& c) noexcept
{
    const TransformerModel& m = c.model;
    const double t = std::max(1, c.tp), pp = std::max(1, c.pp), b = std::max(1, c.microBatch);
    const double h = m.hidden, s = m.seqLen;
    double perToken = 0; // bytes per token per layer
    if (c.recompute == Recompute::Full) {
        perToken = 2.0 * h / (c.sequenceParallel ? t : 1.0);
    } else {
        perToken = c.sequenceParallel ? 34.0 * h / t : h * (10.0 + 24.0 / t);
        if (c.recompute == Recompute::None && !c.flashAttention) perToken += 5.0 * m.heads * s / t;
    }
    const double replicas = static_cast<double>(std::max(1, c.dp)) * std::max(1, c.microBatch);
    const double microBatches = c.globalBatch > 0 ? std::max(1.0, std::floor(c.globalBatch / replicas)) : pp;
    const double inFlight = std::min(pp, microBatches);
    double layersHeld = static_cast<double>(stageLayers(m, c.pp)) * inFlight;
    if (c.interleave > 1 && pp > 1 && inFlight >= pp) layersHeld *= 1.0 + (pp - 1.0) / (pp * c.interleave);
    const double bytesScale = c.precision == Precision::FP32 ? 2.0 : 1.0; // Table 2 counts 16-bit activations
    return perToken * s * b * layersHeld * bytesScale / 1e9;
}

double memoryPerGpuGB(const TrainingConfig& c) noexcept { return stateMemoryPerGpuGB(c) + activationMemoryPerGpuGB(c); }

TrainingStep predictStep(const TrainingConfig& c, const CommGroup& node, double peakTflops)
{
    if (c.tp < 1 || c.pp < 1 || c.dp < 1 || c.interleave < 1 || c.microBatch < 1 || c.globalBatch < 1)
        throw std::invalid_argument("tp, pp, dp, interleave, micro-batch and global batch must all be >= 1");
    if (c.globalBatch % (static_cast<long long>(c.dp) * c.microBatch) != 0)
        throw std::invalid_argument("global batch " + std::to_string(c.globalBatch) + " is not a multiple of dp x micro-batch = " +
                                    std::to_string(static_cast<long long>(c.dp) * c.microBatch));
    if (c.tp > node.g)
        throw std::invalid_argument("tensor parallel " + std::to_string(c.tp) + " exceeds the " + std::to_string(node.g) +
                                    " GPUs of one server");
    if (const std::string why = tensorParallelProblem(c.model, c.tp, node.g, c.tp * c.pp * c.dp > node.g); !why.empty())
        throw std::invalid_argument(why);
    if (const std::string why = pipelineProblem(c.model, c.pp, c.interleave); !why.empty()) throw std::invalid_argument(why);
    if (peakTflops <= 0) throw std::invalid_argument("the GPU has no dense TFLOPS figure for " + std::string(toString(c.precision)));
    const TransformerModel& m = c.model;
    TrainingStep s;
    s.gpus = c.tp * c.pp * c.dp;
    s.gradAccumulation = c.globalBatch / (c.dp * c.microBatch);
    const int mb = s.gradAccumulation;
    const double eff = c.computeEfficiency > 0 ? c.computeEfficiency : calibration::kDefaultComputeEfficiency;
    const double peak = peakTflops * 1e12;
    // Selective recompute re-runs the attention scores; with flash attention none are stored,
    // so it recomputes nothing (the memory model keeps none either): no extra pass then.
    const Recompute recomputed = c.flashAttention && c.recompute == Recompute::Selective ? Recompute::None : c.recompute;
    const double hwFlops = stepFlops(m, c.globalBatch, recomputed);
    s.modelFlopsPerStep = stepFlops(m, c.globalBatch, Recompute::None);
    // The slowest (largest) pipeline stage sets the pace: an uneven split costs its imbalance.
    const double imbalance = pipelineImbalance(m, c.pp);
    s.computeS = hwFlops / (s.gpus * peak * eff) * imbalance;
    if (node.hbmGBps > 0) {
        // Roofline: each micro-batch's GEMMs stream the stage's weights from HBM (calibration.hpp
        // kWeightPassesPerMicroBatch); with few tokens a micro-batch that, not the math, sets
        // the pace.
        const double weightBytes = parameterCount(m) / (static_cast<double>(c.tp) * c.pp) * imbalance * (c.precision == Precision::FP32 ? 4.0 : 2.0);
        const double weightReadS = static_cast<double>(mb) * calibration::kWeightPassesPerMicroBatch * weightBytes / (node.hbmGBps * 1e9);
        s.computeS = std::max(s.computeS, weightReadS);
    }
    if (node.hbmGBps > 0) {
        // Memory-bound layer work (layer norms, softmax, dropout, activations): activation bytes
        // per token per layer per GPU (Korthikanti et al. 2022) x passes / HBM bandwidth.
        const double h = m.hidden, t = c.tp;
        const double scores = c.flashAttention ? 0.0 : 5.0 * m.heads * m.seqLen / t;
        const double perToken = (c.sequenceParallel ? 34.0 * h / t : h * (10.0 + 24.0 / t)) + scores;
        const double passes = c.recompute == Recompute::Full ? calibration::kActivationPassesFullRecompute : calibration::kActivationPasses;
        const double tokensPerGpu = static_cast<double>(c.globalBatch) * m.seqLen / c.dp;
        s.memoryBoundS = tokensPerGpu * (static_cast<double>(m.layers) / c.pp) * imbalance * passes * perToken / (node.hbmGBps * 1e9);
        s.computeS += s.memoryBoundS;
    }
    s.ppBubbleS = s.computeS * (c.pp - 1) / (static_cast<double>(c.interleave) * mb);

    const double actBytes = c.precision == Precision::FP32 ? 4.0 : 2.0; // FP8 GEMMs keep BF16 activations
    const double act = static_cast<double>(c.microBatch) * m.seqLen * m.hidden * actBytes;
    const double layersPerStage = static_cast<double>(m.layers) / c.pp * imbalance;
    if (c.tp > 1) {
        // 4 all-reduces of b s h per layer per micro-batch (2 forward, 2 backward), +2 when the
        // forward is recomputed; with sequence parallelism each is a reduce-scatter + all-gather.
        const CommGroup tpG = subGroup(node, c.tp, c.tp, 1, 1.0);
        double latUs = 0;
        const double perColl = c.sequenceParallel
                                   ? collectiveUs(tpG, CollectiveOp::ReduceScatter, act, &latUs) + collectiveUs(tpG, CollectiveOp::AllGather, act, &latUs)
                                   : collectiveUs(tpG, CollectiveOp::AllReduce, act, &latUs);
        s.tpLatencyShare = perColl > 0 ? latUs / perColl : 0.0;
        const int colls = 4 + (c.recompute == Recompute::Full ? 2 : 0);
        s.tpExposedS = mb * layersPerStage * colls * perColl * 1e-6;
    }
    const int gpusPerNode = std::max(1, node.g);
    if (c.pp > 1) {
        // Activations forward and gradients backward at every virtual-stage boundary, split
        // across the TP ranks (scatter/gather optimisation); blocking sends [eng].
        // Megatron's rank order (tp, dp, pp): stage s holds ranks s tp dp .. (s + 1) tp dp - 1,
        // and a rank sends to the one tp dp after it. Some boundary crosses a server wherever
        // the pipeline spans more than one server (tp x dp x pp > GPUs per server), even when
        // one stage fits a server many times: tp 4 x pp 16 on 8-GPU servers puts 2 stages on a
        // server and 7 of the 15 boundaries on the network, and the pipeline runs at its
        // slowest boundary (helper-92: charged at NVLink rate, the step ignored the network).
        const double bytes = act / c.tp;
        const bool crossNodes = c.tp * c.dp >= gpusPerNode || c.tp * c.dp * c.pp > gpusPerNode;
        double us = 0;
        if (crossNodes) {
            const double nicGpu = node.nicNodeGBps / gpusPerNode;
            if (nicGpu <= 0) throw std::invalid_argument("pipeline stages span servers but the server has no cabled NIC");
            us = ncclNetHopLatencyUs(Algorithm::Ring, Protocol::Simple, ncclShape(node)) + usFor(bytes, nicGpu);
        } else {
            us = calibration::kRingHopNvlinkUs[2] + usFor(bytes, node.intraGBps);
        }
        s.ppTransferS = 2.0 * c.interleave * mb * us * 1e-6;
    }
    const double params = parameterCount(m);
    const double weightBytes = c.precision == Precision::FP32 ? 4.0 : 2.0;
    if (c.dp > 1) {
        // Gradients of this rank's shard; DP peers sit tp apart (Megatron order tp, dp, pp).
        const double grads = params / (c.tp * c.pp) * weightBytes;
        const int perNode = std::max(1, std::min(c.dp, gpusPerNode / c.tp));
        const CommGroup dpG = subGroup(node, c.dp, perNode, c.tp, static_cast<double>(perNode * c.tp) / gpusPerNode / c.tp);
        if (dpG.k > 1 && dpG.nicNodeGBps <= 0) throw std::invalid_argument("data parallelism spans servers but the server has no cabled NIC");
        double latUs = 0;
        const double tDp = collectiveUs(dpG, CollectiveOp::AllReduce, grads, &latUs) * 1e-6;
        s.dpLatencyShare = tDp > 0 ? latUs * 1e-6 / tDp : 0.0;
        if (c.dpOverlap) {
            const double lastBackward = s.computeS * (2.0 / 3.0) / mb / c.pp;
            const double bucket = collectiveUs(dpG, CollectiveOp::AllReduce, std::min(grads, calibration::kDpBucketBytes)) * 1e-6;
            s.dpExposedS = std::max(0.0, tDp - calibration::kDpOverlapFraction * lastBackward) + bucket;
            s.dpExposedS = std::min(s.dpExposedS, tDp);
        } else {
            s.dpExposedS = tDp;
        }
    }
    s.stepS = s.computeS + s.ppBubbleS + s.tpExposedS + s.ppTransferS + s.dpExposedS;
    s.tokensPerSecond = static_cast<double>(c.globalBatch) * m.seqLen / s.stepS;
    s.mfu = s.modelFlopsPerStep / (s.stepS * s.gpus * peak);
    s.stateGB = stateMemoryPerGpuGB(c);
    s.activationsGB = activationMemoryPerGpuGB(c);
    s.memoryPerGpuGB = s.stateGB + s.activationsGB;
    return s;
}

} // namespace model::analysis
