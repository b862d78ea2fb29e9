// Bill of materials: counts parts by model, tier, cable class and kind (see bom.hpp).
#include "model/topology/bom.hpp"
#include "model/io/csv_text.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

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

/// Cable class between ends of tier ranks `a` <= `b` (tierRank): "node-leaf", "leaf-spine", ...
std::string between(int a, int b)
{
    static const char* names[] = {"node", "leaf", "spine", "core", "switch"};
    if (a == 0 && b == 0) return "node-node";
    if (a == 0) return std::string("node-") + names[b];
    if (b == 4 || a == 4) return "switch-switch";
    return std::string(names[a]) + "-" + names[b];
}

/// Links per physical port of switch `n` at `rateGbps` (2 for an 800G port carrying 400G), no
/// more than the switch splits a port into (SwitchSpec::portSplitLimit: a QM9700 port carries
/// 2 links however slow, 100G links included).
int breakoutAt(const Node& n, double rateGbps, const Catalog& c)
{
    if (n.kind != NodeKind::Switch || rateGbps <= 0) return 1;
    const SwitchSpec* s = c.switchModel(n.model);
    if (!s || s->portSpeed.inGbps() <= rateGbps) return 1;
    const double b = s->portSpeed.inGbps() / rateGbps;
    return std::abs(b - std::round(b)) < 1e-6 ? std::min(static_cast<int>(std::lround(b)), s->portSplitLimit()) : 1;
}

void addUnknown(std::vector<std::string>& list, const std::string& model)
{
    if (std::find(list.begin(), list.end(), model) == list.end()) list.push_back(model);
}

/// Rack height used to pack parts without a rack, in rack units (a standard 42U rack).
constexpr int kRackU = 42;

/// Logical ports per physical cage of switch `n` (catalog `ports_per_cage`; null/absent: 1).
int portsPerCage(const Node& n, const Catalog& c)
{
    const SwitchSpec* s = c.switchModel(n.model);
    if (!s || !s->raw.is_object()) return 1;
    const auto it = s->raw.find("ports_per_cage");
    if (it == s->raw.end() || !it->is_number_integer()) return 1;
    return std::max(1, it->get<int>());
}

/// True when server node `n` carries its catalog model's own compute NIC (no other NIC set on
/// the node): only then are the server's cages (compute_nic_ports_per_cage) the ones its
/// optics plug into; an added card brings its own cages, one per port.
bool ownComputeNic(const Node& n, const ServerSpec& s) { return n.nicModel.empty() || n.nicModel == s.computeNicId; }

/// Compute NIC ports per cage of server `n` (catalog `compute_nic_ports_per_cage`, via
/// ServerSpec::nicPortsPerCage, for its own compute NIC; 1 when the model is not in the catalog
/// or the node carries another NIC).
int nicPortsPerCage(const Node& n, const Catalog& c)
{
    const ServerSpec* s = c.server(n.model);
    return s && ownComputeNic(n, *s) ? s->nicPortsPerCage() : 1;
}

/// True for a design of rented cloud nodes (generate rented, or a "rental" block).
bool isRented(const Design& d)
{
    if (!d.analysis.is_object()) return false;
    if (d.analysis.contains("rental")) return true;
    const auto g = d.analysis.find("generator");
    if (g == d.analysis.end() || !g->is_object()) return false;
    const auto kind = g->find("kind");
    return kind != g->end() && kind->is_string() && kind->get_ref<const std::string&>() == "rented";
}

std::string list(const std::vector<std::string>& v)
{
    std::string s;
    for (const auto& m : v) s += (s.empty() ? "" : ", ") + m;
    return s;
}
} // namespace

std::string BomTransceiver::form() const
{
    // Whole rates as integers, others with their decimals (helper-93: 12.5G read "13G", and
    // "2x13G (25G)" did not add up).
    const auto g = [](double v) { return io::csvNumber(v) + "G"; };
    if (ports > 1) return "twin-port " + std::to_string(links) + "x" + g(linkGbps) + " (" + g(rateGbps) + ")";
    if (links > 1) return g(rateGbps) + " feeding " + std::to_string(links) + "x" + g(linkGbps);
    return "single-port " + g(rateGbps);
}

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

