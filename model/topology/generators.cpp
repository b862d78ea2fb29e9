// Single server, rack-scale (GB200 NVL72), RoCE and rented-cluster generators.
#include "model/topology/generators.hpp"

#include "model/topology/layout.hpp"
#include "model/units/number_format.hpp"

#include <cmath>
#include <sstream>

namespace model::topology {

namespace {
/// True when the NIC can run `p` (VPI adapters list several protocols in the catalog's
/// "protocols_supported"; older entries give only "protocol").
bool nicRuns(const NicSpec& n, NetProtocol p)
{
    if (n.protocol == p) return true;
    const auto it = n.raw.find("protocols_supported");
    if (it == n.raw.end() || !it->is_array()) return false;
    const std::string want = toString(p);
    for (const auto& v : *it)
        if (v.is_string() && v.get<std::string>() == want) return true;
    return false;
}
} // namespace

std::string applianceRefusal(const ServerSpec& s)
{
    return "expected a GPU server; \"" + s.id + "\" (" + s.name +
           ") is an appliance with no GPU, placed beside the servers of a fabric (generate fat-tree --ufm)";
}

Design generateSingleServer(const Catalog& catalog, const SingleServerOptions& o)
{
    const ServerSpec* s = catalog.server(o.server);
    if (!s) badOption("generate server", "--server", "expected the id of a server in the catalog, got \"" + o.server + "\"");
    if (s->isAppliance()) badOption("generate server", "--server", applianceRefusal(*s));
    Design d;
    d.name = o.name.empty() ? s->name : o.name;
    Node n;
    n.kind = NodeKind::Server;
    n.model = s->id;
    n.name = s->id.rfind("ws-", 0) == 0 ? "workstation" : "server-1";
    n.position = {0.0, kServerY};
    n.rack = "rack-01";
    d.addNode(n);
    d.analysis["generator"] = {{"kind", "server"}, {"server", s->id}};
    return d;
}

Design generateRackScale(const Catalog& catalog, const RackScaleOptions& o)
{
    const ServerSpec* s = catalog.server(o.server);
    if (!s) badOption("generate gb200-nvl72", "--server", "expected the id of a rack-scale server in the catalog, got \"" + o.server + "\"");
    if (s->isAppliance()) badOption("generate gb200-nvl72", "--server", applianceRefusal(*s));
    if (s->scaleUpDomainGpus < s->gpuCount || s->gpuCount < 36)
        badOption("generate gb200-nvl72", "--server",
                  "\"" + s->id + "\" is not a rack-scale NVLink domain (" + std::to_string(s->scaleUpDomainGpus) + " of " +
                      std::to_string(s->gpuCount) + " GPUs share NVLink); use generate fat-tree");
    if (o.racks < 1) badOption("generate gb200-nvl72", "--racks", "expected a positive rack count, got " + std::to_string(o.racks));
    FatTreeOptions f;
    f.server = s->id;
    f.nodes = o.racks;
    f.switchModel = !o.switchModel.empty() ? o.switchModel : defaultFabricSwitch(catalog, s->id, "", false);
    f.oversubscription = o.oversubscription;
    f.namePrefix = "nvl72-rack";
    f.generatorName = "generate gb200-nvl72";
    f.name = !o.name.empty() ? o.name
           : std::to_string(o.racks) + "x " + s->name + " (" + std::to_string(o.racks * s->gpuCount) +
                 " GPUs, NVLink inside each rack), scale-out fat tree";
    Design d = generateFatTree(catalog, f);
    d.analysis["generator"]["kind"] = "gb200-nvl72";
    d.analysis["generator"]["racks"] = o.racks;
    return d;
}

std::string defaultFabricSwitch(const Catalog& catalog, const std::string& server, const std::string& nicOverride, bool roce)
{
    if (roce) return "sn5600";
    const ServerSpec* s = catalog.server(server);
    const NicSpec* nic = catalog.nic(!nicOverride.empty() ? nicOverride : s ? s->computeNicId : std::string());
    if (!nic) return "qm9700";
    if (nic->supports(NetProtocol::InfiniBand)) return nic->speed.inGbps() > 400.0 + 1e-9 ? "q3400" : "qm9700";
    if (nic->supports(NetProtocol::Ethernet)) return "sn5600";
    return "qm9700";
}

Design generateRoceFabric(const Catalog& catalog, FatTreeOptions o)
{
    const SwitchSpec* sw = catalog.switchModel(o.switchModel);
    if (!sw) badOption("generate roce", "--switch", "expected the id of an Ethernet switch in the catalog, got \"" + o.switchModel + "\"");
    if (sw->protocol != NetProtocol::Ethernet)
        badOption("generate roce", "--switch", "\"" + sw->id + "\" is not an Ethernet switch; RoCE needs one (e.g. sn5600)");
    const ServerSpec* s = catalog.server(o.server);
    if (s) {
        const NicSpec* nic = catalog.nic(o.nicModel.empty() ? s->computeNicId : o.nicModel);
        if (nic && !nicRuns(*nic, NetProtocol::Ethernet))
            badOption("generate roce", "--nic", "NIC \"" + nic->id + "\" cannot run Ethernet; give an Ethernet NIC with --nic");
    }
    o.generatorName = "generate roce";
    Design d = generateFatTree(catalog, o);
    if (o.name.empty()) d.name += o.lossless ? ", RoCE lossless (PFC/ECN)" : ", RoCE without PFC/ECN";
    d.analysis["generator"]["kind"] = "roce";
    d.analysis["generator"]["lossless"] = o.lossless;
    return d;
}

namespace {
/// The switch a rented fabric is drawn with when --switch is not given: the usual one of the
/// NICs' protocol (QM9700 for InfiniBand, SN5600 for Ethernet) when its ports carry a NIC's
/// `perNicGbps`, else the catalog switch of that protocol with the slowest ports that do.
/// @throws InputError naming --per-node-gbps when no catalog switch has ports that fast.
std::string rentedSwitch(const Catalog& catalog, NetProtocol protocol, double perNicGbps, const char* gen, double perNodeGbps, int nics)
{
    const std::string usual = protocol == NetProtocol::InfiniBand ? "qm9700" : "sn5600";
    if (const SwitchSpec* u = catalog.switchModel(usual); u && u->portSpeed.inGbps() + 1e-6 >= perNicGbps) return usual;
    const SwitchSpec* best = nullptr;
    for (const SwitchSpec& sw : catalog.switches())
        if (sw.category == "switch" && sw.protocol == protocol && sw.ports > 0 && sw.portSpeed.inGbps() + 1e-6 >= perNicGbps &&
            (!best || sw.portSpeed.inGbps() < best->portSpeed.inGbps()))
            best = &sw;
    if (!best)
        badOption(gen, "--per-node-gbps", significantDigits(perNodeGbps) + " Gb/s over " + std::to_string(nics) + " NICs needs switch ports of " +
                                              significantDigits(perNicGbps) + " Gb/s; the catalog has no " + toString(protocol) + " switch that fast");
    return best->id;
}
} // namespace

Design generateRented(const Catalog& catalog, const RentedOptions& o)
{
    const char* gen = "generate rented";
    const ServerSpec* s = catalog.server(o.server);
    if (!s) badOption(gen, "--server", "expected the id of a server in the catalog, got \"" + o.server + "\"");
    if (s->isAppliance()) badOption(gen, "--server", applianceRefusal(*s));
    if (o.nodes < 1) badOption(gen, "--nodes", "expected a positive node count, got " + std::to_string(o.nodes));
    if (!(o.perNodeGbps > 0)) badOption(gen, "--per-node-gbps", "expected the bandwidth between nodes per node in Gb/s, e.g. 3200");
    if (!(o.pricePerGpuHourUsd > 0)) badOption(gen, "--price-per-gpu-hour", "expected a positive price in US dollars per GPU-hour");
    const int gpus = o.nodes * s->gpuCount;
    if (gpus > o.maxGpus)
        badOption(gen, "--nodes", std::to_string(o.nodes) + " nodes of " + std::to_string(s->gpuCount) + " GPUs = " +
                                      std::to_string(gpus) + " GPUs, more than the provider's " + std::to_string(o.maxGpus));
    const int nics = std::max(1, s->computeNicCount);
    const double perNic = o.perNodeGbps / nics;
    // The server's own NIC if it runs at the per-NIC rate, else a catalog NIC that does of the
    // same protocol and kind (a ConnectX, not a cloud provider's own NIC such as AWS EFA, which
    // would name one provider and one instance generation), else the own NIC at the slower
    // rate, else any NIC of the same protocol at the rate, else any.
    const NicSpec* own = catalog.nic(s->computeNicId);
    const NicSpec* pick = nullptr;
    if (own && std::abs(own->speed.inGbps() - perNic) < 1e-6) pick = own;
    for (int pass = 0; pass < 3 && !pick; ++pass) {
        // After the same kind: the server's own NIC cabled at the slower rate (a 400G ConnectX-7
        // runs 200G and 100G links, NDR200 / HDR100) before another kind of adapter.
        if (pass == 1 && own && own->speed.inGbps() + 1e-6 >= perNic) {
            pick = own;
            break;
        }
        for (const NicSpec& n : catalog.nics()) {
            const bool sameProtocol = !own || n.protocol == own->protocol;
            const bool sameKind = own ? n.category == own->category : n.category == "nic";
            if (std::abs(n.speed.inGbps() - perNic) < 1e-6 && (pass == 2 || (sameProtocol && (pass == 1 || sameKind)))) {
                pick = &n;
                break;
            }
        }
    }
    if (!pick)
        badOption(gen, "--per-node-gbps", significantDigits(o.perNodeGbps) + " Gb/s over " + std::to_string(nics) + " NICs needs " +
                                              significantDigits(perNic) + " Gb/s NICs; the catalog has none");
    FatTreeOptions f;
    f.server = s->id;
    f.nodes = o.nodes;
    f.nicModel = pick == own ? "" : pick->id;
    f.switchModel = !o.switchModel.empty() ? o.switchModel : rentedSwitch(catalog, pick->protocol, perNic, gen, o.perNodeGbps, nics);
    if (const SwitchSpec* sw = catalog.switchModel(f.switchModel); sw && !o.switchModel.empty() && sw->portSpeed.inGbps() + 1e-6 < perNic)
        badOption(gen, "--switch", sw->name + " has " + significantDigits(sw->portSpeed.inGbps()) + " Gb/s ports; " + significantDigits(o.perNodeGbps) +
                                       " Gb/s per node over " + std::to_string(nics) + " NICs needs " + significantDigits(perNic) + " Gb/s ports");
    f.linkGbps = perNic;
    f.linkOption = "--per-node-gbps";
    f.requireNicProtocol = false;
    f.namePrefix = "node";
    f.generatorName = gen;
    f.name = !o.name.empty() ? o.name
           : "Rented: " + std::to_string(o.nodes) + "x " + s->name + ", " + significantDigits(o.perNodeGbps) + " Gb/s per node" +
                 (o.provider.empty() ? "" : " (" + o.provider + ")");
    Design d = generateFatTree(catalog, f);
    d.analysis["generator"]["kind"] = "rented";
    d.analysis["rental"] = {{"provider", o.provider},
                            {"price_per_gpu_hour_USD", o.pricePerGpuHourUsd},
                            {"gpus", gpus},
                            {"price_per_hour_USD", o.pricePerGpuHourUsd * gpus},
                            {"per_node_Gbps", o.perNodeGbps},
                            {"max_gpus", o.maxGpus},
                            {"price_source", o.priceSource},
                            {"fabric_note", "the provider's fabric is drawn as a non-blocking leaf/spine"}};
    return d;
}

} // namespace model::topology
