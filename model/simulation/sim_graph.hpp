#pragma once
/// @file sim_graph.hpp
/// The network the simulator runs on, expanded from a Design:
///
///     GPU ──ScaleUp──► Hub (NVSwitch fabric, or the PCIe root where there is no NVLink) ──► GPU
///     GPU ──Pcie────► NIC[port] ──NicLink──► Switch ──Fabric──► Switch ... ──► NIC ──► GPU
///
/// Without NVLink the GPU has one PCIe x16 link, which its peer-GPU traffic and its NIC traffic
/// share, so both go through a per-GPU PciePort vertex (the link's far end, its slot on the
/// PCIe switch or root port):
///
///     GPU ──Pcie (the x16 link)──► PciePort ──Pcie──► Hub ──► PciePort ──► GPU
///                                     └──────Pcie──► NIC[port] ──NicLink──► ...
///
/// Every physical connection is full duplex and appears as two directed channels, each with
/// its own capacity (bytes/s) and latency (s). A bundle of `count` cables is one channel of
/// count x per-cable capacity (Link::total()). Intra-node NVLink/NVSwitch is a per-server hub
/// with one channel per GPU per direction at the GPU's per-direction NVLink rate; servers
/// without NVLink use their PCIe rate the same way, with one hub per CPU socket joined by the
/// inter-socket link (NCCL's UPI figure, engine_formulas.md section 9), and half the rate and
/// twice the latency where GPUs lack PCIe peer-to-peer (host-staged copies; calibration.hpp).
/// GPU <-> NIC runs at the GPU's PCIe rate, or its host link (NVLink-C2C) where it has no PCIe;
/// on servers without NVLink that rate is the GPU <-> PciePort channel, which every path from
/// or to the GPU crosses (port <-> hub carries the host-staged factors, port <-> NIC the NIC's
/// share of the link where a GPU has several NICs).

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/simulation/simulation.hpp"

#include <string>
#include <unordered_map>
#include <vector>

namespace model::sim {

/// What a vertex stands for. PciePort: the far end of one GPU's PCIe x16 link on a server
/// without NVLink (its slot on the PCIe switch or root port), where the link's peer and NIC
/// traffic part ways.
enum class VertexKind { Gpu, Hub, Nic, Switch, PciePort };
enum class ChannelKind { ScaleUp, Pcie, NicLink, Fabric };

/// What a channel's sending port does under overload (fabric_behaviour.hpp).
enum class FlowControl {
    Lossless, ///< InfiniBand credits, or a host queue: senders are slowed, nothing drops
    Pfc,      ///< RoCE with PFC/ECN: lossless, but pauses stall the upstream ingress
    Lossy,    ///< Ethernet without PFC: overload drops packets
};

struct Vertex {
    VertexKind kind = VertexKind::Gpu;
    Id node = 0;       ///< design node (server or switch)
    int index = 0;     ///< GPU local index or NIC port; 0 otherwise
    /// Switch that reduces in the network for NCCL CollNet: InfiniBand with SHARP in the
    /// catalog's `in_network_reduction` (the analytical engine's rule, cluster_facts.cpp).
    bool reduces = false;
};

struct Channel {
    int from = 0;
    int to = 0;
    double capacity = 0;   ///< bytes per second, this direction (0 = down)
    double latency = 0;    ///< seconds
    Id link = 0;           ///< design link, 0 for intra-node channels
    bool aToB = true;      ///< direction along the design link (a -> b)
    ChannelKind kind = ChannelKind::Fabric;
    FlowControl control = FlowControl::Lossless;
    bool up = true;
};

struct GpuInfo {
    Id server = 0;
    int local = 0;     ///< index inside the server
    int vertex = 0;
    int hub = -1;      ///< the hub (NVSwitch fabric or its socket's PCIe root) it hangs on
    /// Without NVLink: the PciePort vertex at the far end of its one PCIe link, through which
    /// it reaches the hub and its NICs (GPU -> pciePort -> hub / NIC). -1 with NVLink, where
    /// the GPU reaches the hub over NVLink and its NIC over its own PCIe channel.
    int pciePort = -1;
    int nicPort = -1;  ///< the (first) NIC this GPU is wired to (-1: server has no NIC)
    /// NICs wired to this GPU: ports nicPort .. nicPort + nicPorts - 1. More than one where the
    /// server has more NICs than GPUs (AWS p5: 32 x 100G EFA for 8 GPUs, 4 each); NCCL spreads
    /// a GPU's channels over them, and the engine splits its flows between servers likewise.
    int nicPorts = 1;
};

struct ServerInfo {
    Id id = 0;
    std::string name;
    int firstGpu = 0;              ///< global index of its GPU 0
    int gpuCount = 0;
    int hub = -1;                  ///< first hub (the only one unless PCIe with several sockets)
    std::string model;             ///< catalog server id
    bool nvlink = false;           ///< GPUs reach each other over NVLink/NVSwitch
    /// NVSwitch with in-switch reduction (NVLink SHARP): NVSwitch fabric whose catalog entry
    /// names "NVLS", or NVLink 4+ when the server names no NVSwitch entry (comm_group.cpp rule).
    bool nvls = false;
    /// NCCL's NVLS bandwidth factor on this GPU: 0.85 Hopper, 0.74 Blackwell (NVLink 5+)
    /// (tuning.cc; calibration.hpp kNvlsEfficiency*).
    double nvlsEfficiency = 1.0;
    std::string scaleUp;           ///< what joins its GPUs, for messages: "NVSwitch gen2 without NVLink SHARP", "PCIe"
    std::vector<int> nicVertex;    ///< per port
    std::vector<int> nicOwner;     ///< per port: global index of the first GPU wired to it
};

/// The expanded network. Indices are stable for one build.
class NetworkGraph {
public:
    std::vector<Vertex> vertices;
    std::vector<Channel> channels;
    std::vector<std::vector<int>> out;     ///< vertex -> outgoing channel ids
    std::vector<GpuInfo> gpus;             ///< global GPU index -> info (servers in id order)
    std::vector<ServerInfo> servers;       ///< in id order
    std::unordered_map<Id, int> serverIndex;
    std::unordered_map<Id, int> switchVertex;
    std::unordered_map<Id, std::string> switchLabel;   ///< "leaf-1 (qm9700)", for messages
    std::vector<std::string> notes;        ///< what the build assumed (unwired NICs, ...)

