#pragma once
/// @file protocol_plan.hpp
/// The simulator's ring schedules priced with the analytical engine's cost model for a step
/// (model/analysis/nccl_cost.hpp), so that both engines agree on what a step costs:
/// - the protocol (LL, LL128, Simple) NCCL would choose for this ring, and
/// - the per-step latency by the kind of hop, as NCCL composes a ring's latency
///   (nccl_cost.hpp ncclRingLatency): a ring step inside a server costs NCCL's intra-node step
///   latency, one between servers its network step latency, and the ring's base latency is paid
///   once. simulateCollective charges each simulated hop its kind's latency less the wire
///   latency it routes for a reference hop of that kind (NCCL's figures already hold the wire),
///   and the ring runs per-rank pipelined (collective_schedule.hpp), so a ring of 2(n-1) steps
///   over k servers pays the network latency about 2k times, not 2(n-1) times (issue 16 item 2);
/// - the protocol's bandwidth efficiency as extra bytes on the wire (LL stores 8 B per 4 B of
///   data: the simulated flows carry bytes x Simple rate / protocol rate), and
/// - across nodes, the same floor the analytical engine applies: the measured multi-node ramp
///   (collective_algorithms.hpp withMeasuredRampUs).
///
/// Tree, NVLS and NVLSTree all-reduce schedules (schedule_algorithms.hpp) are priced term by
/// term from the analytical engine's own function (model/analysis/collective_pricing.hpp):
/// the protocol NCCL picks (the tree's LL / LL128 / Simple; NVLS Simple), its bandwidth factor
/// and the tree correction as extra wire bytes, NCCL's latency as base + the hops the first
/// chunk crosses in the simulated schedule (chain and tree hops, the NVLS op) each at NCCL's
/// latency of its kind (or the routed wire where longer), the chunk pipeline's fill as NCCL's
/// factor on the simulated drain (ncclPipelineFillFactor), and the same measured floor:
///     T = base + sum(hop latency) + fill x simulated drain, then max with the floor.
/// What is simulated is the drain: the bytes of every edge of the algorithm on the routed
/// links under max-min sharing (which link limits, contention); the rest is NCCL's.
///
/// The hierarchical all-reduce (collective_schedule.hpp) is priced the same way from the
/// analytical engine's hierarchicalPricing (model/analysis/hierarchical_pricing.hpp): NCCL's
/// Simple ring base latency once, 2(g-1) intra-node and 2(k-1) inter-node ring-step latencies,
/// and the slower pipeline stage's simulated drain, the rail phase's bytes between servers
/// carrying 1 / eta (the measured network size efficiency) as the analytical engine divides
/// its network term by it.

#include "model/analysis/collective_types.hpp"
#include "model/analysis/nccl_release.hpp"
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/units/units.hpp"

namespace model::sim {

/// How one ring collective is priced (see the file comment).
struct ProtocolPlan {
    bool applies = false;        ///< false: keep the simulator's defaults (Simple, sendOverhead)
    Algorithm algorithm = Algorithm::Ring; ///< the schedule it prices (Ring, Tree, Nvls, NvlsTree)
    Protocol protocol = Protocol::Simple;
    Duration intraStepLatency;   ///< per ring step / hop inside a server (NCCL's, wire included)
    Duration interStepLatency;   ///< per ring step / hop between servers (NCCL's, wire included)
    Duration baseLatency;        ///< once per collective (NCCL's base latency)
    double fillFactor = 1.0;     ///< tree / NVLS: NCCL's pipeline fill factor on the drain
    double wireFactor = 1.0;     ///< simulated bytes per payload byte (>= 1)
    int nodes = 1;               ///< servers the ring spans
    double simpleBandwidthUs = 0; ///< the analytical Simple bandwidth term, us (for the floor)
    double rampStretch = 1.0;     ///< the transport's stretch of the measured ramp (nccl_cost.hpp)
    /// Tree-shaped schedules over more than 2 nodes: the latency of the extra depth added to the
    /// 2-node ramp (analysis NcclPricing::deeperTreeLatencyUs), us; 0 otherwise.
    double deeperTreeLatencyUs = 0;
    /// All-to-all: simulated bytes per payload byte of a transfer between servers, 1 / SimAI's
    /// measured all-to-all efficiency (size_efficiency.hpp allToAllSizeEfficiency), as the
    /// analytical engine divides its network term by it; 1 otherwise.
    double interServerWireFactor = 1.0;
};

/// Plan for a ring `op` of `bytes` (nccl-tests size) over the first `gpus` GPUs of the design,
/// placed as the analytical engine places them, with the tuner constants of NCCL `release`
/// (nccl_release.hpp). Returns applies = false for all-to-all, one GPU, or a design the
/// analytical engine cannot place (then the simulator's own defaults hold).
[[nodiscard]] ProtocolPlan ringProtocolPlan(const Design& design, const Catalog& catalog, CollectiveOp op, double bytes,
                                            int gpus, NcclRelease release = NcclRelease::Current) noexcept;

/// Plan for an all-reduce with `algorithm` Tree, Nvls or NvlsTree (collective_pricing.hpp), or
/// ringProtocolPlan for Ring; applies = false for other algorithms or where the analytical
/// engine cannot place the GPUs or does not price the algorithm there.
[[nodiscard]] ProtocolPlan algorithmProtocolPlan(const Design& design, const Catalog& catalog, Algorithm algorithm,
                                                 CollectiveOp op, double bytes, int gpus,
                                                 NcclRelease release = NcclRelease::Current) noexcept;

/// Plan for an all-to-all of `bytes` (nccl-tests size: one rank's send buffer) over the first
/// `gpus` GPUs, priced as the analytical engine prices its pairwise exchange
/// (collective_alltoall.cpp): each flow's latency is pairwiseLatencyUs of its kind (NCCL's
/// Simple base + one network hop between servers, one NVLink / PCIe hop inside one), and a flow
/// between servers carries its bytes / allToAllSizeEfficiency(bytes, servers) on the wire.
/// What the simulator adds is the routing: which links the flows share, oversubscribed
/// uplinks included. applies = false for one GPU or a design the analytical engine cannot place.
[[nodiscard]] ProtocolPlan allToAllProtocolPlan(const Design& design, const Catalog& catalog, double bytes, int gpus) noexcept;

/// Plan for a hierarchical all-reduce of `bytes` (nccl-tests size) over the first `gpus` GPUs,
/// priced with the terms the analytical engine sums (model/analysis/hierarchical_pricing.hpp):
/// NCCL's Simple ring base latency once, each ring step inside a server its NVLink (PCIe) hop
/// latency and each between servers its NET hop latency (wire included; the routed wire counts
/// where longer), pipeline fill 1 (the phases' transfers overlap; T = latency + the slowest
/// stage's simulated drain), and the rail phase's bytes between servers x 1 / eta, the measured
/// network size efficiency (size_efficiency.hpp), as the analytical engine divides its network
/// term by it (interServerWireFactor). No further floor (simpleBandwidthUs 0). applies = false
/// for other ops, one server, or a design the analytical engine cannot place.
[[nodiscard]] ProtocolPlan hierarchicalProtocolPlan(const Design& design, const Catalog& catalog, CollectiveOp op,
                                                    double bytes, int gpus,
                                                    NcclRelease release = NcclRelease::Current) noexcept;

/// The simulated time, seconds, after the floor of the plan: across nodes never below the
/// Simple bandwidth term divided by the measured size efficiency.
[[nodiscard]] double applyRampFloor(const ProtocolPlan& plan, double bytes, double simulatedSeconds) noexcept;

} // namespace model::sim
