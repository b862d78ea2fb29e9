#pragma once
/// @file part_counts.hpp
/// How many servers, appliances, switches, GPUs and links a design holds: the status bar's
/// line and the summary `cluster-designer generate` prints, counted by one function.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <cstddef>
#include <string>

namespace model {

/// Parts of a design by kind.
struct PartCounts {
    int servers = 0;        ///< GPU servers, rack-scale nodes, cloud instances and models not in the catalog
    int appliances = 0;     ///< GPU-less servers (catalog gpu_count 0, e.g. the UFM appliance)
    int switches = 0;
    int gpus = 0;           ///< Design::gpuCount: GPUs of the servers the catalog knows
    std::size_t links = 0;  ///< link entries (a bundle of parallel cables counts once)
    /// The catalog kind (ServerSpec::kind) every counted server shares: "rack" for NVL72 racks,
    /// "workstation", "cloud_instance", ...; "node" where they differ or none is known.
    std::string serverKind = "node";
    bool operator==(const PartCounts&) const = default;
};

/// The noun for servers of catalog kind `kind`, singular or plural by `count`: "rack(s)" (an
/// NVL72 rack is one server of 72 GPUs), "workstation(s)", "instance(s)" for "cloud_instance",
/// else "server(s)". Never throws.
[[nodiscard]] std::string serverNoun(const std::string& kind, long long count);

/// Counts the parts of `d`. A server whose model the catalog lacks counts as a server with
/// no GPUs. Never throws.
[[nodiscard]] PartCounts countParts(const Design& d, const Catalog& catalog) noexcept;

} // namespace model
