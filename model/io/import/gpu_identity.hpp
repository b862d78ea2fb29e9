#pragma once
/// @file gpu_identity.hpp
/// Which GPU (and which catalog entry) an imported file names: by PCI device id (NCCL XML,
/// lspci) or by the device name nvidia-smi / nccl-tests print ("NVIDIA H100 80GB HBM3").
/// The tables hold only what a source states: PCI ids from the PCI ID Repository
/// (pci-ids.ucw.cz, vendor 10de; 2335 from its 2024 entry "GH100 [H200 SXM 141GB]"), names as
/// NVIDIA's driver reports them. An id or name not in the tables stays unidentified.

#include "model/catalog/catalog_types.hpp"

#include <optional>
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

/// A NIC as identified by its PCI ids.
struct NicIdentity {
    std::string name;                    ///< model family ("ConnectX-6 Dx"); empty when unknown
    /// catalogs/network.json id of exactly this card ("connectx-6-dx-200g"); empty when the
    /// catalog has none or the id does not tell the card apart (EFA generations, virtual functions)
    std::string catalogId;
    /// The one protocol the card can run (ConnectX-6 Dx: Ethernet/RoCE; EFA: EFA); nullopt for
    /// VPI cards that run InfiniBand or Ethernet, and for unknown ids
    std::optional<NetProtocol> protocol;
};

/// A NIC's model by PCI vendor and device ids ("0x15b3", "0x101d"; with or without 0x, any
/// case). Sources: the PCI ID Repository (vendor 15b3 Mellanox: 1017 ConnectX-5, 1019
/// ConnectX-5 Ex, 101b ConnectX-6, 101d ConnectX-6 Dx, 101e ConnectX family virtual function,
/// 1021 ConnectX-7, 1023 ConnectX-8; vendor 1d0f Amazon: efa0-efa3 Elastic Fabric Adapter) and
/// NVIDIA's ConnectX-6 Dx OCP 2.0 user manual (device ID 4125 = 0x101d, Ethernet only). 0xefa0 is
/// the first EFA, catalog efa-v1-100g: the Linux efa driver (drivers/infiniband/hw/efa/efa_main.c)
/// listed it alone until efa1-efa3 were added, and AWS's p4d.24xlarge topology file
/// (aws/aws-ofi-nccl topology/p4d-24xl-topo.xml, shared/real_inputs/nccl_topo_05.xml) gives p4d's
/// EFA as 0x1d0f:0xefa0; efa1-efa3 name no generation. Unknown ids give an empty identity.
[[nodiscard]] NicIdentity identifyPciNic(const std::string& vendor, const std::string& device);

/// True when PCI vendor id `pciVendor` ("0x15b3"; with or without 0x, any case) is the maker
/// catalogs/network.json names `catalogVendor`: 15b3 Mellanox ("NVIDIA (Mellanox)", "NVIDIA"),
/// 1d0f Amazon ("AWS"), 14e4 Broadcom, 1dd8 AMD Pensando ("AMD"), as the PCI ID Repository names
/// the vendors. False for any other id.
[[nodiscard]] bool pciVendorMakes(const std::string& pciVendor, const std::string& catalogVendor);

/// True for PCI ids of virtual-machine devices: Red Hat / QEMU virtio (0x1af4) and QEMU
/// bridges (0x1b36), the PCI ID Repository's vendors for emulated hardware.
[[nodiscard]] bool isVirtualMachinePciVendor(const std::string& vendor) noexcept;

} // namespace model::io
