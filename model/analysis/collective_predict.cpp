// Algorithm choice and nccl-tests style reporting (engine_anchors.md §a.1, §a.3).
#include "model/analysis/collective_predict.hpp"

#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/collective_algorithms.hpp"

#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace model::analysis {

const std::vector<std::string>& algorithmNames()
{
    static const std::vector<std::string> names = {"auto", "ring", "tree", "nvls", "nvls_tree", "sharp", "hierarchical", "pairwise"};
    return names;
}

std::vector<std::string> autoCandidates(const CommGroup& g, CollectiveOp op)
{
    switch (op) {
    case CollectiveOp::AllReduce: {
        std::vector<std::string> c = {"ring", "tree", "nvls", "nvls_tree"};
        if (g.sharpEnabled) c.push_back("sharp");
        return c;
    }
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::Broadcast: return {"ring"};
    case CollectiveOp::AllToAll: return {"pairwise"};
    }
    return {};
}

AlgoEstimate estimateByName(const std::string& a, const CommGroup& g, CollectiveOp op, double bytes)
{
    if (a == "ring") return ringEstimate(g, op, bytes);
    if (a == "tree") return treeEstimate(g, op, bytes);
    if (a == "nvls") return nvlsEstimate(g, op, bytes);
    if (a == "nvls_tree") return nvlsTreeEstimate(g, op, bytes);
    if (a == "sharp" || a == "collnet") return sharpEstimate(g, op, bytes);
    if (a == "hierarchical") return hierarchicalEstimate(g, op, bytes);
    if (a == "pairwise") return pairwiseEstimate(g, op, bytes);
    std::string list;
    for (const auto& n : algorithmNames()) list += (list.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown algorithm \"" + a + "\"; expected one of " + list);
}

namespace {
std::string fmt(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}
} // namespace

CollectiveResult predictOnGroup(const CommGroup& g, CollectiveOp op, double bytes, const std::string& algorithm)
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
    if (algorithm.empty() || algorithm == "auto") {
        for (const auto& name : autoCandidates(g, op)) {
            AlgoEstimate e = estimateByName(name, g, op, bytes);
            if (!e.applicable) continue;
            others += (others.empty() ? "" : ", ") + name + " " + fmt(e.timeUs) + " us";
            if (e.timeUs < best.timeUs) best = e;
        }
        if (!best.applicable) throw std::invalid_argument(std::string("no algorithm can run ") + toString(op) + " here");
    } else {
        best = estimateByName(algorithm, g, op, bytes);
        if (!best.applicable)
            throw std::invalid_argument("algorithm \"" + algorithm + "\" cannot run " + toString(op) + " on " +
                                        std::to_string(g.n) + " GPUs here: " + best.whyNot);
    }
    if (g.n == 1) { // a local copy: read and write the buffer once in HBM
        best.timeUs = g.hbmGBps > 0 ? usFor(2.0 * bytes, g.hbmGBps) : 0.0;
        best.algorithm = "local copy";
    }
    r.algorithm = best.algorithm;
    r.time = Duration::microseconds(best.timeUs);
    r.algbw = best.timeUs > 0 ? Bandwidth::bytesPerSecond(bytes / (best.timeUs * 1e-6)) : Bandwidth();
    r.busbw = r.algbw * busBandwidthFactor(op, g.n);
    r.protocol = toString(best.protocol);
    r.latency = Duration::microseconds(std::min(best.latencyUs, best.timeUs));
    r.note = best.algorithm + " (" + toString(best.protocol) + " protocol) on " + std::to_string(g.n) + " GPUs = " +
             std::to_string(g.k) + " node(s) x " + std::to_string(g.g) + "; intra-node " + g.intraTechnology + " " +
             fmt(g.intraGBps) + " GB/s usable per GPU" +
             (g.k > 1 ? "; NICs " + fmt(g.nicNodeGBps) + " GB/s practical per node" : std::string()) +
             "; latency term " + fmt(best.latencyUs) + " us, bandwidth term " + fmt(best.bandwidthUs) + " us" +
             (others.empty() ? std::string() : "; candidates: " + others);
    return r;
}

} // namespace model::analysis