    /// Channels from GPU `gpu` (global index) to its own NIC port `port` (one of
    /// GpuInfo::nicPort .. + nicPorts - 1), or back with `toNic` false: one PCIe channel with
    /// NVLink, GPU -> PciePort -> NIC without. Empty when a channel is missing or down.
    [[nodiscard]] std::vector<int> gpuNicChannels(int gpu, int port, bool toNic) const;
    /// Channel from `from` to `to` that is up (the first when several); -1 when none.
    [[nodiscard]] int channelBetween(int from, int to) const noexcept;
    /// "dgx-01 port 0 <-> leaf-1"
    [[nodiscard]] std::string describeLink(const Design& design, Id link) const;

    int addVertex(Vertex v);
    int addChannel(Channel c);
};

/// Builds the network of `design`, applying `options.failures` and `options.effectiveRates`.
/// @throws InputError when a node names hardware the catalog lacks or a link names a NIC
///         port the server does not have; std::invalid_argument for a failure naming a link or
///         node the design does not have.
[[nodiscard]] NetworkGraph buildNetworkGraph(const Design& design, const Catalog& catalog,
                                             const SimulationOptions& options);

/// NVLink per-direction rate the simulator uses for one GPU, bytes/s: spec (half the
/// bidirectional figure) or, with effective rates, NCCL's per-link constant x links (nccl
/// topo.h: NVLink3 20.0, NVLink4 20.6, NVLink5 40.1 GB/s per link; engine_anchors.md a.3).
[[nodiscard]] double nvlinkRate(const GpuSpec& gpu, bool effective) noexcept;

/// Network rate factor for a cable of `perCableBytesPerSecond`: with effective rates SimAI's
/// practical NIC rates (48.5 of 50 GB/s at 400G and above, 23.5 of 25 below; calibration.hpp),
/// else 1.
[[nodiscard]] double networkEfficiency(bool effective, double perCableBytesPerSecond) noexcept;
/// PCIe rate factor: NCCL's width x speed / 80 = 0.75 of nominal with effective rates, else 1.
[[nodiscard]] double pcieEfficiency(bool effective) noexcept;

} // namespace model::sim
