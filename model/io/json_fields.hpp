#pragma once
/// @file json_fields.hpp
/// Strict readers for fields of a JSON object. Each throws model::InputError naming the
/// file, the entry, the field and what was expected, so every loader reports bad input the
/// same way and none of them crashes on a wrong type.

#include "model/io/input_error.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace model::io {

/// Where a JSON object came from, for error messages.
struct JsonContext {
    std::string file;  ///< file name as the user knows it
    std::string entry; ///< entry id or index inside the file
};

/// Describes the JSON value `v` briefly for an error message, e.g. `"fast"` or `an object`.
[[nodiscard]] std::string describe(const nlohmann::json& v);

/// Required string field. @throws InputError if missing or not a non-empty string.
[[nodiscard]] std::string requireString(const nlohmann::json& obj, const char* field, const JsonContext& ctx);
/// Optional string field; `fallback` when absent. @throws InputError if present and not a string.
[[nodiscard]] std::string optionalString(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                         const std::string& fallback = {});
/// Required number >= `min`. @throws InputError if missing, not a number, or below `min`.
[[nodiscard]] double requireNumber(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                   double min = 0.0);
/// Optional number >= `min`: absent or null gives std::nullopt ("unknown").
/// @throws InputError if present and not a number or below `min`.
[[nodiscard]] std::optional<double> optionalNumber(const nlohmann::json& obj, const char* field,
                                                   const JsonContext& ctx, double min = 0.0);
/// Required integer in [min, max]. @throws InputError otherwise.
[[nodiscard]] long long requireInt(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                   long long min, long long max);
/// Optional integer in [min, max], `fallback` when absent. @throws InputError if present and invalid.
[[nodiscard]] long long optionalInt(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                    long long min, long long max, long long fallback);
/// Optional boolean, `fallback` when absent. @throws InputError if present and not a boolean.
[[nodiscard]] bool optionalBool(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                bool fallback);
/// Required string that must be one of `allowed`. @throws InputError listing the allowed values.
[[nodiscard]] std::string requireEnum(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                      const std::vector<std::string>& allowed);
/// Optional enum string, `fallback` when absent. @throws InputError listing the allowed values.
[[nodiscard]] std::string optionalEnum(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                       const std::vector<std::string>& allowed, const std::string& fallback);

/// Reads and parses a JSON file. @throws InputError naming the file when it cannot be read
/// or is not valid JSON (with the parser's byte position).
[[nodiscard]] nlohmann::json readJsonFile(const std::string& path);

} // namespace model::io
