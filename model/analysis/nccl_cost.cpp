// NCCL's cost model for one collective (tuning.cc v2.30.7; engine_anchors.md a.3). Every
// constant lives in calibration.hpp with its source; this file only composes them.
#include "model/analysis/nccl_cost.hpp"

#include "model/analysis/calibration.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace model::analysis {

namespace {

int index(Protocol p) noexcept { return static_cast<int>(p); }

/// llMaxBw (tuning.cc): one node by GPU architecture, several by host CPU (Intel figures).
double llMaxGBps(const NcclShape& s) noexcept
{
    if (s.nodes >= 3) return calibration::kLlMaxBwManyNodesGBps;
    if (s.nodes == 2) return calibration::kLlMaxBwTwoNodesGBps;
    if (s.release != NcclRelease::Current)   // before v2.21 Hopper (and later) had Ampere's cap
        return s.generation == GpuGeneration::Older ? calibration::kLlMaxBwAmpereGBps : calibration::kLlMaxBwHopperUpTo2_20GBps;
    switch (s.generation) {
    case GpuGeneration::Blackwell: return calibration::kLlMaxBwBlackwellGBps;
    case GpuGeneration::Hopper: return calibration::kLlMaxBwHopperGBps;
    default: return calibration::kLlMaxBwAmpereGBps;
    }
}

/// Depth, in network hops, of NCCL's double binary tree over `nodes` servers: the deeper of
/// its two trees (trees.cc ncclGetDtree), ceil(log2(nodes)) for every count (checked against
/// the trees the simulator builds, 2 to 299 servers). NCCL's tuner counts log2i(nodes), its
/// floor, one hop short of the tree it builds when the count is not a power of two (5
/// servers: 2 hops in the tuner, 3 in the trees); equal at powers of two.
double treeDepthHops(int nodes) noexcept { return std::ceil(std::log2(static_cast<double>(std::max(1, nodes)))); }

HopKind intraHop(IntraPath p) noexcept { return p == IntraPath::NVLink ? HopKind::NVLink : HopKind::Pcie; }

/// NVLS execution channels (nvls.cc ncclNvlsTuning defaults).
int nvlsChannels(const NcclShape& s) noexcept
{
    if (s.generation == GpuGeneration::Blackwell)
        return s.nodes > 1 ? calibration::kNvlsChannelsBlackwellNodes : calibration::kNvlsChannelsBlackwellOneNode;
    return calibration::kNvlsChannelsHopper;
}

/// NCCL 2.17 and 2.18 hand a message smaller than one loop (channels x heads x chunk) to the
/// first channels whole: channel b starts at b x heads x chunk (all_reduce.h v2.18.5-1,
/// RunWorkElement NVLS and NVLS_TREE), so ceil(bytes / (heads x chunk)) channels carry it and
/// the rest stay idle. Every stage then moves min(bytes, heads x chunk) on the busiest channel,
/// where the spread the bandwidth term assumes is bytes / channels: the factor
/// min(bytes, heads x chunk) x channels / bytes (>= 1). From NCCL 2.20 on (enqueue.cc v2.20.5-1
/// countPerChannels, v2.22 onwards ncclCollCbdPart) the message is spread over every channel: 1.
/// The release class From2_19 follows v2.20.5, as its tuner tables do.
double nvlsChannelConcentration(const NcclShape& s, double bytes, double chunk, int heads) noexcept
{
    if (s.release != NcclRelease::UpTo2_18 && s.release != NcclRelease::Is2_17) return 1.0;
    const double channelLoop = chunk * std::max(1, heads);
    const double channels = nvlsChannels(s);
    if (!(bytes > 0) || bytes >= channels * channelLoop) return 1.0;
    return std::min(bytes, channelLoop) * channels / bytes;
}

} // namespace

NcclShape ncclShape(const CommGroup& g) noexcept
{
    NcclShape s;
    s.ranks = g.n;
    s.nodes = g.k;
    s.ranksPerNode = g.g;
    s.chainRanks = std::max(g.g, g.chainRanks);
    s.intraPath = g.intraPath;
    s.generation = g.generation;
    s.netGpuDirect = g.netGpuDirect;
    s.netLatencyUs = g.netLatencyUs;
    s.netAllowsLl = g.netProfileAllowsLl;
    s.netNamesLl128 = g.netProfileNamesLl128;
    s.release = g.ncclRelease;
    return s;
}

