#pragma once
/// @file catalog_types.hpp
/// Hardware entries of the catalog. Every figure comes from catalogs/*.json, where it carries
/// a source and a date (see catalogs/README.md); a figure with no published source is
/// std::nullopt ("unknown"), never a guess. Facts: shared/reference/{gpus,servers,network}.csv.

#include "model/units/units.hpp"
#include "model/catalog/provenance.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace model {


/// How a GPU talks to its peers inside a server or rack (scale-up).
enum class ScaleUpKind {
    None,           ///< no GPU-to-GPU link: traffic goes over PCIe (and maybe host memory)
    NVLink,         ///< NVIDIA NVLink, through NVSwitch or bridges
    InfinityFabric, ///< AMD xGMI direct mesh (never NVLink)
    GaudiRoCE,      ///< Intel Gaudi integrated RoCE ports (never NVLink)
};

/// Physical form of the accelerator.
enum class FormFactor { SXM, PCIe, OAM, Superchip };

/// One accelerator model.
struct GpuSpec {
    std::string id;           ///< stable catalog id, e.g. "h100-sxm"
    std::string name;         ///< display name
    std::string vendor;
    FormFactor formFactor = FormFactor::PCIe;
    std::string architecture;
    std::optional<double> memoryGB;          ///< HBM/GDDR capacity, decimal GB
    std::optional<Bandwidth> hbmBandwidth;   ///< memory bandwidth (spec, read+write aggregate)
    ScaleUpKind scaleUp = ScaleUpKind::None;
    int nvlinkGeneration = 0;                ///< 0 when the GPU has no NVLink
    /// Per-GPU scale-up bandwidth, bidirectional as vendors quote it (NVLink4 = 900 GB/s);
    /// zero when the GPU has none. One direction is half of it.
    Bandwidth scaleUpBidirectional;
    std::optional<int> scaleUpLinks;         ///< NVLink/xGMI link count per GPU
    int nvlinkDomainMax = 1;                 ///< most GPUs one NVLink domain of this part spans (8 HGX, 72 NVL72, 2 bridge)
    int pcieGeneration = 4;
    int pcieLanes = 16;
    bool peerToPeerOverPcie = true;          ///< false on GeForce with stock drivers (host-staged copies)
    std::optional<double> bf16DenseTflops;   ///< dense (no 2:4 sparsity)
    std::optional<double> fp8DenseTflops;    ///< dense; nullopt where the part has no FP8 or no source
    std::optional<double> tdpW;
    std::optional<int> migInstances;         ///< nullopt / 0 when the part has no MIG
    Provenance provenance;
    nlohmann::json raw;                      ///< the entry as loaded, for spec sheets and `catalog --json`

    // ---- Added with issue 3 (all optional in JSON; see catalogs/README.md) ----
    std::string referenceId;                 ///< row id in shared/reference/gpus.csv ("" when none)
    std::string memoryType;                  ///< "HBM3", "GDDR6 (ECC)", ...
    std::optional<double> fp16DenseTflops;   ///< dense FP16 tensor rate, TFLOPS
    /// False when the published per-GPU scale-up bandwidth is unknown (JSON null): then
    /// scaleUpBidirectional is zero although the part has a scale-up link (e.g. A100 PCIe bridge).
    bool scaleUpBandwidthKnown = true;
    /// PCIe cards with NVLink bridges: GPUs one bridge set joins (2 = pairs, 4 = quads); nullopt otherwise.
    std::optional<int> nvlinkBridgeGpus;
    /// Most GPUs one scale-up domain of any kind spans (NVLink, xGMI mesh, Gaudi RoCE mesh);
    /// nullopt when unknown. For NVLink parts it equals nvlinkDomainMax.
    std::optional<int> scaleUpDomainMax;
    /// Direct-mesh parts (xGMI, Gaudi): rate to ONE peer in one direction (one link, or the ports
    /// wired to that peer); nullopt for switched fabrics, where any peer gets the full rate.
    std::optional<Bandwidth> scaleUpPeerPerDirection;
    std::string hostLink = "pcie";           ///< "pcie", or "nvlink_c2c" for Grace superchips
    std::optional<Bandwidth> hostLinkBidirectional; ///< NVLink-C2C rate (900 GB/s) when hostLink is nvlink_c2c
    std::optional<int> releaseYear;

    /// One direction of the scale-up link: half of the bidirectional figure.
    [[nodiscard]] Bandwidth scaleUpPerDirection() const noexcept { return scaleUpBidirectional / 2.0; }
    /// PCIe per direction at the nominal rate: gen3 x16 = 16 GB/s, gen4 = 32, gen5 = 64, gen6 = 128
    /// (PCI-SIG rates, NVIDIA rounding as in shared/reference/README.md convention 3).
    [[nodiscard]] Bandwidth pciePerDirection() const noexcept;
};