namespace {

/// What the node pass gathers besides the BOM lines themselves.
struct NodeTally {
    std::map<std::string, BomServer> servers;
    std::map<std::string, BomServer> wholeRacks;  ///< rack-scale systems without a rack-unit figure
    std::map<std::pair<std::string, SwitchTier>, BomSwitch> switches;
    std::map<std::string, BomNic> nics;
    std::map<std::string, double> rackPower;   ///< named rack -> W of its known parts
    int unplacedUnits = 0;                     ///< rack units of parts packed into 42U racks
    std::vector<std::string> unsizedByUnits;   ///< servers of unknown power packed by rack units
};

/// Power and rack units of one node from the catalog (nullopt: unpublished or unknown model).
struct NodeSize {
    std::optional<double> powerW;
    std::optional<int> units;
};

/// The NIC-end half of the transceiver rule for the servers of `d`, in words: which models put
/// several compute NIC ports in one cage (catalog compute_nic_ports_per_cage above 1), by name,
/// and whether the others take one module per NIC port.
std::string nicEndRule(const Design& d, const Catalog& c)
{
    std::map<std::string, int> shared; // server name -> ports per cage, for those above 1
    bool single = false;               // some server takes one module per NIC port
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Server) continue;
        const ServerSpec* s = c.server(n.model);
        if (s && ownComputeNic(n, *s) && s->nicPortsPerCage() > 1) shared[s->name] = s->nicPortsPerCage();
        else single = true;
    }
    if (shared.empty() && !single) return ""; // no server: no NIC end
    if (shared.empty())
        return "At the NIC end, one module per NIC port (no server of this design shares a cage between compute NIC ports).";
    std::set<int> sizes;
    for (const auto& [name, ppc] : shared) sizes.insert(ppc);
    std::vector<std::string> parts;
    for (const auto& [name, ppc] : shared) parts.push_back(sizes.size() == 1 ? name : name + " (" + std::to_string(ppc) + ")");
    std::string models;
    for (std::size_t k = 0; k < parts.size(); ++k) models += std::string(k == 0 ? "" : k + 1 == parts.size() ? " and " : ", ") + parts[k];
    const bool one = parts.size() == 1;
    const std::string per = sizes.size() == 1 ? std::to_string(*sizes.begin()) : "that many";
    const std::string kind = sizes.size() == 1 && *sizes.begin() == 2 ? "twin-port " : "";
    return "At the NIC end, one module per cage: " + models + (one ? " puts " : " put ") + per +
           " compute NIC ports in each cage (DGX H100, H200 and B200 reach their 8 ConnectX-7 through 4 twin-port OSFP cages, "
           "per NVIDIA's DGX documentation), so " + (one ? "it takes" : "each takes") + " one " + kind + "module per " + per +
           " NIC ports" + (single ? "; other servers one module per NIC port." : ".");
}

/// The switch-end half of the transceiver rule for the switches of `d`, in words: which models
/// put several logical ports in one cage (catalog ports_per_cage above 1, e.g. the QM9700's 32
/// twin-port OSFP cages for 64 ports, network.csv sw_qm9700), and whether the others take one
/// module per port. Empty when the design has no switch.
std::string switchEndRule(const Design& d, const Catalog& c)
{
    std::map<std::string, int> shared; // switch name -> logical ports per cage, for those above 1
    bool single = false;
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Switch) continue;
        const SwitchSpec* s = c.switchModel(n.model);
        const int ppc = portsPerCage(n, c);
        if (s && ppc > 1) shared[s->name] = ppc;
        else single = true;
    }
    if (shared.empty())
        return single ? "At a switch, one module per port (no switch of this design shares a cage between ports)." : "";
    std::set<int> sizes;
    for (const auto& [name, ppc] : shared) sizes.insert(ppc);
    std::string models;
    std::size_t k = 0;
    for (const auto& [name, ppc] : shared) {
        models += std::string(k == 0 ? "" : k + 1 == shared.size() ? " and " : ", ") +
                  (sizes.size() == 1 ? name : name + " (" + std::to_string(ppc) + ")");
        ++k;
    }
    const bool one = shared.size() == 1;
    const std::string per = sizes.size() == 1 ? std::to_string(*sizes.begin()) : "that many";
    const std::string kind = sizes.size() == 1 && *sizes.begin() == 2 ? "twin-port " : "";
    return "At a switch, one module per cage: " + models + (one ? " puts " : " put ") + per +
           " ports in each cage (per the switch's documentation), so " + (one ? "it takes" : "each takes") + " one " + kind +
           "module per " + per + " ports" + (single ? "; other switches one module per port." : ".");
}