double ncclHopLatencyUs(Algorithm a, Protocol p, HopKind hop, IntraPath intra) noexcept
{
    const int i = index(p);
    double us = 0;
    switch (a) {
    case Algorithm::Tree:
        us = hop == HopKind::NVLink ? calibration::kTreeHopNvlinkUs[i]
             : hop == HopKind::Pcie ? calibration::kTreeHopPcieUs[i]
                                    : calibration::kTreeHopNetUs[i];
        break;
    case Algorithm::Nvls:
    case Algorithm::NvlsTree:
        us = hop == HopKind::Net ? calibration::kNvlsTreeHopNetUs : calibration::kNvlsHopNvlinkUs;
        break;
    case Algorithm::CollNet:
        us = hop == HopKind::Net ? calibration::kCollNetHopNetUs : calibration::kCollNetHopNvlinkUs;
        break;
    default:
        us = hop == HopKind::NVLink ? calibration::kRingHopNvlinkUs[i]
             : hop == HopKind::Pcie ? calibration::kRingHopPcieUs[i]
                                    : calibration::kRingHopNetUs[i];
        break;
    }
    if (hop == HopKind::Pcie && intra == IntraPath::HostStaged) us *= calibration::kHostStagedLatencyFactor;
    return us;
}

double ncclNetHopLatencyUs(Algorithm a, Protocol p, const NcclShape& s) noexcept
{
    const double extra = s.netLatencyUs * (p == Protocol::Simple ? 2.0 : 1.0);
    // "With ppn=1 latencies are fully exposed, use the Tree network latency" (tuning.cc
    // v2.23.4-1 to v2.30.7-1): every algorithm's NET hop is the tree's with one rank per node.
    const Algorithm table = s.ranksPerNode == 1 && s.release == NcclRelease::Current ? Algorithm::Tree : a;
    return ncclHopLatencyUs(table, p, HopKind::Net, s.intraPath) + extra;
}

double ncclBaseLatencyUs(Algorithm a, Protocol p) noexcept
{
    switch (a) {
    case Algorithm::Tree: return calibration::kTreeBaseUs[index(p)];
    case Algorithm::Nvls:
    case Algorithm::NvlsTree:
    case Algorithm::CollNet: return 0.0; // tuning.cc baseLatencies: CollNet and NVLS 0
    default: return calibration::kRingBaseUs[index(p)];
    }
}

double ncclLatencyUs(Algorithm a, Protocol p, CollectiveOp op, const NcclShape& s) noexcept
{
    const double intra = ncclHopLatencyUs(a, p, intraHop(s.intraPath), s.intraPath);
    const double net = ncclNetHopLatencyUs(a, p, s);
    const double depth = treeDepthHops(s.nodes);
    const double base = ncclBaseLatencyUs(a, p);
    if (a == Algorithm::Nvls || a == Algorithm::NvlsTree) {
        const NvlsLatency l = ncclNvlsLatency(a, s);
        if (a == Algorithm::Nvls) return l.baseUs + l.intraHopUs + (s.nodes > 1 ? l.netHopUs : 0.0);
        return l.baseUs + l.intraHopUs + 2.0 * depth * l.netHopUs;
    }
    switch (a) {
    case Algorithm::Tree: return base + 2.0 * ((std::max(s.ranksPerNode, s.chainRanks) - 1) * intra + depth * net);
    case Algorithm::CollNet: {
        // tuning.cc CollNetDirect: base + 2 (min(1, ppn - 1) intra + (ppn - 1) arity) + net.
        const int ppn = std::max(1, s.ranksPerNode);
        const double arity = usesTuner2_18(s.release) ? calibration::kCollNetArityUpTo2_18Us : calibration::kCollNetArityUs;
        return base + 2.0 * (std::min(1, ppn - 1) * intra + (ppn - 1) * arity) + net;
    }
    default: break;
    }
    // Ring (and the ring-shaped steps of every other schedule).
    const RingLatency r = ncclRingLatency(p, op, s);
    return r.baseUs + (r.steps - r.interSteps) * r.intraStepUs + r.interSteps * r.interStepUs;
}

