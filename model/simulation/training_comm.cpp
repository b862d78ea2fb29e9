#include "model/simulation/training_comm.hpp"

#include <stdexcept>

namespace model {

std::vector<CommPhase> trainingStepPhases(const analysis::TrainingConfig& c)
{
    const auto& m = c.model;
    if (c.tp < 1 || c.pp < 1 || c.dp < 1 || c.microBatch < 1 || c.interleave < 1 || m.layers < 1 || m.hidden < 1 ||
        m.seqLen < 1)
        throw std::invalid_argument("training layout needs tp, pp, dp, micro-batch, layers, hidden and sequence >= 1");
    if (c.globalBatch % (c.dp * c.microBatch) != 0)
        throw std::invalid_argument("global batch " + std::to_string(c.globalBatch) + " is not a multiple of dp x micro-batch");
    const int mb = c.globalBatch / (c.dp * c.microBatch);
    const int world = c.tp * c.pp * c.dp;
    const double actBytes = c.precision == analysis::Precision::FP32 ? 4.0 : 2.0; // FP8 GEMMs keep BF16 activations
    const double act = static_cast<double>(c.microBatch) * m.seqLen * m.hidden * actBytes;
    std::vector<CommPhase> phases;
    auto phase = [&](std::string label, CollectiveOp op, double bytes, int gpus, int size, int stride, int repeat) {
        CommPhase p;
        p.label = std::move(label);
        p.request.op = op;
        p.request.bytes = bytes;
        p.request.gpus = gpus;
        p.groupSize = size;
        p.groupStride = stride;
        p.repeat = repeat;
        phases.push_back(std::move(p));
    };
    if (c.tp > 1) {
        const int colls = 4 + (c.recompute == analysis::Recompute::Full ? 2 : 0);
        const int repeat = mb * (m.layers / c.pp) * colls;
        if (c.sequenceParallel) {
            phase("TP reduce-scatter", CollectiveOp::ReduceScatter, act, world, c.tp, 1, repeat);
            phase("TP all-gather", CollectiveOp::AllGather, act, world, c.tp, 1, repeat);
        } else {
            phase("TP all-reduce", CollectiveOp::AllReduce, act, world, c.tp, 1, repeat);
        }
    }
    if (c.pp > 1) {
        // A 2-rank all-gather of 2x bytes: each side sends `bytes` once (nccl-tests size = total).
        phase("PP send/recv", CollectiveOp::AllGather, 2.0 * act / c.tp, 2 * c.tp * c.dp, 2, c.tp * c.dp,
              2 * c.interleave * mb);
    }
    if (c.dp > 1) {
        const double weightBytes = c.precision == analysis::Precision::FP32 ? 4.0 : 2.0;
        const double grads = analysis::parameterCount(m) / (c.tp * c.pp) * weightBytes;
        phase("DP gradient all-reduce", CollectiveOp::AllReduce, grads, world, c.dp, c.tp, 1);
    }
    return phases;
}

} // namespace model
