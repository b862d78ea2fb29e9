#pragma once
/// @file gpu_identity.hpp
/// Which GPU (and which catalog entry) an imported file names: by PCI device id (NCCL XML,
/// lspci) or by the device name nvidia-smi / nccl-tests print ("NVIDIA H100 80GB HBM3").
/// The tables hold only what a source states: PCI ids from the PCI ID Repository
/// (pci-ids.ucw.cz, vendor 10de; 2335 from its 2024 entry "GH100 [H200 SXM 141GB]"), names as
/// NVIDIA's driver reports them. An id or name not in the tables stays unidentified.

#include <string>

namespace model::io {

/// A GPU as identified.
struct GpuIdentity {
    std::string name;        ///< marketing name ("H100 SXM5 80GB"); empty when unknown
    std::string catalogId;   ///< catalogs/gpus.json id ("h100-sxm"); empty when the catalog has none
    bool geforce = false;    ///< a GeForce card (no GPUDirect peer-to-peer with the stock driver)
};

/// By PCI vendor and device ids ("0x10de", "0x2330"; with or without 0x, any case).
[[nodiscard]] GpuIdentity identifyPciGpu(const std::string& vendor, const std::string& device);

/// By the name the driver prints ("NVIDIA H100 80GB HBM3", "NVIDIA GeForce RTX 4090",
/// "NVIDIA A100-SXM4-80GB", "AMD Instinct MI250X").
[[nodiscard]] GpuIdentity identifyGpuName(const std::string& name);

/// A NIC's model by PCI ids ("ConnectX-7", "Elastic Fabric Adapter (EFA)"); empty when unknown.
[[nodiscard]] std::string identifyPciNic(const std::string& vendor, const std::string& device);

/// True for PCI ids of virtual-machine devices: Red Hat / QEMU virtio (0x1af4) and QEMU
/// bridges (0x1b36), the PCI ID Repository's vendors for emulated hardware.
[[nodiscard]] bool isVirtualMachinePciVendor(const std::string& vendor) noexcept;

} // namespace model::io
