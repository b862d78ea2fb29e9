// Golden tests of the exports: ASTRA-sim's numbers against the design's layers (converted to
// the GiB/s its analytical backend reads), and the InfraGraph file against the schema's
// required fields (Keysight/infragraph artifacts/openapi.yaml v2.4.0) and its own references.
#include "test_catalog_support.hpp"

#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/layers.hpp"
#include "model/catalog/catalog.hpp"
#include "model/io/export/astra_sim.hpp"
#include "model/io/export/infragraph.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

using namespace model;
using namespace model::io;
using nlohmann::json;

namespace {

using testsupport::catalog;

Design templateDesign(const std::string& name) { return loadDesign(bundledTemplateDirectory() + "/" + name); }

double layerGBps(const Design& d, Scope s)
{
    const auto facts = analysis::extractFacts(d, catalog());
    for (const auto& l : analysis::computeLayers(facts))
        if (l.scope == s) return l.perGpu.inGBps();
    return 0;
}

const ExportFile& file(const std::vector<ExportFile>& fs, const std::string& name)
{
    for (const auto& f : fs)
        if (f.name == name) return f;
    FAIL("no file " << name);
    throw std::logic_error("unreachable");
}

/// The flow list after `key:` in network.yml, as strings.
std::vector<std::string> yamlList(const std::string& yml, const std::string& key)
{
    const std::regex re("(^|\\n)" + key + ": \\[ ([^\\]]*) \\]");
    std::smatch m;
    if (!std::regex_search(yml, m, re)) return {};
    std::vector<std::string> out;
    std::stringstream s(m[2].str());
    for (std::string item; std::getline(s, item, ',');) {
        item.erase(0, item.find_first_not_of(' '));
        item.erase(item.find_last_not_of(' ') + 1);
        out.push_back(item);
    }
    return out;
}

using testsupport::kGiB;

/// Checks one ASTRA-sim export against its design; returns the dimensions.
std::vector<AstraDimension> checkAstra(const Design& d)
{
    const AstraSimExport e = exportAstraSim(d, catalog());
    CHECK(e.npus == d.gpuCount(catalog()));
    const std::string yml = file(e.files, "network.yml").content;
    const auto topo = yamlList(yml, "topology"), npus = yamlList(yml, "npus_count"), bw = yamlList(yml, "bandwidth"), lat = yamlList(yml, "latency");
    REQUIRE(topo.size() == e.dimensions.size());
    REQUIRE(npus.size() == e.dimensions.size());
    REQUIRE(bw.size() == e.dimensions.size());
    REQUIRE(lat.size() == e.dimensions.size());
    long long product = 1;
    for (std::size_t i = 0; i < e.dimensions.size(); ++i) {
        const auto& dim = e.dimensions[i];
        CHECK(topo[i] == dim.topology);
        CHECK(std::stoi(npus[i]) == dim.npus);
        product *= dim.npus;
        // GiB/s as the analytical backend reads it, to the 6 digits written.
        CHECK(std::stod(bw[i]) == Approx(dim.bandwidthGBps * 1e9 / kGiB).epsilon(1e-5));
        CHECK(std::stod(lat[i]) == Approx(dim.latencyNs));
    }
    CHECK(product == d.gpuCount(catalog()));
    const json sys = json::parse(file(e.files, "system.json").content);
    for (const char* k : {"all-reduce-implementation", "all-gather-implementation", "reduce-scatter-implementation", "all-to-all-implementation"}) {
        INFO(k);
        CHECK(sys[k].size() == e.dimensions.size());
    }
    CHECK(json::parse(file(e.files, "remote_memory.json").content)["memory-type"] == "NO_MEMORY_EXPANSION");
    return e.dimensions;
}

// ---- InfraGraph schema (openapi.yaml v2.4.0): required fields, enums, name pattern.

const std::regex kNamePattern(R"(^[\sa-zA-Z0-9\-_()<>\[\]]+$)");

void requireFields(const json& j, const std::vector<std::string>& fields, const std::string& what)
{
    for (const auto& f : fields) {
        INFO(what << " needs " << f << ": " << j.dump().substr(0, 200));
        CHECK(j.contains(f));
    }
}

/// "xpu[0:4]" -> (xpu, 0, 4); "port[5]" -> (port, 5, 6); "nic" -> (nic, -1, -1).
std::tuple<std::string, int, int> parseSlice(const std::string& s)
{
    std::smatch m;
    static const std::regex re(R"(^([A-Za-z0-9_\-]+)(?:\[(\d+)(?::(\d+))?\])?$)");
    REQUIRE(std::regex_match(s, m, re));
    if (!m[2].matched) return {m[1].str(), -1, -1};
    const int a = std::stoi(m[2].str());
    return {m[1].str(), a, m[3].matched ? std::stoi(m[3].str()) : a + 1};
}

void checkInfraGraph(const json& infra, const json& annotations, const Design& d)
{
    // Infrastructure: no required field; its arrays hold the required objects.
    REQUIRE(infra.contains("devices"));
    CHECK(std::regex_match(infra["name"].get<std::string>(), kNamePattern));
    std::map<std::string, std::map<std::string, int>> componentCount; // device -> component -> count
    std::set<std::string> names;
    for (const auto& dev : infra["devices"]) {
        requireFields(dev, {"name", "components", "links", "edges"}, "Device");
        const std::string dn = dev["name"];
        CHECK(std::regex_match(dn, kNamePattern));
        CHECK(names.insert(dn).second); // globally unique
        std::set<std::string> devLinks;
        for (const auto& l : dev["links"]) {
            requireFields(l, {"name"}, "Link");
            CHECK(std::regex_match(l["name"].get<std::string>(), kNamePattern));
            devLinks.insert(l["name"]);
        }
        for (const auto& c : dev["components"]) {
            requireFields(c, {"name", "count", "choice"}, "Component");
            CHECK(c["count"].is_number_integer());
            CHECK(c["count"].get<int>() >= 1);
            static const std::set<std::string> choices = {"custom", "device", "cpu", "xpu", "nic", "memory", "port", "switch"};
            CHECK(choices.count(c["choice"].get<std::string>()) == 1);
            componentCount[dn][c["name"]] = c["count"];
        }
        for (const auto& e : dev["edges"]) {
            requireFields(e, {"ep1", "ep2", "link"}, "Device.Edge");
            requireFields(e["ep1"], {"component"}, "Device.Endpoint");
            requireFields(e["ep2"], {"component"}, "Device.Endpoint");
            CHECK(devLinks.count(e["link"].get<std::string>()) == 1);
            static const std::set<std::string> schemes = {"one2one", "many2many", "ring"};
            CHECK(schemes.count(e["scheme"].get<std::string>()) == 1);
            for (const char* ep : {"ep1", "ep2"}) {
                const auto [comp, a, b] = parseSlice(e[ep]["component"]);
                INFO(dn << " edge endpoint " << e[ep]["component"]);
                REQUIRE(componentCount[dn].count(comp) == 1);
                if (a >= 0) CHECK(b <= componentCount[dn][comp]);
            }
        }
    }
    std::set<std::string> links;
    for (const auto& l : infra["links"]) {
        requireFields(l, {"name"}, "Link");
        CHECK(std::regex_match(l["name"].get<std::string>(), kNamePattern));
        links.insert(l["name"]);
        CHECK(l["physical"]["bandwidth"]["choice"] == "gigabits_per_second");
    }
    std::map<std::string, std::pair<std::string, int>> instances;
    for (const auto& i : infra["instances"]) {
        requireFields(i, {"name", "device", "count"}, "Instance");
        CHECK(std::regex_match(i["name"].get<std::string>(), kNamePattern));
        CHECK(componentCount.count(i["device"].get<std::string>()) == 1);
        instances[i["name"]] = {i["device"], i["count"]};
    }
    std::map<std::string, int> portUse;
    for (const auto& e : infra["edges"]) {
        requireFields(e, {"ep1", "ep2", "link"}, "Infrastructure.Edge");
        CHECK(links.count(e["link"].get<std::string>()) == 1);
        for (const char* ep : {"ep1", "ep2"}) {
            requireFields(e[ep], {"instance", "component"}, "Infrastructure.Endpoint");
            const auto [inst, i, j] = parseSlice(e[ep]["instance"]);
            REQUIRE(instances.count(inst) == 1);
            CHECK(i >= 0);
            CHECK(i < instances[inst].second);
            const auto [comp, a, b] = parseSlice(e[ep]["component"]);
            REQUIRE(componentCount[instances[inst].first].count(comp) == 1);
            CHECK(a >= 0);
            CHECK(a < componentCount[instances[inst].first][comp]);
            ++portUse[e[ep]["instance"].get<std::string>() + "." + e[ep]["component"].get<std::string>()];
        }
    }
    for (const auto& [port, n] : portUse) {
        INFO(port);
        CHECK(n == 1); // one cable per port
    }
    // Numbers against the design: one edge per cable, every GPU present.
    int cables = 0;
    for (const auto& [id, l] : d.links())
        if (l.medium == LinkMedium::InfiniBand || l.medium == LinkMedium::Ethernet) cables += l.count;
    CHECK(static_cast<int>(infra["edges"].size()) == cables);
    int gpus = 0;
    for (const auto& [name, inst] : instances) {
        const auto& comps = componentCount[inst.first];
        if (comps.count("xpu")) gpus += inst.second * comps.at("xpu");
    }
    CHECK(gpus == d.gpuCount(catalog()));
    // Annotations name every instance, hosts and switches.
    CHECK(annotations["nodes"].size() == instances.size());
    for (const auto& n : annotations["nodes"]) {
        CHECK(instances.count(n["name"].get<std::string>()) == 1);
        CHECK(n["attributes"][0]["attribute"] == "device_type");
    }
}

} // namespace

