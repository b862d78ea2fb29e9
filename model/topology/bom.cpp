// Bill of materials: counts parts by model, tier, cable class and kind (see bom.hpp).
#include "model/topology/bom.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace model::topology {

namespace {
int tierRank(const Node& n)
{
    if (n.kind == NodeKind::Server) return 0;
    switch (n.tier) {
    case SwitchTier::Leaf: return 1;
    case SwitchTier::Spine: return 2;
    case SwitchTier::Core: return 3;
    case SwitchTier::None: return 4;
    }
    return 4;
}

std::string between(const Node& lo, const Node& hi)
{
    static const char* names[] = {"node", "leaf", "spine", "core", "switch"};
    const int a = tierRank(lo), b = tierRank(hi);
    if (a == 0 && b == 0) return "node-node";
    if (a == 0) return std::string("node-") + names[b];
    if (b == 4 || a == 4) return "switch-switch";
    return std::string(names[a]) + "-" + names[b];
}

/// Links per physical port of switch `n` at `rateGbps` (2 for an 800G port carrying 400G).
int breakoutAt(const Node& n, double rateGbps, const Catalog& c)
{
    if (n.kind != NodeKind::Switch || rateGbps <= 0) return 1;
    const SwitchSpec* s = c.switchModel(n.model);
    if (!s || s->portSpeed.inGbps() <= rateGbps) return 1;
    const double b = s->portSpeed.inGbps() / rateGbps;
    return std::abs(b - std::round(b)) < 1e-6 ? static_cast<int>(std::lround(b)) : 1;
}

void addUnknown(std::vector<std::string>& list, const std::string& model)
{
    if (std::find(list.begin(), list.end(), model) == list.end()) list.push_back(model);
}
} // namespace

long long Bom::cablesBetween(const std::string& b) const noexcept
{
    for (const BomCable& c : cables)
        if (c.between == b) return c.count();
    return 0;
}

int Bom::switchCount(SwitchTier tier) const noexcept
{
    int n = 0;
    for (const BomSwitch& s : switches)
        if (s.tier == tier) n += s.count;
    return n;
}

Bom computeBom(const Design& d, const Catalog& c)
{
    Bom b;
    b.reachRule = "Copper DAC when both ends share a rack (NVIDIA LinkX 100G-PAM4 DAC reach up to " +
                  std::to_string(static_cast<int>(kDacReachM)) +
                  " m, shared/reference/network.csv cable_dac_100gpam4; a run inside one 42U rack is shorter); "
                  "optics (a transceiver at each end plus fiber, or an AOC) between racks and wherever a rack is not set.";

    std::map<std::string, BomServer> servers;
    std::map<std::pair<std::string, SwitchTier>, BomSwitch> switches;
    std::map<std::string, BomNic> nics;
    std::map<std::string, double> rackPower;
    int unplacedUnits = 0;
    for (const auto& [id, n] : d.nodes()) {
        std::optional<double> power;
        std::optional<int> units;
        if (n.kind == NodeKind::Server) {
            const ServerSpec* s = c.server(n.model);
            BomServer& line = servers[n.model];
            line.model = n.model;
            line.name = s ? s->name : n.model;
            ++line.count;
            if (s) {
                line.appliance = s->isAppliance();
                line.gpus += s->gpuCount;
                power = s->powerW;
                units = s->rackUnits;
                const int count = n.nicCount.value_or(s->computeNicCount);
                const std::string nicId = n.nicModel.empty() ? s->computeNicId : n.nicModel;
                if (count > 0 && !nicId.empty()) {
                    BomNic& nl = nics[nicId];
                    nl.model = nicId;
                    const NicSpec* nic = c.nic(nicId);
                    nl.name = nic ? nic->name : nicId;
                    nl.count += count;
                }
            }
            if (power) b.serverPowerW += *power;
        } else {
            const SwitchSpec* s = c.switchModel(n.model);
            BomSwitch& line = switches[{n.model, n.tier}];
            line.model = n.model;
            line.name = s ? s->name : n.model;
            line.tier = n.tier;
            ++line.count;
            if (s) {
                power = s->powerW;
                units = s->rackUnits;
            }
            if (power) b.switchPowerW += *power;
        }
        if (!power) addUnknown(b.powerUnknown, n.model);
        if (units) b.rackUnits += *units;
        else addUnknown(b.rackUnitsUnknown, n.model);
        if (!n.rack.empty()) rackPower[n.rack] += power.value_or(0.0);
        else unplacedUnits += units.value_or(0);
    }
    for (auto& [k, v] : servers) b.servers.push_back(v);
    for (auto& [k, v] : switches) b.switches.push_back(v);
    for (auto& [k, v] : nics) b.nics.push_back(v);
    b.racks = static_cast<int>(rackPower.size()) + (unplacedUnits + 41) / 42;
    for (const auto& [rack, w] : rackPower) b.maxRackPowerW = std::max(b.maxRackPowerW, w);

    // Cables: links are grouped at the switch end that terminates them (the lower tier of a
    // switch pair), by class, rate and whether they stay inside a rack; each group needs
    // ceil(links / breakout) cables.
    struct Group { long long links = 0; int breakout = 1; };
    std::map<std::tuple<std::string, bool, double, Id>, Group> groups; // (between, inRack, rate, terminating node)
    std::map<std::pair<double, std::string>, long long> modules;        // (rate, end) -> count
    for (const auto& [id, l] : d.links()) {
        if (l.medium == LinkMedium::PCIe) continue; // inside a server
        const Node* a = d.node(l.a.node);
        const Node* b2 = d.node(l.b.node);
        if (tierRank(*a) > tierRank(*b2)) std::swap(a, b2);
        const bool inRack = !a->rack.empty() && a->rack == b2->rack;
        const double rate = l.perCable().inGbps();
        const Node& term = a->kind == NodeKind::Switch ? *a : *b2;
        Group& g = groups[{between(*a, *b2), inRack, rate, term.id}];
        g.links += l.count;
        g.breakout = breakoutAt(term, rate, c);
        if (!inRack && a->kind == NodeKind::Server && l.medium != LinkMedium::NVLink)
            modules[{rate, "nic"}] += l.count; // one module per NIC port
    }
    std::map<std::string, BomCable> cables;
    for (const auto& [key, g] : groups) {
        const auto& [cls, inRack, rate, node] = key;
        const long long n = (g.links + g.breakout - 1) / g.breakout;
        BomCable& line = cables[cls];
        line.between = cls;
        (inRack ? line.dac : line.optical) += n;
        if (inRack) continue;
        // Switch-side module: one per cable at the switch port rate. The far end of a
        // switch-switch cable gets one module per cable too.
        const Node& t = *d.node(node);
        if (t.kind == NodeKind::Switch) {
            modules[{rate * g.breakout, "switch"}] += n;
            if (cls != "node-leaf" && cls != "node-spine" && cls != "node-core" && cls != "node-switch")
                modules[{rate * g.breakout, "switch"}] += n;
        }
    }
    static const char* order[] = {"node-leaf", "leaf-spine", "spine-core", "node-switch", "node-spine", "node-core", "switch-switch", "leaf-leaf", "node-node"};
    for (const char* k : order)
        if (auto it = cables.find(k); it != cables.end()) {
            b.cables.push_back(it->second);
            cables.erase(it);
        }
    for (auto& [k, v] : cables) b.cables.push_back(v);
    for (const auto& [k, n] : modules) b.transceivers.push_back({k.first, k.second, n});
    return b;
}

} // namespace model::topology
