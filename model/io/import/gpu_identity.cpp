// GPU and NIC identification tables (sources in gpu_identity.hpp).
#include "model/io/import/gpu_identity.hpp"

#include <algorithm>
#include <cctype>

namespace model::io {

namespace {

std::string hex4(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (s.rfind("0x", 0) == 0) s.erase(0, 2);
    return s;
}

struct PciGpu {
    const char* device;
    const char* name;
    const char* catalogId;
    bool geforce;
};

// PCI ID Repository, vendor 10de (NVIDIA). Catalog ids where catalogs/gpus.json has the part.
const PciGpu kNvidia[] = {
    {"2330", "H100 SXM5 80GB", "h100-sxm", false},
    {"2331", "H100 PCIe", "h100-pcie", false},
    {"2335", "H200 SXM 141GB", "h200-sxm", false},
    {"2324", "H800", "", false},
    {"2322", "H800 PCIe", "", false},
    {"20b0", "A100 SXM4 40GB", "a100-sxm-40gb", false},
    {"20b2", "A100 SXM4 80GB", "a100-sxm-80gb", false},
    {"20b5", "A100 PCIe 80GB", "a100-pcie-80gb", false},
    {"20f1", "A100 PCIe 40GB", "", false},
    {"20f3", "A800 SXM4 80GB", "", false},
    {"20b7", "A30 PCIe", "", false},
    {"2236", "A10", "a10", false},
    {"26b5", "L40", "l40", false},
    {"27b8", "L4", "l4", false},
    {"2684", "GeForce RTX 4090", "rtx-4090", true},
    {"1db1", "Tesla V100 SXM2 16GB", "", false},
    {"1db5", "Tesla V100 SXM2 32GB", "", false},
    {"1eb8", "Tesla T4", "", false},
};

struct NameRule {
    const char* contains;    ///< substring of the driver's name (case-insensitive)
    const char* excludes;    ///< must not contain (empty = none)
    const char* name;
    const char* catalogId;
    bool geforce;
};

// Names as nvidia-smi and nccl-tests print them; the first rule that matches wins, so more
// specific names come first (the SXM H100 reports "NVIDIA H100 80GB HBM3", the PCIe card
// "NVIDIA H100 PCIe", the NVL card "NVIDIA H100 NVL").
const NameRule kNames[] = {
    {"h100 nvl", "", "H100 NVL", "h100-nvl", false},
    {"h100 pcie", "", "H100 PCIe", "h100-pcie", false},
    {"h100 80gb hbm3", "", "H100 SXM5 80GB", "h100-sxm", false},
    {"h100 sxm", "", "H100 SXM5 80GB", "h100-sxm", false},
    {"h200 nvl", "", "H200 NVL", "h200-nvl", false},
    {"h200", "nvl", "H200 SXM 141GB", "h200-sxm", false},
    {"h800", "", "H800", "", false},
    {"a100-sxm4-80gb", "", "A100 SXM4 80GB", "a100-sxm-80gb", false},
    {"a100-sxm4-40gb", "", "A100 SXM4 40GB", "a100-sxm-40gb", false},
    {"a100 80gb pcie", "", "A100 PCIe 80GB", "a100-pcie-80gb", false},
    {"a800", "", "A800", "", false},
    {"b200", "", "B200", "b200-sxm", false},
    {"l40s", "", "L40S", "l40s", false},
    {"geforce rtx 4090", "", "GeForce RTX 4090", "rtx-4090", true},
    {"geforce rtx 5090", "", "GeForce RTX 5090", "rtx-5090", true},
    {"geforce rtx 3090", "", "GeForce RTX 3090", "", true},
    {"geforce", "", "", "", true},
    {"rtx 6000 ada", "", "RTX 6000 Ada", "rtx-6000-ada", false},
    {"mi250x", "", "Instinct MI250X", "mi250x", false},
    {"mi300x", "", "Instinct MI300X", "mi300x", false},
    {"tesla v100", "", "Tesla V100", "", false},
    {"tesla t4", "", "Tesla T4", "", false},
};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

} // namespace

GpuIdentity identifyPciGpu(const std::string& vendor, const std::string& device)
{
    if (hex4(vendor) != "10de") return {};
    const std::string d = hex4(device);
    for (const auto& g : kNvidia)
        if (d == g.device) return {g.name, g.catalogId, g.geforce};
    return {};
}

GpuIdentity identifyGpuName(const std::string& name)
{
    const std::string n = lower(name);
    for (const auto& r : kNames) {
        if (n.find(r.contains) == std::string::npos) continue;
        if (*r.excludes && n.find(r.excludes) != std::string::npos) continue;
        return {*r.name ? r.name : name, r.catalogId, r.geforce};
    }
    return {};
}

NicIdentity identifyPciNic(const std::string& vendor, const std::string& device)
{
    const std::string v = hex4(vendor), d = hex4(device);
    if (v == "15b3") {
        if (d == "1017") return {"ConnectX-5", "", std::nullopt};
        if (d == "1019") return {"ConnectX-5 Ex", "", std::nullopt};
        if (d == "101b") return {"ConnectX-6", "connectx-6-200g", std::nullopt};
        if (d == "101d") return {"ConnectX-6 Dx", "connectx-6-dx-200g", NetProtocol::Ethernet};
        if (d == "101e") return {"ConnectX virtual function", "", std::nullopt};
        if (d == "1021") return {"ConnectX-7", "connectx-7-400g", std::nullopt};
        if (d == "1023") return {"ConnectX-8", "connectx-8-800g", std::nullopt};
    }
    // 0xefa0 is the first EFA device (the only id of the Linux efa driver until efa1-efa3 came),
    // p4d's (aws-ofi-nccl's p4d topology, shared/real_inputs/nccl_topo_05.xml): EFA v1. The later
    // ids do not tell the generations apart.
    if (v == "1d0f" && d == "efa0") return {"Elastic Fabric Adapter (EFA)", "efa-v1-100g", NetProtocol::EFA};
    if (v == "1d0f" && (d == "efa1" || d == "efa2" || d == "efa3")) return {"Elastic Fabric Adapter (EFA)", "", NetProtocol::EFA};
    return {};
}

bool pciVendorMakes(const std::string& pciVendor, const std::string& catalogVendor)
{
    const std::string v = hex4(pciVendor);
    if (v == "15b3") return catalogVendor == "NVIDIA" || catalogVendor.find("Mellanox") != std::string::npos;
    if (v == "1d0f") return catalogVendor == "AWS";
    if (v == "14e4") return catalogVendor == "Broadcom";
    if (v == "1dd8") return catalogVendor == "AMD";
    return false;
}

bool isVirtualMachinePciVendor(const std::string& vendor) noexcept
{
    const std::string v = hex4(vendor);
    return v == "1af4" || v == "1b36";
}

} // namespace model::io
