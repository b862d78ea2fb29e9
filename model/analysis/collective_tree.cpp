// NCCL double binary tree all-reduce across nodes: engine_formulas.md §3.
//
//          node0                 Two complementary binary trees over the k nodes; inside a
//         /     \                node the g GPUs form a chain. Each tree carries half the
//     node1     node2            data, so every node sends and receives S once per direction.
//
// busbw_tree = min(B_nic_node x f(k), B_intra x g/(g-1)) x 0.92 x (n-1)/n, where the two-node
// effect f(2) = 2, f(3) = 4/3, f(k>=4) = 1 (SimAI calbusbw.cc; NCCL tuning.cc). Time:
// t = S x 2(n-1)/n / busbw = 2 S / (min(...) x 0.92).
// lat = base + 2 ((g-1) intraHop + log2(k) netHop).
#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace model::analysis {

namespace {
double treeIntraHopUs(const CommGroup& g, int p) noexcept
{
    switch (g.intraPath) {
    case IntraPath::NVLink: return calibration::kTreeHopNvlinkUs[p];
    case IntraPath::PciePeer: return calibration::kTreeHopPcieUs[p];
    case IntraPath::HostStaged: return calibration::kTreeHopPcieUs[p] * calibration::kHostStagedLatencyFactor;
    }
    return 0;
}
} // namespace

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
    const double depth = std::log2(static_cast<double>(g.k));
    e.timeUs = std::numeric_limits<double>::infinity();
    for (int p : {0, 2}) { // LL and Simple (LL128 is NVLink-only)
        const auto proto = static_cast<Protocol>(p);
        const double lat = calibration::kTreeBaseUs[p] + 2.0 * ((g.g - 1) * treeIntraHopUs(g, p) + depth * calibration::kTreeHopNetUs[p]);
        double bw = base * calibration::kTreeBandwidthFactor;
        if (proto == Protocol::LL)
            bw = std::min(base * calibration::kLlBandwidthFactor,
                          g.k == 2 ? calibration::kLlMaxBwTwoNodesGBps : calibration::kLlMaxBwManyNodesGBps);
        double bwUs = 0;
        const double t = combineUs(lat, usFor(2.0 * bytes, bw), g.k, proto, bytes, bwUs);
        if (t < e.timeUs) { e.timeUs = t; e.protocol = proto; e.latencyUs = lat; e.bandwidthUs = bwUs; }
    }
    return e;
}

} // namespace model::analysis