NvlsLatency ncclNvlsLatency(Algorithm a, const NcclShape& s) noexcept
{
    NvlsLatency l;
    if (s.release == NcclRelease::Current) {
        l.baseUs = ncclBaseLatencyUs(a, Protocol::Simple);
        l.intraHopUs = ncclHopLatencyUs(a, Protocol::Simple, intraHop(s.intraPath), s.intraPath);
        l.netHopUs = ncclNetHopLatencyUs(a, Protocol::Simple, s);
        return l;
    }
    // tuning.cc v2.18.5-1 / v2.20.5-1 (nccl_release.hpp).
    l.intraHopUs = calibration::kNvlsLatencyUpTo2_20Us;
    if (a == Algorithm::Nvls) {
        l.netHopUs = calibration::kNvlsHopNetUpTo2_20Us;
    } else if (usesTuner2_18(s.release)) {
        const double depth = treeDepthHops(s.nodes);
        l.netHopUs = depth > 0 ? calibration::kNvlsTreeHopNetUpTo2_18Us * (s.nodes - 1) / depth : 0.0;
    } else {
        l.netHopUs = calibration::kNvlsTreeHopNet2_20Us;
    }
    // v2.20.5 adds the transport's latencyInter to these NET hops, twice (Simple's flush);
    // v2.18.5 charged its NVLS NET hops from the bare table.
    if (s.release == NcclRelease::From2_19) l.netHopUs += 2.0 * s.netLatencyUs;
    return l;
}

double ncclTransportRampStretch(Algorithm a, CollectiveOp op, const NcclShape& s) noexcept
{
    if (s.nodes < 2 || !(s.netLatencyUs > 0)) return 1.0;
    NcclShape rdma = s;
    rdma.netLatencyUs = 0;
    const double with = ncclLatencyUs(a, Protocol::Simple, op, s), without = ncclLatencyUs(a, Protocol::Simple, op, rdma);
    return without > 0 && with > without ? with / without : 1.0;
}

RingLatency ncclRingLatency(Protocol p, CollectiveOp op, const NcclShape& s) noexcept
{
    const Algorithm a = Algorithm::Ring;
    const int n = s.ranks, k = s.nodes;
    RingLatency r;
    r.steps = n - 1;
    r.interSteps = k - 1;
    if (op == CollectiveOp::AllReduce) { r.steps = 2 * (n - 1); r.interSteps = 2 * (k - 1); }
    else if (op == CollectiveOp::Broadcast) r.steps = n;
    const double overhead = k > 1 ? calibration::kNetOverheadUs * (p == Protocol::Simple ? 3.0 : 1.0) : 0.0;
    const double factor = k > 1 && p == Protocol::Simple ? calibration::kRingSimpleMultiNodeLatencyFactor : 1.0;
    r.baseUs = ncclBaseLatencyUs(a, p) * factor;
    r.intraStepUs = std::max(ncclHopLatencyUs(a, p, intraHop(s.intraPath), s.intraPath), overhead) * factor;
    r.interStepUs = ncclNetHopLatencyUs(a, p, s) * factor;
    return r;
}

bool ncclProtocolEnabled(Algorithm a, Protocol p, const NcclShape& s) noexcept
{
    if (a == Algorithm::Nvls || a == Algorithm::NvlsTree || a == Algorithm::CollNet) return p == Protocol::Simple;
    if (p == Protocol::LL128)
        return s.intraPath == IntraPath::NVLink && (s.nodes == 1 || s.netGpuDirect || s.netNamesLl128);
    if (p == Protocol::LL) return s.nodes == 1 || s.netAllowsLl;
    return true;
}

double ncclProtocolGBps(Algorithm a, Protocol p, const NcclShape& s, double simpleGBps, CollectiveOp op) noexcept
{
    if (!ncclProtocolEnabled(a, p, s)) return 0.0;
    if (p == Protocol::Simple) return simpleGBps;
    if (a == Algorithm::Tree) {
        if (p == Protocol::LL) return std::min(simpleGBps * calibration::kTreeLlBandwidthFactor, llMaxGBps(s));
        return simpleGBps * (s.nodes == 1 ? calibration::kTreeLl128FactorOneNode : calibration::kTreeLl128FactorMultiNode);
    }
    if (p == Protocol::LL) {
        double factor = calibration::kLlBandwidthFactor;
        if (s.release != NcclRelease::Current)
            factor = s.nodes > 1 || op == CollectiveOp::AllReduce ? calibration::kLlBandwidthFactorUpTo2_20
                                                                  : calibration::kLlBandwidthFactorUpTo2_20OneNodeOther;
        return std::min(simpleGBps * factor, llMaxGBps(s));
    }
    return simpleGBps * calibration::kLl128BandwidthFactor;
}

