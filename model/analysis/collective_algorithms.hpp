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
    /// What NCCL's own tuner predicts for it, microseconds (tuning.cc ncclTopoGetAlgoTime:
    /// latency + bytes / bandwidth, the tree correction included), without what the engines
    /// add to it: the NVLS pipeline fill and channel concentration, the measured size ramp.
    /// NCCL ranks the algorithms by this figure. Negative: the same as timeUs.
    double tunerUs = -1;
};

/// Time in us of `bytes` at `GBps` decimal GB/s: bytes / (1000 x GBps).
[[nodiscard]] inline double usFor(double bytes, double GBps) noexcept { return bytes / (1000.0 * GBps); }

/// Time of a multi-node collective: NCCL's predicted time `ncclUs` (nccl_cost.hpp), but never
/// less than the measured multi-node ramp, the Simple-protocol bandwidth term `simpleBwUs`
/// divided by SimAI's size efficiency eta(S, k) (size_efficiency.hpp, nic_ratio.csv). NCCL's
/// tuner ranks algorithms; its absolute times are optimistic at scale (1 GiB ring all-reduce
/// over 1,024 H100: NCCL's LL128 model 10.7 ms, measured 19.4 ms, nccl-tests #322), which the
/// measured ramp bounds. One node (`nodes` <= 1): `ncclUs`. `rampStretch` (>= 1, nccl_cost.hpp
/// ncclTransportRampStretch) reads the ramp at bytes / rampStretch on a transport slower to
/// start than the RDMA fabrics it was measured on; 1 on InfiniBand and RoCE. `deeperTreeUs`
/// (>= 0) is added to the ramp: the latency a tree over more nodes than the ramp's `nodes`
/// pays for its extra depth (NcclPricing::deeperTreeLatencyUs), which the 2-node measurement
/// behind a tree's ramp does not hold; 0 for a ring, whose ramp is read at its own node count.
[[nodiscard]] double withMeasuredRampUs(double ncclUs, double simpleBwUs, int nodes, double bytes,
                                        double rampStretch = 1.0, double deeperTreeUs = 0.0) noexcept;

/// The node count at which `algorithm` reads the measured ramp (withMeasuredRampUs). A ring's
/// `nodes`: SimAI's column for k nodes falls with k as a ring's 2(n-1) steps grow (16 MiB:
/// 0.32 on 2 nodes, 0.0087 on 128). Tree-shaped algorithms (tree, nvls_tree, CollNet/SHARP):
/// at most 2. A tree's per-server traffic does not grow with the server count and its depth
/// grows as log2(k), which NCCL's latency term (nccl_cost.hpp) already charges; the ring-borne
/// fall of the wider columns applied to a tree put 16 MiB over 1,024 H100 at 9.9 ms (3.4 GB/s
/// busbw, time proportional to size from 1 to 16 MiB) where NCCL's tree model gives 0.3 ms.
[[nodiscard]] int measuredRampNodes(Algorithm algorithm, int nodes) noexcept;

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
/// All-to-all as NCCL runs it (§6): every rank posts its send and receive to every peer at once
/// (nccl-tests alltoall.cu, one ncclGroup of ncclSend/ncclRecv), named "direct" as in the
/// simulator. The simulator's "pairwise" (n-1 synchronized rounds) has no analytical model.
[[nodiscard]] AlgoEstimate allToAllEstimate(const CommGroup& g, CollectiveOp op, double bytes);
/// Latency, us, of one pairwise exchange of an all-to-all: NCCL's Simple ring base latency and
/// one Simple hop, a network hop (with the transport's own latency, nccl_cost.hpp) when
/// `betweenServers`, else an NVLink or PCIe hop as the group's intra-node path (calibration.hpp).
/// The analytical engine charges the network figure once when the group spans servers; the
/// simulator charges each flow its own kind.
[[nodiscard]] double pairwiseLatencyUs(const CommGroup& g, bool betweenServers) noexcept;

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