TEST_CASE("ASTRA-sim export: SuperPOD H100 SU, two dimensions at the design's per-GPU rates", "[export][astra-sim]")
{
    const Design d = templateDesign("superpod-h100-1su.json");
    const auto dims = checkAstra(d);
    REQUIRE(dims.size() == 2);
    CHECK(dims[0].topology == "Switch");
    CHECK(dims[0].npus == 8);
    CHECK(dims[0].bandwidthGBps == Approx(450.0));             // NVLink4, 900 GB/s bidirectional
    CHECK(dims[0].bandwidthGiBps == Approx(419.095).epsilon(1e-5));
    CHECK(dims[0].latencyNs == Approx(600));
    CHECK(dims[1].npus == 32);
    CHECK(dims[1].bandwidthGBps == Approx(layerGBps(d, Scope::NodeBoundary)));
    CHECK(dims[1].bandwidthGBps == Approx(50.0));              // one 400 Gb/s NIC per GPU
    CHECK(dims[1].bandwidthGiBps == Approx(46.5661).epsilon(1e-5));
    const json sys = json::parse(file(exportAstraSim(d, catalog()).files, "system.json").content);
    CHECK(sys["local-mem-bw"] == Approx(3350.0)); // H100 SXM HBM3, decimal GB/s
    CHECK(sys["all-reduce-implementation"] == json({"ring", "ring"}));
    CHECK(sys["all-to-all-implementation"] == json({"direct", "direct"}));
}

