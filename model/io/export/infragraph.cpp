// InfraGraph infrastructure from a design (see infragraph.hpp).
#include "model/io/export/infragraph.hpp"

#include "model/analysis/cluster_facts.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/rules.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace model::io {

using nlohmann::json;

std::string infragraphName(const std::string& s)
{
    std::string out;
    for (unsigned char c : s) {
        const bool ok = std::isalnum(c) || c == ' ' || c == '-' || c == '_' || c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']';
        out += ok ? static_cast<char>(c) : '-';
    }
    return out.empty() ? std::string("unnamed") : out;
}

namespace {

json bandwidthGBps(double v) { return {{"bandwidth", {{"choice", "gigabytes_per_second"}, {"gigabytes_per_second", v}}}}; }
json bandwidthGbps(double v) { return {{"bandwidth", {{"choice", "gigabits_per_second"}, {"gigabits_per_second", v}}}}; }

json component(const std::string& name, int count, const std::string& choice, const std::string& description)
{
    return {{"name", name}, {"count", count}, {"choice", choice}, {"description", description}};
}

json deviceEdge(const std::string& a, const std::string& b, const std::string& scheme, const std::string& link)
{
    return {{"ep1", {{"component", a}}}, {"ep2", {{"component", b}}}, {"scheme", scheme}, {"link", link}};
}

std::string slice(const std::string& c, int from, int to) { return c + "[" + std::to_string(from) + ":" + std::to_string(to) + "]"; }
std::string at(const std::string& c, int i) { return c + "[" + std::to_string(i) + "]"; }

/// Adds the GPU's host link to `links` and returns its name: "pcie" (the GPU's PCIe generation
/// and lanes, one direction) or "c2c" (NVLink-C2C, half the catalog's bidirectional rate).
std::string hostLink(const GpuSpec& gpu, json& links)
{
    if (gpu.hostLink == "nvlink_c2c") {
        json l = {{"name", "c2c"}, {"description", "NVLink-C2C between the GPU and its Grace CPU, one direction"}};
        if (gpu.hostLinkBidirectional) l["physical"] = bandwidthGBps(gpu.hostLinkBidirectional->inGBps() / 2.0);
        else l["description"] = "NVLink-C2C between the GPU and its Grace CPU (rate not in the catalog)";
        links.push_back(l);
        return "c2c";
    }
    json pcie = {{"name", "pcie"}, {"description", "PCIe Gen" + std::to_string(gpu.pcieGeneration) + " x" + std::to_string(gpu.pcieLanes) + ", one direction"}};
    if (const Bandwidth b = gpu.pciePerDirection(); !b.isZero()) pcie["physical"] = bandwidthGBps(b.inGBps());
    else pcie["description"] = "PCIe (generation and lanes not in the catalog)";
    links.push_back(pcie);
    return "pcie";
}

/// Adds the NIC's own host link to `links` (its catalog host interface, e.g. "PCIe Gen5 x16" =
/// 64 GB/s one direction) and returns its name, "nic-pcie".
std::string nicHostLink(const NicSpec* nic, json& links)
{
    json l = {{"name", "nic-pcie"}};
    const std::optional<Bandwidth> b = nic ? pcieLinkNamedIn(nic->hostInterface) : std::nullopt;
    if (b) {
        l["description"] = "the NIC's host interface, " + nic->hostInterface + ", one direction";
        l["physical"] = bandwidthGBps(b->inGBps());
    } else {
        l["description"] = "the NIC's host interface (not in the catalog)";
    }
    links.push_back(l);
    return "nic-pcie";
}

/// What distinguishes one server device from another: model, NIC model and NIC count.
struct ServerKey {
    std::string model, nic;
    int nics = 0;
    bool operator<(const ServerKey& o) const { return std::tie(model, nic, nics) < std::tie(o.model, o.nic, o.nics); }
};

json serverDevice(const std::string& name, const ServerSpec& s, const GpuSpec* gpu, const NicSpec* nic, int nics, std::vector<std::string>& notes)
{
    json comps = json::array(), links = json::array(), edges = json::array();
    const int sockets = std::max(1, s.cpuSockets);
    comps.push_back(component("cpu", sockets, "cpu", s.cpu.empty() ? "CPU socket" : s.cpu));
    if (s.gpuCount > 0) comps.push_back(component("xpu", s.gpuCount, "xpu", gpu ? gpu->name : s.gpuId));
    if (nics > 0) comps.push_back(component("nic", nics, "nic", nic ? nic->name : "compute NIC"));
    if (sockets > 1) {
        links.push_back({{"name", "cpu-fabric"}, {"description", "CPU-to-CPU interconnect (rate not in the catalog)"}});
        edges.push_back(deviceEdge("cpu", "cpu", "many2many", "cpu-fabric"));
    }
    if (gpu && s.gpuCount > 0) {
        // The GPU's host link: PCIe, or NVLink-C2C to the Grace CPU of a superchip (GB200: 900 GB/s
        // both ways, catalog host_link_GBps_bidirectional), which has no PCIe link to price.
        const std::string host = hostLink(*gpu, links);
        // GPUs spread evenly over the sockets.
        const int per = (s.gpuCount + sockets - 1) / sockets;
        for (int k = 0; k < sockets && k * per < s.gpuCount; ++k)
            edges.push_back(deviceEdge(slice("xpu", k * per, std::min(s.gpuCount, (k + 1) * per)), at("cpu", k), "many2many", host));
        const bool nvlink = gpu->scaleUp == ScaleUpKind::NVLink && !gpu->scaleUpBidirectional.isZero();
        if (s.intraNode == IntraNodeFabric::NVSwitch && nvlink) {
            const int switches = std::max(1, s.nvswitchCount);
            comps.push_back(component("nvlsw", switches, "switch", "NVSwitch"));
            json l = {{"name", "nvlink"},
                      {"description", "NVLink " + std::to_string(gpu->nvlinkGeneration) + ": the GPU's " + significantDigits(gpu->scaleUpPerDirection().inGBps()) +
                                          " GB/s per direction spread over " + std::to_string(switches) + " NVSwitch chips"}};
            l["physical"] = bandwidthGBps(gpu->scaleUpPerDirection().inGBps() / switches);
            links.push_back(l);
            edges.push_back(deviceEdge("xpu", "nvlsw", "many2many", "nvlink"));
        } else if (s.intraNode == IntraNodeFabric::NVLinkBridge && nvlink) {
            const int group = std::max(2, gpu->nvlinkBridgeGpus.value_or(2));
            json l = {{"name", "nvlink"}, {"description", "NVLink bridge, per GPU, one direction"}};
            l["physical"] = bandwidthGBps(gpu->scaleUpPerDirection().inGBps());
            links.push_back(l);
            for (int g = 0; g + group <= s.gpuCount; g += group)
                edges.push_back(deviceEdge(slice("xpu", g, g + group), slice("xpu", g, g + group), "many2many", "nvlink"));
        } else if (s.intraNode == IntraNodeFabric::DirectMesh && gpu->scaleUp != ScaleUpKind::None) {
            json l = {{"name", "scale-up"}, {"description", std::string(toString(gpu->scaleUp)) + " direct link to one peer, one direction"}};
            if (gpu->scaleUpPeerPerDirection) l["physical"] = bandwidthGBps(gpu->scaleUpPeerPerDirection->inGBps());
            links.push_back(l);
            edges.push_back(deviceEdge("xpu", "xpu", "many2many", "scale-up"));
        }
        // NICs: one per GPU sits with its GPU (the GPUDirect RDMA pairing); otherwise they hang off the sockets.
        if (nics > 0) {
            // A PCIe GPU and its NIC share the GPU's PCIe link; a superchip's NIC has its own.
            const std::string nicLink = host == "pcie" ? host : nicHostLink(nic, links);
            if (nics == s.gpuCount) {
                edges.push_back(deviceEdge("nic", "xpu", "one2one", nicLink));
            } else {
                const int perN = (nics + sockets - 1) / sockets;
                for (int k = 0; k < sockets && k * perN < nics; ++k)
                    edges.push_back(deviceEdge(slice("nic", k * perN, std::min(nics, (k + 1) * perN)), at("cpu", k), "many2many", nicLink));
                notes.push_back(name + ": " + std::to_string(nics) + " NICs for " + std::to_string(s.gpuCount) + " GPUs, attached to the CPU sockets");
            }
        }
    } else if (nics > 0) {
        links.push_back({{"name", "pcie"}, {"description", "PCIe"}});
        edges.push_back(deviceEdge("nic", at("cpu", 0), "many2many", "pcie"));
    }
    return {{"name", name}, {"description", s.name + " (" + s.vendor + ")"}, {"components", comps}, {"links", links}, {"edges", edges}};
}

} // namespace

