#pragma once
/// @file collective_algorithms.hpp
/// Cost of one collective under each algorithm NCCL implements (plus hierarchical), as
/// latency + bandwidth terms per hop. Each function returns the best protocol's time for its
/// algorithm, or an estimate with `applicable == false` and the reason in words.
///
/// Conventions (engine_formulas.md notation): S = nccl-tests size in bytes; times in
/// microseconds; bandwidths in decimal GB/s per GPU, one direction; t[us] = S / (1000 B).

#include "model/analysis/analysis.hpp"
#include "model/analysis/comm_group.hpp"

#include <string>

namespace model::analysis {

/// One algorithm's predicted time for one collective.
struct AlgoEstimate {
    Algorithm algorithm = Algorithm::Ring;
    bool applicable = false;
    std::string whyNot;        ///< when not applicable, in words
    Protocol protocol = Protocol::Simple;
    double timeUs = 0;         ///< predicted time, microseconds
    double latencyUs = 0;      ///< its latency term, microseconds
    double bandwidthUs = 0;    ///< its bandwidth term (after size efficiency), microseconds
};

/// Time in us of `bytes` at `GBps` decimal GB/s: bytes / (1000 x GBps).
[[nodiscard]] inline double usFor(double bytes, double GBps) noexcept { return bytes / (1000.0 * GBps); }

/// Combines a latency and a bandwidth term. Inside one node (NCCL's own model,
/// `ncclTopoGetAlgoTime`): lat + bw. Across nodes with the Simple protocol the bandwidth term
/// is divided by the measured size efficiency eta(S, k) (SimAI nic_ratio.csv), which already
/// contains the per-step latency of large messages, so the two overlap: max(lat, bw / eta)
/// [derived, engine_formulas.md §7].
[[nodiscard]] double combineUs(double latUs, double bwUs, int nodes, Protocol p, double bytes, double& bwUsOut) noexcept;

/// Ring (all_reduce, all_gather, reduce_scatter, broadcast): engine_formulas.md §2.
[[nodiscard]] AlgoEstimate ringEstimate(const CommGroup& g, CollectiveOp op, double bytes);
/// NCCL double binary tree (all_reduce, >= 2 nodes) incl. the 2-node effect: §3.
[[nodiscard]] AlgoEstimate treeEstimate(const CommGroup& g, CollectiveOp op, double bytes);
/// NVLS in-switch reduction on one node (all_reduce, Hopper+ NVSwitch, >= 5 GPUs): §5.
[[nodiscard]] AlgoEstimate nvlsEstimate(const CommGroup& g, CollectiveOp op, double bytes);
/// NVLSTree: NVLS inside nodes, tree across them (all_reduce, >= 2 nodes): §5.
[[nodiscard]] AlgoEstimate nvlsTreeEstimate(const CommGroup& g, CollectiveOp op, double bytes);
/// InfiniBand SHARP via NCCL CollNetDirect (all_reduce, >= 2 nodes): §a.3.
[[nodiscard]] AlgoEstimate sharpEstimate(const CommGroup& g, CollectiveOp op, double bytes);
/// Hierarchical: intra reduce-scatter, inter per rail, intra all-gather: §4.
[[nodiscard]] AlgoEstimate hierarchicalEstimate(const CommGroup& g, CollectiveOp op, double bytes);
/// All-to-all as concurrent pairwise exchanges: §6.
[[nodiscard]] AlgoEstimate pairwiseEstimate(const CommGroup& g, CollectiveOp op, double bytes);

/// Tree two-node effect on inter-node bandwidth: 2 for 2 nodes, 4/3 for 3, else 1
/// (engine_formulas.md §3, SimAI calbusbw.cc).
[[nodiscard]] double twoNodeTreeFactor(int k) noexcept;

/// Algorithms NCCL may choose for `op` (hierarchical is never chosen automatically; sharp
/// only when `g.sharpEnabled`).
[[nodiscard]] std::vector<Algorithm> autoCandidates(const CommGroup& g, CollectiveOp op);
/// Estimate of one algorithm. @throws std::invalid_argument for Auto and for the algorithms the
/// analytical engine does not model (direct, and the result-only names).
[[nodiscard]] AlgoEstimate estimate(Algorithm algorithm, const CommGroup& g, CollectiveOp op, double bytes);

} // namespace model::analysis
