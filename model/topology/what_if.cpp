// What-if variations of a generated design (see what_if.hpp).
#include "model/topology/what_if.hpp"

#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace model::topology {

namespace {
const nlohmann::json& generatorOf(const Design& d)
{
    static const nlohmann::json empty = nlohmann::json::object();
    const auto it = d.analysis.find("generator");
    return it != d.analysis.end() && it->is_object() ? *it : empty;
}

/// The protocol the fabric's switches speak (InfiniBand when unknown).
NetProtocol fabricProtocol(const nlohmann::json& gen, const Catalog& c)
{
    const SwitchSpec* sw = c.switchModel(gen.value("switch", std::string()));
    return sw ? sw->protocol : NetProtocol::InfiniBand;
}

/// A catalog NIC of exactly `gbps` that runs `p`, preferring NVIDIA ConnectX / BlueField.
const NicSpec* nicFor(const Catalog& c, double gbps, NetProtocol p)
{
    const NicSpec* pick = nullptr;
    for (const NicSpec& n : c.nics()) {
        if (std::abs(n.speed.inGbps() - gbps) > 1e-6 || !n.supports(p) || n.category == "cloud_nic") continue;
        const bool preferred = n.id.rfind("connectx", 0) == 0;
        if (!pick || (preferred && pick->id.rfind("connectx", 0) != 0)) pick = &n;
    }
    return pick;
}

/// The switch to use at `gbps`: the template's when its ports are fast enough, else the
/// catalog switch of the same protocol with the slowest ports at least that fast (most ports).
std::string switchFor(const Catalog& c, const std::string& current, double gbps)
{
    const SwitchSpec* cur = c.switchModel(current);
    if (!cur) return current;
    if (cur->portSpeed.inGbps() >= gbps - 1e-6 && cur->portSpeed.inGbps() <= 2 * gbps + 1e-6) return current;
    const SwitchSpec* pick = nullptr;
    for (const SwitchSpec& s : c.switches()) {
        if (s.protocol != cur->protocol || s.ports < 2 || s.portSpeed.inGbps() < gbps - 1e-6) continue;
        if (!pick || s.portSpeed.inGbps() < pick->portSpeed.inGbps() ||
            (s.portSpeed.inGbps() == pick->portSpeed.inGbps() && s.ports > pick->ports))
            pick = &s;
    }
    return pick ? pick->id : current;
}

int serverNicSpeedOf(const Design& d, const Catalog& c)
{
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server) {
            const ServerSpec* s = c.server(n.model);
            const NicSpec* nic = c.nic(!n.nicModel.empty() ? n.nicModel : s ? s->computeNicId : std::string());
            if (nic) return static_cast<int>(std::lround(nic->speed.inGbps()));
        }
    return 0;
}
} // namespace

WhatIfChoices whatIfChoices(const Design& base, const Catalog& catalog)
{
    WhatIfChoices ch;
    const nlohmann::json& gen = generatorOf(base);
    ch.kind = gen.value("kind", std::string());
    const nlohmann::json& a = base.analysis;
    ch.current.precision = a.value("precision", std::string("bf16"));
    ch.current.gradAccumulation = a.value("grad_accumulation", 0);
    if (ch.kind.empty()) return ch;
    const bool rack = ch.kind == "gb200-nvl72";
    ch.current.server = gen.value("server", std::string());
    ch.current.nodes = rack ? gen.value("racks", 1) : gen.value("nodes", 1);
    ch.current.oversubscription = gen.value("oversubscription", 1.0);
    ch.current.nicGbps = gen.value("link_Gbps", static_cast<double>(serverNicSpeedOf(base, catalog)));
    ch.fabric = ch.kind != "server";

    // Node counts: powers of two (and the template's own count) up to a size that stays quick
    // to draw and analyse while a slider moves; a rented cluster stops at its provider's limit.
    const ServerSpec* s = catalog.server(ch.current.server);
    int maxNodes = rack ? 32 : 512;
    if (ch.kind == "rented" && s && s->gpuCount > 0)
        maxNodes = std::max(1, a.value("rental", nlohmann::json::object()).value("max_gpus", 64) / s->gpuCount);
    std::set<int> steps;
    if (ch.kind == "server") steps.insert(1);
    else {
        for (int n = rack ? 1 : 2; n <= maxNodes; n *= 2) steps.insert(n);
        steps.insert(std::min(ch.current.nodes, maxNodes));
    }
    ch.nodeSteps.assign(steps.begin(), steps.end());

    // Servers of the same shape: rack-scale for NVL72 racks; 8-GPU nodes/baseboards with compute
    // NICs for fabrics; any GPU server for a lone box.
    ch.servers.push_back(ch.current.server);
    for (const ServerSpec& sv : catalog.servers()) {
        if (sv.id == ch.current.server || sv.isAppliance()) continue;
        const bool isRack = sv.scaleUpDomainGpus >= sv.gpuCount && sv.gpuCount >= 36;
        bool fits = false;
        if (rack) fits = isRack;
        else if (ch.kind == "server") fits = !isRack;
        else fits = !isRack && sv.computeNicCount > 0 && (sv.kind == "node" || sv.kind == "baseboard");
        if (fits) ch.servers.push_back(sv.id);
    }

    // NIC speeds the fabric's protocol offers (catalog NICs with a switch fast enough).
    if (ch.fabric) {
        const NetProtocol p = fabricProtocol(gen, catalog);
        double fastestPort = 0;
        for (const SwitchSpec& sw : catalog.switches())
            if (sw.protocol == p && sw.ports >= 2) fastestPort = std::max(fastestPort, sw.portSpeed.inGbps());
        std::set<double> speeds;
        for (const NicSpec& n : catalog.nics())
            if (n.supports(p) && n.category != "cloud_nic" && n.speed.inGbps() <= fastestPort + 1e-6 && n.speed.inGbps() >= 100)
                speeds.insert(n.speed.inGbps());
        speeds.insert(ch.current.nicGbps);
        ch.nicGbps.assign(speeds.begin(), speeds.end());
    }
    return ch;
}

