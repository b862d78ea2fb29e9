// Hierarchical (2-D) collectives, rail-aligned: engine_formulas.md §4.
//
//   node A: GPU0..GPU(g-1) --reduce-scatter (NVLink)--> shard i on GPU i
//   rail i: GPU i of every node --ring all-reduce of S/g over NIC i-- (k nodes)
//   node A: --all-gather (NVLink)--> full result on every GPU
//
// t1 = (g-1) a_in + (g-1)/g S / B_in ;  t2 = 2(k-1) a_net + 2(k-1)/k (S/g) / (B_nic_gpu eta)
// t3 = t1 ; NCCL-style channel pipelining overlaps the phases: t = max(t1 + t3, t2)
// (beta_ovl = 0). Reduce-scatter and all-gather run one intra and one inter phase.
// NCCL does not implement this algorithm, so it is only used when forced (--algo).
#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/nccl_cost.hpp"
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>

namespace model::analysis {

AlgoEstimate hierarchicalEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::Hierarchical;
    if (op == CollectiveOp::AllToAll || op == CollectiveOp::Broadcast) {
        e.whyNot = "hierarchical is modelled for all-reduce, reduce-scatter and all-gather";
        return e;
    }
    if (g.k < 2) { e.whyNot = "hierarchical needs at least 2 nodes"; return e; }
    e.applicable = true;
    e.protocol = Protocol::Simple;
    const double aIn = g.intraPath == IntraPath::NVLink ? calibration::kRingHopNvlinkUs[2] : calibration::kRingHopPcieUs[2];
    const double aNet = ncclNetHopLatencyUs(Algorithm::Ring, Protocol::Simple, ncclShape(g)); // Simple NET hop + transport latency
    const double nicGpu = g.nicNodeGBps / g.g * g.fabricRingFactor;
    // The inter-node phase is a ring per rail: the ring's stretch of the ramp (nccl_cost.hpp).
    const double eta = nicSizeEfficiency(bytes / ncclTransportRampStretch(Algorithm::Ring, op, ncclShape(g)), g.k);
    const double tIntraPhase = (g.g - 1) * aIn + (g.g > 1 ? usFor((g.g - 1.0) / g.g * bytes, g.intraGBps) : 0.0);
    const bool ar = op == CollectiveOp::AllReduce;
    const double interSteps = (ar ? 2.0 : 1.0) * (g.k - 1);
    const double tInter = interSteps * aNet + usFor(interSteps / g.k * bytes / g.g, nicGpu) / eta;
    const double tIntra = (ar ? 2.0 : 1.0) * tIntraPhase;
    e.timeUs = std::max(tIntra, tInter);
    e.latencyUs = (ar ? 2.0 : 1.0) * (g.g - 1) * aIn + interSteps * aNet;
    e.bandwidthUs = e.timeUs - e.latencyUs;
    return e;
}

} // namespace model::analysis
