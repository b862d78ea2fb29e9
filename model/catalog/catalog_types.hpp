#pragma once
/// @file catalog_types.hpp
/// Hardware entries of the catalog. Every figure comes from catalogs/*.json, where it carries
/// a source and a date (see catalogs/README.md); a figure with no published source is
/// std::nullopt ("unknown"), never a guess. Facts: shared/reference/{gpus,servers,network}.csv.

#include "model/units/units.hpp"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace model {

/// Where one figure (or a whole entry) comes from.
struct Source {
    std::string citation; ///< URL or document reference
    std::string date;     ///< when the figure was read or published, ISO "YYYY-MM" or "YYYY-MM-DD"
};

/// Provenance of the figures of one entry: a default source, per-field overrides.
struct Provenance {
    std::map<std::string, Source> sources;             ///< source id -> source
    std::string defaultSource;                         ///< source id used by fields with no override
    std::map<std::string, std::string> fieldSources;   ///< field name -> source id
    std::vector<std::string> unknownFields;            ///< fields no source gives (value is null)

    /// The source of `field` (its override or the default); nullptr when there is none.
    [[nodiscard]] const Source* sourceOf(const std::string& field) const;
};

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

    /// One direction of the scale-up link: half of the bidirectional figure.
    [[nodiscard]] Bandwidth scaleUpPerDirection() const noexcept { return scaleUpBidirectional / 2.0; }
    /// PCIe per direction at the nominal rate: gen3 x16 = 16 GB/s, gen4 = 32, gen5 = 64, gen6 = 128
    /// (PCI-SIG rates, NVIDIA rounding as in shared/reference/README.md convention 3).
    [[nodiscard]] Bandwidth pciePerDirection() const noexcept;
};

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
    bool gpuDirectRdma = true;
    std::optional<double> powerW;
    Provenance provenance;
    nlohmann::json raw;
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
};

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
    std::string gpuId;               ///< catalog id of its GPU
    int gpuCount = 0;
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
};

[[nodiscard]] const char* toString(FormFactor f) noexcept;
[[nodiscard]] const char* toString(ScaleUpKind k) noexcept;
[[nodiscard]] const char* toString(NetProtocol p) noexcept;
[[nodiscard]] const char* toString(LosslessMode m) noexcept;
[[nodiscard]] const char* toString(IntraNodeFabric f) noexcept;

} // namespace model
