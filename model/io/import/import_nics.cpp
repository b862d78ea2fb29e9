// Compute NICs of an imported server: count, left-out NICs and NIC model (import_nics.hpp).
#include "model/io/import/import_nics.hpp"

#include "model/io/import/gpu_identity.hpp"

#include <cmath>
#include <set>
#include <string>
#include <vector>

namespace model::io {

namespace {

std::string gbps(double v) { return std::to_string(static_cast<long long>(std::llround(v))) + " Gb/s"; }

/// "0x15b3:0x101d" for a message; the device alone when the vendor is not stated.
std::string pciIds(const ImportedNic& n) { return n.pciVendor.empty() ? n.pciDevice : n.pciVendor + ":" + n.pciDevice; }

/// The one identity every compute NIC's PCI ids give, with one of those NICs; nullopt when a
/// compute NIC has no PCI ids, an unknown id, or they name different cards.
std::optional<std::pair<NicIdentity, const ImportedNic*>> computeNicIdentity(const ServerModel& s, const NicRoles& roles)
{
    std::optional<std::pair<NicIdentity, const ImportedNic*>> out;
    for (int index : roles.compute) {
        const ImportedNic* nic = nullptr;
        for (const auto& n : s.nics)
            if (n.index == index) nic = &n;
        if (!nic || nic->pciVendor.empty() || nic->pciDevice.empty()) return std::nullopt;
        NicIdentity id = identifyPciNic(nic->pciVendor, nic->pciDevice);
        if (id.name.empty() || (out && out->first.name != id.name)) return std::nullopt;
        if (!out) out.emplace(std::move(id), nic);
    }
    return out;
}

/// "connectx-6-200g (ConnectX-6 (VPI) 200G, infiniband)".
std::string describe(const NicSpec& n) { return n.id + " (" + n.name + ", " + toString(n.protocol) + ")"; }

} // namespace

ImportedNicChoice computeNicChoice(const ServerModel& s, const ServerSpec& spec, const Catalog& catalog)
{
    ImportedNicChoice out;
    const NicRoles roles = nicRoles(s);
    if (!s.nics.empty() && !roles.everyGpuPlaced)
        out.notes.push_back("compute NICs: the catalog's " + std::to_string(spec.computeNicCount) +
                            " (the file does not give every GPU's nearest NIC, so its compute NICs cannot be counted)");
    if (roles.everyGpuPlaced) {
        const int n = static_cast<int>(roles.compute.size());
        if (n != spec.computeNicCount) {
            out.count = n;
            out.notes.push_back("compute NICs: " + std::to_string(n) + " (" + nicNames(s, roles.compute) +
                                ", the NICs nearest to the GPUs in the file) instead of the catalog's " + std::to_string(spec.computeNicCount));
        }
        if (!roles.other.empty())
            out.notes.push_back("not a compute NIC: " + nicNames(s, roles.other) + ", nearest to no GPU in the file (likely a front-end or storage NIC)");
    }

    // The NIC model: the card the compute NICs' PCI ids name, when the catalog has it.
    const NicSpec* own = catalog.nic(spec.computeNicId);
    const NicSpec* chosen = own;
    const auto found = computeNicIdentity(s, roles);
    if (found) {
        const auto& [id, nic] = *found;
        const NicSpec* named = id.catalogId.empty() ? nullptr : catalog.nic(id.catalogId);
        if (named && named != own) {
            out.nicModel = named->id;
            chosen = named;
            const std::string only = id.protocol ? std::string(", ") + (*id.protocol == NetProtocol::Ethernet ? "an Ethernet-only card (RDMA as RoCE)"
                                                                                                            : std::string("a ") + toString(*id.protocol) + "-only card")
                                                 : std::string();
            out.notes.push_back("compute NIC model: " + describe(*named) + ": the file's compute NICs are " + id.name + " by their PCI ids " + pciIds(*nic) +
                                only + ", instead of " + spec.id + "'s " + (own ? describe(*own) : spec.computeNicId));
        } else if (!named && own && id.protocol && *id.protocol != own->protocol) {
            out.notes.push_back("the file's compute NICs are " + id.name + " (PCI " + pciIds(*nic) + ", " + toString(*id.protocol) +
                                "), which the catalog cannot name by PCI id; the design keeps " + spec.id + "'s " + describe(*own) +
                                ": set the NIC model in the inspector if that matters");
        }
    }

    // The line rate the file's NICs state against the chosen NIC's.
    std::set<double> speeds;
    for (const auto& n : s.nics)
        if (n.speedGbps) speeds.insert(*n.speedGbps);
    // The model follows the PCI ids, never the rate alone: a rate fits several cards (a ConnectX-7
    // virtual function at 200 Gb/s is no ConnectX-6 though both run at 200 Gb/s), so a rate that
    // differs keeps the card and the note says why and which catalog cards run at the file's rate.
    if (chosen && speeds.size() == 1 && std::abs(*speeds.begin() - chosen->speed.inGbps()) > 0.5) {
        const double rate = *speeds.begin();
        std::string note = "the file's NICs run at " + gbps(rate) + ", the catalog's " + chosen->id + " at " + gbps(chosen->speed.inGbps());
        if (chosen == own) {
            if (found && found->first.catalogId.empty())
                note += ": kept, because their PCI ids " + pciIds(*found->second) + " (" + found->first.name + ") name no catalog card";
            else if (found)
                note += ": kept, because their PCI ids " + pciIds(*found->second) + " name that card (" + found->first.name + "), run at another rate";
            else
                note += ": kept, because the file does not name the card by PCI ids";
            note += ", and a NIC model is taken from the PCI ids, not from the rate alone";
            std::vector<std::string> atRate;
            for (const NicSpec& n : catalog.nics())
                if (std::abs(n.speed.inGbps() - rate) <= 0.5 && n.category == own->category) atRate.push_back(n.id);
            if (!atRate.empty()) {
                std::string list;
                for (std::size_t i = 0; i < atRate.size(); ++i) list += (i == 0 ? "" : i + 1 == atRate.size() ? " and " : ", ") + atRate[i];
                note += " (the catalog's " + gbps(rate) + " " + (atRate.size() == 1 ? "NIC, " + list + ", is another card" : "NICs, " + list + ", are other cards") + ")";
            }
        }
        out.notes.push_back(note + "; set the NIC model in the inspector if that matters");
    }
    return out;
}

} // namespace model::io
