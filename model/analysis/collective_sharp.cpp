// InfiniBand SHARP through NCCL CollNetDirect: the switch fabric reduces (engine_anchors.md
// §a.3; engine_formulas.md §4 phases with the inter-node all-reduce done in the switch).
//
//   intra reduce-scatter (NVLink)  ->  each GPU sends its S/g shard once to the SHARP tree
//   and receives the reduced shard  ->  intra all-gather (NVLink)
//
// t_intra = 2 (g-1)/g S / B_intra ; t_inter = (S/g) / (B_nic_gpu x 0.85)   (tuning.cc CollNet
// x0.85 on Hopper), the phases pipelined by chunk: t = lat + max(t_intra, t_inter), never below
// t_inter / eta (the measured ramp); lat NCCL's CollNetDirect latency. Priced term by term in
// collective_pricing.cpp collNetPricing, which the simulator's SHARP schedule shares. NCCL needs the SHARP
// plugin and NCCL_COLLNET_ENABLE=1, so the automatic choice skips it unless the design
// enables it (analysis.sharp = true).
#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/collective_pricing.hpp"
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>

namespace model::analysis {

AlgoEstimate sharpEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::CollNet;
    if (op != CollectiveOp::AllReduce) { e.whyNot = "SHARP (CollNet) is modelled for all-reduce only"; return e; }
    if (g.k < 2) { e.whyNot = "SHARP reduces in the network switches: it needs at least 2 nodes"; return e; }
    if (!g.sharpCapable) { e.whyNot = "every switch the servers use must be InfiniBand with SHARP in-network reduction"; return e; }
    const NcclPricing c = collNetPricing(g, op, bytes);
    if (!c.applicable) { e.whyNot = "the nodes have no network rate for SHARP"; return e; }
    e.applicable = true;
    e.protocol = c.protocol;
    e.latencyUs = c.latencyUs;
    e.timeUs = pricedTimeUs(c, bytes);
    e.tunerUs = c.latencyUs + c.bandwidthUs;
    e.bandwidthUs = e.timeUs - e.latencyUs;
    return e;
}

} // namespace model::analysis
