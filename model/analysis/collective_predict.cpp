// Algorithm choice and nccl-tests style reporting (engine_anchors.md §a.1, §a.3).
#include "model/analysis/collective_predict.hpp"

#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/units/number_format.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace model::analysis {

std::vector<Algorithm> autoCandidates(const CommGroup& g, CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce: {
        std::vector<Algorithm> c = {Algorithm::Ring, Algorithm::Tree, Algorithm::Nvls, Algorithm::NvlsTree};
        if (g.sharpEnabled) c.push_back(Algorithm::CollNet);
        return c;
    }
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::Broadcast: return {Algorithm::Ring};
    case CollectiveOp::AllToAll: return {Algorithm::Direct};
    }
    return {};
}

AlgoEstimate estimate(Algorithm a, const CommGroup& g, CollectiveOp op, double bytes)
{
    switch (a) {
    case Algorithm::Ring: return ringEstimate(g, op, bytes);
    case Algorithm::Tree: return treeEstimate(g, op, bytes);
    case Algorithm::Nvls: return nvlsEstimate(g, op, bytes);
    case Algorithm::NvlsTree: return nvlsTreeEstimate(g, op, bytes);
    case Algorithm::CollNet: return sharpEstimate(g, op, bytes);
    case Algorithm::Hierarchical: return hierarchicalEstimate(g, op, bytes);
    case Algorithm::Direct: return allToAllEstimate(g, op, bytes);
    case Algorithm::Pairwise:
        throw std::invalid_argument("the analytical engine models all-to-all as NCCL runs it, every peer at once (\"direct\"); "
                                    "\"pairwise\" (n-1 synchronized rounds) is simulated only, with no analytical model to compare it with");
    default: break;
    }
    throw std::invalid_argument(std::string("the analytical engine does not model algorithm \"") + toString(a) +
                                "\"; it knows ring, tree, nvls, nvls_tree, sharp, hierarchical and direct");
}

namespace {

/// The NCCL_ALGO value that runs `a` (NCCL's env.md: Ring, Tree, NVLS, NVLSTree, CollNetDirect).
const char* ncclAlgoName(Algorithm a) noexcept
{
    switch (a) {
    case Algorithm::Tree: return "Tree";
    case Algorithm::Nvls: return "NVLS";
    case Algorithm::NvlsTree: return "NVLSTree";
    case Algorithm::CollNet: return "CollNetDirect";
    default: return "Ring";
    }
}

/// Where the ranks sit, in words: "4 node(s) x 8", or for an uneven split (the ranks fill
/// whole servers in id order, CommGroup::chainRanks / fewestRanks) "2 node(s): 8 + 1 GPUs"
/// and "3 node(s) of 1 to 8 GPUs".
std::string placementText(const CommGroup& g)
{
    if (g.k <= 1 || g.chainRanks == g.fewestRanks) return std::to_string(g.k) + " node(s) x " + std::to_string(g.k <= 1 ? g.n : g.g);
    if (g.k == 2) return "2 node(s): " + std::to_string(g.chainRanks) + " + " + std::to_string(g.fewestRanks) + " GPUs";
    return std::to_string(g.k) + " node(s) of " + std::to_string(g.fewestRanks) + " to " + std::to_string(g.chainRanks) + " GPUs";
}
} // namespace

