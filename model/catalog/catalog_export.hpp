#pragma once
/// @file catalog_export.hpp
/// The catalog as one JSON object (`cluster-designer catalog --json`): keys `gpus`, `servers`,
/// `nics`, `switches`, each a list of entries with `id`, `name` and the entry's own fields as
/// written in catalogs/*.json (units in the field names). Every GPU carries `form_factor` and
/// `nvlink_GBps_bidirectional` (0 when it has no NVLink, null when it has NVLink of unpublished
/// bandwidth). Also `switch_asics`, `nvswitches`, `cables` and `transceivers`.

#include "model/catalog/catalog.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace model {

[[nodiscard]] nlohmann::json catalogToJson(const Catalog& catalog);

/// The catalog as the `catalog` command prints it: a "GPUs:", "Servers:", "NICs:" and
/// "Switches:" section, one "  id  name" line per entry, the names in one column two spaces
/// past the longest id of the whole listing (so no id runs into its name).
[[nodiscard]] std::string catalogListing(const Catalog& catalog);

} // namespace model