void writeRules(Bom& b, const Design& d, const Catalog& c)
{
    // In words a customer reads: sources named as people know them (the repository file and
    // row are in the header comment of bom.hpp and in shared/reference/network.csv).
    b.reachRule = "Copper DAC when both ends share a rack (NVIDIA LinkX 100G-PAM4 copper reaches up to " +
                  std::to_string(static_cast<int>(kDacReachM)) +
                  " m, per NVIDIA's LinkX product overview; a run inside one 42U rack is shorter); optics (a transceiver "
                  "at each end plus fiber, or an active optical cable) between racks and wherever a rack is not set.";
    const std::string atSwitch = switchEndRule(d, c);
    const std::string nicEnd = nicEndRule(d, c);
    b.transceiverRule = nicEnd + (atSwitch.empty() || nicEnd.empty() ? "" : " ") + atSwitch;
    if (b.transceiverRule.empty()) b.transceiverRule = "None: the design has no server or switch to take a module.";
}

/// Power of one node of `model` in W: a PowerFigure when `power` has one (recorded once per
/// model in Bom::powerFromElsewhere), else the catalog's `catalogW` (nullopt: unpublished).
std::optional<double> powerOf(const std::string& model, std::optional<double> catalogW, const PowerFigures& power, Bom& b)
{
    const auto it = power.find(model);
    if (it == power.end()) return catalogW;
    const bool listed = std::any_of(b.powerFromElsewhere.begin(), b.powerFromElsewhere.end(),
                                    [&model](const auto& e) { return e.first == model; });
    if (!listed) b.powerFromElsewhere.emplace_back(model, it->second);
    return it->second.watts;
}

/// Adds server `n` (and its compute NICs) to the tally and its power to the BOM.
NodeSize countServer(const Node& n, const Catalog& c, const PowerFigures& power, Bom& b, NodeTally& t)
{
    const ServerSpec* s = c.server(n.model);
    BomServer& line = t.servers[n.model];
    line.model = n.model;
    line.name = s ? s->name : n.model;
    ++line.count;
    if (!s) return {};
    line.appliance = s->isAppliance();
    line.gpus += s->gpuCount;
    const int count = n.nicCount.value_or(s->computeNicCount);
    const std::string nicId = n.nicModel.empty() ? s->computeNicId : n.nicModel;
    if (count > 0 && !nicId.empty()) {
        BomNic& nl = t.nics[nicId];
        nl.model = nicId;
        const NicSpec* nic = c.nic(nicId);
        nl.name = nic ? nic->name : nicId;
        nl.count += count;
    }
    const std::optional<double> w = powerOf(n.model, s->powerW, power, b);
    if (w) b.serverPowerW += *w;
    return {w, s->rackUnits};
}

/// Adds switch `n` to the tally and its power to the BOM.
NodeSize countSwitch(const Node& n, const Catalog& c, const PowerFigures& power, Bom& b, NodeTally& t)
{
    const SwitchSpec* s = c.switchModel(n.model);
    BomSwitch& line = t.switches[{n.model, n.tier}];
    line.model = n.model;
    line.name = s ? s->name : n.model;
    line.tier = n.tier;
    ++line.count;
    if (!s) return {};
    const std::optional<double> w = powerOf(n.model, s->powerW, power, b);
    if (w) b.switchPowerW += *w;
    return {w, s->rackUnits};
}

/// Places node `n` by the rack rule (bom.hpp): rented nodes and cloud instances take no
/// customer rack; a server of unknown power is packed by rack units, its rack name not counted.
void placeInRack(const Node& n, const NodeSize& size, const Catalog& c, Bom& b, NodeTally& t)
{
    const ServerSpec* spec = n.kind == NodeKind::Server ? c.server(n.model) : nullptr;
    if (b.rented || (spec && spec->kind == "cloud_instance")) return;
    const bool trustRack = !n.rack.empty() && (n.kind != NodeKind::Server || size.powerW);
    if (trustRack) t.rackPower[n.rack] += size.powerW.value_or(0.0);
    else if (size.units) {
        t.unplacedUnits += *size.units;
        if (n.kind == NodeKind::Server && !size.powerW) addUnknown(t.unsizedByUnits, n.model);
    } else addUnknown(b.racksUnknown, n.model);
}

