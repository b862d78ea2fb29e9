// Capital and power lines of a design (cost_lines.hpp): every BOM part with its price and the
// price's source, or named as missing.
#include "model/cost/cost_lines.hpp"

#include <cmath>
#include <map>

namespace model::cost::detail {

namespace {

/// Where a per-unit price for `key` comes from: the design's override, else prices.json.
struct PriceHit {
    std::optional<double> usd;
    Provenance provenance;
    std::string unit; ///< prices.json unit ("gpu", "system", "kit_of_8") or "override"
};

PriceHit priceOf(const std::string& key, const PriceTable& t, const CostSettings& s)
{
    if (auto it = s.prices.find(key); it != s.prices.end()) return {it->second.value, overrideProvenance(it->second), "override"};
    if (const PurchasePrice* p = t.purchaseFor(key)) {
        double usd = p->usdMid();
        if (p->unit == "kit_of_8") usd /= 8.0; // a baseboard of 8 accelerators (prices.md, Gaudi 3)
        Provenance pr = tableProvenance(t, p->date, p->sourceId, p->caveat);
        if (p->usdHigh) pr.label += "; middle of the range US$ " + formatUsd(p->usdLow).substr(4) + "-" + formatUsd(*p->usdHigh).substr(4);
        return {usd, pr, p->unit};
    }
    return {};
}

CapitalLine missingLine(std::string key, std::string category, std::string item, long long count, std::string reason)
{
    CapitalLine l;
    l.key = std::move(key);
    l.category = std::move(category);
    l.item = std::move(item);
    l.count = count;
    l.missingReason = std::move(reason);
    return l;
}

CapitalLine pricedLine(std::string key, std::string category, std::string item, long long count, const PriceHit& p, std::string basis)
{
    CapitalLine l;
    l.key = std::move(key);
    l.category = std::move(category);
    l.item = std::move(item);
    l.count = count;
    l.unitUsd = p.usd;
    l.provenance = p.provenance;
    l.basis = std::move(basis);
    return l;
}

const std::string kNoSource = "no price: none published in the catalog";

std::string setHint(const std::string& key)
{
    return "; set one with analysis.cost.prices[\"" + key + "\"]";
}

/// Lines of one server model: the whole system, or its GPUs plus the rest of the server.
/// `systemPriced` tells the caller whether the compute NICs are included.
void serverLines(const topology::BomServer& b, const Catalog& c, const PriceTable& t, const CostSettings& s,
                 std::vector<CapitalLine>& out, bool& systemPriced)
{
    systemPriced = false;
    const ServerSpec* spec = c.server(b.model);
    const std::string category = b.appliance ? "appliance" : "server";
    const PriceHit sys = priceOf(b.model, t, s);
    if (sys.usd && sys.unit != "gpu") {
        systemPriced = true;
        out.push_back(pricedLine(b.model, category, b.name, b.count, sys, "system price: its GPUs and compute NICs included"));
        return;
    }
    if (spec && spec->kind == "cloud_instance") {
        out.push_back(missingLine(b.model, category, b.name, b.count, "a cloud instance: rented by the hour, not sold" + setHint(b.model)));
        return;
    }
    const GpuSpec* gpu = spec ? c.gpu(spec->gpuId) : nullptr;
    const PriceHit g = gpu ? priceOf(gpu->id, t, s) : PriceHit{};
    if (!g.usd || b.gpus == 0) {
        out.push_back(missingLine(b.model, category, b.name, b.count, kNoSource + " for this system" +
                                  (gpu ? " or its GPU (" + gpu->name + ")" : std::string()) + setHint(b.model)));
        return;
    }
    out.push_back(pricedLine(gpu->id, "gpu", gpu->name + " GPUs in " + b.name, b.gpus, g, "price per GPU"));
    out.push_back(missingLine(b.model, category, b.name + " without its GPUs (chassis, CPUs, memory, NVSwitch)", b.count,
                              kNoSource + " for the server around the GPUs; setting a full system price for \"" + b.model +
                                  "\" replaces the GPU line"));
}

/// Compute NICs of servers that are not priced as whole systems, by NIC model.
std::map<std::string, long long> unpricedNics(const Design& d, const Catalog& c, const std::map<std::string, bool>& systemPriced)
{
    std::map<std::string, long long> nics;
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Server) continue;
        const ServerSpec* spec = c.server(n.model);
        if (!spec || spec->kind == "cloud_instance") continue;
        const std::string nic = n.nicModel.empty() ? spec->computeNicId : n.nicModel;
        const int count = n.nicCount.value_or(spec->computeNicCount);
        const bool included = systemPriced.count(n.model) && systemPriced.at(n.model) && n.nicModel.empty();
        if (!included && !nic.empty() && count > 0) nics[nic] += count;
    }
    return nics;
}

