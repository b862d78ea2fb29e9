// NCCL double binary tree all-reduce across nodes: engine_formulas.md §3.
//
//          node0                 Two complementary binary trees over the k nodes; inside a
//         /     \                node the g GPUs form a chain. Each tree carries half the
//     node1     node2            data, so every node sends and receives S once per direction.
//
// busbw_tree = min(B_nic_node x f(k), B_intra x g/(g-1)) x 0.92 x (n-1)/n, where the two-node
// effect f(2) = 2, f(3) = 4/3, f(k>=4) = 1 (SimAI calbusbw.cc; NCCL tuning.cc). Time:
// t = S x 2(n-1)/n / busbw = 2 S / (min(...) x 0.92).
// lat = base + 2 ((g-1) intraHop + log2(k) netHop); protocols LL, LL128, Simple with NCCL's
// factors and its medium-size tree correction (nccl_cost.hpp), term by term in
// collective_pricing.cpp (shared with the simulator).
#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/collective_pricing.hpp"

#include <limits>

namespace model::analysis {

double twoNodeTreeFactor(int k) noexcept
{
    if (k == 2) return 2.0;
    if (k == 3) return 4.0 / 3.0;
    return 1.0;
}

AlgoEstimate treeEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::Tree;
    if (op != CollectiveOp::AllReduce) { e.whyNot = "NCCL's tree implements all-reduce only"; return e; }
    if (g.k < 2) { e.whyNot = "the engine models the tree across nodes only: inside one node NCCL's tree is a chain of the GPUs, which its tuner rarely picks over a ring (it prices the chain at 7/9 of the LL128 bandwidth and half the bus bandwidth as algbw); use ring, or nvls where the GPUs have NVSwitch"; return e; }
    const NcclPricing c = treePricing(g, op, bytes);
    e.applicable = true;
    e.protocol = c.protocol;
    e.latencyUs = c.latencyUs;
    // No rate between the nodes (treePricing not applicable): no finite time, as NCCL's tuner.
    e.timeUs = c.applicable ? pricedTimeUs(c, bytes) : std::numeric_limits<double>::infinity();
    e.tunerUs = c.applicable ? c.latencyUs + c.bandwidthUs : e.timeUs;
    e.bandwidthUs = e.timeUs - e.latencyUs;
    return e;
}

} // namespace model::analysis