TEST_CASE("ASTRA-sim export: NVL72 racks, a PCIe server, and every template", "[export][astra-sim]")
{
    const auto nvl = checkAstra(templateDesign("gb200-nvl72-8racks.json"));
    REQUIRE(nvl.size() == 2);
    CHECK(nvl[0].npus == 72);
    CHECK(nvl[0].bandwidthGBps == Approx(900.0)); // NVLink5, 1800 GB/s bidirectional
    CHECK(nvl[1].npus == 8);
    const auto l40s = checkAstra(templateDesign("server-8x-l40s.json"));
    REQUIRE(l40s.size() == 1);
    CHECK(l40s[0].npus == 8);
    CHECK(l40s[0].latencyNs == Approx(1000));
    CHECK(l40s[0].bandwidthGBps == Approx(layerGBps(templateDesign("server-8x-l40s.json"), Scope::IntraNode)));
    for (const auto& e : std::filesystem::directory_iterator(bundledTemplateDirectory())) {
        if (e.path().extension() != ".json") continue;
        INFO(e.path().filename().string());
        (void)checkAstra(loadDesign(e.path().string()));
    }
}

TEST_CASE("ASTRA-sim export: GPUs without PCIe peer-to-peer get the host-staged hop the engine uses", "[export][astra-sim]")
{
    const Design ws = templateDesign("workstation-4x-rtx4090.json");
    const auto dims = checkAstra(ws);
    REQUIRE(dims.size() == 1);
    CHECK(dims[0].npus == 4);
    // RTX 4090: PCIe Gen4 x16, no peer-to-peer; every hop is staged through host memory.
    const double spec = layerGBps(ws, Scope::IntraNode);
    CHECK(spec == Approx(32.0)); // PCIe Gen4 x16 as the catalog rates it: 16 GT/s x 16 lanes / 8
    CHECK(dims[0].bandwidthGBps == Approx(16.0)); // half: each hop crosses PCIe twice
    CHECK(dims[0].latencyNs == Approx(2000));
    CHECK(dims[0].source.find("host-staged") != std::string::npos);
    const auto out = exportAstraSim(ws, catalog());
    bool noted = false;
    for (const auto& n : out.notes) noted = noted || n.find("no PCIe peer-to-peer") != std::string::npos;
    CHECK(noted);
    const std::string readme = file(out.files, "README.md").content;
    CHECK(readme.find("local-mem-bw is the GPU's memory rate (HBM or\nGDDR) in decimal GB/s") != std::string::npos);
    // A PCIe card with peer-to-peer keeps the spec rate (server-8x-l40s above).
}

