#pragma once
/// @file json_fields.hpp
/// Strict readers for fields of a JSON object. Each throws model::InputError naming the
/// file, the entry, the field and what was expected, so every loader reports bad input the
/// same way and none of them crashes on a wrong type. Every number has a stated range: JSON
/// text cannot hold NaN, and a literal beyond double range (1e999) is refused by parseJson,
/// so a finite upper bound per field is what keeps absurd magnitudes (1e300 GB/s) out of the
/// engine's arithmetic.

#include "model/io/input_error.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace model::io {

/// Where a JSON object came from, for error messages.
struct JsonContext {
    std::string file;  ///< file name as the user knows it
    std::string entry; ///< entry id or index inside the file
};

/// Deepest nesting of arrays and objects parseJson accepts. The deepest real input (a design's
/// analysis block) nests 4 levels; the limit keeps recursive copies and dumps of hostile
/// input ("[[[[..." 100,000 deep) from overflowing the stack.
inline constexpr int kMaxJsonDepth = 64;

/// Default size limit of readJsonFile, bytes (64 MiB): larger than any design the app can
/// lay out (a 100,000-node design writes about 30 MiB), small enough that the parsed document
/// (about 10x the text) fits in memory.
inline constexpr std::size_t kMaxJsonFileBytes = std::size_t{64} << 20;

/// Largest magnitude of any number kept from an input file whose field has no range of its
/// own (a catalog entry's extra fields shown on its spec sheet, a design's analysis block).
inline constexpr double kMaxMagnitude = 1e15;

/// Checks every number inside `v` (recursively) against [min, max].
/// @throws InputError naming `ctx`, the path of the first offending number (e.g.
/// "generator.nodes" below `field`) and the range.
void checkMagnitudes(const nlohmann::json& v, const JsonContext& ctx, const std::string& field,
                     double min = -kMaxMagnitude, double max = kMaxMagnitude);

/// Describes the JSON value `v` briefly for an error message, e.g. `"fast"` or `an object`.
[[nodiscard]] std::string describe(const nlohmann::json& v);

/// Formats a range bound for messages: 100000 -> "100000", 0.001 -> "0.001", 1e10 -> "1e+10".
[[nodiscard]] std::string formatBound(double v);

/// Required string field. @throws InputError if missing or not a non-empty string.
[[nodiscard]] std::string requireString(const nlohmann::json& obj, const char* field, const JsonContext& ctx);
/// Optional string field; `fallback` when absent. @throws InputError if present and not a string.
[[nodiscard]] std::string optionalString(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                         const std::string& fallback = {});
/// Required number in [min, max] (units are the field's, stated in its name).
/// @throws InputError if missing, not a number, or outside the range (the message states it).
[[nodiscard]] double requireNumber(const nlohmann::json& obj, const char* field, const JsonContext& ctx,
                                   double min, double max);
/// Optional number in [min, max]: absent or null gives std::nullopt ("unknown").
/// @throws InputError if present and not a number or outside the range.
[[nodiscard]] std::optional<double> optionalNumber(const nlohmann::json& obj, const char* field,
                                                   const JsonContext& ctx, double min, double max);
/// Required integer in [min, max]. @throws InputError otherwise (also for integers beyond
/// 64-bit range, which JSON text can spell and nlohmann reads as floating point).
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

/// Parses JSON text. @throws InputError naming `file` when the text is not valid JSON (with
/// the parser's byte position), holds a number beyond double range, or nests deeper than
/// kMaxJsonDepth. Never throws anything else but std::bad_alloc.
[[nodiscard]] nlohmann::json parseJson(std::string_view text, const std::string& file);

/// Reads and parses a JSON file. The size is checked before anything is read.
/// @throws InputError naming the file when it cannot be read, is larger than `maxBytes`
/// (the message states the limit) or is not valid JSON (see parseJson).
[[nodiscard]] nlohmann::json readJsonFile(const std::string& path, std::size_t maxBytes = kMaxJsonFileBytes);

} // namespace model::io