CollectiveResult predictOnGroup(const CommGroup& g, CollectiveOp op, double bytes, Algorithm algorithm)
{
    if (!std::isfinite(bytes) || bytes < 0)
        throw std::invalid_argument("the message size must be a finite number of bytes >= 0, got " + std::to_string(bytes));
    CollectiveResult r;
    r.op = op;
    r.bytes = bytes;
    r.gpus = g.n;
    AlgoEstimate best;
    best.timeUs = std::numeric_limits<double>::infinity();
    std::string others;
    if (algorithm == Algorithm::Auto) {
        for (Algorithm a : autoCandidates(g, op)) {
            AlgoEstimate e = estimate(a, g, op, bytes);
            if (!e.applicable) continue;
            others += (others.empty() ? "" : ", ") + std::string(toString(a)) + " " + fixedDecimals(e.timeUs, 1) + " us";
            if (e.timeUs < best.timeUs) best = e;
        }
        if (!best.applicable) throw std::invalid_argument(std::string("no algorithm can run ") + toString(op) + " here");
    } else {
        best = estimate(algorithm, g, op, bytes);
        if (!best.applicable)
            throw std::invalid_argument(std::string("algorithm \"") + toString(algorithm) + "\" cannot run " + toString(op) + " on " +
                                        std::to_string(g.n) + " GPUs here: " + best.whyNot);
    }
    // NCCL runs what its own tuner ranks first (tuning.cc: latency + bytes / bandwidth for
    // each algorithm, the tree correction included), and that tuner sees neither the fabric
    // behind the NICs nor what the engines add to its figures (the NVLS pipeline fill and
    // channel concentration, the measured size ramp). Where that pick is not the fastest
    // algorithm here, NCCL's default run takes the pick's time: both are given. 128 DGX H100
    // at 43:1: NCCL runs nvls_tree, 280 ms, where a ring takes 61 ms; 8 H100 under NCCL 2.18 at
    // 1 MiB: NCCL runs nvls (its tuner: 26 us), 45.2 us, where ring LL takes 35.9 us.
    std::string tunerNote;
    if (algorithm == Algorithm::Auto) {
        const bool fabricHidden = g.k > 1 && (g.fabricRingFactor < 1.0 || g.fabricTreeFactor < 1.0);
        CommGroup blind = g;
        blind.fabricRingFactor = 1.0;
        blind.fabricTreeFactor = 1.0;
        Algorithm pick = best.algorithm;
        double pickTunerUs = std::numeric_limits<double>::infinity();
        for (Algorithm a : autoCandidates(blind, op)) {
            const AlgoEstimate e = estimate(a, blind, op, bytes);
            const double tuner = e.tunerUs >= 0 ? e.tunerUs : e.timeUs;
            if (e.applicable && tuner < pickTunerUs) {
                pickTunerUs = tuner;
                pick = a;
            }
        }
        r.ncclDefaultAlgorithm = pick;
        r.ncclDefaultTime = Duration::microseconds(best.timeUs);
        if (pick != best.algorithm) {
            const AlgoEstimate there = estimate(pick, g, op, bytes);
            r.ncclDefaultTime = Duration::microseconds(there.timeUs);
            const std::string why = fabricHidden ? "does not see the fabric's oversubscription"
                                                 : "ranks by its own latency and bandwidth figures, without the pipeline fill and "
                                                   "size ramp priced here";
            tunerNote = "; NCCL's own tuner " + why + ": it would run " + toString(pick) + " here, " +
                        fixedDecimals(there.timeUs, 1) + " us on this design; NCCL_ALGO=" + ncclAlgoName(best.algorithm) +
                        " gets this figure";
        }
    }
    if (g.n == 1) { // a local copy: read and write the buffer once in HBM
        best.timeUs = g.hbmGBps > 0 ? usFor(2.0 * bytes, g.hbmGBps) : 0.0;
        best.algorithm = Algorithm::LocalCopy;
        if (algorithm == Algorithm::Auto) r.ncclDefaultTime = Duration::microseconds(best.timeUs);
    }
    r.algorithm = best.algorithm;
    if (algorithm != Algorithm::Auto || g.n == 1) r.ncclDefaultAlgorithm = best.algorithm;
    r.time = Duration::microseconds(best.timeUs);
    r.algbw = best.timeUs > 0 ? Bandwidth::bytesPerSecond(bytes / (best.timeUs * 1e-6)) : Bandwidth();
    r.busbw = r.algbw * busBandwidthFactor(op, g.n);
    r.protocol = best.protocol;
    r.latency = Duration::microseconds(std::min(best.latencyUs, best.timeUs));
    r.note = std::string(toString(best.algorithm)) + " (" + toString(best.protocol) + " protocol) on " + std::to_string(g.n) + " GPUs = " +
             placementText(g) + "; intra-node " + g.intraTechnology + " " +
             fixedDecimals(g.intraGBps, 1) + " GB/s usable per GPU" +
             (g.k > 1 ? "; NICs " + fixedDecimals(g.nicNodeGBps, 1) + " GB/s practical per node" : std::string()) +
             (op == CollectiveOp::AllToAll && g.k > 1 && g.fabricAllToAllFactor < 1.0
                  ? "; the leaf uplinks carry " + fixedDecimals(g.fabricAllToAllFactor * 100.0, 1) + "% of the NIC rate for the traffic leaving the leaf" +
                        (g.ecmpAllToAllFactor > 1.0005 ? " (per-flow ECMP: the busiest uplink carries " + fixedDecimals(g.ecmpAllToAllFactor, 2) +
                                                             " x the mean)"
                                                       : std::string())
                  : std::string()) +
             (g.lossyLeaves ? "; Ethernet without PFC/ECN: this figure assumes no packet loss, but a port offered more than it "
                              "carries drops packets and RDMA senders stall on retransmission timeouts (the flow-level simulation "
                              "prices it; design rule roce-without-pfc)"
                            : std::string()) +
             (g.ncclRelease != NcclRelease::Current
                  ? std::string("; NCCL ") + (usesTuner2_18(g.ncclRelease) ? std::string(toString(g.ncclRelease)) + (g.ncclRelease == NcclRelease::UpTo2_18 ? "" : " (2.18 tables)") : std::string("2.19-2.20")) +
                        " tuner constants (model/analysis/nccl_release.hpp)"
                  : std::string()) +
             "; latency term " + fixedDecimals(best.latencyUs, 1) + " us, bandwidth term " + fixedDecimals(best.bandwidthUs, 1) + " us" +
             (others.empty() ? std::string() : "; candidates: " + others) + tunerNote;
    if (g.n == 1) {
        r.latency = Duration();
        r.note = "local copy on 1 GPU: nothing crosses a link; NCCL copies the buffer once in the GPU's memory (out-of-place), "
                 "2 x size at " + fixedDecimals(g.hbmGBps, 1) + " GB/s HBM; the copy's launch overhead (microseconds on a real GPU) is not modelled";
    }
    return r;
}

} // namespace model::analysis
