// Compute NICs of an imported server: count, left-out NICs and NIC model (import_nics.hpp).
#include "model/io/import/import_nics.hpp"

#include "model/io/import/gpu_identity.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
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

/// What the compute NICs state of their card besides a PCI id that names one: their PCI vendor
/// and line rate when every compute NIC gives the same, and the catalog NICs of that maker at
/// that rate.
struct VendorRate {
    std::string vendor;                    ///< PCI vendor id ("0x15b3"); empty when not one for all
    std::optional<double> rate;            ///< Gb/s; nullopt when not one for all
    std::vector<const NicSpec*> atRate;    ///< catalog NICs of that maker at that rate (of the protocol the PCI ids allow)
    std::vector<const NicSpec*> matches;   ///< atRate narrowed (see vendorRateMatches)
};

/// The catalog NICs the compute NICs' vendor and rate fit: made by their PCI vendor
/// (pciVendorMakes), at their rate (within 0.5 Gb/s), of the one protocol their PCI ids allow
/// (`protocol`, when known); several are narrowed to those of the server's own NIC's protocol,
/// then of its category, where some remain.
VendorRate vendorRateMatches(const ServerModel& s, const NicRoles& roles, const Catalog& catalog, const NicSpec* own,
                             std::optional<NetProtocol> protocol)
{
    VendorRate out;
    std::set<std::string> vendors;
    std::set<double> rates;
    bool everyVendor = true, everyRate = true;
    for (int index : roles.compute)
        for (const auto& n : s.nics) {
            if (n.index != index) continue;
            if (n.pciVendor.empty()) everyVendor = false;
            else vendors.insert(n.pciVendor);
            if (!n.speedGbps) everyRate = false;
            else rates.insert(*n.speedGbps);
        }
    if (everyVendor && vendors.size() == 1) out.vendor = *vendors.begin();
    if (everyRate && rates.size() == 1) out.rate = *rates.begin();
    if (out.vendor.empty() || !out.rate) return out;
    for (const NicSpec& n : catalog.nics())
        if (pciVendorMakes(out.vendor, n.vendor) && std::abs(n.speed.inGbps() - *out.rate) <= 0.5 && (!protocol || n.protocol == *protocol))
            out.atRate.push_back(&n);
    out.matches = out.atRate;
    const auto narrow = [&out](const auto& keep) {
        std::vector<const NicSpec*> kept;
        for (const NicSpec* n : out.matches)
            if (keep(*n)) kept.push_back(n);
        if (!kept.empty()) out.matches = std::move(kept);
    };
    if (own && out.matches.size() > 1) narrow([own](const NicSpec& n) { return n.protocol == own->protocol; });
    if (own && out.matches.size() > 1) narrow([own](const NicSpec& n) { return n.category == own->category; });
    return out;
}

/// "connectx-6-200g and connectx-6-dx-200g".
std::string idList(const std::vector<const NicSpec*>& nics)
{
    std::string list;
    for (std::size_t i = 0; i < nics.size(); ++i) list += (i == 0 ? "" : i + 1 == nics.size() ? " and " : ", ") + nics[i]->id;
    return list;
}

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
            const std::string proto = id.protocol ? toString(*id.protocol) : std::string();
            const std::string only = id.protocol ? std::string(", ") + (*id.protocol == NetProtocol::Ethernet ? "an Ethernet-only card (RDMA as RoCE)"
                                                                        : std::string(proto.find_first_of("aeiou") == 0 ? "an " : "a ") + proto + "-only card")
                                                 : std::string();
            out.notes.push_back("compute NIC model: " + describe(*named) + ": the file's compute NICs are " + id.name + " by their PCI ids " + pciIds(*nic) +
                                only + ", instead of " + spec.id + "'s " + (own ? describe(*own) : spec.computeNicId));
        }
    }

    // No PCI id names a catalog card: the card of the compute NICs' own maker at their own rate,
    // when the catalog has one such card (narrowed by the server's protocol and category).
    const bool namedByPci = found && !found->first.catalogId.empty() && catalog.nic(found->first.catalogId);
    const VendorRate byRate = namedByPci ? VendorRate{} : vendorRateMatches(s, roles, catalog, own, found ? found->first.protocol : std::nullopt);
    const bool ownFits = own && std::find(byRate.matches.begin(), byRate.matches.end(), own) != byRate.matches.end();
    if (!namedByPci && byRate.matches.size() == 1 && !ownFits) {
        chosen = byRate.matches.front();
        out.nicModel = chosen->id;
        const std::string which = byRate.atRate.size() == 1 ? "the catalog's one NIC of that maker at that rate"
                                                             : "the one of the catalog's NICs of that maker at that rate (" + idList(byRate.atRate) +
                                                                   ") that runs " + spec.id + "'s " + (own ? toString(own->protocol) : "protocol");
        out.notes.push_back("compute NIC model: " + describe(*chosen) + ": the file's compute NICs are made by PCI vendor " + byRate.vendor + " and run at " +
                            gbps(*byRate.rate) + ", and this is " + which + ", instead of " + spec.id + "'s " +
                            (own ? describe(*own) + " at " + gbps(own->speed.inGbps()) : spec.computeNicId) + ". " +
                            (found ? "Their PCI ids " + pciIds(*found->second) + " (" + found->first.name + ") name no catalog card"
                                   : std::string("Their PCI ids name no card the importer knows")) +
                            ", so the card may be another of that maker at that rate: set the NIC model in the inspector if that matters");
    } else if (found && !namedByPci && own && found->first.protocol && *found->first.protocol != own->protocol) {
        const auto& [id, nic] = *found;
        out.notes.push_back("the file's compute NICs are " + id.name + " (PCI " + pciIds(*nic) + ", " + toString(*id.protocol) +
                            "), which the catalog cannot name by PCI id; the design keeps " + spec.id + "'s " + describe(*own) +
                            ": set the NIC model in the inspector if that matters");
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
            if (namedByPci)
                note += ": kept, because their PCI ids " + pciIds(*found->second) + " name that card (" + found->first.name + "), run at another rate";
            else if (found)
                note += ": kept, because their PCI ids " + pciIds(*found->second) + " (" + found->first.name + ") name no catalog card";
            else
                note += ": kept, because the file does not name the card by PCI ids";
            // Without a card by PCI id the maker and the rate would pick one: say why they did not.
            if (!namedByPci && byRate.matches.size() > 1)
                note += ", and " + std::to_string(byRate.matches.size()) + " catalog NICs of their maker run at " + gbps(rate) + " (" +
                        idList(byRate.matches) + "): the file does not say which";
            else if (!namedByPci && !byRate.vendor.empty())
                note += ", and no catalog NIC of their maker (PCI vendor " + byRate.vendor + ") runs at " + gbps(rate);
            else if (!namedByPci)
                note += ", nor their maker";
        }
        out.notes.push_back(note + "; set the NIC model in the inspector if that matters");
    }
    return out;
}

} // namespace model::io
