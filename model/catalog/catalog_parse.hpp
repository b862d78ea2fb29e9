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

// Largest value each kind of catalog figure may take. Each is 10 to 100 times the largest
// figure of any part sold today (catalogs/*.json, 2026), so the next generations fit while a
// typo or a hostile file (1e300 GB/s) is refused with the range in the message.
inline constexpr double kMaxGpuMemoryGB = 1e5;      ///< GB per GPU (B300: 288 GB)
inline constexpr double kMaxHbmGBps = 1e6;          ///< GB/s of GPU memory (B200: 8,000 GB/s)
inline constexpr double kMaxLinkGBps = 1e5;         ///< GB/s of one GPU's NVLink, host link or NVSwitch port (NVLink 5: 1,800)
inline constexpr double kMaxTflops = 1e6;           ///< dense TFLOPS of one GPU (B200 FP8: 5,000)
inline constexpr double kMaxPartW = 1e5;            ///< W of one GPU, NIC, NVSwitch, cable or transceiver (GB200: 2,700)
inline constexpr double kMaxSystemW = 1e7;          ///< W of one server, rack system or switch (GB200 NVL72: 142,000)
inline constexpr double kMaxPortGbps = 1e5;         ///< Gb/s of one network port (ConnectX-8, Quantum-X800: 1,600)
inline constexpr double kMaxAggregateTbps = 1e5;    ///< Tb/s through one switch (Quantum-X800 Q3400: 115.2)
inline constexpr double kMaxLatencyNs = 1e9;        ///< ns port-to-port through a switch (1 s; real ones 100 to 1,000 ns)
inline constexpr double kMaxReachM = 1e5;           ///< m of one cable or transceiver link (ZR optics: 80,000 m)

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
/// Optional rate written in decimal GB/s, at most `maxGBps`; absent or null = nullopt.
/// @throws InputError if negative, above the maximum or not a number.
[[nodiscard]] std::optional<Bandwidth> optGBps(const nlohmann::json& e, const char* f, const io::JsonContext& c, double maxGBps);
/// Optional rate written in decimal Gb/s (network units, 8 bits per byte), at most `maxGbps`;
/// absent or null = nullopt. @throws InputError if negative, above the maximum or not a number.
[[nodiscard]] std::optional<Bandwidth> optGbps(const nlohmann::json& e, const char* f, const io::JsonContext& c, double maxGbps);
[[nodiscard]] io::JsonContext contextFor(const nlohmann::json& e, const std::string& file, const std::string& index);

} // namespace model::catalog_parse
