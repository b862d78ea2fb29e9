#pragma once
/// @file collective_pricing.hpp
/// NCCL's cost model (nccl_cost.hpp) applied to one placed collective of the tree, NVLS,
/// NVLSTree and CollNet (SHARP) all-reduce, term by term, so that both engines read each term from one function:
/// the analytical engine sums them (collective_tree.cpp, collective_nvls.cpp), the simulator
/// prices its schedules of the same algorithms with them (model/simulation/protocol_plan.hpp):
/// the protocol NCCL picks for the size, its latency parts (base and per-hop, by hop kind),
/// the protocol's and the tree correction's bandwidth factor, the chunk pipeline's fill, and
/// the reference of the measured size-efficiency floor (withMeasuredRampUs).
///
/// Time of the collective, both engines:
///     t = max(latencyUs + bandwidthUs x fillFactor, floor),
///     floor = simpleBandwidthUs / eta(S, k) across nodes (collective_algorithms.hpp
///     withMeasuredRampUs, size_efficiency.hpp), none on one node,
/// where the analytical engine computes bandwidthUs from the group's bottleneck rate and the
/// simulator replaces it by the simulated drain of the same bytes (routing, max-min sharing).
///
/// The floor for these algorithms is each algorithm's own Simple bandwidth term divided by the
/// measured busbw fraction eta (not the ring's term): SimAI (calbusbw.cc, nic_ratio.csv, the
/// source of eta) scales the busbw of whatever algorithm NCCL ran by the same measured ratio,
/// so eta is a property of the message size and node count, applied to each algorithm's
/// plateau rate.

#include "model/analysis/collective_types.hpp"
#include "model/analysis/comm_group.hpp"

namespace model::analysis {

/// One collective under one algorithm, priced by NCCL's cost model (see the file comment).
/// Units: microseconds; dimensionless factors.
struct NcclPricing {
    bool applicable = false;
    Algorithm algorithm = Algorithm::Ring;
    Protocol protocol = Protocol::Simple;
    double latencyUs = 0;          ///< NCCL's latency of the whole collective (ncclLatencyUs)
    double baseLatencyUs = 0;      ///< its base part (ncclBaseLatencyUs), paid once
    double intraHopUs = 0;         ///< one hop inside a server (chain hop; NVLS: the switch's reduce + multicast)
    double interHopUs = 0;         ///< one hop between servers (a tree edge, one direction; ncclNetHopLatencyUs)
    double bandwidthUs = 0;        ///< bottleneck bytes / (protocol rate x tree correction)
    double simpleBandwidthUs = 0;  ///< bottleneck bytes / Simple rate: the floor's reference
    /// Simple rate / (protocol rate x tree correction): simulated bytes per payload byte (>= 1).
    double wireFactor = 1.0;
    double fillFactor = 1.0;       ///< ncclPipelineFillFactor (1 for the tree)
    int nodes = 1;                 ///< servers the collective spans (floor applies from 2)
    int heads = 0;                 ///< NVLS heads per node (NVLS, NVLSTree), else 0
    /// The transport's stretch of the measured ramp (nccl_cost.hpp ncclTransportRampStretch)
    double rampStretch = 1.0;
    /// Tree-shaped algorithms (tree, NVLSTree, CollNet) over k > 2 nodes: NCCL's latency on k
    /// nodes less its latency on 2 (ncclLatencyUs), us. A tree reads the measured ramp at 2 nodes
    /// (measuredRampNodes), whose measurement holds a 2-node tree's latency; the deeper tree's
    /// extra hops are added to that floor (withMeasuredRampUs), so the time grows with the
    /// depth log2(k) at every size, as NCCL's latency does. 0 otherwise.
    double deeperTreeLatencyUs = 0;
};

/// NCCL double binary tree all-reduce across nodes (engine_formulas.md section 3): Simple rate
/// min(B_nic_node x f(k), B_intra x g/(g-1)) x 0.92, bottleneck bytes 2 S, NCCL's choice among
/// LL, LL128 and Simple with its tree correction; latency base + 2((g-1) intra + log2(k) net).
/// applicable = false for other ops or one node.
[[nodiscard]] NcclPricing treePricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept;

/// NVLS all-reduce on one node (engine_formulas.md section 5): S (1 + 1/n) at B_nvlink x NVLS
/// efficiency, Simple only, latency one NVLS hop (25 us), chunk pipeline fill with every GPU
/// a head. applicable = false for other ops or several nodes (capability checks stay with
/// the callers).
[[nodiscard]] NcclPricing nvlsPricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept;

/// NVLSTree all-reduce across nodes (engine_formulas.md section 5, SimAI calbusbw.cc): 2 S at
/// min(B_nic_node x f(k), busbw_nvls x g/(g-1)), Simple only, latency NVLS hop + 2 log2(k)
/// NVLSTree network hops, fill with one head per GPU with a NIC. applicable = false for other
/// ops or one node.
[[nodiscard]] NcclPricing nvlsTreePricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept;

/// InfiniBand SHARP all-reduce (NCCL CollNetDirect; collective_sharp.cpp): the intra-node
/// reduce-scatter and all-gather, 2 (g-1)/g S at B_intra, pipelined by chunk with each GPU's
/// S/g shard through its share of the node's NICs x the fabric's ring factor x 0.85 (tuning.cc
/// CollNet on Hopper): bandwidthUs = the larger; latency NCCL's CollNetDirect composition
/// (nccl_cost.hpp ncclLatencyUs), all of it in baseLatencyUs; floor reference the network
/// phase. applicable = false for other ops, one node, or a fabric without SHARP.
[[nodiscard]] NcclPricing collNetPricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept;

/// The pricing of `algorithm` (Tree, Nvls, NvlsTree, CollNet); applicable = false for the others.
[[nodiscard]] NcclPricing ncclPricing(Algorithm algorithm, const CommGroup& g, CollectiveOp op, double bytes) noexcept;

/// The analytical time of a pricing, us: max(latency + bandwidth x fill, floor) (file comment).
[[nodiscard]] double pricedTimeUs(const NcclPricing& p, double bytes) noexcept;

} // namespace model::analysis
