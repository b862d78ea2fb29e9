#pragma once
/// @file schedule_algorithms.hpp
/// All-reduce schedules for NCCL's algorithms beyond ring (collective_schedule.hpp), their
/// applicability, and the building blocks the schedule files share. Internal to the simulator.
///
/// Every algorithm here is pipelined the way NCCL runs it: the buffer is cut into P chunks per
/// channel (SimulationOptions::chunkBytes, NCCL Simple's 512 KiB step) and in steady state every
/// edge of the algorithm's graph carries one chunk per step, reduction going up and results
/// coming down at the same time (NCCL's tree kernel splits its warps between the two; NVLS and
/// CollNet do the same). One such steady-state step pattern is simulated; the whole collective
/// takes
///     T = (F - 1) x T_hop + T_step + (P - 1) x D_step
/// with F the hops the first chunk crosses going up and coming back down, T_hop the time of one
/// chunk alone on one such hop (its latency, the send overhead and the chunk at the link's
/// rate: the pipeline is still empty), T_step the steady-state step with its latency and D_step
/// its drain time, the latency of later chunks hidden by NCCL's NCCL_STEPS = 8 in-flight steps
/// (engine_formulas.md section 1: t = (h + c - 1)(alpha + S/(cB)) for a pipeline of h hops and c chunks).
///
/// NCCL's per-algorithm bandwidth factors (tuning.cc, the same constants as the analytical
/// engine, calibration.hpp) are applied as extra wire bytes on the algorithm's flows: tree x0.92
/// (all flows), NVLS x0.85 Hopper / x0.74 Blackwell (the GPU <-> NVSwitch flows), CollNet x0.85
/// (the flows through the NIC and the SHARP tree). A flow carrying b payload bytes moves
/// b / factor bytes, so a link it saturates delivers payload at factor x its rate.

#include "model/analysis/double_tree.hpp"
#include "model/simulation/collective_schedule.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace model::sim {

using Groups = std::vector<std::vector<int>>;

/// ECMP/flow key of one transfer: group, channel, index mixed (splitmix64).
[[nodiscard]] std::uint64_t scheduleKey(std::uint64_t group, std::uint64_t channel, std::uint64_t index) noexcept;

/// `members` split by server, in order of first appearance (each block keeps member order).
[[nodiscard]] std::vector<std::vector<int>> serverBlocks(const NetworkGraph& g, const std::vector<int>& members);

/// One ring step: every group's ring(s) of `channels` channels (ringOrder), each rank sending
/// `bytesPerTransfer` bytes to its successor.
[[nodiscard]] ScheduledPhase ringStep(const NetworkGraph& g, const Groups& groups, int channels,
                                      double bytesPerTransfer, std::string label, int repeats);

/// NCCL's double binary tree (double_tree.hpp), shared with the analytical engine.
using analysis::doubleTreeParents;

/// Hops from the deepest position to the root of a parent array (doubleTreeParents).
[[nodiscard]] int treeDepth(const std::vector<int>& parents);

/// Head GPU of channel `lane` (of `lanes`) on one server's block: where the server's GPUs share
/// NICs, the first member wired to the (lane x k / lanes)-th of the k NICs its members reach
/// (NCCL gives each channel its own NIC: 3 NICs for 8 GPUs, heads on GPUs 0, 3 and 6, not 0,
/// 2 and 5, two of them on NIC 0 and a tree all-reduce 1.9 x slower); else the member at
/// lane x m / lanes, which on servers with one NIC per GPU (DGX/HGX) is the GPU on NIC `lane`.
[[nodiscard]] int laneHead(const NetworkGraph& g, const std::vector<int>& block, int lane, int lanes);

/// Adds to `p` the inter-server edges of both trees (doubleTreeParents over the server blocks of
/// one group) for `lanes` channels per tree: each block's lane head sends `bytes` to its
/// parent's head (reduce) and receives `bytes` from it (broadcast). Channel keys use `group`
/// and `firstChannel` onwards (2 x lanes channels). @return the deeper tree's depth, hops.
int appendInterServerTrees(const NetworkGraph& g, ScheduledPhase& p, const std::vector<std::vector<int>>& blocks, int lanes, double bytes,
                           std::uint64_t group, int firstChannel);

/// Why `algorithm` cannot run `op` on `groups` here, in words; empty when it can. Knows
/// Tree, Nvls, NvlsTree and CollNet (structural checks; sharp's switches are checked when its
/// aggregation tree is built) and returns empty for any other algorithm.
[[nodiscard]] std::string algorithmWhyNot(const NetworkGraph& g, CollectiveOp op, Algorithm algorithm,
                                          const Groups& groups);

/// Algorithms `auto` simulates for all_reduce, as the analytical engine's candidates
/// (collective_predict.cpp: ring, tree, nvls, nvls_tree, sharp when `sharpEnabled`) plus
/// hierarchical, each only where algorithmWhyNot / hierarchicalApplies allow.
[[nodiscard]] std::vector<Algorithm> allReduceCandidates(const NetworkGraph& g, const Groups& groups,
                                                         bool sharpEnabled);

