#pragma once
/// @file sim_routing.hpp
/// Paths between GPUs on a NetworkGraph.
///
/// - Inside a server: GPU -> hub -> GPU (NVSwitch, or PCIe through the root complex, crossing
///   the inter-socket link when the GPUs hang on different sockets). Without NVLink every path
///   from or to a GPU also crosses its one PCIe link (GPU <-> GpuInfo::pciePort), to the hub
///   and to the NICs alike, so peer and network traffic share it.
/// - Between servers: GPU -> NIC -> switches -> NIC -> GPU. The switch part is a shortest path
///   by hop count (BFS from the destination switch over links that are up). Where several next
///   hops are equally short (parallel links, several spines):
///   - InfiniBand routes adaptively: the switch sends to the least loaded of the ports with
///     the fewest hops to the destination (NVIDIA's InfiniBand cluster bring-up procedure,
///     "Adaptive Routing": the TREE algorithm's AR group for fat trees, AR enabled by default in
///     opensm.conf; NCCL_IB_ADAPTIVE_ROUTING is on by default on InfiniBand). Modelled per flow:
///     among the shortest paths the one whose busiest channel carries the fewest flows of the
///     same pattern so far, ties broken by the subnet manager's static route (OpenSM ftree /
///     D-mod-K: the destination's port on its leaf mod the choices, then its leaf at the next
///     tier). Without it a tree all-reduce on fat trees whose SUs are not full (63, 104 or 128
///     DGX A100 on 40-port HDR) put two tree edges on one uplink: 1.2 x the non-blocking time.
///   - All-to-all keeps the static routes over two levels of choice (three tiers;
///     Router::setTwoLevelAdaptive), and so do paths with more than 256 choices over their
///     first two levels (Router::adaptiveAffordable).
///   - Ethernet hashes the flow's key, as per-flow ECMP does (RFC 2992 hash-threshold idea;
///     one hash per switch).
/// - RoutingPolicy::RailAware on NVLink servers sends from the local GPU whose NIC is on the
///   destination GPU's rail, so the flow stays on that rail's leaf (NCCL PXN). For all-to-all
///   (point-to-point sends; the engine names the communicators, Router::setCommunicators) the
///   relay must be a rank of the same communicator: NCCL's PXN hands the data to the proxy of
///   another local rank of the communicator, never to a GPU outside it, so a server holding
///   only some of its GPUs in the communicator (the last of 8 + 4) sends to the other rails
///   from its own NICs, across the spines (NCCL src/graph/paths.cc v2.30.7, ncclTopoGetIntermediateRank:
///   the relay is a GPU of the topology, which holds the communicator's local GPUs only), as
///   the analytical engine counts it (comm_group.cpp: r of G GPUs reach ceil(r x ports / G)
///   ports).
/// - A failed NIC link makes the flow use another NIC of the server (through the hub): the flow
///   counts as rerouted. Fabric failures are avoided by the BFS itself.