/// Servers, switches, NICs, power and rack units, node by node.
NodeTally countNodes(const Design& d, const Catalog& c, const PowerFigures& power, Bom& b)
{
    NodeTally t;
    for (const auto& [id, n] : d.nodes()) {
        const NodeSize size = n.kind == NodeKind::Server ? countServer(n, c, power, b, t) : countSwitch(n, c, power, b, t);
        if (size.powerW) ++b.powerKnownParts;
        else addUnknown(b.powerUnknown, n.model);
        if (size.units) b.rackUnits += *size.units;
        else addUnknown(b.rackUnitsUnknown, n.model);
        if (const ServerSpec* spec = n.kind == NodeKind::Server ? c.server(n.model) : nullptr; spec && spec->kind == "rack" && !size.units) {
            BomServer& r = t.wholeRacks[n.model];
            r.model = n.model;
            r.name = spec->name;
            r.gpus += spec->gpuCount;
            ++r.count;
        }
        placeInRack(n, size, c, b, t);
    }
    for (auto& [k, v] : t.servers) b.servers.push_back(v);
    for (auto& [k, v] : t.wholeRacks) b.wholeRacks.push_back(v);
    for (auto& [k, v] : t.switches) b.switches.push_back(v);
    for (auto& [k, v] : t.nics) b.nics.push_back(v);
    return t;
}

/// Racks, the busiest rack's power and the rack note, from the node pass.
void countRacks(const NodeTally& t, Bom& b)
{
    b.racks = b.rented ? 0 : static_cast<int>(t.rackPower.size()) + (t.unplacedUnits + kRackU - 1) / kRackU;
    b.racksKnown = b.racksUnknown.empty();
    for (const auto& [rack, w] : t.rackPower) b.maxRackPowerW = std::max(b.maxRackPowerW, w);
    if (b.rented)
        b.racksNote = "0: rented cloud nodes sit in the provider's racks, none of the customer's";
    else if (!b.racksKnown)
        b.racksNote = "unknown: " + list(b.racksUnknown) + " publish neither power nor rack units, so their racks "
                      "cannot be counted; the other parts take " + std::to_string(b.racks);
    else
        b.racksNote = "named racks, plus 42U racks packed by rack units for parts without a rack" +
                      (t.unsizedByUnits.empty() ? std::string() : " and for servers of unpublished power (" + list(t.unsizedByUnits) + ")");
}

/// Links grouped at the switch end that terminates them (the lower tier of a switch pair), by
/// class, rate and whether they stay inside a rack; each group needs ceil(links / breakout) cables.
struct LinkGroup { long long links = 0; int breakout = 1; };
using GroupKey = std::tuple<std::string, bool, double, Id>;        ///< (between, inRack, rate Gb/s, terminating node)
using ModuleKey = std::tuple<double, std::string, int, int, double>; ///< (module rate, end, ports, links, link rate)

struct LinkTally {
    std::map<GroupKey, LinkGroup> groups;
    std::map<ModuleKey, long long> modules;            ///< transceivers so far (NIC ends)
    std::map<std::pair<Id, double>, long long> farLinks; ///< upper end of switch-switch optics: (switch, rate) -> links
};

/// Links of one group before they are keyed by class name: (a's rank, b's rank, inRack, rate,
/// terminating node). Counting by these small keys first keeps the per-link work to two
/// lookups (a 2,048-server fabric has 37,000 links).
using RawKey = std::tuple<int, int, bool, double, Id>;

/// Hash of a RawKey or of a (switch, rate) pair: the per-link tallies below are hash maps, as
/// their order does not matter (sums, moved into the ordered maps of LinkTally afterwards);
/// ordered maps of thousands of tuple keys took two thirds of computeBom on 2,048 servers.
struct TallyHash {
    static std::size_t mix(std::size_t h, std::size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2)); }
    std::size_t operator()(const RawKey& k) const
    {
        const auto& [ra, rb, inRack, rate, node] = k;
        std::size_t h = std::hash<Id>{}(node);
        h = mix(h, std::hash<double>{}(rate));
        return mix(h, static_cast<std::size_t>(ra) * 64 + static_cast<std::size_t>(rb) * 2 + (inRack ? 1 : 0));
    }
    std::size_t operator()(const std::pair<Id, double>& k) const { return mix(std::hash<Id>{}(k.first), std::hash<double>{}(k.second)); }
};

