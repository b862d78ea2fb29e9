// NCCL's cost model term by term for tree, NVLS and NVLSTree all-reduce (collective_pricing.hpp).
// Every constant is in calibration.hpp with its source; this file only composes them.
#include "model/analysis/collective_pricing.hpp"

#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/double_tree.hpp"
#include "model/analysis/nccl_cost.hpp"

#include <algorithm>
#include <limits>

namespace model::analysis {

namespace {

/// NCCL_MAX_NVLS_ARITY (src/include/device.h): at most 32 NVLS heads.
constexpr int kMaxNvlsHeads = 32;

double nvlsEfficiency(const CommGroup& g) noexcept
{
    return g.generation == GpuGeneration::Blackwell ? calibration::kNvlsEfficiencyBlackwell : calibration::kNvlsEfficiencyHopper;
}

HopKind intraHopKind(const CommGroup& g) noexcept
{
    return g.intraPath == IntraPath::NVLink ? HopKind::NVLink : HopKind::Pcie;
}

/// The latency parts of `a` with protocol `p` on `g` (nccl_cost.hpp ncclLatencyUs).
void setLatency(NcclPricing& r, const CommGroup& g, CollectiveOp op)
{
    const NcclShape shape = ncclShape(g);
    r.latencyUs = ncclLatencyUs(r.algorithm, r.protocol, op, shape);
    if (r.algorithm == Algorithm::Nvls || r.algorithm == Algorithm::NvlsTree) {
        const NvlsLatency l = ncclNvlsLatency(r.algorithm, shape); // the release's (nccl_release.hpp)
        r.baseLatencyUs = l.baseUs;
        r.intraHopUs = l.intraHopUs;
        r.interHopUs = l.netHopUs;
    } else {
        r.baseLatencyUs = ncclBaseLatencyUs(r.algorithm, r.protocol);
        r.intraHopUs = ncclHopLatencyUs(r.algorithm, r.protocol, intraHopKind(g), g.intraPath);
        r.interHopUs = ncclNetHopLatencyUs(r.algorithm, r.protocol, shape); // with the transport's own latency
    }
    r.nodes = g.k;
    r.rampStretch = ncclTransportRampStretch(r.algorithm, op, shape);
    if (g.k > 2 && measuredRampNodes(r.algorithm, g.k) == 2) {
        NcclShape two = shape; // the same servers, two of them: the ramp's measurement
        two.nodes = 2;
        two.ranks = 2 * shape.ranksPerNode;
        r.deeperTreeLatencyUs = std::max(0.0, r.latencyUs - ncclLatencyUs(r.algorithm, r.protocol, op, two));
    }
}

} // namespace

NcclPricing treePricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept
{
    NcclPricing r;
    r.algorithm = Algorithm::Tree;
    if (op != CollectiveOp::AllReduce || g.k < 2) return r;
    const double intraCap = g.g > 1 ? g.intraGBps * g.g / (g.g - 1.0) : std::numeric_limits<double>::infinity();
    // Without NVLink the busiest GPU's own PCIe link carries its chain traffic and its tree
    // edges to the NIC together (double_tree.hpp treeHostLinkLoad): 8 L40S on 4 NICs send
    // 2.25 bytes per byte over PCIe Gen4 at NCCL's usable 24 GB/s, where the chain alone is
    // 1.75 over the 22 GB/s between sockets. As a bus rate: 2 x usable / load.
    double hostCap = std::numeric_limits<double>::infinity();
    if (g.intraPath != IntraPath::NVLink && g.hostLinkGBps > 0) {
        const int lanes = std::clamp(g.nicPortsPerNode, 1, std::max(1, g.g));
        const double load = treeHostLinkLoad(g.g, lanes, doubleTreeMostEdges(g.k));
        if (load > 0) hostCap = 2.0 * g.hostLinkGBps * calibration::kPcieUsableFraction / load;
    }
    const double base = std::min({g.nicNodeGBps * g.fabricTreeFactor * twoNodeTreeFactor(g.k), intraCap, hostCap});
    const double simple = base * calibration::kTreeBandwidthFactor;
    const double volume = 2.0 * bytes; // NCCL: tree algbw = busBw x 0.5
    if (!(simple > 0)) return r;
    const NcclShape shape = ncclShape(g);
    const StepCost c = ncclChooseProtocol(Algorithm::Tree, op, shape, bytes, volume, simple);
    const double rate = ncclProtocolGBps(Algorithm::Tree, c.protocol, shape, simple) * treeCorrectionFactor(c.protocol, bytes);
    if (!(rate > 0)) return r;
    r.applicable = true;
    r.protocol = c.protocol;
    setLatency(r, g, op);
    r.latencyUs = c.latencyUs;
    r.bandwidthUs = c.bandwidthUs;
    r.simpleBandwidthUs = usFor(volume, simple);
    r.wireFactor = simple / rate;
    return r;
}

NcclPricing nvlsPricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept
{
    NcclPricing r;
    r.algorithm = Algorithm::Nvls;
    if (op != CollectiveOp::AllReduce || g.k != 1 || g.n < 2) return r;
    const double rate = g.intraGBps * nvlsEfficiency(g);
    if (!(rate > 0)) return r;
    r.applicable = true;
    r.protocol = Protocol::Simple; // NVLS is Simple-only (nccl_cost.hpp ncclProtocolEnabled)
    setLatency(r, g, op);
    // One node: every GPU is an NVLS head (NCCL search.cc: heads = GPUs, at most 32).
    r.heads = std::min(g.n, kMaxNvlsHeads);
    r.bandwidthUs = usFor(bytes * (1.0 + 1.0 / g.n), rate);
    r.simpleBandwidthUs = r.bandwidthUs;
    r.fillFactor = ncclPipelineFillFactor(Algorithm::Nvls, ncclShape(g), bytes, r.heads);
    return r;
}

NcclPricing nvlsTreePricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept
{
    NcclPricing r;
    r.algorithm = Algorithm::NvlsTree;
    if (op != CollectiveOp::AllReduce || g.k < 2 || g.g < 2) return r;
    // Every node an NVLS domain of the same size (as the simulator's schedule): 12 ranks on two
    // 8-GPU servers are 8 + 4, no NVLS tree.
    if (g.chainRanks != g.g || g.n % g.k != 0) return r;
    const double nvlsBus = g.intraGBps * nvlsEfficiency(g) * 2.0 * (g.g - 1) / (g.g + 1.0);
    const double base = std::min(g.nicNodeGBps * g.fabricTreeFactor * twoNodeTreeFactor(g.k), nvlsBus * g.g / (g.g - 1.0));
    if (!(base > 0)) return r;
    r.applicable = true;
    r.protocol = Protocol::Simple; // NVLSTree is Simple-only
    setLatency(r, g, op);
    // Across nodes one NVLS head per GPU with a NIC (NCCL search.cc: GPU:NIC combinations).
    r.heads = std::min({g.g, g.nicPortsPerNode > 0 ? g.nicPortsPerNode : g.g, kMaxNvlsHeads});
    r.bandwidthUs = usFor(2.0 * bytes, base);
    r.simpleBandwidthUs = r.bandwidthUs;
    r.fillFactor = ncclPipelineFillFactor(Algorithm::NvlsTree, ncclShape(g), bytes, r.heads);
    return r;
}

NcclPricing collNetPricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept
{
    NcclPricing r;
    r.algorithm = Algorithm::CollNet;
    if (op != CollectiveOp::AllReduce || g.k < 2 || !g.sharpCapable) return r;
    const double tIntra = g.g > 1 ? usFor(2.0 * (g.g - 1) / g.g * bytes, g.intraGBps) : 0.0;
    const double nicGpu = g.nicNodeGBps / g.g * g.fabricRingFactor * calibration::kCollNetBandwidthFactor;
    if (!(nicGpu > 0)) return r;
    r.applicable = true;
    r.protocol = Protocol::Simple; // CollNet is Simple-only
    setLatency(r, g, op);
    // The simulator's SHARP schedule has no latency phases (the switches' reduction is inside
    // NCCL's network figure): it pays the whole latency once, as its base.
    r.baseLatencyUs = r.latencyUs;
    const double tInter = usFor(bytes / g.g, nicGpu);
    r.bandwidthUs = std::max(tIntra, tInter); // the NVLink and network phases pipeline by chunk
    r.simpleBandwidthUs = tInter;             // the floor: the network phase at the measured ramp
    return r;
}

NcclPricing ncclPricing(Algorithm algorithm, const CommGroup& g, CollectiveOp op, double bytes) noexcept
{
    switch (algorithm) {
    case Algorithm::Tree: return treePricing(g, op, bytes);
    case Algorithm::Nvls: return nvlsPricing(g, op, bytes);
    case Algorithm::NvlsTree: return nvlsTreePricing(g, op, bytes);
    case Algorithm::CollNet: return collNetPricing(g, op, bytes);
    default: break;
    }
    NcclPricing r;
    r.algorithm = algorithm;
    return r;
}

double pricedTimeUs(const NcclPricing& p, double bytes) noexcept
{
    return withMeasuredRampUs(p.latencyUs + p.bandwidthUs * p.fillFactor, p.simpleBandwidthUs, measuredRampNodes(p.algorithm, p.nodes),
                              bytes, p.rampStretch, p.deeperTreeLatencyUs);
}

} // namespace model::analysis