TEST_CASE("ASTRA-sim export: fat trees swept over size and oversubscription", "[export][astra-sim]")
{
    int railLocalOversubscribed = 0;
    for (int nodes : {2, 4, 16, 64, 128})
        for (double over : {1.0, 2.0, 3.0, 4.0}) {
            INFO(nodes << " DGX H100, " << over << ":1");
            topology::FatTreeOptions o;
            o.server = "dgx-h100";
            o.nodes = nodes;
            o.switchModel = "qm9700";
            o.oversubscription = over;
            Design d;
            try {
                d = topology::generateFatTree(catalog(), o);
            } catch (const InputError&) {
                continue; // no fat tree of that shape
            }
            const auto dims = checkAstra(d);
            const double nb = layerGBps(d, Scope::NodeBoundary), fb = layerGBps(d, Scope::Fabric);
            CHECK(dims.front().npus == 8);
            const auto facts = analysis::extractFacts(d, catalog());
            bool railLocal = true;
            for (const auto& s : facts.servers) railLocal = railLocal && s.portSwitchIndex == facts.servers.front().portSwitchIndex;
            if (fb < nb * 0.999 && railLocal) {
                // Every server's NIC i on one leaf: the scale-out dimension never reaches a spine.
                REQUIRE(dims.size() == 2);
                CHECK(dims[1].scope == "node_boundary");
                CHECK(dims[1].bandwidthGBps == Approx(nb));
                CHECK(dims[1].npus == nodes);
                ++railLocalOversubscribed;
            } else if (fb < nb * 0.999) {
                // The oversubscribed tier carries the fabric's rate, on whichever dimension stands for it.
                CHECK(dims.back().scope == "fabric");
                CHECK(dims.back().bandwidthGBps == Approx(fb));
            } else {
                REQUIRE(dims.size() == 2);
                CHECK(dims[1].bandwidthGBps == Approx(nb));
                CHECK(dims[1].npus == nodes);
            }
            if (nodes == 16 && over == 4.0) { // one scalable unit: 400G per GPU, not the spines' 12.5 GB/s
                CHECK(railLocal);
                CHECK(dims[1].bandwidthGBps == Approx(50.0));
            }
        }
    CHECK(railLocalOversubscribed > 0);
}

TEST_CASE("ASTRA-sim export: designs it cannot express are refused by name", "[export][astra-sim]")
{
    Design mixed = topology::generateSingleServer(catalog(), {"dgx-h100", "mixed"});
    Node other;
    other.kind = NodeKind::Server;
    other.model = "dgx-a100";
    other.name = "a100";
    mixed.addNode(other);
    try {
        (void)exportAstraSim(mixed, catalog());
        FAIL("expected InputError");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).find("identical") != std::string::npos);
    }
    CHECK_THROWS_AS(exportAstraSim(Design{}, catalog()), InputError);
}

