// Rent lines of a design (cost_lines.hpp): which offer prices its GPUs, and why.
#include "model/cost/cost_lines.hpp"

#include <map>

namespace model::cost::detail {

namespace {

struct GpuGroup {
    std::string gpuId, gpuName, serverId; ///< serverId: the one server model holding them ("" when several)
    int gpus = 0;
};

std::vector<GpuGroup> gpuGroups(const Design& d, const Catalog& c)
{
    std::map<std::string, GpuGroup> groups;
    for (const auto& [id, n] : d.nodes()) {
        const ServerSpec* s = n.kind == NodeKind::Server ? c.server(n.model) : nullptr;
        if (!s || s->gpuCount == 0) continue;
        GpuGroup& g = groups[s->gpuId];
        if (g.gpus == 0) {
            g.gpuId = s->gpuId;
            const GpuSpec* gpu = c.gpu(s->gpuId);
            g.gpuName = gpu ? gpu->name : s->gpuId;
            g.serverId = s->id;
        } else if (g.serverId != s->id) {
            g.serverId.clear();
        }
        g.gpus += s->gpuCount;
    }
    std::vector<GpuGroup> out;
    for (auto& [k, v] : groups) out.push_back(v);
    return out;
}

const RentPrice* cheapest(const std::vector<const RentPrice*>& offers, bool (*accept)(const RentPrice&))
{
    for (const RentPrice* r : offers) // rentsFor sorts cheapest first
        if (accept(*r)) return r;
    return nullptr;
}

/// The default offer for a GPU group and the rule that picked it.
std::pair<const RentPrice*, std::string> defaultOffer(const GpuGroup& g, const PriceTable& t)
{
    const auto offers = t.rentsFor(g.gpuId);
    for (const RentPrice* r : offers)
        if (!g.serverId.empty() && r->serverId == g.serverId)
            return {r, "default: the catalogued cloud instance's own offer"};
    if (const RentPrice* r = cheapest(offers, [](const RentPrice& o) { return o.tier == "on-demand" && o.gpus == 8; }))
        return {r, "default: the cheapest on-demand whole 8-GPU node of this GPU (the unit clusters are rented in)"};
    if (const RentPrice* r = cheapest(offers, [](const RentPrice& o) { return o.tier == "on-demand"; }))
        return {r, "default: the cheapest on-demand offer of this GPU (no 8-GPU node offer listed)"};
    if (const RentPrice* r = cheapest(offers, [](const RentPrice& o) { return o.tier != "market range"; }))
        return {r, "default: the cheapest offer of this GPU (" + r->tier + " tier; no on-demand offer listed)"};
    return {nullptr, ""};
}

RentLine fromOffer(const GpuGroup& g, const RentPrice& r, const PriceTable& t, std::string basis)
{
    RentLine l;
    l.gpuId = g.gpuId;
    l.gpuName = g.gpuName;
    l.gpus = g.gpus;
    l.provider = r.provider;
    l.offer = r.offer;
    l.tier = r.tier;
    l.listUsdPerGpuHour = r.usdPerGpuHour;
    l.basis = std::move(basis);
    l.provenance = tableProvenance(t, r.date, r.sourceId, r.note);
    return l;
}

RentLine bare(const GpuGroup& g)
{
    RentLine l;
    l.gpuId = g.gpuId;
    l.gpuName = g.gpuName;
    l.gpus = g.gpus;
    return l;
}

/// The design's own choice (analysis.cost.rent) for every GPU group.
std::vector<RentLine> chosenLines(const std::vector<GpuGroup>& groups, const RentChoice& choice, const PriceTable& t,
                                  const std::string& file, std::vector<std::string>& warnings)
{
    std::vector<RentLine> out;
    const RentPrice* row = nullptr;
    if (!choice.custom) {
        // Some offers share a name across GPUs (RunPod "Community Cloud"): prefer the design's GPU.
        const std::string want = groups.empty() ? std::string() : groups[0].gpuId;
        for (const auto& r : t.rents)
            if (r.provider == choice.provider && r.offer == choice.offer && (!row || (r.gpuId == want && row->gpuId != want))) row = &r;
        if (!row)
            throw InputError(file, "analysis.cost.rent", "offer",
                             "expected a provider and offer of catalogs/prices.json \"rent\", got \"" + choice.provider + "\" / \"" + choice.offer + "\"");
    }
    for (const GpuGroup& g : groups) {
        if (row) {
            out.push_back(fromOffer(g, *row, t, "chosen in this design (analysis.cost.rent)"));
            if (row->gpuId != g.gpuId)
                warnings.push_back("the chosen rent offer " + row->provider + " " + row->offer + " is for " + row->gpuName + ", not " + g.gpuName);
            continue;
        }
        RentLine l = bare(g);
        l.provider = "own price";
        l.offer = "set in this design";
        l.listUsdPerGpuHour = choice.custom->value;
        l.basis = "chosen in this design (analysis.cost.rent)";
        l.provenance = overrideProvenance(*choice.custom);
        out.push_back(l);
    }
    return out;
}

/// The rental block a rented design carries (generate rented): its price for all its GPUs.
std::vector<RentLine> rentalBlockLines(const Design& d, const std::vector<GpuGroup>& groups)
{
    const auto& r = d.analysis["rental"];
    std::vector<RentLine> out;
    for (const GpuGroup& g : groups) {
        RentLine l = bare(g);
        l.provider = r.value("provider", std::string("the design's provider"));
        l.offer.clear(); // the provider text says what is rented
        l.tier = "as stated";
        if (r.contains("price_per_gpu_hour_USD") && r["price_per_gpu_hour_USD"].is_number())
            l.listUsdPerGpuHour = r["price_per_gpu_hour_USD"].get<double>();
        else
            l.missingReason = "the design's rental block states no price_per_gpu_hour_USD";
        l.basis = "the design's rental block";
        l.provenance.label = "as the design states: " + r.value("price_source", std::string("no source given"));
        out.push_back(l);
    }
    return out;
}

} // namespace

std::vector<RentLine> rentLines(const Design& d, const Catalog& c, const PriceTable& t, const CostSettings& s,
                                const std::string& file, std::vector<std::string>& warnings)
{
    const std::vector<GpuGroup> groups = gpuGroups(d, c);
    if (s.rent) return chosenLines(groups, *s.rent, t, file, warnings);
    if (d.analysis.is_object() && d.analysis.contains("rental") && d.analysis["rental"].is_object()) return rentalBlockLines(d, groups);
    std::vector<RentLine> out;
    for (const GpuGroup& g : groups) {
        const auto [offer, rule] = defaultOffer(g, t);
        if (offer) {
            out.push_back(fromOffer(g, *offer, t, rule));
        } else {
            RentLine l = bare(g);
            l.missingReason = "no rent offer for " + g.gpuName + " in catalogs/prices.json; set one with analysis.cost.rent";
            out.push_back(l);
        }
    }
    return out;
}

Provenance tableProvenance(const PriceTable& t, const std::optional<std::string>& date, const std::string& sourceId,
                           const std::string& caveat)
{
    return {indicativeLabel(date, t.citation(sourceId)), caveat, false};
}

Provenance overrideProvenance(const Override& o)
{
    std::string label = "set in this design: " + (o.source.empty() ? std::string("no source given") : o.source);
    if (!o.date.empty()) label += ", " + o.date;
    return {label, "", true};
}

bool isRentedDesign(const Design& d)
{
    if (!d.analysis.is_object()) return false;
    if (d.analysis.contains("rental")) return true;
    const auto g = d.analysis.find("generator");
    return g != d.analysis.end() && g->is_object() && g->value("kind", std::string()) == "rented";
}

} // namespace model::cost::detail