std::string transceiverKey(const topology::BomTransceiver& x)
{
    const std::string rate = std::to_string(static_cast<long long>(std::llround(x.rateGbps))) + "g";
    const char* form = x.ports > 1 ? "twin-port" : x.links > 1 ? "breakout" : "single-port";
    return "transceiver-" + rate + "-" + form;
}

void networkLines(const topology::Bom& bom, const Catalog& c, const PriceTable& t, const CostSettings& s,
                  const std::map<std::string, long long>& nics, std::vector<CapitalLine>& out)
{
    const auto add = [&](const std::string& key, const char* category, const std::string& item, long long count, const std::string& basis) {
        if (count <= 0) return;
        const PriceHit p = priceOf(key, t, s);
        out.push_back(p.usd ? pricedLine(key, category, item, count, p, basis) : missingLine(key, category, item, count, kNoSource + setHint(key)));
    };
    for (const auto& [model, count] : nics) {
        const NicSpec* n = c.nic(model);
        add(model, "nic", (n ? n->name : model) + " (compute NIC)", count, "price per NIC");
    }
    for (const auto& sw : bom.switches) add(sw.model, "switch", sw.name + " (" + toString(sw.tier) + ")", sw.count, "price per switch");
    long long dac = 0, optical = 0;
    for (const auto& cable : bom.cables) {
        dac += cable.dac;
        optical += cable.optical;
    }
    add("cable-dac", "cable", "Copper DAC cables (inside a rack)", dac, "price per cable");
    add("cable-optical", "cable", "Optical cables (fiber or AOC, between racks; modules priced apart)", optical, "price per cable");
    for (const auto& x : bom.transceivers)
        add(transceiverKey(x), "transceiver", "Transceivers " + x.form() + ", " + x.end + " end", x.count, "price per module");
}

} // namespace

std::vector<CapitalLine> capitalLines(const Design& d, const Catalog& c, const topology::Bom& bom, const PriceTable& t,
                                      const CostSettings& s)
{
    std::vector<CapitalLine> out;
    std::map<std::string, bool> systemPriced;
    for (const auto& server : bom.servers) {
        bool sys = false;
        serverLines(server, c, t, s, out, sys);
        systemPriced[server.model] = sys;
    }
    networkLines(bom, c, t, s, unpricedNics(d, c, systemPriced), out);
    return out;
}

std::vector<PowerLine> powerLines(const Design& d, const Catalog& c, const PriceTable& t, const CostSettings& s)
{
    std::map<std::string, PowerLine> byModel;
    for (const auto& [id, n] : d.nodes()) {
        PowerLine& l = byModel[n.model];
        ++l.count;
        if (l.count > 1) continue;
        l.model = n.model;
        std::optional<double> catalogW;
        if (n.kind == NodeKind::Server) {
            const ServerSpec* spec = c.server(n.model);
            l.item = spec ? spec->name : n.model;
            if (spec) catalogW = spec->powerW;
        } else {
            const SwitchSpec* spec = c.switchModel(n.model);
            l.item = spec ? spec->name : n.model;
            if (spec) catalogW = spec->powerW;
        }
        if (auto it = s.powerW.find(n.model); it != s.powerW.end()) {
            l.wattsEach = it->second.value;
            l.provenance = overrideProvenance(it->second);
        } else if (catalogW) {
            l.wattsEach = catalogW;
            l.fromCatalog = true;
            l.provenance.label = "catalog maximum power (" + std::string(n.kind == NodeKind::Server ? "catalogs/servers.json" : "catalogs/network.json") + ")";
        } else if (const NodePower* p = t.powerFor(n.model)) {
            l.wattsEach = p->maxW;
            l.provenance = tableProvenance(t, std::nullopt, p->sourceId, p->note);
        }
    }
    std::vector<PowerLine> out;
    for (auto& [k, v] : byModel) out.push_back(std::move(v));
    return out;
}

} // namespace model::cost::detail
