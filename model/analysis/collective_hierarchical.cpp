// Hierarchical (2-D) collectives, rail-aligned: engine_formulas.md §4, priced term by term in
// hierarchicalPricing (hierarchical_pricing.hpp), which the simulator reads as well.
//
//   node A: GPU0..GPU(g-1) --reduce-scatter (NVLink)--> shard i on GPU i
//   rail i: GPU i of every node --ring all-reduce of S/g over NIC i-- (k nodes)
//   node A: --all-gather (NVLink)--> full result on every GPU
//
// t = base + 2(g-1) a_in + 2(k-1) a_net + max(2 (g-1)/g S / B_in, 2(k-1)/k (S/g) / (B_nic_gpu eta))
// NCCL-style channel pipelining overlaps the phases' transfers (beta_ovl = 0), not their
// latency: the first chunk crosses every phase in turn, so the latencies add up (NCCL's
// t = latency + bytes / bandwidth, tuning.cc). Reduce-scatter and all-gather run one intra and
// one inter phase. NCCL does not implement this algorithm, so it is only used when forced (--algo).
#include "model/analysis/hierarchical_pricing.hpp"

#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/nccl_cost.hpp"
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>

namespace model::analysis {

HierarchicalPricing hierarchicalPricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept
{
    HierarchicalPricing r;
    if (op == CollectiveOp::AllToAll || op == CollectiveOp::Broadcast || g.k < 2) return r;
    const NcclShape shape = ncclShape(g);
    const bool ar = op == CollectiveOp::AllReduce;
    r.applicable = true;
    r.protocol = Protocol::Simple;
    r.nodes = g.k;
    r.gpusPerNode = g.g;
    r.baseLatencyUs = ncclBaseLatencyUs(Algorithm::Ring, Protocol::Simple);
    r.intraHopUs = ncclHopLatencyUs(Algorithm::Ring, Protocol::Simple,
                                    g.intraPath == IntraPath::NVLink ? HopKind::NVLink : HopKind::Pcie, g.intraPath);
    r.interHopUs = ncclNetHopLatencyUs(Algorithm::Ring, Protocol::Simple, shape); // Simple NET hop + transport latency
    r.intraSteps = (ar ? 2 : 1) * (g.g - 1);
    r.interSteps = (ar ? 2 : 1) * (g.k - 1);
    r.latencyUs = r.baseLatencyUs + r.intraSteps * r.intraHopUs + r.interSteps * r.interHopUs;
    r.intraBandwidthUs = g.g > 1 ? usFor(static_cast<double>(r.intraSteps) / g.g * bytes, g.intraGBps) : 0.0;
    const double nicGpu = g.nicNodeGBps / g.g * g.fabricRingFactor;
    r.interBandwidthUs = usFor(static_cast<double>(r.interSteps) / g.k * bytes / g.g, nicGpu);
    // The inter-node phase is a ring per rail: the ring's stretch of the ramp (nccl_cost.hpp).
    r.rampStretch = ncclTransportRampStretch(Algorithm::Ring, op, shape);
    r.interEfficiency = nicSizeEfficiency(bytes / r.rampStretch, g.k);
    return r;
}

double hierarchicalTimeUs(const HierarchicalPricing& p) noexcept
{
    return p.latencyUs + std::max(p.intraBandwidthUs, p.interBandwidthUs / p.interEfficiency);
}

AlgoEstimate hierarchicalEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::Hierarchical;
    if (op == CollectiveOp::AllToAll || op == CollectiveOp::Broadcast) {
        e.whyNot = "hierarchical is modelled for all-reduce, reduce-scatter and all-gather";
        return e;
    }
    if (g.k < 2) { e.whyNot = "hierarchical needs at least 2 nodes"; return e; }
    const HierarchicalPricing p = hierarchicalPricing(g, op, bytes);
    e.applicable = p.applicable;
    e.protocol = p.protocol;
    e.timeUs = hierarchicalTimeUs(p);
    e.latencyUs = p.latencyUs;
    e.bandwidthUs = e.timeUs - e.latencyUs;
    return e;
}

} // namespace model::analysis
