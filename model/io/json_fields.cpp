#include "model/io/json_fields.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace model::io {

using nlohmann::json;

std::string describe(const json& v)
{
    if (v.is_null()) return "null";
    if (v.is_object()) return "an object";
    if (v.is_array()) return "an array";
    std::string s = v.dump();
    if (s.size() > 40) {
        // Cut on a UTF-8 character boundary (never inside a multi-byte sequence): the message
        // may end up in JSON output, whose writer refuses invalid UTF-8.
        std::size_t cut = 37;
        while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
        s = s.substr(0, cut) + "...";
    }
    return s;
}

void checkMagnitudes(const json& v, const JsonContext& ctx, const std::string& field, double min, double max)
{
    if (v.is_number()) {
        const double d = v.get<double>();
        if (!(d >= min && d <= max))
            throw InputError(ctx.file, ctx.entry, field,
                             "expected a number from " + formatBound(min) + " to " + formatBound(max) + ", got " + describe(v));
    } else if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it)
            checkMagnitudes(*it, ctx, field.empty() ? it.key() : field + "." + it.key(), min, max);
    } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) checkMagnitudes(v[i], ctx, field + "[" + std::to_string(i) + "]", min, max);
    }
}

std::string formatBound(double v)
{
    char buf[32];
    // Whole numbers up to a million in full ("100000"), others as %g ("0.001", "1e+10").
    if (v >= -1e6 && v <= 1e6 && v == std::trunc(v)) // range first: the cast of 1e300 is undefined
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    else
        std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

namespace {
[[noreturn]] void fail(const JsonContext& ctx, const char* field, const std::string& problem)
{
    throw InputError(ctx.file, ctx.entry, field, problem);
}
const json* find(const json& obj, const char* field)
{
    if (!obj.is_object()) return nullptr;
    auto it = obj.find(field);
    return it == obj.end() ? nullptr : &*it;
}
} // namespace

std::string requireString(const json& obj, const char* field, const JsonContext& ctx)
{
    const json* v = find(obj, field);
    if (!v) fail(ctx, field, "missing; expected a string");
    if (!v->is_string() || v->get_ref<const std::string&>().empty())
        fail(ctx, field, "expected a non-empty string, got " + describe(*v));
    return v->get<std::string>();
}

std::string optionalString(const json& obj, const char* field, const JsonContext& ctx, const std::string& fallback)
{
    const json* v = find(obj, field);
    if (!v || v->is_null()) return fallback;
    if (!v->is_string()) fail(ctx, field, "expected a string, got " + describe(*v));
    return v->get<std::string>();
}

namespace {
std::string numberRange(double min, double max)
{
    return "expected a number from " + formatBound(min) + " to " + formatBound(max);
}
} // namespace

double requireNumber(const json& obj, const char* field, const JsonContext& ctx, double min, double max)
{
    const json* v = find(obj, field);
    if (!v) fail(ctx, field, "missing; " + numberRange(min, max));
    auto r = optionalNumber(obj, field, ctx, min, max);
    if (!r) fail(ctx, field, numberRange(min, max) + ", got null");
    return *r;
}

std::optional<double> optionalNumber(const json& obj, const char* field, const JsonContext& ctx, double min, double max)
{
    const json* v = find(obj, field);
    if (!v || v->is_null()) return std::nullopt;
    if (!v->is_number()) fail(ctx, field, numberRange(min, max) + ", got " + describe(*v));
    const double d = v->get<double>();
    // The negated comparison also refuses NaN (never from JSON text, but from a caller's value).
    if (!(d >= min && d <= max)) fail(ctx, field, numberRange(min, max) + ", got " + describe(*v));
    return d;
}

long long requireInt(const json& obj, const char* field, const JsonContext& ctx, long long min, long long max)
{
    const json* v = find(obj, field);
    const std::string expected = "expected an integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (!v) fail(ctx, field, "missing; " + expected);
    if (!v->is_number_integer()) fail(ctx, field, expected + ", got " + describe(*v));
    // An unsigned value above LLONG_MAX would wrap to a negative long long.
    if (v->is_number_unsigned() && v->get<unsigned long long>() > static_cast<unsigned long long>(LLONG_MAX))
        fail(ctx, field, expected + ", got " + describe(*v));
    const long long i = v->get<long long>();
    if (i < min || i > max) fail(ctx, field, expected + ", got " + describe(*v));
    return i;
}

long long optionalInt(const json& obj, const char* field, const JsonContext& ctx, long long min, long long max,
                      long long fallback)
{
    const json* v = find(obj, field);
    if (!v || v->is_null()) return fallback;
    return requireInt(obj, field, ctx, min, max);
}

bool optionalBool(const json& obj, const char* field, const JsonContext& ctx, bool fallback)
{
    const json* v = find(obj, field);
    if (!v || v->is_null()) return fallback;
    if (!v->is_boolean()) fail(ctx, field, "expected true or false, got " + describe(*v));
    return v->get<bool>();
}

namespace {
std::string joinAllowed(const std::vector<std::string>& allowed)
{
    std::string s;
    for (std::size_t i = 0; i < allowed.size(); ++i) {
        if (i) s += ", ";
        s += "\"" + allowed[i] + "\"";
    }
    return s;
}
} // namespace

std::string requireEnum(const json& obj, const char* field, const JsonContext& ctx,
                        const std::vector<std::string>& allowed)
{
    const json* v = find(obj, field);
    if (!v) fail(ctx, field, "missing; expected one of " + joinAllowed(allowed));
    if (v->is_string()) {
        const auto& s = v->get_ref<const std::string&>();
        for (const auto& a : allowed)
            if (a == s) return s;
    }
    fail(ctx, field, "expected one of " + joinAllowed(allowed) + ", got " + describe(*v));
}

std::string optionalEnum(const json& obj, const char* field, const JsonContext& ctx,
                         const std::vector<std::string>& allowed, const std::string& fallback)
{
    const json* v = find(obj, field);
    if (!v || v->is_null()) return fallback;
    return requireEnum(obj, field, ctx, allowed);
}

namespace {
/// Deepest nesting of arrays/objects in `text`, counted outside strings; stops early once
/// past `limit`. Linear, no allocation.
int nestingDepth(std::string_view text, int limit)
{
    int depth = 0, deepest = 0;
    bool inString = false, escaped = false;
    for (const char ch : text) {
        if (inString) {
            if (escaped) escaped = false;
            else if (ch == '\\') escaped = true;
            else if (ch == '"') inString = false;
            continue;
        }
        if (ch == '"') inString = true;
        else if (ch == '[' || ch == '{') {
            deepest = std::max(deepest, ++depth);
            if (deepest > limit) return deepest;
        } else if (ch == ']' || ch == '}') --depth;
    }
    return deepest;
}
} // namespace

json parseJson(std::string_view text, const std::string& file)
{
    if (nestingDepth(text, kMaxJsonDepth) > kMaxJsonDepth)
        throw InputError(file, "", "", "arrays and objects nested deeper than " + std::to_string(kMaxJsonDepth) +
                                           " levels; expected a cluster-designer file");
    try {
        return json::parse(text);
    } catch (const json::parse_error& e) {
        throw InputError(file, "", "", std::string("not valid JSON (") + e.what() + ")");
    } catch (const json::exception& e) {
        // out_of_range.406: a number literal beyond double range, e.g. 1e999.
        throw InputError(file, "", "", std::string("a number is out of range (") + e.what() + ")");
    }
}

namespace {
std::string sizeText(std::uintmax_t bytes)
{
    if (bytes >= (std::uintmax_t{1} << 20)) return formatBound(static_cast<double>(bytes) / (1 << 20)) + " MiB";
    return std::to_string(bytes) + " bytes";
}
} // namespace

json readJsonFile(const std::string& path, std::size_t maxBytes)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) throw InputError(path, "", "", "cannot open the file for reading (it does not exist)");
    if (fs::is_directory(status)) throw InputError(path, "", "", "is a folder; expected a JSON file");
    const std::string limit = "files larger than " + sizeText(maxBytes) + " are refused before reading";
    if (fs::is_regular_file(status)) {
        const auto size = fs::file_size(path, ec);
        if (!ec && size > maxBytes) throw InputError(path, "", "", "the file is " + sizeText(size) + "; " + limit);
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "", "", "cannot open the file for reading");
    // Read at most maxBytes + 1: a pipe or a special file has no size to check up front.
    std::string text;
    std::size_t got = 0;
    while (in && got <= maxBytes) {
        const std::size_t chunk = std::min<std::size_t>(std::size_t{1} << 20, maxBytes + 1 - got);
        text.resize(got + chunk);
        in.read(text.data() + got, static_cast<std::streamsize>(chunk));
        got += static_cast<std::size_t>(in.gcount());
    }
    text.resize(got);
    if (in.bad()) throw InputError(path, "", "", "reading the file failed");
    if (got > maxBytes) throw InputError(path, "", "", "the input is larger than " + sizeText(maxBytes) + "; " + limit);
    return parseJson(text, path);
}

} // namespace model::io