/// NCCL double binary tree all-reduce (engine_formulas.md section 3): per NIC two channels, one per
/// tree, each carrying bytes / (2 x NICs); inside a server the ranks form a chain from the
/// channel's head GPU (the one on that NIC); the heads of the servers form the binary tree.
/// Each step every chain and tree edge carries one chunk up (reduce) and one down (broadcast).
/// Groups must span at least 2 servers (algorithmWhyNot).
[[nodiscard]] Schedule treeSchedule(const NetworkGraph& g, const Groups& groups, double bytes,
                                    const SimulationOptions& o);

/// NVLink SHARP all-reduce inside one NVSwitch domain (engine_formulas.md section 5): every GPU
/// sends each chunk once to the NVSwitch (multimem.ld_reduce), which returns the reduced 1/n
/// shard to its owner; the owner sends it back up and the switch multicasts it to all, so each
/// GPU's NVLink port carries S (1 + 1/n) bytes per direction (Calculon's "N+1 sends") on flows
/// GPU -> NVSwitch and NVSwitch -> GPU. Every group must sit on one NVLS-capable server.
[[nodiscard]] Schedule nvlsSchedule(const NetworkGraph& g, const Groups& groups, double bytes,
                                    const SimulationOptions& o);

/// NCCL NVLSTree all-reduce across servers: NVLS inside each server reduces to one head GPU per
/// NIC (S / NICs each), the heads run the double binary tree across servers over their NICs,
/// and NVLS multicasts the result back (engine_formulas.md section 5, SimAI NVLSTree).
[[nodiscard]] Schedule nvlsTreeSchedule(const NetworkGraph& g, const Groups& groups, double bytes,
                                        const SimulationOptions& o);

/// InfiniBand SHARP all-reduce through NCCL CollNetDirect (engine_anchors.md a.3): intra-node
/// ring reduce-scatter, then each GPU sends its S/g shard through its NIC up the switches'
/// aggregation tree (the rail's NICs to the switch nearest to all of them), where every link
/// carries the shard once up and once down, then intra-node all-gather; the NVLink and network
/// phases overlap across pipeline chunks as in the hierarchical all-reduce.
/// @throws std::invalid_argument when a switch of the tree does not reduce in-network
///         (InfiniBand with SHARP) or a NIC has no working link, naming it.
[[nodiscard]] Schedule sharpSchedule(const NetworkGraph& g, const Groups& groups, double bytes,
                                     const SimulationOptions& o);

/// All-to-all, rank i sending `bytes` / n to every other rank of its group (nccl-tests
/// semantics; the 1/n a rank keeps is a local copy and not simulated).
///  - pairwise = true: n-1 synchronized rounds, in round r rank i sends to rank i+r (mod n);
///    each round is one simulated pattern and the rounds add up (algorithm "pairwise").
///  - pairwise = false: NCCL's alltoall (nccl-tests alltoall.cu) posts every ncclSend/ncclRecv
///    of a rank inside one ncclGroupStart/End, so all peers progress concurrently over its p2p
///    channels with no barrier between them: every transfer is one flow of one pattern
///    (algorithm "direct"). Where n(n-1) x groups flows exceed o.maxConcurrentFlows the peer
///    offsets are split into analysis::allToAllBatches() batches of strided offsets (batch b: offsets
///    b+1, b+1+B, ...), each batch concurrent, batches one after another, so every batch mixes
///    same-server and remote peers in the proportion of the whole exchange.
/// Groups must be non-empty and of equal size >= 2.
[[nodiscard]] Schedule allToAllSchedule(const Groups& groups, double bytes, const SimulationOptions& o, bool pairwise);


/// Adds a pipeline-fill phase to `s`: `transfer` alone (the first chunk crossing one hop of one
/// kind while the pipeline is empty), counted `hops` times and outside every pipeline stage.
/// Nothing is added when hops <= 0 and latencyHops <= 0. `latencyHops` = the hops of NCCL's latency composition it
/// stands for when the schedule is priced with NCCL's cost model (ScheduledPhase::latencyHops;
/// -1 = hops).
void addFillPhase(Schedule& s, std::string label, Transfer transfer, int hops, int latencyHops = -1);

/// Appends the intra-node all-gather of a three-phase all-reduce (phase 0 = intra-node
/// reduce-scatter, phase 1 = the inter-node part): `ranksPerServer` - 1 steps whose pattern is
/// phase 0's mirror, so its simulated time is reused (sameAs = 0); phases 0 and 2 pipeline in
/// one stage, phase 1 in the other. Used by hierarchical and sharp.
void addIntraAllGatherReusingPhase0(Schedule& s, int ranksPerServer);

/// Pipeline chunks for `bytes` cut into pieces of `channels` x `chunkBytes`: ceil, at least 1.
[[nodiscard]] int pipelineChunkCount(double bytes, int channels, double chunkBytes) noexcept;

/// The up channel from vertex `from` to `to`. @throws std::logic_error when there is none (a
/// graph the builder made inconsistent).
[[nodiscard]] int requireChannel(const NetworkGraph& g, int from, int to);

} // namespace model::sim
