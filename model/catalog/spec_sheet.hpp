#pragma once
/// @file spec_sheet.hpp
/// What the catalog browser shows: a spec sheet (one row per figure with its unit and its
/// source + date, or "unknown") and the filter of the entry list. Qt-free so it is tested
/// with the model.

#include "model/catalog/catalog_entries.hpp"

#include <optional>
#include <string>
#include <vector>

namespace model {

/// One figure of an entry as shown on a spec sheet.
struct SpecRow {
    std::string field;     ///< JSON field name, e.g. "hbm_bandwidth_GBps"
    std::string label;     ///< readable name, e.g. "hbm bandwidth"
    std::string value;     ///< formatted value without unit ("3350", "yes", "nvlink"); "unknown" when null
    std::string unit;      ///< "GB/s", "W", ... (fieldUnit); empty for unitless figures
    bool unknown = false;  ///< the catalog gives null: no source has this figure
    std::string citation;  ///< source of the figure (empty when unknown)
    std::string date;      ///< date of that source, ISO
};

/// Every hardware figure of `entry` in display order (name, vendor, kind, then the kind's figures; bookkeeping fields such as "sources"
/// left out), each with its unit and source. Lists (e.g. protocols_supported) are joined with
/// ", "; numbers print without trailing zeros (362.05, 900).
[[nodiscard]] std::vector<SpecRow> specSheet(const EntryView& entry);

/// The value of `field` in `entry` formatted like specSheet does, "unknown" for null and ""
/// when the entry has no such field (for side-by-side comparisons).
[[nodiscard]] std::string formatField(const EntryView& entry, const std::string& field);

/// Fields of the entries, in display order, for a comparison table of 2-4 entries.
[[nodiscard]] std::vector<std::string> comparisonFields(const std::vector<EntryView>& entries);

/// The browser's filter. Empty strings / nullopt mean "any".
struct CatalogFilter {
    std::string text;                   ///< case-insensitive substring of id, name, vendor or notes
    std::optional<EntryKind> kind;
    std::string vendor;                 ///< exact vendor string
    std::string formFactor;             ///< GPU form factor ("SXM", "PCIe", "OAM", "superchip"); servers match by their GPU
    std::optional<bool> nvlink;         ///< GPUs (and servers by their GPU): has NVLink or not
    std::optional<double> minMemoryGB;  ///< GPUs: memory_GB >= this; servers: their GPU's

    /// True when `entry` passes every set criterion. Criteria that do not apply to the
    /// entry's kind (NVLink for a cable) exclude it, so "NVLink: yes" lists only GPUs and servers.
    [[nodiscard]] bool matches(const EntryView& entry, const Catalog& catalog) const;
};

/// The distinct vendors of the catalog, sorted.
[[nodiscard]] std::vector<std::string> vendors(const Catalog& catalog);

} // namespace model
