#pragma once
/// @file part_counts.hpp
/// How many servers, appliances, switches, GPUs and links a design holds: the status bar's
/// line and the summary `cluster-designer generate` prints, counted by one function.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <cstddef>

namespace model {

/// Parts of a design by kind.
struct PartCounts {
    int servers = 0;        ///< GPU servers, rack-scale nodes, cloud instances and models not in the catalog
    int appliances = 0;     ///< GPU-less servers (catalog gpu_count 0, e.g. the UFM appliance)
    int switches = 0;
    int gpus = 0;           ///< Design::gpuCount: GPUs of the servers the catalog knows
    std::size_t links = 0;  ///< link entries (a bundle of parallel cables counts once)
    bool operator==(const PartCounts&) const = default;
};

/// Counts the parts of `d`. A server whose model the catalog lacks counts as a server with
/// no GPUs. Never throws.
[[nodiscard]] PartCounts countParts(const Design& d, const Catalog& catalog) noexcept;

} // namespace model
