#pragma once
/// @file hierarchical_pricing.hpp
/// The hierarchical (2-D, rail-aligned) collective priced term by term, so that both engines
/// read each term from one function (issue 16: one cost model for a collective step): the
/// analytical engine sums them (collective_hierarchical.cpp), the simulator prices its
/// hierarchical schedule with them (model/simulation/protocol_plan.hpp) and replaces only the
/// bandwidth terms by the simulated drain of the same bytes on the routed links.
///
/// Phases (engine_formulas.md section 4), all-reduce on k servers of g GPUs:
///   intra-node reduce-scatter: g-1 ring steps of S/g over NVLink (PCIe);
///   inter-node all-reduce of each GPU's S/g shard on its rail: 2(k-1) ring steps of S/(g k);
///   intra-node all-gather: g-1 ring steps of S/g.
/// Reduce-scatter and all-gather run one intra and one inter phase (g-1 and k-1 steps).
///
/// Time, both engines, in NCCL's form t = latency + bytes / bandwidth (tuning.cc
/// ncclTopoGetAlgoTime; every algorithm's latency there is baseLat + the sum of its hops'
/// hwLat, tuning.cc v2.30.7 lines 384-432):
///     t = base + intraSteps a_in + interSteps a_net + max(t_intra, t_inter / eta)
/// - base: NCCL's Simple ring base latency, once (the phases run in one pipelined kernel);
/// - a_in, a_net: NCCL's Simple ring hop latencies (NVLink / PCIe hop; NET hop plus the
///   transport's latency, nccl_cost.hpp ncclNetHopLatencyUs). The latency of all phases adds
///   up: the first chunk crosses the reduce-scatter, the rail ring and the all-gather one after
///   another, and channel pipelining hides only the later chunks' transfer time;
/// - t_intra = intraSteps / g x S / B_in (both NVLink phases), t_inter = interSteps / k x (S/g) /
///   B_nic_gpu: the pipelined phases overlap, so the slower of them paces the collective;
/// - eta = SimAI's measured size efficiency of the network (size_efficiency.hpp
///   nicSizeEfficiency, nic_ratio.csv), read as for a ring across k nodes (the rail phase is
///   one), at bytes / the transport's ramp stretch (nccl_cost.hpp ncclTransportRampStretch).
/// NCCL does not implement this algorithm, so the protocol is Simple (no LL / LL128 choice).

#include "model/analysis/collective_types.hpp"
#include "model/analysis/comm_group.hpp"

namespace model::analysis {

/// One hierarchical collective priced by the model above. Units: microseconds; steps are
/// counts; eta and the stretch are dimensionless.
struct HierarchicalPricing {
    bool applicable = false;
    Protocol protocol = Protocol::Simple;
    double baseLatencyUs = 0;     ///< NCCL's Simple ring base latency (tuning.cc baseLatencies), once
    double intraHopUs = 0;        ///< one ring step inside a server (tuning.cc hwLatencies, Simple ring)
    double interHopUs = 0;        ///< one ring step between servers (Simple NET hop + transport latency)
    int intraSteps = 0;           ///< 2(g-1) all-reduce, g-1 reduce-scatter / all-gather
    int interSteps = 0;           ///< 2(k-1) all-reduce, k-1 reduce-scatter / all-gather
    double latencyUs = 0;         ///< base + intraSteps x intraHop + interSteps x interHop
    double intraBandwidthUs = 0;  ///< the NVLink (PCIe) phases' bytes per GPU / B_in
    double interBandwidthUs = 0;  ///< the rail phase's bytes per GPU / B_nic_gpu, at the plateau rate
    double interEfficiency = 1.0; ///< eta: the measured network size efficiency (divides interBandwidthUs)
    double rampStretch = 1.0;     ///< the transport's stretch of the measured ramp (eta read at S / stretch)
    int nodes = 1;                ///< k, servers
    int gpusPerNode = 1;          ///< g, ranks per server
};

/// Prices a hierarchical `op` of `bytes` (nccl-tests size) on the placed group `g` (see the
/// file comment). applicable = false for all-to-all, broadcast or fewer than 2 servers.
[[nodiscard]] HierarchicalPricing hierarchicalPricing(const CommGroup& g, CollectiveOp op, double bytes) noexcept;

/// The analytical time of a pricing, us: latency + max(intra bandwidth, inter bandwidth / eta).
[[nodiscard]] double hierarchicalTimeUs(const HierarchicalPricing& p) noexcept;

} // namespace model::analysis