double treeCorrectionFactor(Protocol p, double bytes) noexcept
{
    if (!(bytes >= 64.0)) return 1.0;
    const double x = std::log2(bytes / 64.0);
    const int i = static_cast<int>(std::floor(x));
    if (i < 0 || i >= 24) return 1.0;
    const double* row = calibration::kTreeCorrection[index(p)];
    const double next = i + 1 < 24 ? row[i + 1] : 1.0; // 1 past the table, as NCCL
    return row[i] + (x - i) * (next - row[i]);
}

double ncclNvlsChunkBytes(Algorithm a, const NcclShape& s, double bytes, int heads) noexcept
{
    const double ops = static_cast<double>(nvlsChannels(s)) * std::max(1, heads);
    if (a == Algorithm::Nvls) {
        double chunk = calibration::kNvlsChunkBytes;
        if (bytes < 64.0 * ops * chunk && chunk > 65536) chunk = 65536;
        if (bytes < 8.0 * ops * chunk && chunk > 32768) chunk = 32768;
        if (bytes < 2.0 * ops * chunk && chunk > 16384) chunk = 16384;
        return chunk;
    }
    if (a == Algorithm::NvlsTree) {
        double chunk = s.nodes >= 4 ? calibration::kNvlsTreeChunkBytesFourNodes : calibration::kNvlsChunkBytes;
        if (bytes < 4.0 * ops * chunk && chunk > 65536) chunk = 65536;
        if (bytes < 1.0 * ops * chunk && chunk > 32768) chunk = 32768;
        return chunk;
    }
    return 0.0;
}

double ncclPipelineFillFactor(Algorithm a, const NcclShape& s, double bytes, int heads) noexcept
{
    if ((a != Algorithm::Nvls && a != Algorithm::NvlsTree) || !(bytes > 0)) return 1.0;
    const double chunk = ncclNvlsChunkBytes(a, s, bytes, heads);
    const double ops = static_cast<double>(nvlsChannels(s)) * std::max(1, heads);
    const double chunks = std::max(1.0, bytes / (ops * chunk));
    const double depth = treeDepthHops(s.nodes);
    // Scatter, reduce (+ network tree up and down, + broadcast), gather: nccl_cost.hpp.
    const double stages = a == Algorithm::Nvls ? 3.0 : 4.0 + 2.0 * depth;
    const double plateau = a == Algorithm::Nvls ? calibration::kNvlsPlateauChunks : calibration::kNvlsTreePlateauChunks;
    const double fill = 1.0 + std::max(0.0, (stages - 1.0) / chunks - (stages - 1.0) / plateau);
    return fill * nvlsChannelConcentration(s, bytes, chunk, heads);
}

StepCost ncclCost(Algorithm a, Protocol p, CollectiveOp op, const NcclShape& s, double bytes, double bottleneckBytes,
                  double simpleGBps) noexcept
{
    StepCost c;
    c.protocol = p;
    double bw = ncclProtocolGBps(a, p, s, simpleGBps, op);
    if (a == Algorithm::Tree) bw *= treeCorrectionFactor(p, bytes);
    if (!(bw > 0)) {
        c.timeUs = std::numeric_limits<double>::infinity();
        return c;
    }
    c.latencyUs = ncclLatencyUs(a, p, op, s);
    c.bandwidthUs = bottleneckBytes / (1000.0 * bw);
    c.timeUs = c.latencyUs + c.bandwidthUs;
    return c;
}

StepCost ncclChooseProtocol(Algorithm a, CollectiveOp op, const NcclShape& s, double bytes, double bottleneckBytes,
                            double simpleGBps) noexcept
{
    StepCost best;
    best.timeUs = std::numeric_limits<double>::infinity();
    for (Protocol p : {Protocol::LL, Protocol::LL128, Protocol::Simple}) {
        const StepCost c = ncclCost(a, p, op, s, bytes, bottleneckBytes, simpleGBps);
        if (c.timeUs < best.timeUs) best = c;
    }
    return best;
}

} // namespace model::analysis
