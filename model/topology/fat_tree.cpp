// Fat-tree design builder: catalog lookups, node naming, canvas layout, links.
#include "model/topology/fat_tree.hpp"

#include "model/design/link_defaults.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/generators.hpp"
#include "model/topology/layout.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace model::topology {

namespace {

/// Zero-padded number, at least two digits ("07").
std::string padded(int n, int width)
{
    std::string s = std::to_string(n);
    if (static_cast<int>(s.size()) < width) s.insert(0, width - s.size(), '0');
    return s;
}

std::string defaultPrefix(const std::string& serverId)
{
    if (serverId.rfind("dgx", 0) == 0) return "dgx";
    if (serverId.find("nvl72") != std::string::npos) return "nvl72-rack";
    if (serverId.rfind("hgx", 0) == 0) return "hgx";
    return "node";
}

std::string formatGbps(double g)
{
    std::ostringstream s;
    s << g;
    return s.str();
}

/// Places the GPU-less UFM appliance in the UFM slot (the last slot of SU plan.ufmSu) and wires
/// its in.ufmCables links to rails 0 .. ufmCables-1 of plane 0, as planFatTree counts them.
/// Its adapters take the fabric's NIC model `fabricNic` where that differs from the catalog's.
void placeUfm(const Catalog& catalog, Design& d, FabricBuilder& b, const ServerGrid& grid, const FatTreePlan& plan,
              const FatTreeInputs& in, const std::vector<std::vector<Id>>& leafIds, const std::string& fabricNic)
{
    const ServerSpec* ufm = catalog.server(kUfmModel);
    const int slot = plan.slotsPerSu[plan.ufmSu] - 1;
    Node n;
    n.kind = NodeKind::Server;
    n.model = kUfmModel;
    n.name = kUfmName;
    n.position = grid.serverPosition(plan.ufmSu, slot);
    n.rack = grid.rackName(plan.ufmSu, slot); // no group: the canvas never folds it into the servers
    if (ufm->computeNicCount != in.ufmCables) n.nicCount = in.ufmCables;
    if (!fabricNic.empty() && fabricNic != ufm->computeNicId) n.nicModel = fabricNic;
    const Id id = d.addNode(n);
    for (int r = 0; r < in.ufmCables; ++r) {
        const int k = r / plan.railsPerLeaf;
        const int first = k * plan.railsPerLeaf;
        const int rails = std::min(plan.railsPerLeaf, plan.railsPerPlane - first);
        b.link(id, r, leafIds[0][plan.ufmSu * plan.leavesPerSuPerPlane + k], slot * rails + (r - first), 1);
    }
}

} // namespace

void badOption(const std::string& generator, const std::string& option, const std::string& problem)
{
    throw InputError("<command line>", generator, option, problem);
}

LinkMedium mediumOf(const SwitchSpec& s) noexcept { return mediumFor(s.protocol); }

int serversPerRack(const ServerSpec& s, double rackPowerW) noexcept
{
    int n = 1 << 20;
    if (s.powerW && *s.powerW > 0) n = std::min(n, static_cast<int>(std::floor(rackPowerW / *s.powerW)));
    if (s.rackUnits && *s.rackUnits > 0) n = std::min(n, kRackUnits / *s.rackUnits);
    if (n == (1 << 20)) n = 1; // neither known: one per rack, the conservative choice
    return std::max(1, n);
}

