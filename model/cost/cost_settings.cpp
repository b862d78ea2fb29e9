// The cost settings of a design (analysis["cost"]): parsing with clear errors, and saving.
#include "model/cost/cost_settings.hpp"

#include "model/io/json_fields.hpp"

namespace model::cost {

using nlohmann::json;
using io::JsonContext;

namespace {
/// An optional number in [min, max]; absent or null = nullopt.
std::optional<double> boundedNumber(const json& j, const char* field, const JsonContext& c, double min, double max,
                                    const std::string& expected)
{
    auto it = j.find(field);
    if (it == j.end() || it->is_null()) return std::nullopt;
    if (!it->is_number() || !(it->get<double>() >= min && it->get<double>() <= max)) // NaN too
        throw InputError(c.file, c.entry, field, "expected " + expected + ", got " + io::describe(*it));
    return it->get<double>();
}

/// {"<valueKey>": number, "source": text, "date": text}, the number from 0 to `max`.
Override overrideFromJson(const json& j, const char* valueKey, const JsonContext& c, const std::string& expected,
                          double max = kMaxSetFigure)
{
    if (!j.is_object())
        throw InputError(c.file, c.entry, "", std::string("expected an object {\"") + valueKey + "\": " + expected +
                                                  ", \"source\": TEXT, \"date\": TEXT}, got " + io::describe(j));
    Override o;
    auto v = boundedNumber(j, valueKey, c, 0.0, max, expected);
    if (!v) throw InputError(c.file, c.entry, valueKey, "missing; expected " + expected);
    o.value = *v;
    o.source = io::optionalString(j, "source", c);
    o.date = io::optionalString(j, "date", c);
    return o;
}

std::map<std::string, Override> overrideMap(const json& j, const char* field, const char* valueKey, const JsonContext& c,
                                            const std::string& expected, double max = kMaxSetFigure)
{
    std::map<std::string, Override> out;
    auto it = j.find(field);
    if (it == j.end() || it->is_null()) return out;
    if (!it->is_object()) throw InputError(c.file, c.entry, field, "expected an object KEY -> {" + std::string(valueKey) + ", source, date}");
    for (auto e = it->begin(); e != it->end(); ++e)
        out[e.key()] = overrideFromJson(*e, valueKey, {c.file, c.entry + "." + field + "." + e.key()}, expected, max);
    return out;
}

RentChoice rentFromJson(const json& j, const JsonContext& c)
{
    if (!j.is_object())
        throw InputError(c.file, c.entry, "", "expected {\"provider\": TEXT, \"offer\": TEXT} or {\"usd_per_gpu_hour\": NUMBER, \"source\": TEXT}");
    RentChoice r;
    if (j.contains("usd_per_gpu_hour")) {
        r.custom = overrideFromJson(j, "usd_per_gpu_hour", c, "a price in US dollars per GPU-hour from 0 to 1e15");
        return r;
    }
    r.provider = io::requireString(j, "provider", c);
    r.offer = io::requireString(j, "offer", c);
    return r;
}

json overrideToJson(const Override& o, const char* valueKey)
{
    json j = {{valueKey, o.value}};
    if (!o.source.empty()) j["source"] = o.source;
    if (!o.date.empty()) j["date"] = o.date;
    return j;
}
} // namespace

std::string runTokensRangeText() { return "from 1e6 to 1e15 tokens (1 million to 1,000 trillion)"; }

CostSettings costSettingsFromJson(const json& j, const std::string& file)
{
    const JsonContext c{file, "analysis.cost"};
    if (!j.is_object()) throw InputError(file, "analysis", "cost", "expected an object, got " + io::describe(j));
    CostSettings s;
    s.amortisationYears = boundedNumber(j, "amortisation_years", c, 0.1, 100, "years between 0.1 and 100");
    s.operationsSharePerYear = boundedNumber(j, "operations_share_per_year", c, 0.0, 1.0, "a fraction of capital per year between 0 and 1");
    s.utilisation = boundedNumber(j, "utilisation", c, 0.01, 1.0, "a fraction of hours between 0.01 and 1");
    s.pue = boundedNumber(j, "pue", c, 1.0, 5.0, "a PUE between 1 and 5");
    s.electricityUsdPerKWh = boundedNumber(j, "electricity_usd_per_kWh", c, 0.0, 10.0, "US dollars per kWh between 0 and 10");
    s.electricityState = io::optionalString(j, "electricity_state", c);
    s.electricityRate = io::optionalEnum(j, "electricity_rate", c, {"commercial", "industrial"}, "");
    s.commitmentDiscountPercent = boundedNumber(j, "commitment_discount_percent", c, 0.0, 100.0, "a percentage between 0 and 100");
    s.tokens = boundedNumber(j, "tokens", c, kMinRunTokens, kMaxRunTokens, "a training-run size " + runTokensRangeText());
    if (auto r = j.find("rent"); r != j.end() && !r->is_null()) s.rent = rentFromJson(*r, {file, "analysis.cost.rent"});
    static_assert(kMaxUnitPriceUsd == 1e15, "the message below states the range");
    s.prices = overrideMap(j, "prices", "usd", c, "a price in US dollars from 0 to 1e15", kMaxUnitPriceUsd);
    s.powerW = overrideMap(j, "power_W", "W", c, "a power in watts from 0 to 1e15");
    return s;
}

void checkCostBlock(const json& analysis, const std::string& file)
{
    if (!analysis.is_object()) return;
    const auto it = analysis.find("cost");
    if (it == analysis.end() || it->is_null()) return;
    json block = *it;
    if (block.is_object()) block.erase("tokens"); // its range refuses the run alone, when costed
    (void)costSettingsFromJson(block, file);
}

CostSettings costSettingsOf(const Design& d, const std::string& file)
{
    if (!d.analysis.is_object()) return {};
    auto it = d.analysis.find("cost");
    if (it == d.analysis.end() || it->is_null()) return {};
    return costSettingsFromJson(*it, file);
}

CostSettings costSettingsExceptRunSize(const Design& d, const std::string& file, std::string& runSizeError)
{
    runSizeError.clear();
    try {
        return costSettingsOf(d, file);
    } catch (const InputError& e) {
        if (e.entry() != "analysis.cost" || e.field() != "tokens") throw;
        json withoutSize = d.analysis.at("cost");
        withoutSize.erase("tokens");
        CostSettings s = costSettingsFromJson(withoutSize, file); // throws for any other bad field
        runSizeError = e.what();
        return s;
    }
}

json toJson(const CostSettings& s)
{
    json j = json::object();
    const auto put = [&j](const char* k, const std::optional<double>& v) {
        if (v) j[k] = *v;
    };
    put("amortisation_years", s.amortisationYears);
    put("operations_share_per_year", s.operationsSharePerYear);
    put("utilisation", s.utilisation);
    put("pue", s.pue);
    put("electricity_usd_per_kWh", s.electricityUsdPerKWh);
    if (!s.electricityState.empty()) j["electricity_state"] = s.electricityState;
    if (!s.electricityRate.empty()) j["electricity_rate"] = s.electricityRate;
    put("commitment_discount_percent", s.commitmentDiscountPercent);
    put("tokens", s.tokens);
    if (s.rent) {
        if (s.rent->custom) j["rent"] = overrideToJson(*s.rent->custom, "usd_per_gpu_hour");
        else j["rent"] = {{"provider", s.rent->provider}, {"offer", s.rent->offer}};
    }
    for (const auto& [k, o] : s.prices) j["prices"][k] = overrideToJson(o, "usd");
    for (const auto& [k, o] : s.powerW) j["power_W"][k] = overrideToJson(o, "W");
    return j;
}

void setCostSettings(Design& d, const CostSettings& s)
{
    if (!d.analysis.is_object()) d.analysis = json::object();
    json j = toJson(s);
    if (j.empty()) d.analysis.erase("cost");
    else d.analysis["cost"] = std::move(j);
}

} // namespace model::cost
