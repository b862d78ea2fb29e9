// Ring collectives with NCCL's protocol model: engine_formulas.md §2, engine_anchors.md §a.3.
//
//   rank0 -> rank1 -> ... -> rank(n-1) -> rank0      (one ring per channel)
//
// All-reduce: t = lat + 2(n-1)/n * S / B ; RS, AG: (n-1)/n * S / B ; broadcast: S / B.
// lat = base + (steps - interSteps) * intraHop + interSteps * netHop (x1.4 Simple multi-node).
#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>
#include <limits>

namespace model::analysis {

double combineUs(double latUs, double bwUs, int nodes, Protocol p, double bytes, double& bwUsOut) noexcept
{
    if (nodes > 1 && p == Protocol::Simple) {
        bwUsOut = bwUs / nicSizeEfficiency(bytes, nodes);
        return std::max(latUs, bwUsOut);
    }
    bwUsOut = bwUs;
    return latUs + bwUs;
}

namespace {

/// LL busbw cap, GB/s (tuning.cc llMaxBw).
double llCap(const CommGroup& g) noexcept
{
    if (g.k >= 3) return calibration::kLlMaxBwManyNodesGBps;
    if (g.k == 2) return calibration::kLlMaxBwTwoNodesGBps;
    switch (g.generation) {
    case GpuGeneration::Blackwell: return calibration::kLlMaxBwBlackwellGBps;
    case GpuGeneration::Hopper: return calibration::kLlMaxBwHopperGBps;
    default: return calibration::kLlMaxBwAmpereGBps;
    }
}

double intraHopUs(const CommGroup& g, int p) noexcept
{
    switch (g.intraPath) {
    case IntraPath::NVLink: return calibration::kRingHopNvlinkUs[p];
    case IntraPath::PciePeer: return calibration::kRingHopPcieUs[p];
    case IntraPath::HostStaged: return calibration::kRingHopPcieUs[p] * calibration::kHostStagedLatencyFactor;
    }
    return 0;
}

} // namespace

AlgoEstimate ringEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::Ring;
    if (op == CollectiveOp::AllToAll) {
        e.whyNot = "all-to-all is not a ring collective (use pairwise)";
        return e;
    }
    e.applicable = true;
    const int n = g.n, k = g.k;
    int steps = 0, inter = 0;
    double volume = 0; // bytes each GPU pushes through its bottleneck link
    switch (op) {
    case CollectiveOp::AllReduce: steps = 2 * (n - 1); inter = 2 * (k - 1); volume = 2.0 * (n - 1) / n * bytes; break;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter: steps = n - 1; inter = k - 1; volume = (n - 1.0) / n * bytes; break;
    case CollectiveOp::Broadcast: steps = n; inter = k - 1; volume = bytes; break;
    case CollectiveOp::AllToAll: break;
    }
    if (n == 1) { // nothing to exchange: a local copy at HBM-class speed is below the model's resolution
        e.protocol = Protocol::Simple;
        return e;
    }
    const double b = k == 1 ? g.intraGBps : std::min(g.intraGBps, g.nicNodeGBps * g.fabricRingFactor);
    e.timeUs = std::numeric_limits<double>::infinity();
    for (int p = 0; p < 3; ++p) {
        const auto proto = static_cast<Protocol>(p);
        if (proto == Protocol::LL128 && (k > 1 || g.intraPath != IntraPath::NVLink)) continue; // NVLink-only
        const double overhead = k > 1 ? calibration::kNetOverheadUs * (proto == Protocol::Simple ? 3.0 : 1.0) : 0.0;
        double lat = calibration::kRingBaseUs[p] + (steps - inter) * std::max(intraHopUs(g, p), overhead) +
                     inter * calibration::kRingHopNetUs[p];
        if (k > 1 && proto == Protocol::Simple) lat *= calibration::kRingSimpleMultiNodeLatencyFactor;
        double bw = b;
        if (proto == Protocol::LL) bw = std::min(b * calibration::kLlBandwidthFactor, llCap(g));
        if (proto == Protocol::LL128) bw = b * calibration::kLl128BandwidthFactor;
        double bwUs = 0;
        const double t = combineUs(lat, usFor(volume, bw), k, proto, bytes, bwUs);
        if (t < e.timeUs) {
            e.timeUs = t;
            e.protocol = proto;
            e.latencyUs = lat;
            e.bandwidthUs = bwUs;
        }
    }
    return e;
}

} // namespace model::analysis
