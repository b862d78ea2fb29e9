#pragma once
/// @file collective_schedule.hpp
/// How a collective becomes flows, the way NCCL schedules it, reduced by exact symmetry.
///
/// Ring (engine_formulas.md section 2; NCCL step counts in tuning.cc): C rings ("channels")
/// each carry 1/C of the buffer; in every step each rank sends one 1/n slice to its ring
/// successor, all rings at once. All-reduce takes 2(n-1) steps, reduce-scatter and all-gather
/// n-1. Every step moves the same bytes between the same pairs of GPUs over the same paths, so
/// one step pattern is simulated. The steps are not separated by a barrier: a rank starts step
/// s when its predecessor's step s-1 slice has arrived (NCCL's ring kernel waits only on its
/// own receive FIFO), so a slice's latency adds up along the hops it actually crosses. The ring
/// takes (ScheduledPhase::ringLength)
///     T = S x D + max over the ring's windows of S consecutive hops of sum(latency of the hop)
/// with S the steps and D the step pattern's drain (its slowest flow's bytes at its max-min
/// rate: every hop carries one slice per step, so the slowest hop paces the ring), the form of
/// NCCL's own t = latency + bytes / bandwidth (tuning.cc). Over k servers a window of 2(n-1)
/// hops crosses servers 2k times (NCCL counts 2(k-1)) and the other hops are NVLink hops; a
/// barrier per step would charge every step the slowest (inter-server) hop's latency.
/// Ring c visits the servers in order and, inside each server,
/// the server's ranks rotated by c, so on a server with one NIC per GPU the C rings leave the
/// server on C different rails (what NCCL's ring search produces on DGX/HGX systems).
///
/// Hierarchical all-reduce (engine_formulas.md section 4): intra-node reduce-scatter over the
/// g ranks of each server ((g-1) steps of S/g), inter-node ring all-reduce of each 1/g shard
/// among the k servers on its rail (2(k-1) steps of S/(g k)), intra-node all-gather (same
/// pattern as the reduce-scatter: simulated once, reused). The buffer is cut into P pipeline
/// chunks; NVLink phases and the network phase overlap across chunks:
///     T = sum_i r_i T_i + (P-1) max(D_rs + D_ag, D_inter)
/// where T_i includes the per-step latency and D_i is the pure transfer (drain) time, since
/// NCCL keeps several steps in flight (NCCL_STEPS = 8) and hides the latency of later chunks.
/// Priced with the analytical engine's cost model (the default, protocol_plan.hpp
/// hierarchicalProtocolPlan; model/analysis/hierarchical_pricing.hpp), the first chunk's
/// latency is NCCL's instead: base + 2(g-1) NVLink steps + 2(k-1) network steps (two
/// latency-only phases), and the transfers take P x the slower stage's drain:
///     T = base + 2(g-1) a_in + 2(k-1) a_net + P max(D_rs + D_ag, D_inter),
/// the rail phase's bytes between servers carrying 1 / eta (measured size efficiency).
///
/// Broadcast: pipelined chain from the root over the ring order, P = S/(C x chunk) chunks per
/// ring: the first chunk crosses the n-1 hops of the chain one after another, each at its own
/// time alone on the hop (latency, overhead and the chunk at that hop's rate: NVLink inside a
/// server, the NIC between servers), then each later chunk adds one steady-state step's
/// transfer time: T = sum_h T_hop(h) - T_hop(last) + T_step + (P-1) D_step (engine_formulas.md
/// section 1, t = (h + c - 1)(alpha + S/(cB)) with per-hop times, the alpha of later chunks
/// hidden by NCCL's in-flight steps). The hops are counted on ring 0 of the first group.
///
/// All-to-all: "direct" (the default) posts every rank's n-1 sends at once, as NCCL's grouped
/// ncclSend/ncclRecv do, in one concurrent pattern (or a few batches for very large n);
/// "pairwise" runs n-1 synchronized rounds, in round r rank i sends S/n bytes to rank i+r
/// (mod n), each simulated (schedule_algorithms.hpp allToAllSchedule).
///
/// All-reduce with NCCL's other algorithms, tree, nvls, nvls_tree and sharp, is built in
/// schedule_algorithms.hpp (one pipelined steady-state step per chunk, in-switch reduction
/// modelled as flows to and from the reducing switch).

#include "model/analysis/analysis.hpp"
#include "model/simulation/sim_graph.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace model::sim {