TEST_CASE("InfraGraph export refuses what ASTRA-sim refuses: no GPU server or servers with every cable removed", "[export][infragraph]")
{
    // An empty design, switches alone, and 32 DGX with every link removed: both exporters throw,
    // naming the design and what was expected (InfraGraph used to write 0 devices / 0 edges).
    Design switchesOnly;
    switchesOnly.name = "switches only";
    Node sw;
    sw.kind = NodeKind::Switch;
    sw.model = "qm9700";
    sw.name = "leaf";
    switchesOnly.addNode(sw);
    Design unplugged = templateDesign("superpod-h100-1su.json");
    std::vector<Id> ids;
    for (const auto& [id, l] : unplugged.links()) ids.push_back(id);
    for (Id id : ids) unplugged.removeLink(id);
    REQUIRE(unplugged.links().empty());
    const std::vector<std::pair<Design, std::string>> cases = {
        {Design{}, "expected at least one GPU server"},
        {switchesOnly, "expected at least one GPU server"},
        {unplugged, "field \"links\": expected every server to reach every other; the design has 32 islands"},
    };
    for (const auto& [d, expected] : cases) {
        INFO(d.name);
        try {
            (void)exportInfraGraph(d, catalog());
            FAIL("expected InputError");
        } catch (const InputError& e) {
            CHECK(e.file() == "<design>");
            CHECK(std::string(e.what()).find(expected) != std::string::npos);
        }
        CHECK_THROWS_AS(exportAstraSim(d, catalog()), InputError);
    }
    // One server on its own is a system to simulate (its GPUs, NVSwitches and PCIe), for both.
    const Design one = topology::generateSingleServer(catalog(), {"dgx-h100", "one"});
    CHECK(exportInfraGraph(one, catalog()).infrastructure["devices"].size() == 1);
    CHECK(exportAstraSim(one, catalog()).npus == 8);
}

TEST_CASE("InfraGraph export: schema's required fields, references and the design's numbers", "[export][infragraph]")
{
    for (const auto& e : std::filesystem::directory_iterator(bundledTemplateDirectory())) {
        if (e.path().extension() != ".json") continue;
        INFO(e.path().filename().string());
        const Design d = loadDesign(e.path().string());
        const InfraGraphExport x = exportInfraGraph(d, catalog());
        checkInfraGraph(x.infrastructure, x.annotations, d);
        CHECK(json::parse(file(x.files, "infragraph.json").content) == x.infrastructure);
        // Every rate given is a real one (a GB200 device had "PCIe Gen0 x0" at 0 GB/s).
        for (const auto& dev : x.infrastructure["devices"])
            for (const auto& l : dev["links"]) {
                INFO(dev["name"] << " link " << l["name"]);
                if (l.contains("physical")) {
                    const json& bw = l["physical"]["bandwidth"];
                    CHECK(bw[bw["choice"].get<std::string>()].get<double>() > 0);
                }
                CHECK(l["description"].get<std::string>().find("Gen0") == std::string::npos);
            }
    }
    for (int nodes : {2, 8, 32}) {
        INFO(nodes << " DGX H100");
        topology::FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = nodes;
        o.switchModel = "qm9700";
        const Design d = topology::generateFatTree(catalog(), o);
        const InfraGraphExport x = exportInfraGraph(d, catalog());
        checkInfraGraph(x.infrastructure, x.annotations, d);
    }
}

TEST_CASE("InfraGraph export: a switch's port count is the switch's logical ports, not the highest port wired", "[export][infragraph]")
{
    // helper-90: 20 DGX A100 (200G NICs) on QM9700 exported a leaf of 120 ports and a spine of
    // 80, the same 64-port switch split 2 x 200G; at 400G the same model read 64.
    for (const auto& [server, nodes, ports, speed] :
         {std::tuple{"dgx-a100", 20, 128, "200 Gb/s logical port (a 400 Gb/s port split in 2)"}, std::tuple{"dgx-h100", 32, 64, "400 Gb/s port"}}) {
        INFO(server << " x " << nodes);
        topology::FatTreeOptions o;
        o.server = server;
        o.nodes = nodes;
        o.switchModel = "qm9700";
        const InfraGraphExport x = exportInfraGraph(topology::generateFatTree(catalog(), o), catalog());
        int switches = 0;
        for (const auto& dev : x.infrastructure["devices"]) {
            if (dev["name"].get<std::string>().rfind("qm9700", 0) != 0) continue;
            ++switches;
            for (const auto& c : dev["components"])
                if (c["name"] == "port") {
                    CHECK(c["count"] == ports);
                    CHECK(c["description"] == speed);
                }
        }
        CHECK(switches == 2); // leaf and spine devices
    }
}