FatTreeInputs fatTreeInputs(const Catalog& catalog, const FatTreeOptions& o)
{
    const ServerSpec* server = catalog.server(o.server);
    if (!server) badOption(o.generatorName, "--server", "expected the id of a server in the catalog, got \"" + o.server + "\"");
    if (server->isAppliance()) badOption(o.generatorName, "--server", applianceRefusal(*server));
    const SwitchSpec* sw = catalog.switchModel(o.switchModel);
    if (!sw) badOption(o.generatorName, "--switch", "expected the id of a switch in the catalog, got \"" + o.switchModel + "\"");
    if (o.nodes < 1) badOption(o.generatorName, "--nodes", "expected a positive node count, got " + std::to_string(o.nodes));
    if (o.rackPowerW && server->powerW && *server->powerW > 0 && *o.rackPowerW < *server->powerW)
        badOption(o.generatorName, "--rack-kw",
                  "a " + formatGbps(*o.rackPowerW / 1000.0) + " kW rack cannot hold one " + server->name + " (" +
                      formatGbps(*server->powerW / 1000.0) + " kW, catalog); expected at least " +
                      formatGbps(*server->powerW / 1000.0) + " kW");
    // Below 1:1 a leaf would take more uplinks than downlinks: spines no traffic can fill (2,048
    // DGX H100 at 0.5:1 bought 1,029 spines and 672 cores). A fabric is at best non-blocking.
    if (o.oversubscription < 1.0 - 1e-9)
        badOption(o.generatorName, "--oversubscription",
                  "expected a down:up ratio of at least 1:1 (non-blocking), got " + formatGbps(o.oversubscription) +
                      ":1; more uplinks than downlinks add switches no traffic can fill");
    if (!o.lossless && sw->protocol == NetProtocol::InfiniBand) // refused, never ignored
        badOption(o.generatorName, "--lossless", "off applies to Ethernet switches (PFC/ECN); switch \"" + sw->id +
                                                     "\" is InfiniBand, lossless by credit-based flow control");
    if (o.ufm && sw->protocol != NetProtocol::InfiniBand)
        badOption(o.generatorName, "--ufm", "the UFM appliance manages InfiniBand fabrics; switch \"" + sw->id + "\" is " + toString(sw->protocol));
    if (o.ufm && !catalog.server(kUfmModel))
        badOption(o.generatorName, "--ufm", std::string("expected the UFM appliance \"") + kUfmModel + "\" in the catalog");
    if (sw->ports < 2 || sw->portSpeed.inGbps() <= 0)
        badOption(o.generatorName, "--switch", "switch \"" + sw->id + "\" has no published port count or port speed");
    const std::string nicId = o.nicModel.empty() ? server->computeNicId : o.nicModel;
    if (nicId.empty())
        badOption(o.generatorName, "--nic",
                  "server \"" + server->id + "\" has no compute NIC in the catalog; name the NIC its servers would get (--nic) and how many (--nics-per-node)");
    const NicSpec* nic = catalog.nic(nicId);
    if (!nic) badOption(o.generatorName, "--nic", "expected the id of a NIC in the catalog, got \"" + nicId + "\"");
    if (o.requireNicProtocol && !nic->supports(sw->protocol))
        badOption(o.generatorName, o.nicModel.empty() ? "--switch" : "--nic",
                  "NIC \"" + nic->id + "\" (" + toString(nic->protocol) + ") cannot run " + toString(sw->protocol) + ", the protocol of switch \"" +
                      sw->id + "\"; give a switch of the NIC's protocol (--switch) or a NIC that runs " + toString(sw->protocol) + " (--nic)" +
                      (nic->protocol == NetProtocol::EFA ? "; a cloud instance's own network is modelled by generate rented" : ""));
    const int endpoints = o.nicsPerNode.value_or(server->computeNicCount);
    if (endpoints < 1)
        badOption(o.generatorName, "--nics-per-node", "server \"" + server->id + "\" has no compute NIC; give a positive count");

    const double portGbps = sw->portSpeed.inGbps();
    // Default rate: what both ends run (link_defaults.hpp, the rule the wire tool follows).
    const double link = o.linkGbps.value_or(commonSpeed(offerOf(*nic, endpoints), offerOf(*sw))->inGbps());
    if (link <= 0 || link > portGbps + 1e-9)
        badOption(o.generatorName, o.linkOption, "expected a link rate up to the switch port rate " + formatGbps(portGbps) +
                                            " Gb/s, got " + formatGbps(link));
    // Fewer endpoints than the server's NIC ports is a choice; more would invent NICs it has no
    // slot for. A port may split into lanes of the link rate (an 800G port as 2 x 400G planes).
    if (server->computeNicCount > 0 && nic->speed.inGbps() > 0) {
        const int lanesPerPort = std::max(1, static_cast<int>(std::floor(nic->speed.inGbps() / link + 1e-9)));
        const int most = server->computeNicCount * std::max(1, nic->ports) * lanesPerPort;
        if (endpoints > most)
            badOption(o.generatorName, "--nics-per-node", "expected 1 to " + std::to_string(most) + " (server \"" + server->id + "\" has " +
                                                   std::to_string(server->computeNicCount) + " " + nic->id + " at " +
                                                   formatGbps(link) + " Gb/s per endpoint), got " + std::to_string(endpoints));
    }
    const double ratio = portGbps / link;
    if (std::abs(ratio - std::round(ratio)) > 1e-9)
        badOption(o.generatorName, o.linkOption, "a " + formatGbps(portGbps) + " Gb/s switch port cannot be split into " +
                                            formatGbps(link) + " Gb/s links");
    if (o.planes >= 1 && endpoints % o.planes == 0 && o.railsPerLeaf > endpoints / o.planes)
        badOption(o.generatorName, "--rails-per-leaf", "expected 0 (automatic) or 1 to " + std::to_string(endpoints / o.planes) +
                                                         " (the rails of one plane), got " + std::to_string(o.railsPerLeaf));
    // Three tiers of P-port switches hold P^3/4 endpoints per plane (Al-Fares et al., SIGCOMM
    // 2008, k-ary fat tree: k^3/4 hosts); a fourth tier is not built. Refused here, before any
    // planning allocates per node (2,147,483,647 nodes took 8 s and 775 MB to refuse).
    if (o.planes >= 1 && endpoints % o.planes == 0) {
        const long long P = static_cast<long long>(sw->ports) * std::min<long long>(std::lround(ratio), sw->portSplitLimit());
        const long long perPlane = P * P * P / 4;
        const long long mostNodes = perPlane / (endpoints / o.planes);
        const bool racks = o.generatorName == "generate gb200-nvl72"; // its nodes are racks
        if (o.nodes > mostNodes)
            badOption(o.generatorName, racks ? "--racks" : "--nodes",
                      "expected at most " + std::to_string(mostNodes) + (racks ? " racks" : " nodes") + ": three tiers of " +
                                                      std::to_string(P) + "-port switches hold " + std::to_string(perPlane) +
                                                      " endpoints per plane (P^3/4), and a fourth tier is not built; got " +
                                                      std::to_string(o.nodes));
    }
    FatTreeInputs in;
    in.nodes = o.nodes;
    in.endpointsPerNode = endpoints;
    // A port splits into no more links than the switch's datasheet allows (catalog
    // max_logical_ports): slower links run each on a logical port of their own (helper-90: 1 Gb/s
    // links put 256 servers' cables on one 64-port QM9700, and no rule fired).
    in.breakout = std::min(static_cast<int>(std::lround(ratio)), sw->portSplitLimit());
    in.switchPorts = sw->ports * in.breakout;
    in.linkGbps = link;
    in.oversubscription = o.oversubscription;
    in.planes = o.planes;
    in.railsPerLeaf = o.railsPerLeaf;
    in.ufm = o.ufm;
    in.ufmCables = std::min(4, endpoints / std::max(1, o.planes));
    return in;
}