/// A PCIe link of `lanes` lanes of generation `generation`, one direction, at the nominal rate
/// (PCI-SIG per-lane rates with NVIDIA's rounding, shared/reference/README.md convention 3:
/// gen3 1, gen4 2, gen5 4, gen6 8 GB/s per lane). Zero when either is 0 or less.
[[nodiscard]] Bandwidth pcieLinkPerDirection(int generation, int lanes) noexcept;
/// The PCIe link a host-interface text names ("PCIe Gen5 x16" -> 64 GB/s one direction), or
/// nullopt when the text names no "PCIe Gen<N> x<L>" (empty, a socket, ...).
[[nodiscard]] std::optional<Bandwidth> pcieLinkNamedIn(const std::string& hostInterface);

/// Wire protocol of a NIC or a switch.
enum class NetProtocol { InfiniBand, Ethernet, EFA };

/// How a fabric avoids drops.
enum class LosslessMode {
    CreditBased, ///< InfiniBand link-level credit flow control: lossless by design
    PfcEcn,      ///< Ethernet with Priority Flow Control and ECN (RoCEv2 done right)
    None,        ///< plain Ethernet: drops under overload
};

/// A network adapter.
struct NicSpec {
    std::string id;
    std::string name;
    std::string vendor;
    Bandwidth speed;                 ///< per port line rate (spec, e.g. 400 Gb/s)
    int ports = 1;
    NetProtocol protocol = NetProtocol::InfiniBand;
    bool gpuDirectRdma = true;       ///< false also when no source states it (JSON null = unknown)
    std::optional<double> powerW;
    Provenance provenance;
    nlohmann::json raw;

    // ---- Added with issue 3 ----
    std::string referenceId;         ///< row id in shared/reference/network.csv
    std::string category = "nic";    ///< "nic", "dpu" or "cloud_nic"
    std::string protocolGeneration;  ///< e.g. "InfiniBand NDR / Ethernet up to 400GbE"
    /// Every protocol the adapter can run (VPI adapters: InfiniBand and Ethernet); `protocol`
    /// is the first of them, the one the catalog uses by default.
    std::vector<NetProtocol> supportedProtocols;
    std::string hostInterface;       ///< e.g. "PCIe Gen5 x16"; empty when unknown
    std::string formFactor;          ///< e.g. "PCIe card or OCP 3.0"

    // ---- Added with issue 16 (NCCL's view of the adapter's transport) ----
    /// Latency, us, that the adapter's NCCL transport adds to every network hop beyond NCCL's
    /// own NET hop latency: the slot NCCL's tuner fills from the net plugin
    /// (ncclNetProperties.latency -> graph latencyInter, src/graph/tuning.cc; counted twice for
    /// the Simple protocol). NCCL's InfiniBand/RoCE and socket transports report 0
    /// (src/transport/net_ib/init.cc, net_socket.cc), the default. Catalog field
    /// `nccl_net_latency_us`.
    double ncclNetLatencyUs = 0;
    /// The NCCL protocols the vendor's NCCL profile for this transport enables (NCCL_PROTO),
    /// as names "LL", "LL128", "Simple"; empty = NCCL's default (all). Catalog field
    /// `nccl_protocols`. A profile that names LL128 states that NCCL's GPUDirect check passes
    /// on this transport (NCCL enables LL128 across nodes only then).
    std::vector<std::string> ncclProtocols;

    /// True when the adapter can run `p` (supportedProtocols, or `protocol` when that list is empty).
    [[nodiscard]] bool supports(NetProtocol p) const noexcept;
};

/// A network switch.
struct SwitchSpec {
    std::string id;
    std::string name;
    std::string vendor;
    int ports = 0;                   ///< logical ports at portSpeed
    Bandwidth portSpeed;             ///< per port line rate
    NetProtocol protocol = NetProtocol::InfiniBand;
    LosslessMode lossless = LosslessMode::CreditBased;
    std::string inNetworkReduction;  ///< "SHARPv3", "NVLS", ... or empty when none
    std::optional<double> latencyNs; ///< port-to-port, where published
    std::optional<double> powerW;
    std::optional<int> rackUnits;
    Provenance provenance;
    nlohmann::json raw;

    // ---- Added with issue 3 ----
    // `ports` == 0 and a zero `portSpeed` mean "unknown" (JSON null), e.g. a modular chassis.
    std::string referenceId;         ///< row id in shared/reference/network.csv
    std::string category = "switch"; ///< "switch" (a box) or "switch_asic" (a chip, not placeable)
    std::string protocolGeneration;  ///< e.g. "InfiniBand NDR"
    std::string asic;                ///< catalog id of the switch ASIC inside, empty when unknown
    std::optional<double> aggregateTbps; ///< switching capacity as quoted (Tb/s, one direction)
    std::string formFactor;          ///< "1U", "2U", "modular chassis", "ASIC", ...

    /// Whether the fabric behind this switch is lossless: InfiniBand always (credit-based flow
    /// control); Ethernet only when the switch supports PFC/ECN (`lossless` == PfcEcn) AND the
    /// design has it configured (`pfcConfigured`, the design node's `pfc_ecn`).
    [[nodiscard]] bool isLossless(bool pfcConfigured) const noexcept;
    /// True when the port count and port speed are published (not null in the catalog).
    [[nodiscard]] bool portsKnown() const noexcept { return ports > 0 && !portSpeed.isZero(); }

