// catalogs/prices.json -> PriceTable (schema: catalogs/README.md, "prices.json").
#include "model/cost/price_table.hpp"

#include "model/catalog/catalog.hpp"
#include "model/io/json_fields.hpp"

#include <algorithm>
#include <filesystem>

namespace model::cost {

using nlohmann::json;
using io::JsonContext;

namespace {
std::optional<std::string> optDate(const json& e, const JsonContext& c)
{
    auto it = e.find("date");
    if (it == e.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) throw InputError(c.file, c.entry, "date", "expected a date string such as \"2026-11-09\" or null");
    return it->get<std::string>();
}

std::string sourceRef(const json& e, const JsonContext& c, const PriceTable& t)
{
    const std::string id = io::requireString(e, "source", c);
    if (!t.sources.count(id)) throw InputError(c.file, c.entry, "source", "expected the id of a source in \"sources\", got \"" + id + "\"");
    return id;
}

const json& requireArray(const json& doc, const char* key, const std::string& file)
{
    auto it = doc.find(key);
    if (it == doc.end() || !it->is_array()) throw InputError(file, "", key, "expected an array");
    return *it;
}

// Largest value each kind of price figure may take; each is far above any real figure
// (catalogs/prices.json: a DGX SuperPOD unit near US$ 3 million, rent near US$ 100 per
// instance-hour, a SuperPOD unit 1.2 MW, electricity US$ 0.24 per kWh, PUE 1.58).
constexpr double kMaxPurchaseUsd = 1e10;  ///< US$ per purchase row
constexpr double kMaxUsdPerHour = 1e5;    ///< US$ per GPU-hour or instance-hour
constexpr double kMaxPowerW = 1e8;        ///< W of one row of node_power (100 MW)
constexpr double kMaxUsdPerKWh = 10.0;    ///< US$ per kWh
constexpr double kMaxPue = 10.0;          ///< facility / IT power

std::string at(const char* section, std::size_t i) { return std::string(section) + "[" + std::to_string(i) + "]"; }

/// "sources": id -> {citation}.
void readSources(const json& doc, const std::string& path, PriceTable& t)
{
    auto srcs = doc.find("sources");
    if (srcs == doc.end() || !srcs->is_object()) throw InputError(path, "", "sources", "expected an object id -> {citation}");
    for (auto it = srcs->begin(); it != srcs->end(); ++it)
        t.sources[it.key()].citation = io::requireString(*it, "citation", {path, "sources." + it.key()});
}

/// "purchase": hardware purchase prices (US$).
void readPurchases(const json& doc, const std::string& path, PriceTable& t)
{
    const json& purchases = requireArray(doc, "purchase", path);
    for (std::size_t i = 0; i < purchases.size(); ++i) {
        const json& e = purchases[i];
        const JsonContext c{path, at("purchase", i)};
        PurchasePrice p;
        p.item = io::requireString(e, "item", c);
        p.catalogId = io::optionalString(e, "catalog_id", c);
        p.unit = io::requireEnum(e, "unit", c, {"gpu", "system", "kit_of_8"});
        p.usdLow = io::requireNumber(e, "usd_low", c, 0.0, kMaxPurchaseUsd);
        p.usdHigh = io::optionalNumber(e, "usd_high", c, p.usdLow, kMaxPurchaseUsd);
        p.date = optDate(e, c);
        p.sourceId = sourceRef(e, c, t);
        p.caveat = io::optionalString(e, "caveat", c);
        t.purchases.push_back(std::move(p));
    }
}

/// One "rent" row: an offer of one provider, US$ per GPU-hour.
RentPrice readRent(const json& e, const JsonContext& c, const PriceTable& t)
{
    RentPrice r;
    r.provider = io::requireString(e, "provider", c);
    r.offer = io::requireString(e, "offer", c);
    r.tier = io::optionalString(e, "tier", c);
    r.gpuId = io::optionalString(e, "gpu", c);
    r.gpuName = io::optionalString(e, "gpu_name", c);
    r.serverId = io::optionalString(e, "server", c);
    r.gpus = static_cast<int>(io::optionalInt(e, "gpus", c, 1, 1024, 1));
    r.usdPerInstanceHour = io::optionalNumber(e, "usd_per_instance_hour", c, 0.0, kMaxUsdPerHour);
    r.instancePriceDerived = io::optionalBool(e, "instance_price_derived", c, false);
    r.usdPerGpuHour = io::requireNumber(e, "usd_per_gpu_hour", c, 0.0, kMaxUsdPerHour);
    r.gpuPriceDerived = io::optionalBool(e, "gpu_price_derived", c, false);
    r.usdPerGpuHourHigh = io::optionalNumber(e, "usd_per_gpu_hour_high", c, r.usdPerGpuHour, kMaxUsdPerHour);
    r.region = io::optionalString(e, "region", c);
    r.date = optDate(e, c);
    r.sourceId = sourceRef(e, c, t);
    r.note = io::optionalString(e, "note", c);
    return r;
}

/// "rent": cloud offers.
void readRents(const json& doc, const std::string& path, PriceTable& t)
{
    const json& rents = requireArray(doc, "rent", path);
    for (std::size_t i = 0; i < rents.size(); ++i) t.rents.push_back(readRent(rents[i], {path, at("rent", i)}, t));
}

/// "node_power": maximum power per system (W).
void readNodePower(const json& doc, const std::string& path, PriceTable& t)
{
    const json& power = requireArray(doc, "node_power", path);
    for (std::size_t i = 0; i < power.size(); ++i) {
        const json& e = power[i];
        const JsonContext c{path, at("node_power", i)};
        NodePower n;
        n.system = io::requireString(e, "system", c);
        n.catalogId = io::optionalString(e, "catalog_id", c);
        n.maxW = io::requireNumber(e, "max_W", c, 1.0, kMaxPowerW);
        n.burstW = io::optionalNumber(e, "burst_W", c, n.maxW, kMaxPowerW);
        n.derived = io::optionalBool(e, "derived", c, false);
        n.sourceId = sourceRef(e, c, t);
        n.note = io::optionalString(e, "note", c);
        t.nodePower.push_back(std::move(n));
    }
}

/// "electricity": its date and source, and US$ per kWh by state.
void readElectricity(const json& doc, const std::string& path, PriceTable& t)
{
    auto elec = doc.find("electricity");
    if (elec == doc.end() || !elec->is_object()) throw InputError(path, "", "electricity", "expected an object with \"states\"");
    const JsonContext ec{path, "electricity"};
    t.electricityDate = optDate(*elec, ec);
    t.electricitySourceId = sourceRef(*elec, ec, t);
    const json& states = requireArray(*elec, "states", path);
    for (std::size_t i = 0; i < states.size(); ++i) {
        const JsonContext c{path, at("electricity.states", i)};
        ElectricityPrice p;
        p.state = io::requireString(states[i], "state", c);
        p.commercialUsdPerKWh = io::requireNumber(states[i], "commercial_usd_per_kWh", c, 0.0, kMaxUsdPerKWh);
        p.industrialUsdPerKWh = io::requireNumber(states[i], "industrial_usd_per_kWh", c, 0.0, kMaxUsdPerKWh);
        t.electricity.push_back(std::move(p));
    }
}

/// "pue": facility overhead figures; "defaults": the editable default PUE and commitment discount.
void readPueAndDefaults(const json& doc, const std::string& path, PriceTable& t)
{
    const json& pue = requireArray(doc, "pue", path);
    for (std::size_t i = 0; i < pue.size(); ++i) {
        const json& e = pue[i];
        const JsonContext c{path, at("pue", i)};
        PueFigure f;
        f.label = io::requireString(e, "label", c);
        f.value = io::requireNumber(e, "value", c, 1.0, kMaxPue);
        f.high = io::optionalNumber(e, "high", c, f.value, kMaxPue);
        f.date = optDate(e, c);
        f.sourceId = sourceRef(e, c, t);
        f.note = io::optionalString(e, "note", c);
        t.pue.push_back(std::move(f));
    }
    auto defs = doc.find("defaults");
    if (defs != doc.end() && defs->is_object()) {
        const JsonContext c{path, "defaults"};
        t.defaultPue = io::optionalNumber(*defs, "pue", c, 1.0, kMaxPue).value_or(t.defaultPue);
        t.commitmentDiscountPercent = io::optionalNumber(*defs, "commitment_discount_percent", c, 0.0, 100.0);
    }
}
} // namespace

PriceTable loadPriceTable(const std::string& path)
{
    return priceTableFromJson(io::readJsonFile(path, kMaxPriceFileBytes), path);
}

PriceTable priceTableFromJson(const json& doc, const std::string& path)
{
    if (!doc.is_object()) throw InputError(path, "", "", "expected a JSON object at the top level");
    const JsonContext top{path, ""};
    if (io::requireString(doc, "format", top) != "cluster-designer-prices")
        throw InputError(path, "", "format", "expected \"cluster-designer-prices\"");
    (void)io::requireInt(doc, "version", top, 1, 1);
    PriceTable t;
    t.indicative = io::optionalBool(doc, "indicative", top, true);
    t.note = io::optionalString(doc, "note", top);
    readSources(doc, path, t); // first: every other section refers to its ids
    readPurchases(doc, path, t);
    readRents(doc, path, t);
    readNodePower(doc, path, t);
    readElectricity(doc, path, t);
    readPueAndDefaults(doc, path, t);
    return t;
}

const PurchasePrice* PriceTable::purchaseFor(const std::string& id) const noexcept
{
    for (const auto& p : purchases)
        if (p.catalogId == id) return &p;
    return nullptr;
}

std::vector<const RentPrice*> PriceTable::rentsFor(const std::string& gpuId) const
{
    std::vector<const RentPrice*> out;
    for (const auto& r : rents)
        if (r.gpuId == gpuId) out.push_back(&r);
    std::stable_sort(out.begin(), out.end(), [](const RentPrice* a, const RentPrice* b) { return a->usdPerGpuHour < b->usdPerGpuHour; });
    return out;
}

const NodePower* PriceTable::powerFor(const std::string& id) const noexcept
{
    for (const auto& n : nodePower)
        if (!id.empty() && n.catalogId == id) return &n;
    return nullptr;
}

const ElectricityPrice* PriceTable::electricityIn(const std::string& state) const noexcept
{
    for (const auto& e : electricity)
        if (e.state == state) return &e;
    return nullptr;
}

std::string PriceTable::citation(const std::string& id) const
{
    auto it = sources.find(id);
    return it == sources.end() ? std::string() : it->second.citation;
}

std::string bundledPricesPath()
{
    return (std::filesystem::path(Catalog::bundledDirectory()) / "prices.json").string();
}

std::shared_ptr<const PriceTable> bundledPriceTable()
{
    // A static local is initialised once, thread-safely; an exception leaves it for the next call.
    static const std::shared_ptr<const PriceTable> table = std::make_shared<const PriceTable>(loadPriceTable(bundledPricesPath()));
    return table;
}

std::string indicativeLabel(const std::optional<std::string>& date, const std::string& sourceCitation)
{
    std::string s = date ? "indicative, as of " + *date : std::string("indicative, undated");
    if (!sourceCitation.empty()) s += " (" + sourceCitation + ")";
    return s;
}

} // namespace model::cost