Design generateFatTree(const Catalog& catalog, const FatTreeOptions& o, FatTreePlan* planOut)
{
    const FatTreeInputs in = fatTreeInputs(catalog, o);
    FatTreePlan plan;
    try {
        plan = planFatTree(in);
    } catch (const std::invalid_argument& e) {
        badOption(o.generatorName, "", e.what());
    }
    if (planOut) *planOut = plan;
    const ServerSpec& server = *catalog.server(o.server);
    const SwitchSpec& sw = *catalog.switchModel(o.switchModel);
    const double linkGbps = in.linkGbps;

    Design d;
    d.name = !o.name.empty() ? o.name
           : std::to_string(o.nodes) + "x " + server.name + ", " + sw.name + " fat tree (" +
                 std::to_string(plan.tiers) + " tier" + (plan.tiers > 1 ? "s" : "") + ")";

    FabricBuilder b(d, sw, linkGbps, o.lossless);
    const std::string prefix = o.namePrefix.empty() ? defaultPrefix(o.server) : o.namePrefix;
    const int width = std::max(2, static_cast<int>(std::to_string(o.nodes).size()));
    const int perRack = serversPerRack(server, o.rackPowerW.value_or(kDefaultRackPowerW));

    // Ids run top-down as the canvas reads: cores, spines, leaves, servers, then the links.
    ServerGrid grid(plan, perRack);
    b.addUpperSwitches(plan, grid.totalWidth());
    std::vector<std::vector<Id>> leafIds(plan.planes); // [plane][su * leavesPerSu + k]
    for (int su = 0; su < plan.scalableUnits; ++su)
        for (int plane = 0; plane < plan.planes; ++plane)
            for (int k = 0; k < plan.leavesPerSuPerPlane; ++k)
                leafIds[plane].push_back(b.addLeaf(plan, su, plane, k, grid.leafPosition(su, plane, k)));
    struct Placed { Id id; int su, slot; };
    std::vector<Placed> placed;
    int serverNo = 0;
    for (int su = 0; su < plan.scalableUnits; ++su) {
        const int computeNodes = plan.slotsPerSu[su] - (su == plan.ufmSu ? 1 : 0);
        for (int slot = 0; slot < computeNodes; ++slot) {
            Node n;
            n.kind = NodeKind::Server;
            n.model = server.id;
            n.name = prefix + "-" + padded(++serverNo, width);
            n.position = grid.serverPosition(su, slot);
            n.group = o.nodes > 1 ? "su-" + std::to_string(su + 1) : "";
            n.rack = grid.rackName(su, slot);
            if (!o.nicModel.empty()) n.nicModel = o.nicModel;
            if (o.nicsPerNode && *o.nicsPerNode != server.computeNicCount) n.nicCount = *o.nicsPerNode;
            placed.push_back({d.addNode(n), su, slot});
        }
    }
    for (const Placed& p : placed) b.wireServer(plan, p.id, p.su, p.slot, leafIds);
    if (o.ufm) placeUfm(catalog, d, b, grid, plan, in, leafIds, o.nicModel.empty() ? server.computeNicId : o.nicModel);
    b.wireUpperTiers(plan, leafIds);

    nlohmann::json gen = {{"kind", "fat-tree"}, {"server", o.server}, {"nodes", o.nodes},
                          {"switch", o.switchModel}, {"nics_per_node", in.endpointsPerNode},
                          {"link_Gbps", linkGbps}, {"oversubscription", o.oversubscription},
                          {"planes", o.planes}, {"tiers", plan.tiers}, {"leaves", plan.leaves},
                          {"spines", plan.spines}, {"cores", plan.cores}};
    // Whole uplinks per leaf: the built down:up ratio can differ from the one asked for; the
    // worst leaf's, which may be the smaller last leaf of an SU (28 down, 7 up at 4:1 where the
    // full leaves have 42 and 11).
    if (plan.tiers >= 2 && plan.uplinksPerLeaf > 0) {
        double built = static_cast<double>(plan.downlinksPerLeafMax) / plan.uplinksPerLeaf;
        if (plan.partialLeafUplinks > 0)
            built = std::max(built, static_cast<double>(plan.partialLeafDownlinks) / plan.partialLeafUplinks);
        gen["oversubscription_built"] = built;
    } else if (plan.tiers == 1) {
        gen["oversubscription_built"] = 1.0; // one switch holds every server: no uplink to oversubscribe
    }
    if (o.ufm)
        gen["ufm"] = {{"slots", 1}, {"cables", in.ufmCables}, {"node", kUfmName}, {"model", kUfmModel},
                      {"note", "one node slot holds the UFM appliance, wired to rails 0-" + std::to_string(in.ufmCables - 1) +
                               " of plane 0 of the last scalable unit"}};
    d.analysis["generator"] = gen;
    return d;
}

std::string builtOversubscriptionNote(const nlohmann::json& generator)
{
    if (!generator.is_object()) return {};
    const double asked = generator.value("oversubscription", 1.0);
    const double built = generator.value("oversubscription_built", asked);
    if (!(asked > 0) || std::abs(built - asked) <= 0.01 * asked) return {};
    std::ostringstream o;
    o << "asked for " << asked << ":1 oversubscription; ";
    if (generator.value("tiers", 0) == 1)
        o << "one switch holds every server, so no uplink is oversubscribed: the fabric is non-blocking (1:1)";
    else
        o << "with whole uplinks on every leaf the fabric is " << std::setprecision(4) << built << ":1";
    return o.str();
}

} // namespace model::topology