    /// The most logical ports the switch runs with its ports split (breakout), per its
    /// datasheet: QM9700 128 (64 x 400G or 128 x 200G), SN5600 256 (64 x 800G, 128 x 400G or
    /// 256 x 200G). Catalog `max_logical_ports`; empty = not published.
    std::optional<int> maxLogicalPorts;
    /// Links one port carries at most when split: maxLogicalPorts / ports, or, where the split
    /// is not published, kAssumedPortSplit. At least 1.
    [[nodiscard]] int portSplitLimit() const noexcept;
    /// Links one port carries at `linkGbps` each: floor(port rate / link rate), at most
    /// portSplitLimit(), at least 1 (a link faster than the port still takes a whole port).
    [[nodiscard]] int linksPerPort(double linkGbps) const noexcept;
};

/// Links a port of a switch whose split is not published is assumed to carry at most: 2, the
/// least split of every catalog switch whose datasheet gives one (QM9700, SN5400: 2; SN5600:
/// 4), so an 800G port runs 2 x 400G and nothing finer.
inline constexpr int kAssumedPortSplit = 2;

/// How GPUs inside one server reach each other.
enum class IntraNodeFabric {
    NVSwitch,     ///< all-to-all NVLink through NVSwitch chips (HGX/DGX, NVL72)
    NVLinkBridge, ///< NVLink bridges between pairs (PCIe cards)
    DirectMesh,   ///< point-to-point mesh (AMD xGMI, Gaudi)
    PCIe,         ///< PCIe only (through switches and/or the CPU root complex)
};

/// A server (node) platform, or a rack-scale system treated as one node.
struct ServerSpec {
    std::string id;
    std::string name;
    std::string vendor;
    std::string gpuId;               ///< catalog id of its GPU; empty for kind "appliance"
    int gpuCount = 0;                ///< its GPUs: at least 1, 0 only for kind "appliance"
    IntraNodeFabric intraNode = IntraNodeFabric::PCIe;
    int nvswitchCount = 0;
    int scaleUpDomainGpus = 1;       ///< GPUs in one NVLink domain (8 DGX H100, 72 NVL72, 1 for PCIe-only)
    std::string computeNicId;        ///< catalog id of its compute (east-west) NIC, empty when none
    int computeNicCount = 0;
    int storageNicCount = 0;
    int cpuSockets = 1;
    int pcieSwitches = 0;
    std::optional<double> powerW;    ///< maximum system power
    std::optional<int> rackUnits;
    Provenance provenance;
    nlohmann::json raw;

    // ---- Added with issue 3 ----
    std::string referenceId;         ///< row id in shared/reference/servers.csv
    std::string kind = "node";       ///< "node", "baseboard", "rack", "cloud_instance", "workstation" or
                                     ///< "appliance" (GPU-less fabric box such as the UFM appliance)
    std::string nvswitchId;          ///< catalog id of its NVSwitch generation, empty when none
    std::string storageNicId;        ///< catalog id of its storage/in-band NIC, empty when unknown
    std::string cpu;                 ///< CPU model as published, empty when unknown
    std::string cooling;             ///< "air", "liquid", ...
    /// Compute NIC ports per physical cage on the server (catalog `compute_nic_ports_per_cage`,
    /// integer 1-8; nullopt when the catalog does not give it). 2 where the compute NICs reach
    /// the fabric through twin-port cages: DGX H100/H200/B200, "8x single-port ConnectX-7 via 4x
    /// (twin-port) OSFP" (shared/reference/servers.csv and reference_architectures.md section 1).
    /// The bill of materials puts one transceiver in each cage (model/topology/bom.hpp).
    std::optional<int> computeNicPortsPerCage;

    /// Compute NIC ports that share one cage, and so one optical module: the catalog figure,
    /// else 1 (each port its own cage, as on a NIC card with one cage per port).
    [[nodiscard]] int nicPortsPerCage() const noexcept { return computeNicPortsPerCage.value_or(1); }

    /// True for a GPU-less server (kind "appliance", gpu_count 0): it takes fabric ports but
    /// no part in collectives, training or the GPU count.
    [[nodiscard]] bool isAppliance() const noexcept { return gpuCount == 0; }
};

[[nodiscard]] const char* toString(FormFactor f) noexcept;
/// Parses "infiniband" / "ethernet" / "efa"; nullopt for anything else.
[[nodiscard]] std::optional<NetProtocol> netProtocolFromString(const std::string& s) noexcept;
[[nodiscard]] const char* toString(ScaleUpKind k) noexcept;
[[nodiscard]] const char* toString(NetProtocol p) noexcept;
[[nodiscard]] const char* toString(LosslessMode m) noexcept;
[[nodiscard]] const char* toString(IntraNodeFabric f) noexcept;

} // namespace model