TEST_CASE("InfraGraph export: a DGX H100 device carries its GPUs, NVSwitches and link rates", "[export][infragraph]")
{
    const Design d = templateDesign("superpod-h100-1su.json");
    const InfraGraphExport x = exportInfraGraph(d, catalog());
    const json* dgx = nullptr;
    for (const auto& dev : x.infrastructure["devices"])
        if (dev["name"] == "dgx-h100") dgx = &dev;
    REQUIRE(dgx);
    std::map<std::string, int> count;
    for (const auto& c : (*dgx)["components"]) count[c["name"]] = c["count"];
    CHECK(count["xpu"] == 8);
    CHECK(count["nic"] == 8);
    CHECK(count["cpu"] == 2);
    const ServerSpec* s = catalog().server("dgx-h100");
    CHECK(count["nvlsw"] == s->nvswitchCount);
    for (const auto& l : (*dgx)["links"])
        if (l["name"] == "nvlink")
            CHECK(l["physical"]["bandwidth"]["gigabytes_per_second"].get<double>() * s->nvswitchCount == Approx(450.0));
    // Cable rate on the infrastructure links.
    for (const auto& l : x.infrastructure["links"]) CHECK(l["physical"]["bandwidth"]["gigabits_per_second"].get<double>() == Approx(400.0));
    // Files land in a directory atomically.
    const std::string dir = (std::filesystem::temp_directory_path() / "cd-export-test").string();
    std::filesystem::remove_all(dir);
    writeExportFiles(dir, x.files);
    CHECK(std::filesystem::exists(dir + "/infragraph.json"));
    CHECK(std::filesystem::exists(dir + "/annotations.json"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("InfraGraph export: a GB200 GPU reaches its Grace over NVLink-C2C and its NIC over the NIC's own PCIe", "[export][infragraph]")
{
    const InfraGraphExport x = exportInfraGraph(templateDesign("gb200-nvl72-1rack.json"), catalog());
    const json& dev = x.infrastructure["devices"][0];
    std::map<std::string, double> rate;
    for (const auto& l : dev["links"])
        if (l.contains("physical")) rate[l["name"]] = l["physical"]["bandwidth"]["gigabytes_per_second"];
    CHECK(rate["c2c"] == Approx(450.0));     // 900 GB/s both ways (catalog host_link_GBps_bidirectional)
    CHECK(rate["nic-pcie"] == Approx(64.0)); // ConnectX-7: PCIe Gen5 x16
    CHECK(rate.count("pcie") == 0);
    int c2c = 0, nic = 0;
    for (const auto& e : dev["edges"]) {
        if (e["link"] == "c2c") ++c2c;
        if (e["link"] == "nic-pcie") ++nic;
        CHECK(e["link"] != "pcie");
    }
    CHECK(c2c > 0);
    CHECK(nic > 0);
    CHECK(pcieLinkNamedIn("PCIe Gen5 x16")->inGBps() == Approx(64.0));
    CHECK(pcieLinkNamedIn("PCIe Gen4 x8")->inGBps() == Approx(16.0));
    CHECK_FALSE(pcieLinkNamedIn(""));
    CHECK_FALSE(pcieLinkNamedIn("OCP 3.0"));
}

TEST_CASE("astra-sim export of a lossy Ethernet fabric says its times are a lower bound", "[export][astra]")
{
    // helper-81: the export of a RoCE fabric without PFC/ECN had empty notes.
    topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.switchModel = "sn5600";
    o.nodes = 16;
    for (const bool lossless : {false, true}) {
        o.lossless = lossless;
        const auto e = exportAstraSim(topology::generateRoceFabric(catalog(), o), catalog());
        const bool noted = std::any_of(e.notes.begin(), e.notes.end(), [](const std::string& n) {
            return n.find("runs Ethernet without PFC/ECN: under incast it drops packets, which ASTRA-sim's analytical network backend "
                          "does not model, so its times here are a lower bound") != std::string::npos;
        });
        CHECK(noted == !lossless);
    }
}
