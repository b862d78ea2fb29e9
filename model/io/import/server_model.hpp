#pragma once
/// @file server_model.hpp
/// One server as its own tools print it: GPUs with their NVLinks, NICs with their PCIe
/// distance to each GPU, CPU sockets / NUMA nodes, and (from NCCL topology XML) the PCIe tree
/// with its link speeds. Read from `nvidia-smi topo -m` / `-p2p`, `rocm-smi --showtopo` or NCCL
/// topology XML. Nothing is filled in: a figure the file does not state stays unknown
/// (std::nullopt or an empty string), and the importer says what is missing in its warnings.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace model::io {

/// How two devices of one server reach each other, as `nvidia-smi topo -m` names it
/// (its legend): NVLink bonds, or the PCIe path in increasing distance.
enum class PathKind {
    Unknown, ///< not in the file (row cut off or never printed)
    Self,    ///< "X"
    NVLink,  ///< "NV#": a bonded set of # NVLinks (AMD: "XGMI")
    PIX,     ///< at most a single PCIe bridge
    PXB,     ///< several PCIe bridges, not through the host bridge
    PHB,     ///< through a PCIe host bridge (typically the CPU)
    Node,    ///< "NODE": between host bridges within one NUMA node
    Sys,     ///< "SYS" (old drivers: "SOC"): across the SMP interconnect between NUMA nodes (QPI/UPI)
    Pcie,    ///< AMD rocm-smi "PCIE": over PCIe, distance not stated
};

/// "X", "NV", "PIX", "PXB", "PHB", "NODE", "SYS", "PCIE", "unknown".
[[nodiscard]] const char* toString(PathKind k) noexcept;

/// A PCIe link as the file states it.
struct PcieLink {
    std::optional<double> speedGTps;   ///< GT/s per lane ("16 GT/s" = Gen4, 32 = Gen5); nullopt when absent
    std::optional<int> width;          ///< lanes; 0 is kept as printed (virtual machines report 0)
};

/// One GPU.
struct ImportedGpu {
    int index = 0;                     ///< GPU<index> in topo -m, dev in NCCL XML
    std::string label;                 ///< as the file names it: "GPU0"
    std::string name;                  ///< model name when the file says it ("NVIDIA H100 80GB HBM3"), else empty
    std::string pciBusId;              ///< "0000:19:00.0" when known
    std::string pciDevice;             ///< PCI device id "0x2330" when known
    std::optional<int> numaNode;       ///< NUMA node; -1 as printed by VMs that hide NUMA
    std::string cpuAffinity;           ///< as printed: "0-79" or a hex mask; empty when unknown
    std::optional<int> smVersion;      ///< CUDA compute capability x10 (NCCL XML "sm": 90 = Hopper)
    std::optional<bool> gdr;           ///< NCCL XML gdr="1": GPUDirect RDMA possible
    std::optional<bool> vgaClass;      ///< PCI class 0x0300xx (a display card, e.g. GeForce) vs 0x0302 (3D controller)
    PcieLink pcie;                     ///< its own PCIe link (NCCL XML)
    std::optional<int> nvlinks;        ///< NVLinks leaving this GPU (sum over peers or NVSwitches); nullopt when unknown
    int line = 0;                      ///< line of the file that states it (topo -m row, XML element); 0 when none
};

/// One NIC (an RDMA device or a network port).
struct ImportedNic {
    int index = 0;                     ///< NIC<index> in topo -m; order of appearance in NCCL XML
    std::string label;                 ///< column label as printed: "NIC0" or "mlx5_0"
    std::string name;                  ///< device name: "mlx5_0", "rdmap79s0" (NIC legend / XML net name)
    std::optional<double> speedGbps;   ///< port line rate, Gb/s (NCCL XML speed is in Mb/s)
    std::string pciBusId;
    std::string pciDevice;             ///< PCI device id "0x101e", "0xefa0"
    std::string pciVendor;             ///< PCI vendor id "0x15b3", "0x1d0f" (NCCL XML); empty when the file does not state it
    std::optional<int> numaNode;
    std::optional<bool> gdr;           ///< NCCL XML net gdr="1"
    PcieLink pcie;
    int line = 0;                      ///< line of the file that states it; 0 when none
};

/// The relation between two GPUs.
struct GpuPair {
    int a = 0, b = 0;                  ///< GPU indices, a < b
    PathKind path = PathKind::Unknown;
    int nvlinks = 0;                   ///< NV# count (0 unless path is NVLink)
    std::string token;                 ///< the cell as printed ("NV18", "SYS", "XGMI")
    std::string p2p;                   ///< `topo -p2p` status when read ("OK", "GNS", "CNS", ...), else empty
    int line = 0;                      ///< line of the file that states it; 0 when derived
};

/// The PCIe distance from a GPU to a NIC.
struct GpuNicPath {
    int gpu = 0;
    int nic = 0;
    PathKind path = PathKind::Unknown;
    std::string token;
    int line = 0;                      ///< line of the file that states it; 0 when derived
};

/// A CPU socket / NUMA node.
struct CpuNode {
    std::optional<int> numaNode;       ///< NUMA id (-1 in VMs); nullopt when the file has none
    std::string cpuAffinity;           ///< core list or mask as printed
    std::string vendor;                ///< "GenuineIntel", "AuthenticAMD" (NCCL XML)
    std::optional<int> familyId, modelId;
    int line = 0;
};

