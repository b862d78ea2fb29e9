#pragma once
/// @file sim_routing.hpp
/// Paths between GPUs on a NetworkGraph.
///
/// - Inside a server: GPU -> hub -> GPU (NVSwitch, or PCIe through the root complex, crossing
///   the inter-socket link when the GPUs hang on different sockets).
/// - Between servers: GPU -> NIC -> switches -> NIC -> GPU. The switch part is a shortest path
///   by hop count (BFS from the destination switch over links that are up). Where several next
///   hops are equally short (parallel links, several spines), InfiniBand picks by destination
///   as its subnet manager's fat-tree routing does (the destination server's index mod the
///   choices, its next digit at the next tier: OpenSM ftree / D-mod-K), which spreads a leaf's
///   destinations evenly over its uplinks; Ethernet hashes the flow's key, as per-flow ECMP
///   does (RFC 2992 hash-threshold idea; one hash per switch).
/// - RoutingPolicy::RailAware on NVLink servers sends from the local GPU whose NIC is on the
///   destination GPU's rail, so the flow stays on that rail's leaf (NCCL PXN).
/// - A failed NIC link makes the flow use another NIC of the server (through the hub): the flow
///   counts as rerouted. Fabric failures are avoided by the BFS itself.

#include "model/simulation/sim_graph.hpp"

#include <cstdint>
#include <unordered_map>
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

    /// Sum of the channels' latencies, seconds.
    [[nodiscard]] double latency(const std::vector<int>& path) const noexcept;

private:
    const std::vector<int>& distancesTo(int switchVertex);
    [[nodiscard]] bool nicUsable(int nicVertex) const noexcept;
    [[nodiscard]] int uplinkOf(int nicVertex) const noexcept; ///< up channel NIC -> switch/NIC, -1 none
    void appendLocal(std::vector<int>& path, int fromGpu, int toGpu) const; ///< inside one server
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
    std::vector<int> nicSlot_;      ///< NIC vertex -> its order among the NICs on its switch
    std::vector<int> leafOrdinal_;  ///< switch vertex -> its order among switches with NICs
    int maxNicsPerLeaf_ = 0;        ///< the most NICs on one switch
};

/// 64-bit mixing function (splitmix64 finaliser), used for ECMP hashing.
[[nodiscard]] std::uint64_t mix64(std::uint64_t x) noexcept;

} // namespace model::sim