/// One point-to-point transfer of a step.
struct Transfer {
    int src = 0;             ///< global GPU index
    int dst = 0;
    double bytes = 0;
    std::uint64_t key = 0;   ///< ECMP hash key
    /// Explicit channel ids (NetworkGraph::channels) the transfer crosses instead of the
    /// router's GPU-to-GPU path: a GPU's NVLink port to the NVSwitch, one link of a SHARP
    /// aggregation tree. Empty = routed from `src` to `dst`.
    std::vector<int> path;
};

/// A step pattern and how many identical times it occurs.
struct ScheduledPhase {
    std::string label;
    std::vector<Transfer> transfers;
    /// Builds the phase's transfers on demand instead of `transfers` (left empty): the
    /// all-to-all schedules (schedule_alltoall.cpp), whose n(n-1) transfers over all batches
    /// would otherwise all exist at once (67 million x 48 bytes = 3.2 GB for 8,192 GPUs). The
    /// engine calls it just before simulating the phase and frees the result after. Null:
    /// `transfers` holds them.
    std::function<std::vector<Transfer>()> generate;
    int repeats = 1;
    int sameAs = -1;         ///< index of an earlier phase with an identical pattern (reuse its time)
    /// Pipelined schedules: steps of this pattern one further chunk adds (-1 = `repeats`).
    int stepsPerChunk = -1;
    /// Per-rank pipelined ring (see the file comment): > 0 = the transfers are rings of this
    /// many hops one after another, transfer i of a ring sending to the sender of transfer
    /// i+1 (the last to the first), and the `repeats` steps take repeats x drain + the longest
    /// latency chain of `repeats` consecutive hops. 0 = the steps are separated by a barrier
    /// (each takes the pattern's whole duration).
    int ringLength = 0;
    /// Pipeline-fill phases (stepsPerChunk 0) of schedules priced with NCCL's cost model
    /// (protocol_plan.hpp): how many hops of NCCL's latency composition this phase stands for
    /// (-1 = `repeats`), each charged NCCL's hop latency of its kind instead of being simulated.
    /// The steady-state step's own hop is counted here too, since a priced schedule charges
    /// only the steady step's drain.
    int latencyHops = -1;
    /// The phase stands only for NCCL latency hops of a priced schedule (the hierarchical
    /// all-reduce's ring steps, protocol_plan.hpp): charged as latencyHops when the schedule is
    /// priced with NCCL's cost model, neither simulated nor charged when it is not (there every
    /// simulated step pays its own latency).
    bool latencyOnly = false;
};

/// A whole collective: phases plus the pipelining rule above (P = 1: phases add up).
struct Schedule {
    Algorithm algorithm = Algorithm::Ring;
    std::vector<ScheduledPhase> phases;
    int pipelineChunks = 1;
    /// Phase indices sharing a resource; (P-1) x the busiest stage's sum of stepsPerChunk x
    /// drain time is added to the phases' own time.
    std::vector<std::vector<int>> stages;
    std::string note;
};

/// Ring order of `members` for channel `c` (servers in order of first appearance, ranks of a
/// server rotated by c).
[[nodiscard]] std::vector<int> ringOrder(const NetworkGraph& g, const std::vector<int>& members, int c);

/// Rings per group: options.channels, or one per NIC of the first member's server when a group
/// spans servers, else 1.
[[nodiscard]] int channelCount(const NetworkGraph& g, const std::vector<std::vector<int>>& groups,
                               const SimulationOptions& options);

/// Builds the schedule of `op` with `algorithm` (Ring, Hierarchical; for alltoall Direct or
/// Pairwise; for all_reduce also Tree, Nvls, NvlsTree, CollNet, see schedule_algorithms.hpp) over
/// `groups` (each a list of global GPU indices; all groups run at once), `bytes` per group in
/// nccl-tests semantics.
/// @throws std::invalid_argument for an unknown algorithm, one the op or the hardware does not
///         support here (the reason in words, e.g. nvls on servers without NVLink SHARP), or
///         groups of unequal size.
[[nodiscard]] Schedule buildSchedule(const NetworkGraph& g, CollectiveOp op, Algorithm algorithm,
                                     const std::vector<std::vector<int>>& groups, double bytes,
                                     const SimulationOptions& options);

/// True when hierarchical all-reduce applies: every group spans >= 2 servers, each holding the
/// same number of the group's ranks.
[[nodiscard]] bool hierarchicalApplies(const NetworkGraph& g, const std::vector<std::vector<int>>& groups);

} // namespace model::sim