Design applyWhatIf(const Design& base, const Catalog& catalog, const WhatIf& w)
{
    const WhatIfChoices ch = whatIfChoices(base, catalog);
    const nlohmann::json& gen = generatorOf(base);
    Design d;
    const std::string server = !w.server.empty() ? w.server : ch.current.server;
    const int nodes = w.nodes > 0 ? w.nodes : ch.current.nodes;
    const double over = w.oversubscription > 0 ? w.oversubscription : ch.current.oversubscription;
    const double gbps = w.nicGbps > 0 ? w.nicGbps : ch.current.nicGbps;
    const bool nicChanged = w.nicGbps > 0 && std::abs(w.nicGbps - ch.current.nicGbps) > 1e-6;
    if (ch.kind.empty()) {
        d = base;
    } else if (ch.kind == "server") {
        d = generateSingleServer(catalog, {server, base.name});
    } else if (ch.kind == "gb200-nvl72") {
        RackScaleOptions o;
        o.server = server;
        o.racks = nodes;
        o.switchModel = gen.value("switch", std::string("qm9700"));
        o.oversubscription = over;
        o.name = base.name;
        d = generateRackScale(catalog, o);
    } else if (ch.kind == "rented") {
        const nlohmann::json rental = base.analysis.value("rental", nlohmann::json::object());
        const ServerSpec* s = catalog.server(server);
        RentedOptions o;
        o.server = server;
        o.nodes = nodes;
        o.perNodeGbps = gbps * std::max(1, s ? s->computeNicCount : 1);
        o.pricePerGpuHourUsd = rental.value("price_per_gpu_hour_USD", 1.0);
        o.provider = rental.value("provider", std::string());
        o.priceSource = rental.value("price_source", std::string());
        o.maxGpus = rental.value("max_gpus", 64);
        o.name = base.name;
        d = generateRented(catalog, o);
    } else { // fat-tree, roce
        FatTreeOptions o;
        o.server = server;
        o.nodes = nodes;
        o.switchModel = gen.value("switch", std::string("qm9700"));
        o.oversubscription = over;
        o.lossless = gen.value("lossless", true);
        o.name = base.name;
        if (nicChanged) {
            const NetProtocol p = fabricProtocol(gen, catalog);
            if (const NicSpec* nic = nicFor(catalog, gbps, p)) o.nicModel = nic->id;
            o.switchModel = switchFor(catalog, o.switchModel, gbps);
            o.linkGbps = gbps;
        } else if (server == ch.current.server) {
            // Keep the template's NIC override (e.g. BlueField-3 on the RoCE template).
            for (const auto& [id, n] : base.nodes())
                if (n.kind == NodeKind::Server && !n.nicModel.empty()) {
                    o.nicModel = n.nicModel;
                    break;
                }
        }
        d = ch.kind == "roce" ? generateRoceFabric(catalog, o) : generateFatTree(catalog, o);
    }
    // The template's workload and settings; the generator record of the new design.
    nlohmann::json analysis = base.analysis;
    if (d.analysis.contains("generator")) analysis["generator"] = d.analysis["generator"];
    if (d.analysis.contains("rental")) analysis["rental"] = d.analysis["rental"];
    if (!w.precision.empty()) analysis["precision"] = w.precision;
    if (w.gradAccumulation > 0) analysis["grad_accumulation"] = w.gradAccumulation;
    d.analysis = analysis;
    d.name = base.name;
    return d;
}

} // namespace model::topology
