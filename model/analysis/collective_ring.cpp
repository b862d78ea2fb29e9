// Ring collectives with NCCL's protocol model: engine_formulas.md §2, engine_anchors.md §a.3.
//
//   rank0 -> rank1 -> ... -> rank(n-1) -> rank0      (one ring per channel)
//
// All-reduce: t = lat + 2(n-1)/n * S / B ; RS, AG: (n-1)/n * S / B ; broadcast: S / B.
// Latency, protocol factors and the protocol choice: NCCL's cost model (nccl_cost.hpp); across
// nodes never faster than the measured ramp (withMeasuredRampUs).
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/nccl_cost.hpp"
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>

namespace model::analysis {

double withMeasuredRampUs(double ncclUs, double simpleBwUs, int nodes, double bytes, double rampStretch, double deeperTreeUs) noexcept
{
    if (nodes <= 1) return ncclUs;
    return std::max(ncclUs, simpleBwUs / nicSizeEfficiency(bytes / std::max(1.0, rampStretch), nodes) + std::max(0.0, deeperTreeUs));
}

int measuredRampNodes(Algorithm algorithm, int nodes) noexcept
{
    const bool treeShaped = algorithm == Algorithm::Tree || algorithm == Algorithm::NvlsTree || algorithm == Algorithm::CollNet;
    return treeShaped ? std::min(nodes, 2) : nodes;
}

AlgoEstimate ringEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::Ring;
    if (op == CollectiveOp::AllToAll) {
        e.whyNot = "all-to-all is not a ring collective (use direct)";
        return e;
    }
    e.applicable = true;
    const int n = g.n, k = g.k;
    double volume = 0; // bytes each GPU pushes through its bottleneck link
    switch (op) {
    case CollectiveOp::AllReduce: volume = 2.0 * (n - 1) / n * bytes; break;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter: volume = (n - 1.0) / n * bytes; break;
    case CollectiveOp::Broadcast: volume = bytes; break;
    case CollectiveOp::AllToAll: break;
    }
    if (n == 1) { // nothing to exchange: a local copy at HBM-class speed is below the model's resolution
        e.protocol = Protocol::Simple;
        return e;
    }
    const double b = k == 1 ? g.intraGBps : std::min(g.intraGBps, g.nicNodeGBps * g.fabricRingFactor);
    const NcclShape shape = ncclShape(g);
    const StepCost c = ncclChooseProtocol(Algorithm::Ring, op, shape, bytes, volume, b);
    e.protocol = c.protocol;
    e.latencyUs = c.latencyUs;
    e.tunerUs = c.timeUs;
    e.timeUs = withMeasuredRampUs(c.timeUs, usFor(volume, b), k, bytes, ncclTransportRampStretch(Algorithm::Ring, op, shape));
    e.bandwidthUs = e.timeUs - e.latencyUs;
    return e;
}

} // namespace model::analysis
