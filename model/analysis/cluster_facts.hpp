#pragma once
/// @file cluster_facts.hpp
/// What the engine needs to know about a DRAWN design, extracted in one pass over its nodes
/// and links (O(nodes + links)): each server's catalog GPU/NIC, its NVLink domain, which of
/// its NIC ports are actually wired and at what rate (min of NIC and link), each switch's
/// tier and its down/up capacity (oversubscription), the bisection bandwidth, and islands
/// of servers that cannot reach each other.

#include "model/analysis/islands.hpp"
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <string>
#include <vector>

namespace model::analysis {

/// How GPUs inside one server exchange data.
enum class IntraPath {
    NVLink,      ///< NVLink (through NVSwitch or bridges) inside the NVLink domain
    PciePeer,    ///< PCIe peer-to-peer (through PCIe switches and/or the CPU)
    HostStaged,  ///< no peer-to-peer: device -> pinned host memory -> device
};

/// One server as drawn.
struct ServerFacts {
    Id id = 0;
    const Node* node = nullptr;          ///< the drawn node (valid while the design lives)
    const ServerSpec* spec = nullptr;
    const GpuSpec* gpu = nullptr;
    const NicSpec* nic = nullptr;        ///< compute NIC (override or catalog); nullptr when none
    int gpus = 0;
    int nvlinkDomainGpus = 1;            ///< GPUs per NVLink domain inside this node (1 = none)
    int nicPorts = 0;                    ///< compute NIC ports the server has (count x ports)
    int wiredPorts = 0;                  ///< of those, ports with a cable to a switch or server
    double wiredLineGBps = 0;            ///< sum over wired ports of min(NIC port, cable), GB/s one direction
    /// Practical NIC rate, GB/s one direction: boundaryLineGBps x practical NIC efficiency
    /// (calibration.hpp).
    double wiredPracticalGBps = 0;
    /// The GPUs' host links together, GB/s one direction: GPUs x PCIe per direction (spec), else
    /// half the bidirectional host link (NVLink-C2C); 0 when the catalog has neither. GPUDirect
    /// RDMA moves every byte a GPU sends to its NICs over this link, so NICs faster than it
    /// add nothing (an L40S, PCIe Gen4 x16 32 GB/s, behind an 800G NIC sends at most 32 GB/s).
    double hostLinkGBps = 0;
    /// The node boundary as the GPUs can use it, GB/s one direction: wiredLineGBps, at most
    /// hostLinkGBps where that is known.
    [[nodiscard]] double boundaryLineGBps() const noexcept
    {
        return hostLinkGBps > 0 && hostLinkGBps < wiredLineGBps ? hostLinkGBps : wiredLineGBps;
    }
    std::vector<int> portSwitchIndex;    ///< index into ClusterFacts::switches per wired port (-1: a server)
    int component = -1;                  ///< island index (servers reachable from each other share it)
};

/// One switch as drawn.
struct SwitchFacts {
    Id id = 0;
    const Node* node = nullptr;          ///< the drawn node (valid while the design lives)
    const SwitchSpec* spec = nullptr;
    SwitchTier tier = SwitchTier::None;  ///< as drawn; inferred (leaf if it has servers) when None
    int serverPorts = 0;                 ///< cables to servers
    double downGBps = 0;                 ///< capacity towards servers / lower tier, GB/s one direction
    double upGBps = 0;                   ///< capacity towards the higher tier, GB/s one direction
    /// Links (a bundle of cables is one) towards the higher tier: the equal-cost next hops an
    /// Ethernet switch hashes flows onto (the simulator makes one channel of a bundle).
    int upLinks = 0;
    /// Ethernet (RoCE or lossy): the switch hashes each flow onto one uplink (per-flow ECMP), as
    /// the simulator routes it (sim_routing.cpp). InfiniBand spreads destinations instead.
    [[nodiscard]] bool hashesFlows() const noexcept { return spec != nullptr && spec->protocol != NetProtocol::InfiniBand; }
    /// Oversubscription down:up (1 = non-blocking); 0 when the switch has no uplink.
    [[nodiscard]] double oversubscription() const noexcept { return upGBps > 0 ? downGBps / upGBps : 0.0; }
};

/// The whole drawn design, summarised for the engine.
struct ClusterFacts {
    std::vector<ServerFacts> servers;    ///< in id order
    std::vector<SwitchFacts> switches;   ///< in id order
    int totalGpus = 0;
    /// GPU-less servers (catalog kind "appliance", e.g. the UFM): not in `servers`, and their
    /// links add nothing to switch capacities, bisection or islands.
    int appliances = 0;
    int connectedGpus = 0;               ///< GPUs in the largest island (servers with a wired NIC)
    int largestComponent = -1;           ///< island index of the largest one
    int islands = 0;                     ///< islands holding servers
    /// Servers and GPUs of each island, by island index (ServerFacts::component).
    std::vector<Island> islandSizes;
    /// Worst leaf (or spine) down:up ratio among switches with uplinks; 1 when non-blocking or
    /// when there is no upper tier.
    double worstOversubscription = 1.0;
    /// Bisection bandwidth of the largest island, GB/s one direction (engine_formulas.md §8):
    /// the least NIC capacity a half of its GPUs holds (the servers of least capacity per GPU
    /// first; half the capacity when every server is alike), over the worst oversubscription.
    /// A split design has 0 across its islands (the fabric layer's note says so).
    double bisectionGBps = 0;
    bool hasUpperTier = false;           ///< spines or cores exist and carry uplinks
    /// Every switch that servers attach to is InfiniBand with in-network reduction (SHARP).
    bool sharpCapable = false;
    std::vector<std::string> warnings;
};

/// Extracts the facts of `design` in O(nodes + links). The facts point into `design`, which
/// must outlive them.
/// @throws InputError (file "<design>") naming the node when it references a server, GPU,
///         NIC or switch model the catalog lacks.
[[nodiscard]] ClusterFacts extractFacts(const Design& design, const Catalog& catalog);

/// Usable per-GPU NVLink bandwidth as NCCL models it, GB/s one direction: links x per-link
/// constant (calibration.hpp), else spec x kNvlinkUsableFraction. 0 without NVLink.
[[nodiscard]] double nvlinkUsableGBps(const GpuSpec& gpu) noexcept;
/// Usable per-GPU PCIe bandwidth as NCCL models it (0.75 x nominal), GB/s one direction.
[[nodiscard]] double pcieUsableGBps(const GpuSpec& gpu) noexcept;
/// Practical fraction of a NIC port's line rate (calibration.hpp, SimAI constants).
[[nodiscard]] double nicEfficiency(double portGbps) noexcept;

} // namespace model::analysis
