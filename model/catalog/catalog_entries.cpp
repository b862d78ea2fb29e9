#include "model/catalog/catalog_entries.hpp"

#include <array>
#include <utility>

namespace model {

namespace {
template <class T>
void addAll(std::vector<EntryView>& out, EntryKind kind, const std::vector<T>& items)
{
    for (const T& e : items) out.push_back({kind, e.id, e.name, e.vendor, &e.raw, &e.provenance});
}

bool endsWith(const std::string& s, const std::string& suffix)
{
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Suffix -> unit, longest suffixes first so "_GBps_bidirectional" wins over "_GBps".
const std::array<std::pair<const char*, const char*>, 11> kUnits{{
    {"_GBps_bidirectional", "GB/s (both directions)"},
    {"_GBps_per_direction", "GB/s (per direction)"},
    {"_GBps", "GB/s"},
    {"_Gbps", "Gb/s"},
    {"_Tbps", "Tb/s"},
    {"_TBps", "TB/s"},
    {"_tflops", "TFLOPS"},
    {"_GB", "GB"},
    {"_W", "W"},
    {"_ns", "ns"},
    {"_m", "m"},
}};
} // namespace

std::vector<EntryView> allEntries(const Catalog& c)
{
    std::vector<EntryView> out;
    addAll(out, EntryKind::Gpu, c.gpus());
    addAll(out, EntryKind::Server, c.servers());
    addAll(out, EntryKind::Nic, c.nics());
    addAll(out, EntryKind::Switch, c.switches());
    addAll(out, EntryKind::SwitchAsic, c.switchAsics());
    addAll(out, EntryKind::NvSwitch, c.nvswitches());
    addAll(out, EntryKind::Cable, c.cables());
    addAll(out, EntryKind::Transceiver, c.transceivers());
    return out;
}

const char* toString(EntryKind k) noexcept
{
    switch (k) {
    case EntryKind::Gpu: return "gpu";
    case EntryKind::Server: return "server";
    case EntryKind::Nic: return "nic";
    case EntryKind::Switch: return "switch";
    case EntryKind::SwitchAsic: return "switch_asic";
    case EntryKind::NvSwitch: return "nvswitch";
    case EntryKind::Cable: return "cable";
    case EntryKind::Transceiver: return "transceiver";
    }
    return "?";
}

const char* displayName(EntryKind k) noexcept
{
    switch (k) {
    case EntryKind::Gpu: return "GPU";
    case EntryKind::Server: return "Server";
    case EntryKind::Nic: return "NIC";
    case EntryKind::Switch: return "Switch";
    case EntryKind::SwitchAsic: return "Switch ASIC";
    case EntryKind::NvSwitch: return "NVSwitch";
    case EntryKind::Cable: return "Cable";
    case EntryKind::Transceiver: return "Transceiver";
    }
    return "?";
}

std::string fieldUnit(const std::string& field)
{
    for (const auto& [suffix, unit] : kUnits)
        if (endsWith(field, suffix)) return unit;
    return {};
}

std::string fieldLabel(const std::string& field)
{
    std::string label = field;
    for (const auto& [suffix, unit] : kUnits)
        if (endsWith(field, suffix)) {
            label = field.substr(0, field.size() - std::string(suffix).size());
            break;
        }
    for (char& ch : label)
        if (ch == '_') ch = ' ';
    return label;
}

bool isBookkeepingField(const std::string& field)
{
    return field == "sources" || field == "default_source" || field == "field_sources" || field == "notes" ||
           field == "id" || field == "reference_id";
}

} // namespace model