/// One PCI device or bridge of an NCCL topology tree.
struct PcieNode {
    std::string busId;
    std::string pciClass;              ///< "0x060400" bridge, "0x030200" 3D controller, "0x020700" InfiniBand, ...
    std::string vendor, device;        ///< "0x10de", "0x2330"; empty when absent
    PcieLink link;
    int parent = -1;                   ///< index of the parent bridge in ServerModel::pcie, -1 under a CPU
    int cpu = -1;                      ///< index into ServerModel::cpus
    int depth = 0;                     ///< bridges above it under the CPU
    int line = 0;                      ///< line of the file where it starts
};

/// An NVLink bond from a GPU to an NVSwitch or a peer (NCCL XML <nvlink>).
struct NvlinkBond {
    int gpu = 0;
    std::string target;                ///< bus id of the far end
    int count = 0;                     ///< links in the bond
    std::string targetClass;           ///< "0x068000" = NVSwitch bridge
};

/// Everything read about one server.
struct ServerModel {
    std::string format;                ///< "nvidia-smi topo -m", "NCCL topology XML", ...
    std::vector<ImportedGpu> gpus;
    std::vector<ImportedNic> nics;
    std::vector<CpuNode> cpus;
    std::vector<GpuPair> gpuPairs;     ///< every a < b pair the file states
    std::vector<GpuNicPath> gpuNic;    ///< every GPU-NIC distance the file states
    std::vector<PcieNode> pcie;        ///< NCCL XML only: the PCIe tree in file order
    std::vector<NvlinkBond> nvlinkBonds;
    int nvswitches = 0;                ///< distinct NVSwitch targets of the NVLink bonds (NCCL XML)
    int headerLine = 0;                ///< topo -m header line (names every device column); 0 for XML
    bool complete = true;              ///< false when the file was cut off (see the import warnings)
    /// topo -m: CPU or NUMA affinity cells that are no affinity nvidia-smi prints ("abc", a NUMA
    /// node beyond 4,095), each named in a warning and not read: NUMA counts are then lower bounds
    int affinityUnread = 0;

    /// The pair (a, b) in either order; nullptr when the file does not state it.
    [[nodiscard]] const GpuPair* pair(int a, int b) const noexcept;
    /// The distance GPU `gpu` -> NIC `nic`; nullptr when unknown.
    [[nodiscard]] const GpuNicPath* gpuToNic(int gpu, int nic) const noexcept;
    /// The nearest NIC of a GPU (smallest PathKind), or nullptr when no distance is known.
    [[nodiscard]] const GpuNicPath* nearestNic(int gpu) const noexcept;
    /// The GPUs' model in words for a summary: the one name every named GPU shares ("A100 SXM4
    /// 40GB"), the distinct names joined by " + " when they differ, or empty when no GPU is named.
    [[nodiscard]] std::string gpuModel() const;
    /// NUMA nodes named by GPUs, NICs and CPUs (distinct, sorted, -1 included when printed).
    [[nodiscard]] std::vector<int> numaNodes() const;
    /// How many NUMA nodes the file shows: the distinct NUMA ids it prints (-1, a VM's hidden
    /// node, not counted); without any, the distinct CPU-affinity sets of its GPUs and CPUs (topo
    /// -m without a NUMA column: one set per socket or NUMA node), with `fromAffinity` set;
    /// nullopt when the file gives neither.
    [[nodiscard]] std::optional<int> numaNodeCount(bool* fromAffinity = nullptr) const;
    /// Bridges of the PCIe tree (class 0x0604xx), i.e. PCIe switches and root ports.
    [[nodiscard]] int pcieBridges() const noexcept;
};

/// Which of a server's NICs serve its GPUs: the one decision the advisor's NIC rules and the
/// imported design's compute NIC count both take. NCCL pairs each GPU with the NICs nearest to
/// it on the PCIe tree (its topology search prefers the closest path type, PIX < PXB < PHB <
/// SYS), so the compute NICs are the NICs that are some GPU's nearest (ties included). A NIC
/// nearest to no GPU (one in its own slot under the CPU while the others share the GPUs' PCIe
/// switches, or a management port SYS to every GPU) most likely carries front-end or storage
/// traffic.
struct NicRoles {
    std::vector<int> compute;          ///< ImportedNic::index of the compute NICs, in file order
    std::vector<int> other;            ///< NICs nearest to no GPU, in file order; empty unless everyGpuPlaced
    bool everyGpuPlaced = false;       ///< every GPU has a known nearest NIC, so `compute` is the whole set
};

/// The NIC roles of `s`. When no GPU-NIC distance is known every NIC counts as a compute NIC
/// (`other` empty); when only some GPUs have one, `compute` holds those GPUs' nearest NICs and
/// everyGpuPlaced is false (a cut-off file). Never throws.
[[nodiscard]] NicRoles nicRoles(const ServerModel& s);

/// The NICs `indices` (ImportedNic::index) by name, "mlx5_bond_1, mlx5_bond_2" (the label,
/// "NIC0", where the file gives no name); at most `max` named, then "and N more".
[[nodiscard]] std::string nicNames(const ServerModel& s, const std::vector<int>& indices, std::size_t max = 8);

/// JSON form of a server model (the `server` object of `import --json`): quantities carry
/// their unit in the key (`speed_Gbps`, `link_speed_GTps`); unknown values are null.
[[nodiscard]] nlohmann::json toJson(const ServerModel& s);

/// Classifies a topo -m cell ("X", "NV12", "PIX", "SOC", ...). PathKind::Unknown when the
/// text is none of the legend's tokens. `nvlinks` receives the NV# count.
[[nodiscard]] PathKind parsePathToken(const std::string& token, int& nvlinks) noexcept;

} // namespace model::io
