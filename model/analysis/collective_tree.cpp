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
// factors and its medium-size tree correction (nccl_cost.hpp).
#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/nccl_cost.hpp"

#include <algorithm>
#include <cmath>
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
    if (g.k < 2) { e.whyNot = "inside one node the tree is a chain; NCCL uses ring or NVLS there"; return e; }
    e.applicable = true;
    const double intraCap = g.g > 1 ? g.intraGBps * g.g / (g.g - 1.0) : std::numeric_limits<double>::infinity();
    const double base = std::min(g.nicNodeGBps * g.fabricRingFactor * twoNodeTreeFactor(g.k), intraCap);
    const double simple = base * calibration::kTreeBandwidthFactor;
    const double volume = 2.0 * bytes; // NCCL: tree algbw = busBw x 0.5
    const StepCost c = ncclChooseProtocol(Algorithm::Tree, op, ncclShape(g), bytes, volume, simple);
    e.protocol = c.protocol;
    e.latencyUs = c.latencyUs;
    e.timeUs = withMeasuredRampUs(c.timeUs, usFor(volume, simple), g.k, bytes);
    e.bandwidthUs = e.timeUs - e.latencyUs;
    return e;
}

} // namespace model::analysis
