#pragma once
/// @file catalog_entries.hpp
/// A uniform, read-only view over every kind of catalog entry (GPU, server, NIC, switch,
/// switch ASIC, NVSwitch, cable, transceiver), for code that lists, searches or compares
/// entries without caring about their type: the catalog browser, spec sheets, tests.

#include "model/catalog/catalog.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace model {

/// Which list of the catalog an entry belongs to.
enum class EntryKind { Gpu, Server, Nic, Switch, SwitchAsic, NvSwitch, Cable, Transceiver };

/// One entry seen through its JSON and provenance. The pointers live as long as the catalog
/// is neither modified nor destroyed.
struct EntryView {
    EntryKind kind = EntryKind::Gpu;
    std::string id;
    std::string name;
    std::string vendor;
    const nlohmann::json* raw = nullptr;        ///< the entry as written in catalogs/*.json
    const Provenance* provenance = nullptr;     ///< its sources
};

/// Every entry of `catalog`, grouped by kind in the order of EntryKind.
[[nodiscard]] std::vector<EntryView> allEntries(const Catalog& catalog);

/// Machine name of a kind: "gpu", "server", "nic", "switch", "switch_asic", "nvswitch",
/// "cable", "transceiver" (the `catalog --json` key without the plural).
[[nodiscard]] const char* toString(EntryKind k) noexcept;
/// Human name of a kind: "GPU", "Server", "NIC", "Switch", "Switch ASIC", "NVSwitch", ...
[[nodiscard]] const char* displayName(EntryKind k) noexcept;

/// Unit of a catalog field, read from its name's suffix (catalogs/README.md, "Units"):
/// `_GB` -> "GB", `_GBps` -> "GB/s", `_GBps_bidirectional` -> "GB/s (both directions)",
/// `_GBps_per_direction` -> "GB/s (per direction)", `_Gbps` -> "Gb/s", `_Tbps` -> "Tb/s",
/// `_TBps` -> "TB/s", `_tflops` -> "TFLOPS", `_W` -> "W", `_ns` -> "ns", `_m` -> "m";
/// "" for unitless fields (counts, names, enums).
[[nodiscard]] std::string fieldUnit(const std::string& field);

/// Readable label of a field: its name without the unit suffix, underscores as spaces,
/// e.g. "hbm_bandwidth_GBps" -> "hbm bandwidth".
[[nodiscard]] std::string fieldLabel(const std::string& field);

/// Fields that describe the entry's bookkeeping rather than the hardware ("sources",
/// "default_source", "field_sources", "notes", "id", "reference_id").
[[nodiscard]] bool isBookkeepingField(const std::string& field);

} // namespace model
