#include "model/io/json_fields.hpp"

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
    if (s.size() > 40) s = s.substr(0, 37) + "...";
    return s;
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

double requireNumber(const json& obj, const char* field, const JsonContext& ctx, double min)
{
    const json* v = find(obj, field);
    if (!v) fail(ctx, field, "missing; expected a number >= " + json(min).dump());
    auto r = optionalNumber(obj, field, ctx, min);
    if (!r) fail(ctx, field, "expected a number >= " + json(min).dump() + ", got null");
    return *r;
}

std::optional<double> optionalNumber(const json& obj, const char* field, const JsonContext& ctx, double min)
{
    const json* v = find(obj, field);
    if (!v || v->is_null()) return std::nullopt;
    if (!v->is_number()) fail(ctx, field, "expected a number >= " + json(min).dump() + ", got " + describe(*v));
    const double d = v->get<double>();
    if (!(d >= min)) fail(ctx, field, "expected a number >= " + json(min).dump() + ", got " + describe(*v));
    return d;
}

long long requireInt(const json& obj, const char* field, const JsonContext& ctx, long long min, long long max)
{
    const json* v = find(obj, field);
    const std::string expected = "expected an integer from " + std::to_string(min) + " to " + std::to_string(max);
    if (!v) fail(ctx, field, "missing; " + expected);
    if (!v->is_number_integer()) fail(ctx, field, expected + ", got " + describe(*v));
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

json readJsonFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "", "", "cannot open the file for reading");
    std::stringstream ss;
    ss << in.rdbuf();
    try {
        return json::parse(ss.str());
    } catch (const json::parse_error& e) {
        throw InputError(path, "", "", std::string("not valid JSON (") + e.what() + ")");
    }
}

} // namespace model::io