#include "model/simulation/sim_graph.hpp"

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace model::sim {

class Router {
public:
    Router(const NetworkGraph& graph, RoutingPolicy policy);

    /// Channel ids from GPU `src` to GPU `dst` (global indices); empty when src == dst.
    /// `key` drives the ECMP choice (same key, same path). Sets *rerouted when a failure moved
    /// the flow off its preferred NIC. `lane` picks among a GPU's several NICs (GpuInfo::nicPorts):
    /// NIC nicPort + lane mod nicPorts on each side; 0 for a GPU with one.
    /// @throws std::invalid_argument when no working path exists (names both GPUs).
    [[nodiscard]] std::vector<int> route(int src, int dst, std::uint64_t key, bool* rerouted = nullptr, int lane = 0);
    /// The same into `path` (cleared first), so a caller routing many flows reuses one buffer.
    void route(int src, int dst, std::uint64_t key, std::vector<int>& path, bool* rerouted = nullptr, int lane = 0);

    /// Forgets the flows routed so far: adaptive routing balances the flows of one pattern
    /// (those that run at once), so the engine calls this before routing each pattern.
    void resetLoad() noexcept;
    /// Adaptive routing also over paths with two levels of choice (pod spine, then core; the
    /// default) or, off, the subnet manager's static routes there. The engine turns it off
    /// for all-to-all: on three tiers D-mod-K is already conflict-free for it, the balance
    /// adaptive routing reaches, which a flow-by-flow greedy choice over two levels only
    /// approaches (1,024 A100: 1.066 against 1.007 x the analytical time, at 2.4 x the routing
    /// time). Paths with one level of choice (leaf, spine, leaf) route adaptively always: there
    /// the greedy choice is the balance (516 of 1,024 H100 on a 2:1 two-tier tree, all-to-all
    /// 1 GiB: 1.004 x the analytical time; static routes 1.21 x).
    void setTwoLevelAdaptive(bool on) noexcept;
    /// The communicators of the collective being routed: each group lists its ranks' GPUs
    /// (global indices). A GPU relays another local GPU's traffic to its NIC (PXN, above) only
    /// when both are ranks of one group. Empty (the default): every GPU may relay. Indices
    /// outside the graph are ignored; a GPU named by several groups keeps the last.
    void setCommunicators(const std::vector<std::vector<int>>& groups);
    /// Sum of the channels' latencies, seconds.
    [[nodiscard]] double latency(const std::vector<int>& path) const noexcept;

private:
    const std::vector<int>& distancesTo(int switchVertex);
    [[nodiscard]] bool nicUsable(int nicVertex) const noexcept;
    [[nodiscard]] int uplinkOf(int nicVertex) const noexcept; ///< up channel NIC -> switch/NIC, -1 none (cached)
    [[nodiscard]] int findUplink(int nicVertex) const noexcept; ///< the same, searched in the graph
    void appendLocal(std::vector<int>& path, int fromGpu, int toGpu) const; ///< inside one server
    /// The part of appendLocal between the GPUs' hub-side vertices (their PciePort without
    /// NVLink, else the GPUs themselves): to the hub, the inter-socket link if any, from the hub.
    void appendHubToPort(std::vector<int>& path, int fromGpu, int toGpu) const;
    void appendToNic(std::vector<int>& path, int gpu, int port) const;
    void appendFromNic(std::vector<int>& path, int port, int gpu) const;
    [[nodiscard]] std::string gpuName(int gpu) const;

    const NetworkGraph& g_;
    RoutingPolicy policy_;
    std::vector<int> switchIndex_;                       ///< vertex -> compact switch index or -1
    /// Switch-to-switch adjacency over usable channels (up, capacity > 0), by compact switch
    /// index, as CSR (adjStart_[s] .. adjStart_[s+1] into adj_): the BFS reads these ints
    /// instead of every vertex's channel records (issue 16 item 6: the 2,048 BFS runs of a
    /// 65,536-GPU fabric took most of its simulation time).
    std::vector<int> adjStart_, adj_;
    std::vector<int> adjChannel_;                        ///< the channel of each adj_ entry (same order as out[])
    int switchCount_ = 0;
    std::unordered_map<int, std::vector<int>> dist_;     ///< dest switch vertex -> hops per switch index
    std::vector<int> candidates_;                        ///< scratch: equally short next hops
    std::vector<int> serverOf_;                          ///< global GPU index -> index in graph.servers
    /// NIC vertex -> channel from the switch its uplink reaches back to it (-1: no usable uplink)
    std::vector<int> downlink_;
    /// NIC vertex -> its usable up channel (findUplink at construction; -1: none, or not a NIC).
    /// The graph does not change under a Router (its adjacency is cached the same way).
    std::vector<int> uplink_;
    std::vector<int> toHub_;   ///< global GPU index -> channel GPU (its PciePort without NVLink) -> its hub
    std::vector<int> fromHub_; ///< global GPU index -> channel hub -> GPU (its PciePort without NVLink)
    std::vector<int> toPort_;   ///< global GPU index -> its PCIe link GPU -> PciePort; -1 with NVLink
    std::vector<int> fromPort_; ///< global GPU index -> its PCIe link PciePort -> GPU; -1 with NVLink
    std::vector<int> nicSlot_;      ///< NIC vertex -> its order among the NICs on its switch
    std::vector<int> leafOrdinal_;  ///< switch vertex -> its order among switches with NICs
    int maxNicsPerLeaf_ = 0;        ///< the most NICs on one switch
    /// The shortest-path next hops from switch index `sw` toward switch vertex `target`, in
    /// adjacency order, into `out`.
    void candidatesToward(std::size_t sw, int target, const std::vector<int>& dist, std::vector<int>& out) const;
    /// The subnet manager's static choice at switch vertex `at` (D-mod-K digit of `digits`,
    /// which moves on to the next digit).
    int staticChoice(int at, int target, const std::vector<int>& dist, std::uint64_t& digits);
    /// Whether the adaptive search from switch index `sw` stays within kAdaptiveRoutingPaths
    /// choices over its first two levels (a 65,536-GPU three-tier fabric offers 32 pod spines
    /// x 32 cores per flow: there the static routes are kept, or routing would take minutes).
    bool adaptiveAffordable(std::size_t sw, int target, const std::vector<int>& dist, std::uint64_t digits);
    static constexpr std::size_t kAdaptiveRoutingPaths = 256;
    bool twoLevelAdaptive_ = true;
    std::vector<int> vertexOfSwitch_; ///< switch index -> vertex
    /// Adaptive routing (InfiniBand): the least loaded continuation from switch `at` to
    /// `target` over shortest paths, its load (the most flows on one of its channels) returned
    /// and each switch's next channel left in next_; `digits` orders equal choices as D-mod-K
    /// does; `depth` = hops from the first switch (indexes scratch_).
    int leastLoaded(int at, int target, const std::vector<int>& dist, std::uint64_t digits, int depth);
    std::vector<int> commOf_;       ///< global GPU index -> its group (-1 none); empty: no limit
    /// Whether the GPU wired to NIC `port` of server `si` may relay for GPU `src` (PXN).
    [[nodiscard]] bool relayAllowed(const ServerInfo& si, int port, int src) const noexcept;
    std::vector<int> load_;         ///< channel -> flows routed over it since resetLoad
    std::vector<unsigned> stamp_;   ///< switch index -> route call whose cost_/next_ it holds
    std::vector<int> cost_, next_;  ///< switch index -> least load onward, and its channel
    unsigned epoch_ = 0;            ///< route calls so far (validates stamp_)
    std::vector<std::vector<int>> scratch_; ///< candidate channels, one buffer per path depth
    /// adj_ of each switch as (neighbour switch index, channel), sorted by neighbour (stable)
    std::vector<std::pair<int, int>> byNeighbour_;
};

/// 64-bit mixing function (splitmix64 finaliser), used for ECMP hashing.
[[nodiscard]] std::uint64_t mix64(std::uint64_t x) noexcept;

} // namespace model::sim
