#pragma once
/// @file import_nics.hpp
/// The compute NICs of an imported server as its design takes them: how many (nicRoles, the
/// NICs nearest to the GPUs, the same decision the advisor's fewer-nics-than-gpus rule takes),
/// which NICs are left out (nearest to no GPU: front-end or storage), and which catalog NIC
/// model (the card the file's PCI ids name, gpu_identity.hpp), each choice with a note in words.

#include "model/catalog/catalog.hpp"
#include "model/io/import/server_model.hpp"

#include <optional>
#include <string>
#include <vector>

namespace model::io {

/// What an import changes on the catalog server's compute NICs.
struct ImportedNicChoice {
    /// Compute NIC count the file shows, set on the server when it differs from the catalog's;
    /// nullopt when the file does not give every GPU's nearest NIC (the catalog's count stays).
    std::optional<int> count;
    /// catalogs/network.json id to set as the server's NIC model (Node::nicModel) when the
    /// file's compute NICs are another catalog card than the server's; empty = keep the server's.
    std::string nicModel;
    std::vector<std::string> notes;     ///< each choice in words, naming the file's NICs and the catalog ids
};

/// The compute NIC choice for `spec` built from server model `s`. Notes name: the compute
/// count and its NICs when it differs from the catalog's; the NICs nearest to no GPU; the
/// NIC model the PCI ids identify (ConnectX-6 Dx 0x15b3:0x101d -> connectx-6-dx-200g, Ethernet
/// RoCE, instead of DGX A100's InfiniBand connectx-6-200g; EFA 0x1d0f:0xefa0 -> efa-v1-100g);
/// where the PCI ids name no catalog card, the catalog NIC of the compute NICs' own maker (PCI
/// vendor, pciVendorMakes) at the rate the file states, when exactly one fits (several are
/// narrowed to the server NIC's protocol, then its category: nccl_topo_09's 200 Gb/s ConnectX
/// virtual functions, 0x15b3:0x101e, on DGX H100 take connectx-6-200g, the InfiniBand one of the
/// 200 Gb/s Mellanox cards, and the note says the card may be another of that maker at that
/// rate); else, for a card the catalog cannot name whose protocol differs from the server NIC's,
/// that the design keeps the server's NIC; and a line rate that differs from the chosen NIC's,
/// with why the card is kept (its PCI ids name it, or no one catalog NIC of its maker runs at the
/// file's rate). Never throws.
[[nodiscard]] ImportedNicChoice computeNicChoice(const ServerModel& s, const ServerSpec& spec, const Catalog& catalog);

} // namespace model::io
