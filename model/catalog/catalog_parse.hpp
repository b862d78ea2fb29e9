#pragma once
/// @file catalog_parse.hpp
/// JSON -> catalog entry parsers (schema: catalogs/README.md). Each throws model::InputError
/// naming the file, the entry (its id, or its index when the id itself is bad), the field and
/// what was expected.

#include "model/catalog/catalog_types.hpp"
#include "model/catalog/interconnect_types.hpp"
#include "model/io/json_fields.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace model::catalog_parse {

/// Checks `"format": "cluster-designer-catalog"` and a supported `"version"` (1).
/// @throws InputError naming `file` otherwise.
void checkHeader(const nlohmann::json& doc, const std::string& file);

/// Parses the provenance block of an entry ("sources", "default_source", "field_sources").
/// @throws InputError when a referenced source id is missing or a source lacks citation/date.
[[nodiscard]] Provenance parseProvenance(const nlohmann::json& e, const std::string& file, const std::string& entry);

[[nodiscard]] GpuSpec parseGpu(const nlohmann::json& e, const std::string& file, const std::string& index);
[[nodiscard]] ServerSpec parseServer(const nlohmann::json& e, const std::string& file, const std::string& index);
[[nodiscard]] NicSpec parseNic(const nlohmann::json& e, const std::string& file, const std::string& index);
[[nodiscard]] SwitchSpec parseSwitch(const nlohmann::json& e, const std::string& file, const std::string& index);
[[nodiscard]] NvSwitchSpec parseNvSwitch(const nlohmann::json& e, const std::string& file, const std::string& index);
[[nodiscard]] CableSpec parseCable(const nlohmann::json& e, const std::string& file, const std::string& index);
[[nodiscard]] TransceiverSpec parseTransceiver(const nlohmann::json& e, const std::string& file, const std::string& index);

/// The entry name used in errors: the entry's id when it has a usable one, else `index`.
/// @throws InputError when `e` is not a JSON object.
/// Optional integer in [lo, hi]; absent or null = nullopt (unknown).
/// @throws InputError naming the field when present and not such an integer.
[[nodiscard]] std::optional<int> optInt(const nlohmann::json& e, const char* f, const io::JsonContext& c, int lo, int hi);
/// Optional rate written in decimal GB/s; absent or null = nullopt. @throws InputError if negative or not a number.
[[nodiscard]] std::optional<Bandwidth> optGBps(const nlohmann::json& e, const char* f, const io::JsonContext& c);
/// Optional rate written in decimal Gb/s (network units, 8 bits per byte); absent or null = nullopt.
/// @throws InputError if negative or not a number.
[[nodiscard]] std::optional<Bandwidth> optGbps(const nlohmann::json& e, const char* f, const io::JsonContext& c);
[[nodiscard]] io::JsonContext contextFor(const nlohmann::json& e, const std::string& file, const std::string& index);

} // namespace model::catalog_parse