InfraGraphExport exportInfraGraph(const Design& design, const Catalog& catalog)
{
    // What ASTRA-sim's export refuses as nothing to simulate is refused here too: no GPU server,
    // or servers that cannot all reach one another (every cable removed).
    const analysis::ClusterFacts facts = analysis::extractFacts(design, catalog);
    if (facts.servers.empty())
        throw InputError("<design>", design.name, "", "expected at least one GPU server: there is nothing for InfraGraph's simulators to simulate");
    if (facts.servers.size() > 1 && facts.islands > 1)
        throw InputError("<design>", design.name, "links", "expected every server to reach every other; the design has " + std::to_string(facts.islands) +
                                                               " islands of servers that cannot reach each other");
    InfraGraphExport out;
    // Devices and instances.
    std::map<ServerKey, std::vector<Id>> serverGroups;
    std::map<std::pair<std::string, SwitchTier>, std::vector<Id>> switchGroups;
    for (const auto& [id, n] : design.nodes()) {
        if (n.kind == NodeKind::Server) {
            const ServerSpec* s = catalog.server(n.model);
            if (!s) throw InputError("<design>", topology::rules::label(n), "model", "expected a catalog server, got \"" + n.model + "\"");
            const NicSpec* nic = topology::rules::nicOf(n, catalog);
            serverGroups[{n.model, nic ? nic->id : std::string(), topology::rules::nicCountOf(n, catalog)}].push_back(id);
        } else {
            if (!catalog.switchModel(n.model)) throw InputError("<design>", topology::rules::label(n), "model", "expected a catalog switch, got \"" + n.model + "\"");
            switchGroups[{n.model, n.tier}].push_back(id);
        }
    }
    std::map<Id, std::pair<std::string, int>> where; // node -> (instance, index)
    std::map<Id, int> nicCountOf, portCountOf;
    json devices = json::array(), instances = json::array(), annotationNodes = json::array();
    std::set<std::string> usedNames;
    auto unique = [&](std::string n) {
        n = infragraphName(n);
        std::string u = n;
        for (int i = 2; usedNames.count(u); ++i) u = n + "-" + std::to_string(i);
        usedNames.insert(u);
        return u;
    };
    const bool oneServerKind = serverGroups.size() == 1;
    std::vector<std::pair<std::string, std::string>> serverInstances; // (instance, device)
    for (const auto& [key, ids] : serverGroups) {
        const ServerSpec& s = *catalog.server(key.model);
        const std::string devName = unique(key.model + (key.nic == s.computeNicId && key.nics == s.computeNicCount ? "" : "-" + key.nic + "-x" + std::to_string(key.nics)));
        devices.push_back(serverDevice(devName, s, catalog.gpu(s.gpuId), catalog.nic(key.nic), key.nics, out.notes));
        const std::string inst = unique(s.isAppliance() ? "appliance" : oneServerKind ? "server" : "server-" + devName);
        instances.push_back({{"name", inst}, {"device", devName}, {"count", static_cast<int>(ids.size())}, {"description", s.name}});
        for (std::size_t i = 0; i < ids.size(); ++i) {
            where[ids[i]] = {inst, static_cast<int>(i)};
            nicCountOf[ids[i]] = key.nics;
        }
        serverInstances.emplace_back(inst, devName);
    }
    std::map<std::string, int> tierModels;
    for (const auto& [key, ids] : switchGroups) ++tierModels[toString(key.second)];

    // Switch ports per node first (devices need their port counts).
    struct Edge {
        std::string a, ac, b, bc, link;
    };
    std::map<Id, std::set<int>> used;
    auto nextFree = [&](Id node) {
        int p = 0;
        while (used[node].count(p)) ++p;
        return p;
    };
    std::vector<Edge> edges;
    json links = json::array();
    std::set<std::string> linkNames;
    int skipped = 0;
    for (const auto& [lid, l] : design.links()) {
        if (!topology::rules::isNetwork(l)) {
            ++skipped;
            continue;
        }
        const std::string linkName = infragraphName(std::string(toString(l.medium)) + "-" + configNumber(l.perCable().inGbps()) + "G");
        std::string fixedName = linkName;
        std::replace(fixedName.begin(), fixedName.end(), '.', '_');
        if (linkNames.insert(fixedName).second) {
            json j = {{"name", fixedName}, {"description", std::string(toString(l.medium)) + " cable, " + configNumber(l.perCable().inGbps()) + " Gb/s per direction"}};
            j["physical"] = bandwidthGbps(l.perCable().inGbps());
            links.push_back(j);
        }
        for (int c = 0; c < l.count; ++c) {
            Edge e;
            e.link = fixedName;
            for (int side = 0; side < 2; ++side) {
                const Endpoint& ep = side == 0 ? l.a : l.b;
                const Node* n = design.node(ep.node);
                int port = (ep.port >= 0 && c == 0) ? ep.port : nextFree(ep.node);
                if (ep.port >= 0 && c > 0) port = nextFree(ep.node);
                used[ep.node].insert(port);
                if (n->kind == NodeKind::Server && port >= nicCountOf[ep.node])
                    throw InputError("<design>", topology::rules::label(*n), "links",
                                     "expected at most " + std::to_string(nicCountOf[ep.node]) + " NIC ports in use, link " + std::to_string(lid) +
                                         " needs port " + std::to_string(port));
                const std::string comp = (n->kind == NodeKind::Server ? "nic" : "port") + std::string("[") + std::to_string(port) + "]";
                if (side == 0) e.ac = comp;
                else e.bc = comp;
            }
            edges.push_back(e);
        }
    }
    if (facts.servers.size() > 1 && edges.empty())
        throw InputError("<design>", design.name, "links",
                         "expected the servers' NICs to be cabled to switches: InfraGraph edges join NICs to switch ports, and this design has none");
    if (skipped) out.notes.push_back(std::to_string(skipped) + " NVLink/PCIe links between nodes are not exported (InfraGraph edges here join NICs to switch ports)");

    for (const auto& [key, ids] : switchGroups) {
        const SwitchSpec& sw = *catalog.switchModel(key.first);
        // Logical ports as the switch runs them: its ports times the finest split its links
        // need (a QM9700 with 200G links runs 128 half-ports; helper-90: the count was the
        // highest port wired, 120 on one leaf and 80 on a spine of the same model).
        int split = 1;
        for (Id id : ids)
            for (const Link* l : design.linksAt(id))
                if (topology::rules::isNetwork(*l)) split = std::max(split, sw.linksPerPort(l->perCable().inGbps()));
        int ports = sw.ports * split;
        for (Id id : ids)
            if (!used[id].empty()) ports = std::max(ports, *used[id].rbegin() + 1);
        if (ports < 1) ports = 1;
        const double logicalGbps = sw.portSpeed.inGbps() / split;
        const std::string devName = unique(key.first + (switchGroups.size() > 1 ? "-" + std::string(toString(key.second)) : ""));
        json swLinks = json::array();
        json backplane = {{"name", "switching"}, {"description", "the switch ASIC's connection to its ports"}};
        if (!sw.portSpeed.isZero()) backplane["physical"] = bandwidthGbps(logicalGbps);
        swLinks.push_back(backplane);
        devices.push_back({{"name", devName},
                           {"description", sw.name + " (" + sw.vendor + ")" + (sw.portsKnown() ? "" : ": port count not published, ports as wired")},
                           {"components", json::array({component("asic", 1, "switch", sw.asic.empty() ? sw.name : sw.asic),
                                                       component("port", ports, "port",
                                                                 split > 1 ? configNumber(logicalGbps) + " Gb/s logical port (a " + configNumber(sw.portSpeed.inGbps()) +
                                                                                 " Gb/s port split in " + std::to_string(split) + ")"
                                                                           : configNumber(sw.portSpeed.inGbps()) + " Gb/s port")})},
                           {"links", swLinks},
                           {"edges", json::array({deviceEdge("asic[0]", "port", "many2many", "switching")})}});
        const std::string tier = key.second == SwitchTier::None ? "switch" : toString(key.second);
        const std::string inst = unique(tierModels[toString(key.second)] > 1 ? tier + "-" + key.first : tier);
        instances.push_back({{"name", inst}, {"device", devName}, {"count", static_cast<int>(ids.size())}, {"description", sw.name}});
        for (std::size_t i = 0; i < ids.size(); ++i) where[ids[i]] = {inst, static_cast<int>(i)};
        annotationNodes.push_back({{"name", inst}, {"attributes", json::array({{{"attribute", "device_type"}, {"value", "switch"}},
                                                                               {{"attribute", "device_name"}, {"value", devName}}})}});
    }
    for (const auto& [inst, dev] : serverInstances)
        annotationNodes.insert(annotationNodes.begin(), json{{"name", inst}, {"attributes", json::array({{{"attribute", "device_type"}, {"value", "host"}},
                                                                                                          {{"attribute", "device_name"}, {"value", dev}}})}});

    // Resolve edge endpoints to instances.
    json infraEdges = json::array();
    std::size_t k = 0;
    for (const auto& [lid, l] : design.links()) {
        if (!topology::rules::isNetwork(l)) continue;
        for (int c = 0; c < l.count; ++c, ++k) {
            Edge& e = edges[k];
            const auto& wa = where.at(l.a.node);
            const auto& wb = where.at(l.b.node);
            infraEdges.push_back({{"ep1", {{"instance", at(wa.first, wa.second)}, {"component", e.ac}}},
                                  {"ep2", {{"instance", at(wb.first, wb.second)}, {"component", e.bc}}},
                                  {"scheme", "one2one"},
                                  {"link", e.link}});
        }
    }
    out.infrastructure = {{"name", infragraphName(design.name)},
                          {"description", "Cluster design \"" + design.name + "\" exported by Cluster Designer"},
                          {"devices", devices},
                          {"links", links},
                          {"instances", instances},
                          {"edges", infraEdges}};
    out.annotations = {{"nodes", annotationNodes}};

    std::ostringstream readme;
    readme << "# InfraGraph description of \"" << design.name << "\"\n\n"
           << "Written by Cluster Designer: infragraph.json is an InfraGraph `Infrastructure` (Keysight/infragraph, openapi v2.4.0),\n"
           << "annotations.json an `Annotation` marking each instance as host or switch (ASTRA-sim service's device_type).\n\n"
           << "With the ASTRA-sim service (astra-sim/astra-sim-service) client:\n\n"
           << "    astra.configuration.infragraph.infrastructure.deserialize(open('infragraph.json').read())\n"
           << "    astra.configuration.infragraph.annotations.deserialize(open('annotations.json').read())\n"
           << "    # choose the ns-3 (or htsim) backend with its topology set to INFRAGRAPH, then run as in the\n"
           << "    # service's notebooks/infragraph examples\n\n"
           << "Devices: " << devices.size() << ", instances: " << instances.size() << ", cables (edges): " << infraEdges.size() << ".\n";
    for (const auto& n : out.notes) readme << "\nNote: " << n << "\n";
    out.files.push_back({"infragraph.json", out.infrastructure.dump(2) + "\n"});
    out.files.push_back({"annotations.json", out.annotations.dump(2) + "\n"});
    out.files.push_back({"README.md", readme.str()});
    return out;
}

} // namespace model::io