LinkTally groupLinks(const Design& d, const Catalog& c)
{
    std::unordered_map<Id, const Node*> nodes;
    nodes.reserve(d.nodes().size());
    for (const auto& [id, n] : d.nodes()) nodes.emplace(id, &n);
    std::unordered_map<RawKey, long long, TallyHash> raw;
    std::unordered_map<std::pair<Id, double>, long long, TallyHash> farLinks;
    std::unordered_map<std::pair<Id, double>, long long, TallyHash> nicPorts; // (server, link rate) -> NIC ports cabled out of their rack
    LinkTally t;
    for (const auto& [id, l] : d.links()) {
        if (l.medium == LinkMedium::PCIe) continue; // inside a server
        const Node* a = nodes.at(l.a.node);
        const Node* b = nodes.at(l.b.node);
        if (tierRank(*a) > tierRank(*b)) std::swap(a, b);
        const bool inRack = !a->rack.empty() && a->rack == b->rack;
        const double rate = l.perCable().inGbps();
        const Node& term = a->kind == NodeKind::Switch ? *a : *b;
        raw[{tierRank(*a), tierRank(*b), inRack, rate, term.id}] += l.count;
        if (!inRack && l.medium != LinkMedium::NVLink) // a NIC at each server end (both of a server-server link)
            for (const Node* end : {a, b})
                if (end->kind == NodeKind::Server) nicPorts[{end->id, rate}] += l.count;
        if (!inRack && a->kind == NodeKind::Switch && b->kind == NodeKind::Switch) farLinks[{b->id, rate}] += l.count;
    }
    // One module per cage of the server's compute NIC ports (transceiver rule, bom.hpp).
    for (const auto& [key, ports] : nicPorts) {
        const double rate = key.second;
        const int ppc = nicPortsPerCage(*nodes.at(key.first), c);
        t.modules[{rate * ppc, "nic", ppc, ppc, rate}] += (ports + ppc - 1) / ppc;
    }
    t.farLinks.insert(farLinks.begin(), farLinks.end());
    for (const auto& [key, links] : raw) {
        const auto& [ra, rb, inRack, rate, term] = key;
        LinkGroup& g = t.groups[{between(ra, rb), inRack, rate, term}];
        g.links += links;
        g.breakout = breakoutAt(*nodes.at(term), rate, c);
    }
    return t;
}

/// Cables by class (DAC or optical) and the switch-end modules by the transceiver rule
/// (bom.hpp): one module per cage of ports_per_cage optical ports.
std::map<std::string, BomCable> countCablesAndModules(const Design& d, const Catalog& c, LinkTally& t)
{
    // (switch, link rate, breakout) -> optical links ending there. Ports are counted from all of
    // a switch's links at one rate together, bo links to a port: the generators number a
    // switch's links contiguously, so a split port may carry a down link and an up link (17
    // DGX A100 at 2:1, 200G on 400G ports: 85 down + 43 up = 64 ports, not 43 + 22 = 65).
    std::map<std::tuple<Id, double, int>, long long> switchLinks;
    std::map<std::string, BomCable> cables;
    for (const auto& [key, g] : t.groups) {
        const auto& [cls, inRack, rate, node] = key;
        const long long n = (g.links + g.breakout - 1) / g.breakout;
        BomCable& line = cables[cls];
        line.between = cls;
        (inRack ? line.dac : line.optical) += n;
        if (inRack) continue;
        if (d.node(node)->kind == NodeKind::Switch) switchLinks[{node, rate, g.breakout}] += g.links;
    }
    for (const auto& [key, links] : t.farLinks) {
        const int bo = breakoutAt(*d.node(key.first), key.second, c);
        switchLinks[{key.first, key.second, bo}] += links;
    }
    for (const auto& [key, links] : switchLinks) {
        const auto& [node, rate, bo] = key;
        const long long ports = (links + bo - 1) / bo;
        const int ppc = portsPerCage(*d.node(node), c);
        t.modules[{rate * bo * ppc, "switch", ppc, ppc * bo, rate}] += (ports + ppc - 1) / ppc;
    }
    return cables;
}

/// Cable lines in tier order (node-leaf first), then any other class; transceiver lines.
void writeCablesAndModules(std::map<std::string, BomCable> cables, const LinkTally& t, Bom& b)
{
    static const char* order[] = {"node-leaf", "leaf-spine", "spine-core", "node-switch", "node-spine", "node-core", "switch-switch", "leaf-leaf", "node-node"};
    for (const char* k : order)
        if (auto it = cables.find(k); it != cables.end()) {
            b.cables.push_back(it->second);
            cables.erase(it);
        }
    for (auto& [k, v] : cables) b.cables.push_back(v);
    for (const auto& [k, n] : t.modules) {
        const auto& [rate, end, ports, links, linkRate] = k;
        b.transceivers.push_back({rate, end, n, ports, links, linkRate});
    }
}

} // namespace

Bom computeBom(const Design& d, const Catalog& c, const PowerFigures& power)
{
    Bom b;
    writeRules(b, d, c);
    b.rented = isRented(d);
    countRacks(countNodes(d, c, power, b), b);
    LinkTally links = groupLinks(d, c);
    writeCablesAndModules(countCablesAndModules(d, c, links), links, b);
    return b;
}

} // namespace model::topology
