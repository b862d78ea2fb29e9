// NVLink SHARP (NVLS): the NVSwitch reduces in the switch (Hopper and later):
// engine_formulas.md §5.
//
//   GPU0 ..GPU7  --multimem.ld_reduce-->  NVSwitch  --multicast-->  GPU0 .. GPU7
//
// One node: each GPU moves S (1 + 1/n) instead of 2 S (n-1)/n (Calculon op [1.0, +1]) over
// NVLink at NCCL's NVLS efficiency (0.85 Hopper, 0.74 Blackwell):
//   t = 25 us + S (1 + 1/n) / (B_nvlink x eff)          => busbw = B eff 2(n-1)/(n+1).
// NVLSTree across nodes: busbw = min(B_nic_node f(k), busbw_nvls g/(g-1)) (n-1)/n
// (SimAI calbusbw.cc), lat = 25 + 2 log2(k) 20.9 us (tuning.cc).
// Both pay the fill of their chunk pipeline at medium sizes, which NCCL's tuner leaves out
// (nccl_cost.hpp ncclPipelineFillFactor, chunk sizes from enqueue.cc). The terms are composed
// in collective_pricing.cpp, shared with the simulator.
#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/collective_pricing.hpp"

#include <limits>
#include <string>

namespace model::analysis {

namespace {
bool nvlsUsable(const CommGroup& g, CollectiveOp op, int ranksInNode, AlgoEstimate& e)
{
    if (op != CollectiveOp::AllReduce) { e.whyNot = "NVLS is modelled for all-reduce only"; return false; }
    if (!g.nvlsCapable) { e.whyNot = "needs NVSwitch with in-switch reduction (NVLink 4, Hopper, or later) joining the GPUs"; return false; }
    if (ranksInNode < calibration::kNvlsMinGpus) { e.whyNot = "NCCL does not use NVLS for 4 GPUs per node or fewer"; return false; }
    return true;
}
} // namespace

AlgoEstimate nvlsEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::Nvls;
    if (g.k != 1) { e.whyNot = "across nodes NVLS runs as nvls_tree (or with SHARP)"; return e; }
    if (!ncclHasNvls(g.ncclRelease)) { e.whyNot = std::string("NVLS came in NCCL 2.17; this is NCCL ") + toString(g.ncclRelease); return e; }
    if (!nvlsUsable(g, op, g.n, e)) return e;
    const NcclPricing c = nvlsPricing(g, op, bytes);
    e.applicable = true;
    e.protocol = c.protocol;
    e.latencyUs = c.latencyUs;
    e.bandwidthUs = c.applicable ? c.bandwidthUs * c.fillFactor : std::numeric_limits<double>::infinity();
    e.timeUs = e.latencyUs + e.bandwidthUs;
    e.tunerUs = c.applicable ? c.latencyUs + c.bandwidthUs : e.timeUs;
    return e;
}

AlgoEstimate nvlsTreeEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::NvlsTree;
    if (g.k < 2) { e.whyNot = "needs at least 2 nodes (one node uses nvls)"; return e; }
    if (!ncclHasNvlsTree(g.ncclRelease)) { e.whyNot = std::string("NVLS tree came in NCCL 2.18; this is NCCL ") + toString(g.ncclRelease); return e; }
    if (g.chainRanks != g.g || g.n % g.k != 0) {
        e.whyNot = "needs the ranks spread evenly over the nodes (" + std::to_string(g.n) + " ranks on " + std::to_string(g.k) +
                   " nodes are " + std::to_string(g.chainRanks) + " on the first)";
        return e;
    }
    if (!nvlsUsable(g, op, g.g, e)) return e;
    const NcclPricing c = nvlsTreePricing(g, op, bytes);
    e.applicable = true;
    e.protocol = c.protocol;
    e.latencyUs = c.latencyUs;
    e.timeUs = c.applicable ? pricedTimeUs(c, bytes) : std::numeric_limits<double>::infinity();
    e.tunerUs = c.applicable ? c.latencyUs + c.bandwidthUs : e.timeUs;
    e.bandwidthUs = e.timeUs - e.latencyUs;
    return e;
}

} // namespace model::analysis
