// Bill of materials: golden numbers for SuperPOD rows, cable kinds, power, racks, exports.
#include "test_catalog_support.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"
#include "model/units/number_format.hpp"

#include <vector>
#include <catch2/catch.hpp>

#include <set>

using namespace model;
using namespace model::topology;

namespace {
using testsupport::catalog;

Bom bomOf(const std::string& server, int nodes, const std::string& sw)
{
    FatTreeOptions o;
    o.server = server;
    o.nodes = nodes;
    o.switchModel = sw;
    return computeBom(generateFatTree(catalog(), o), catalog());
}

/// Adds a server of catalog `model` in rack `rack` to `d`; returns its id.
Id addServer(Design& d, const std::string& model, const std::string& rack)
{
    Node s;
    s.kind = NodeKind::Server;
    s.model = model;
    s.rack = rack;
    return d.addNode(s);
}
} // namespace

TEST_CASE("BOM of the default SuperPOD H100 scalable unit", "[bom]")
{
    const Design d = loadDesign(defaultDesignPath());
    const Bom b = computeBom(d, catalog());
    CHECK(b.switchCount(SwitchTier::Leaf) == 8);
    CHECK(b.switchCount(SwitchTier::Spine) == 4);
    CHECK(b.switchCount(SwitchTier::Core) == 0);
    CHECK(b.cablesBetween("node-leaf") == 256);
    CHECK(b.cablesBetween("leaf-spine") == 256);
    REQUIRE(b.nics.size() == 1);
    CHECK(b.nics[0].model == "connectx-7-400g");
    CHECK(b.nics[0].count == 256);
    // Servers and leaves sit in different racks, so every cable is optical. NIC side: a DGX
    // H100 reaches its 8 ConnectX-7 through 4 twin-port OSFP cages (servers.csv dgx_h100 "8x
    // single-port ConnectX-7 VPI via 4x twin-port OSFP cages"), one twin-port 2x400G (800G)
    // module each: 32 x 4 = 128 (was 256 single-port 400G, one per NIC, before server cages
    // were modelled). Switch side: 256 node-leaf + 2 x 256 leaf-spine = 768 logical
    // 400G ports, but a QM9700 OSFP cage holds 2 logical ports (network.csv sw_qm9700: "64
    // logical (32 OSFP twin-port cages)") and takes one twin-port 2x400G (800G) module, so
    // 768 / 2 = 384 modules: 8 leaves x 32 cages (32 ports down + 32 up) + 4 spines x 32 cages.
    // (Was 768 before cages were modelled: one module per logical port overcounted by 2x.)
    for (const BomCable& c : b.cables) CHECK(c.dac == 0);
    long long nicEnd = 0, switchEnd = 0;
    for (const BomTransceiver& t : b.transceivers) (t.end == "nic" ? nicEnd : switchEnd) += t.count;
    CHECK(nicEnd == 128);
    CHECK(switchEnd == 384);
    REQUIRE(b.transceivers.size() == 2);
    CHECK(b.transceivers[0].end == "nic");
    CHECK(b.transceivers[0].rateGbps == 800);
    CHECK(b.transceivers[0].ports == 2);
    CHECK(b.transceivers[0].links == 2);
    CHECK(b.transceivers[0].linkGbps == 400);
    CHECK(b.transceivers[0].count == 128);
    CHECK(b.transceivers[0].form() == "twin-port 2x400G (800G)");
    CHECK(b.transceivers[1].end == "switch");
    CHECK(b.transceivers[1].rateGbps == 800);
    CHECK(b.transceivers[1].ports == 2);
    CHECK(b.transceivers[1].links == 2);
    CHECK(b.transceivers[1].linkGbps == 400);
    CHECK(b.transceivers[1].count == 384);
    CHECK(b.transceivers[1].form() == "twin-port 2x400G (800G)");
    CHECK(b.transceiverRule.rfind("At the NIC end, one module per cage: DGX H100 puts 2 compute NIC ports in each cage (DGX H100, "
                                  "H200 and B200 reach their 8 ConnectX-7 through 4 twin-port OSFP cages, per NVIDIA's DGX "
                                  "documentation), so it takes one twin-port module per 2 NIC ports. At a switch,", 0) == 0);
    CHECK(b.transceiverRule.find("At a switch, one module per cage") != std::string::npos);
    // 32 x 10.2 kW (DGX H100 maximum); 12 QM9700 x 1,720 W (maximum with active cables, NVIDIA
    // QM97x0 specifications; unknown in the catalog before) = 20.64 kW. Every part's power known.
    CHECK(b.serverPowerW == Approx(326400));
    CHECK(b.switchPowerW == Approx(20640));
    CHECK(b.powerUnknown.empty());
    // 32 x 8U + 12 x 1U; 4 DGX per 40.8 kW rack = 8 compute racks, one leaf rack, one spine rack.
    CHECK(b.rackUnits == 268);
    CHECK(b.racks == 10);
    CHECK(b.maxRackPowerW == Approx(40800));
}

TEST_CASE("BOM golden numbers for the SuperPOD B200 and B300 rows", "[bom]")
{
    SECTION("B200, 4 SU: 128 nodes")
    {
        const Bom b = bomOf("dgx-b200", 128, "qm9700");
        CHECK(b.switchCount(SwitchTier::Leaf) == 32);
        CHECK(b.switchCount(SwitchTier::Spine) == 16);
        CHECK(b.cablesBetween("node-leaf") == 1024);
        CHECK(b.cablesBetween("leaf-spine") == 1024);
    }
    SECTION("B200, 16 SU: 512 nodes, core tier")
    {
        const Bom b = bomOf("dgx-b200", 512, "qm9700");
        CHECK(b.switchCount(SwitchTier::Leaf) == 128);
        CHECK(b.switchCount(SwitchTier::Spine) == 128);
        CHECK(b.switchCount(SwitchTier::Core) == 64);
        CHECK(b.cablesBetween("node-leaf") == 4096);
        CHECK(b.cablesBetween("leaf-spine") == 4096);
        CHECK(b.cablesBetween("spine-core") == 4096);
        CHECK(b.serverPowerW == Approx(512 * 14300.0));
    }
    SECTION("B300 XDR, 4 SU: 288 nodes on Q3400")
    {
        const Bom b = bomOf("dgx-b300", 288, "q3400");
        CHECK(b.switchCount(SwitchTier::Leaf) == 32);
        CHECK(b.switchCount(SwitchTier::Spine) == 18);
        CHECK(b.cablesBetween("node-leaf") == 2304);
        CHECK(b.cablesBetween("leaf-spine") == 2304);
    }
    SECTION("B300 Spectrum-X twin plane, 1 SU: 64 nodes, 800G ports split 2 x 400G")
    {
        FatTreeOptions o;
        o.server = "dgx-b300";
        o.nodes = 64;
        o.switchModel = "sn5600";
        o.nicsPerNode = 16;
        o.linkGbps = 400;
        o.planes = 2;
        const Bom b = computeBom(generateRoceFabric(catalog(), o), catalog());
        CHECK(b.switchCount(SwitchTier::Leaf) == 16);
        CHECK(b.switchCount(SwitchTier::Spine) == 8);
        CHECK(b.cablesBetween("node-leaf") == 512);
        CHECK(b.cablesBetween("leaf-spine") == 512);
        // SN5600 ports are 800G, one per OSFP cage (network.csv: "64x OSFP 800GbE"), each split
        // 2 x 400G: 512 node-leaf + 2 x 512 leaf-spine = 1536 ports, one 800G module each
        // carrying 2 x 400G links; 1024 NIC ports take 1024 single-port 400G modules.
        long long nicEnd = 0, switchEnd = 0;
        for (const BomTransceiver& t : b.transceivers) {
            (t.end == "nic" ? nicEnd : switchEnd) += t.count;
            if (t.end == "switch") {
                CHECK(t.ports == 1);
                CHECK(t.links == 2);
                CHECK(t.form() == "800G feeding 2x400G");
            }
        }
        CHECK(nicEnd == 1024);
        CHECK(switchEnd == 1536);
    }
}

TEST_CASE("BOM uses copper inside a rack and optics between racks", "[bom]")
{
    Design d;
    Node s;
    s.kind = NodeKind::Server;
    s.model = "dgx-h100";
    s.rack = "r1";
    const Id a = d.addNode(s);
    Node t;
    t.kind = NodeKind::Switch;
    t.model = "qm9700";
    t.tier = SwitchTier::Leaf;
    t.rack = "r1";
    const Id leafIn = d.addNode(t);
    t.rack = "r2";
    const Id leafOut = d.addNode(t);
    Link l;
    l.a = {a, 0};
    l.b = {leafIn, 0};
    l.count = 4;
    d.addLink(l);
    l.b = {leafOut, 0};
    l.count = 4;
    d.addLink(l);
    const Bom b = computeBom(d, catalog());
    REQUIRE(b.cables.size() == 1);
    CHECK(b.cables[0].between == "node-leaf");
    CHECK(b.cables[0].dac == 4);
    CHECK(b.cables[0].optical == 4);
    CHECK(b.racks == 2);
    CHECK(b.reachRule.find("3 m") != std::string::npos);
}

TEST_CASE("BOM JSON and CSV carry the ARCHITECTURE.md keys", "[bom]")
{
    const Bom b = computeBom(loadDesign(defaultDesignPath()), catalog());
    const auto j = toJson(b);
    for (const char* k : {"switches", "cables", "nics", "transceivers", "power", "rack_units", "racks"}) CHECK(j.contains(k));
    bool leaf = false;
    for (const auto& s : j["switches"])
        if (s["tier"] == "leaf") {
            leaf = true;
            CHECK(s["model"] == "qm9700");
            CHECK(s["count"] == 8);
        }
    CHECK(leaf);
    // The SuperPOD unit's racks hold 4 DGX H100 at 10.2 kW: the busiest draws 40.8 kW. A design
    // without named racks says unknown, not 0 (helper-90: 0.0 beside a null total).
    CHECK(j["max_rack_kW"].get<double>() > 40.0);
    Design noRacks = loadDesign(defaultDesignPath());
    std::vector<Node> racked;
    for (const auto& [id, n] : noRacks.nodes()) racked.push_back(n);
    for (Node& m : racked) {
        m.rack.clear();
        noRacks.updateNode(m);
    }
    CHECK(toJson(computeBom(noRacks, catalog()))["max_rack_kW"].is_null());
    CHECK(j["cables"][0]["between"] == "node-leaf");
    CHECK(j["cables"][0]["count"] == 256);
    CHECK(j["power"]["total_kW"].get<double>() == Approx(347.04)); // 326.4 (DGX) + 20.64 (QM9700)
    const std::string csv = toCsv(b);
    CHECK(csv.rfind("category,item,tier,detail,count\n", 0) == 0);
    CHECK(csv.find("switch,qm9700,spine,") != std::string::npos);
    CHECK(csv.find("cable,leaf-spine,,optical (between racks),256") != std::string::npos);
}

TEST_CASE("BOM racks and power: unknown stays unknown, rented takes no customer rack", "[bom]")
{
    const auto tmpl = [](const char* f) { return loadDesign(bundledTemplateDirectory() + "/" + f); };
    SECTION("RoCE template: 64 HGX H100 baseboards of unpublished power and size")
    {
        // hgx-h100-8gpu has neither power_W nor rack_units in the catalog, so its generated
        // one-per-rack names ("su1-rack01".."su1-rack64") are not counted: racks are unknown
        // (was 66 = 64 one-server racks + 2 network racks). The 12 SN5600 (2U, named racks
        // net-spine-1 and net-leaf-*) still give a lower bound of 2 named racks.
        const Bom b = computeBom(tmpl("roce-sn5600-hgx-h100-64.json"), catalog());
        CHECK_FALSE(b.racksKnown);
        CHECK(b.racks == 2);
        CHECK(b.racksUnknown == std::vector<std::string>{"hgx-h100-8gpu"});
        CHECK(racksText(b).rfind("unknown (hgx-h100-8gpu", 0) == 0);
        CHECK(toJson(b)["racks"].is_null());
        CHECK(toJson(b)["racks_at_least"] == 2);
        // Neither the HGX nor the SN5600 publish power: total is unknown, not 0 kW.
        CHECK_FALSE(b.powerKnown());
        CHECK(toJson(b)["power"]["total_kW"].is_null());
        CHECK(powerText(b).rfind("unknown", 0) == 0);
        CHECK(toCsv(b).find("power,total_kW,,known parts only,unknown") != std::string::npos);
        // The NICs are BlueField-3 at 400G, the SN5600 800G ports each split 2 x 400G.
        long long nicEnd = 0, switchEnd = 0;
        for (const BomTransceiver& t : b.transceivers) (t.end == "nic" ? nicEnd : switchEnd) += t.count;
        CHECK(nicEnd == 512);
        CHECK(switchEnd == 256 + 256 + 256); // (512 node-leaf + 2 x 512 leaf-spine links) / 2
    }
    SECTION("rented template: the provider's racks, none of the customer's")
    {
        const Bom b = computeBom(tmpl("rented-8x-h100-3200g.json"), catalog());
        CHECK(b.rented);
        CHECK(b.racksKnown);
        CHECK(b.racks == 0); // was 10 (8 server racks + 2 network racks named by the generator)
        CHECK(racksText(b).rfind("0 (rented", 0) == 0);
        CHECK(toJson(b)["racks"] == 0);
    }
    SECTION("servers of unpublished power but known size are packed by rack units")
    {
        Design d;
        Node s;
        s.kind = NodeKind::Server;
        s.model = "pcie-2-8-5-l40s"; // 4U, power_W null
        for (int i = 0; i < 12; ++i) {
            s.rack = "r" + std::to_string(i); // one name each: not counted without power
            d.addNode(s);
        }
        const Bom b = computeBom(d, catalog());
        CHECK(b.racksKnown);
        CHECK(b.rackUnits == 48);
        CHECK(b.racks == 2); // ceil(48U / 42U), not 12
        CHECK(b.racksNote.find("pcie-2-8-5-l40s") != std::string::npos);
    }
    SECTION("known power keeps named racks and the known-parts total")
    {
        const Bom b = computeBom(loadDesign(defaultDesignPath()), catalog());
        CHECK(b.powerKnown());
        CHECK(powerText(b) == "347.04 kW"); // every part's power known (the QM9700's was not)
        CHECK(racksText(b) == "10");
    }
}

TEST_CASE("BOM NIC-end optics: one module per server cage, one per NIC port where the server has no shared cages", "[bom][cages]")
{
    const auto nicEnd = [](const Bom& b) {
        std::vector<BomTransceiver> out;
        for (const BomTransceiver& t : b.transceivers)
            if (t.end == "nic") out.push_back(t);
        return out;
    };
    SECTION("DGX B200 four-unit template: 128 servers x 4 twin-port cages = 512 modules")
    {
        // servers.csv dgx_b200 "8x single-port ConnectX-7 via 4x OSFP": 8 NICs / 4 cages = 2.
        // Was 1,024 single-port 400G modules (one per NIC).
        const Bom b = computeBom(loadDesign(bundledTemplateDirectory() + "/dgx-b200-4su.json"), catalog());
        REQUIRE(catalog().server("dgx-b200")->nicPortsPerCage() == 2);
        const auto nic = nicEnd(b);
        REQUIRE(nic.size() == 1);
        CHECK(nic[0].count == 512);
        CHECK(nic[0].form() == "twin-port 2x400G (800G)");
        CHECK(b.transceiverRule.rfind("At the NIC end, one module per cage: DGX B200 puts 2 compute NIC ports in each cage", 0) == 0);
    }
    SECTION("a server without shared cages keeps one module per NIC port")
    {
        // dgx-a100 has no compute_nic_ports_per_cage in the catalog (read as 1): 16 DGX A100 on
        // QM8700 (HDR 200G): 16 x 8 = 128 single-port 200G modules.
        REQUIRE_FALSE(catalog().server("dgx-a100")->computeNicPortsPerCage.has_value());
        const Bom b = bomOf("dgx-a100", 16, "qm8700");
        REQUIRE(b.cablesBetween("node-leaf") == 128);
        const auto nic = nicEnd(b);
        REQUIRE(nic.size() == 1);
        CHECK(nic[0].count == 128);
        CHECK(nic[0].ports == 1);
        CHECK(nic[0].form() == "single-port 200G");
        CHECK(b.transceiverRule.rfind("At the NIC end, one module per NIC port (no server of this design shares a cage", 0) == 0);
    }
    SECTION("a mixed design counts each server by its own cages; partly used cages round up")
    {
        Design d;
        Node leaf;
        leaf.kind = NodeKind::Switch;
        leaf.model = "qm9700";
        leaf.tier = SwitchTier::Leaf;
        leaf.rack = "net";
        const Id sw = d.addNode(leaf);
        const Id h100 = addServer(d, "dgx-h100", "r1");
        const Id a100 = addServer(d, "dgx-a100", "r1");
        Link l;
        l.lanes = 1;
        l.laneSpeed = Bandwidth::Gbps(400);
        // DGX H100: 3 of its 8 ports cabled, 2 cages at least (the ports used fill whole cages).
        for (int port = 0; port < 3; ++port) {
            l.a = {h100, port};
            l.b = {sw, port};
            d.addLink(l);
        }
        // DGX A100: 3 ports at 400G too (so both share one rate): 3 single-port modules.
        for (int port = 0; port < 3; ++port) {
            l.a = {a100, port};
            l.b = {sw, 8 + port};
            d.addLink(l);
        }
        const Bom b = computeBom(d, catalog());
        const auto nic = nicEnd(b);
        REQUIRE(nic.size() == 2);
        CHECK(nic[0].form() == "single-port 400G");
        CHECK(nic[0].count == 3);
        CHECK(nic[1].form() == "twin-port 2x400G (800G)");
        CHECK(nic[1].count == 2);
        CHECK(b.transceiverRule.find("DGX H100 puts 2 compute NIC ports in each cage") != std::string::npos);
        CHECK(b.transceiverRule.find("one twin-port module per 2 NIC ports; other servers one module per NIC port.") != std::string::npos);
        CHECK(b.transceiverRule.find("DGX A100") == std::string::npos);
    }
    SECTION("both ends of an optical server-to-server link are NIC ends")
    {
        Design d;
        const Id x = addServer(d, "dgx-a100", "r1");
        const Id y = addServer(d, "dgx-a100", "r2");
        Link l;
        l.a = {x, 0};
        l.b = {y, 0};
        l.laneSpeed = Bandwidth::Gbps(200);
        d.addLink(l);
        const Bom b = computeBom(d, catalog());
        CHECK(b.cablesBetween("node-node") == 1);
        const auto nic = nicEnd(b);
        REQUIRE(nic.size() == 1);
        CHECK(nic[0].count == 2); // was 1: only the first end was counted
    }
}

namespace {
std::string tpl(const std::string& name) { return bundledTemplateDirectory() + "/" + name + ".json"; }
} // namespace

TEST_CASE("rack units say which whole racks they leave out", "[bom]")
{
    // Before: 'Space: 34 rack units; racks: 10.' for 8 GB200 NVL72 racks and 34 1U switches.
    const Bom gb = computeBom(loadDesign(tpl("gb200-nvl72-8racks")), catalog());
    CHECK(gb.rackUnits == 34);
    REQUIRE(gb.wholeRacks.size() == 1);
    CHECK(gb.wholeRacks[0].model == "gb200-nvl72");
    CHECK(gb.wholeRacks[0].count == 8);
    CHECK(rackUnitsText(gb) ==
          "34 rack units for the parts outside the whole racks, plus 8 x GB200 NVL72 rack (DGX GB200), each a whole rack with no "
          "rack-unit figure");
    CHECK(racksText(gb) == "10");
    const nlohmann::json j = toJson(gb);
    CHECK(j["rack_units"]["total"] == 34);
    const nlohmann::json whole = nlohmann::json::array({{{"model", "gb200-nvl72"}, {"name", "GB200 NVL72 rack (DGX GB200)"}, {"count", 8}}});
    CHECK(j["rack_units"]["whole_racks"] == whole);
    CHECK(j["rack_units"]["unknown"] == nlohmann::json::array({"gb200-nvl72"}));
    // The CSV says it too: the total is of the parts outside the racks, each rack on its line.
    CHECK(toCsv(gb).find("rack_units,total,,parts outside the whole racks,34\n") != std::string::npos);
    CHECK(toCsv(gb).find("whole_rack,gb200-nvl72,,\"GB200 NVL72 rack (DGX GB200), a whole rack with no rack-unit figure\",8\n") !=
          std::string::npos);

    const Bom one = computeBom(loadDesign(tpl("gb200-nvl72-1rack")), catalog());
    // 72 NIC ports on leaves of 32 + 32 + 8: the third leaf's 8 uplinks, not 32 (was 96).
    CHECK(one.cablesBetween("node-leaf") == 72);
    CHECK(one.cablesBetween("leaf-spine") == 72);
    CHECK(rackUnitsText(one).find("plus 1 x GB200 NVL72 rack (DGX GB200), a whole rack with no rack-unit figure") !=
          std::string::npos);

    // Every part with a figure: the plain count.
    const Bom pod = computeBom(loadDesign(defaultDesignPath()), catalog());
    CHECK(pod.wholeRacks.empty());
    CHECK(rackUnitsText(pod) == std::to_string(pod.rackUnits) + " rack units");
    // The workstation's missing figure is said by racksText already; not twice.
    const Bom ws = computeBom(loadDesign(tpl("workstation-4x-rtx4090")), catalog());
    CHECK(rackUnitsText(ws) == "0 rack units");
    CHECK(racksText(ws).rfind("unknown (ws-4x-rtx4090 publish neither power nor rack units", 0) == 0);
    // A switch without a rack-unit figure in a named rack: the racks are counted, the units
    // say what they leave out.
    Design d;
    Node q3400;
    q3400.kind = NodeKind::Switch;
    q3400.model = "q3400";
    q3400.name = "leaf";
    q3400.rack = "net-1";
    d.addNode(q3400);
    const Bom sw = computeBom(d, catalog());
    CHECK(racksText(sw) == "1");
    CHECK(rackUnitsText(sw) == "0 rack units (not counting q3400, whose rack units the catalog does not give)");
}

TEST_CASE("BOM transceiver rule names the design's own switches and cages", "[bom][cages]")
{
    SECTION("SuperPOD H100: QM9700 twin-port cages at the switch")
    {
        const Bom b = computeBom(loadDesign(bundledTemplateDirectory() + "/superpod-h100-1su.json"), catalog());
        CHECK(b.transceiverRule.find("At a switch, one module per cage: Quantum-2 QM9700") != std::string::npos);
        CHECK(b.transceiverRule.find("puts 2 ports in each cage") != std::string::npos);
    }
    SECTION("RoCE on SN5600: one module per switch port, and no QM9700 sentence")
    {
        const Bom b = computeBom(loadDesign(bundledTemplateDirectory() + "/roce-sn5600-hgx-h100-64.json"), catalog());
        CHECK(b.transceiverRule.find("QM9700") == std::string::npos);
        CHECK(b.transceiverRule.find("At a switch, one module per port (no switch of this design shares a cage between ports).") !=
              std::string::npos);
    }
    SECTION("one server, no switch: no switch sentence")
    {
        const Bom b = computeBom(loadDesign(bundledTemplateDirectory() + "/server-8x-l40s.json"), catalog());
        CHECK(b.transceiverRule.find("At a switch") == std::string::npos);
        CHECK(b.transceiverRule.find("QM9700") == std::string::npos);
    }
    SECTION("a DGX H100 given another NIC: that card's own cages, one module per port")
    {
        topology::FatTreeOptions o;
        o.server = "dgx-h100";
        o.nicModel = "thor2-400g";
        o.switchModel = "sn5600";
        o.nodes = 8;
        const Bom b = computeBom(topology::generateFatTree(catalog(), o), catalog());
        long long nicEnd = 0;
        for (const BomTransceiver& t : b.transceivers)
            if (t.end == "nic") {
                nicEnd += t.count;
                CHECK(t.ports == 1);
            }
        CHECK(nicEnd == 64); // 8 servers x 8 Thor 2 ports, one single-port module each (was 32 twin-port)
        CHECK(b.transceiverRule.find("DGX H100 puts") == std::string::npos);
    }
}

namespace {
/// Cages a fat tree occupies at its switches, counted from the ports its out-of-rack links use
/// (QM9700: 2 logical ports per twin-port OSFP cage, network.csv sw_qm9700): what the
/// switch-end module count must equal for every module to sit in a used cage.
long long occupiedSwitchCages(const Design& d, int linksPerPort = 1, int portsPerCage = 2)
{
    std::set<std::pair<Id, int>> cages;
    for (const auto& [id, l] : d.links()) {
        const Node& a = *d.node(l.a.node);
        const Node& b = *d.node(l.b.node);
        if (!a.rack.empty() && a.rack == b.rack) continue; // copper inside a rack
        for (const auto* end : {&l.a, &l.b})
            if (d.node(end->node)->kind == NodeKind::Switch)
                for (int p = end->port; p < end->port + l.count; ++p) cages.insert({end->node, p / linksPerPort / portsPerCage});
    }
    return static_cast<long long>(cages.size());
}

/// A fat tree of `nodes` DGX H100 on QM9700 at `ratio`:1, the fabric the cage checks sweep.
Design dgxH100FatTree(int nodes, double ratio)
{
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = nodes;
    o.switchModel = "qm9700";
    o.oversubscription = ratio;
    return generateFatTree(catalog(), o);
}

long long switchEndModules(const Bom& b)
{
    long long n = 0;
    for (const BomTransceiver& t : b.transceivers)
        if (t.end == "switch") n += t.count;
    return n;
}
} // namespace

TEST_CASE("switch-end modules fill the cages the fat tree occupies, partial leaves included", "[bom][cages]")
{
    // A leaf's uplinks start right after its own down ports. They used to start after the
    // busiest leaf's, so a leaf with fewer down ports could share a cage between an odd last
    // down port and nothing: 9 DGX H100 occupied 113 cages against the BOM's 112.
    for (double ratio : {1.0, 2.0, 4.0})
        for (int nodes = 1; nodes <= 20; ++nodes) {
            const Design d = dgxH100FatTree(nodes, ratio);
            INFO(nodes << " DGX H100 at " << ratio << ":1");
            CHECK(switchEndModules(computeBom(d, catalog())) == occupiedSwitchCages(d));
        }
    for (double ratio : {1.0, 2.0, 4.0})
        for (int racks = 1; racks <= 4; ++racks) {
            RackScaleOptions o;
            o.racks = racks;
            o.oversubscription = ratio;
            const Design d = generateRackScale(catalog(), o);
            INFO(racks << " GB200 NVL72 racks at " << ratio << ":1");
            CHECK(switchEndModules(computeBom(d, catalog())) == occupiedSwitchCages(d));
        }
    // Three tiers: every core's ports run on from one pod's bundle to the next (513 DGX H100
    // left a port free per pod on 31 cores: 10,560 modules for 10,622 occupied cages).
    for (const auto& [nodes, ratio] : {std::pair{513, 1.0}, {777, 2.0}, {1000, 4.0}}) {
        const Design d = dgxH100FatTree(nodes, ratio);
        INFO(nodes << " DGX H100 at " << ratio << ":1");
        CHECK(switchEndModules(computeBom(d, catalog())) == occupiedSwitchCages(d));
    }
    for (int racks : {33, 63}) {
        RackScaleOptions o;
        o.racks = racks;
        const Design d = generateRackScale(catalog(), o);
        INFO(racks << " GB200 NVL72 racks");
        CHECK(switchEndModules(computeBom(d, catalog())) == occupiedSwitchCages(d));
    }
    // 200G links on 400G QM9700 ports (two to a port): a port may carry a down and an up link.
    for (int nodes : {11, 15, 17, 19, 23, 33, 37}) {
        FatTreeOptions o;
        o.server = "dgx-a100";
        o.nodes = nodes;
        o.switchModel = "qm9700";
        o.oversubscription = 2.0;
        const Design d = generateFatTree(catalog(), o);
        INFO(nodes << " DGX A100 at 2:1, 200G links on 400G ports");
        CHECK(switchEndModules(computeBom(d, catalog())) == occupiedSwitchCages(d, 2));
    }
    // RoCE on SN5600: 800G ports split 2 x 400G, one module per port (network.csv sw_sn5600).
    for (int nodes : {9, 33}) {
        FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = nodes;
        o.switchModel = "sn5600";
        const Design d = generateRoceFabric(catalog(), o);
        INFO(nodes << " DGX H100 on SN5600 RoCE");
        CHECK(switchEndModules(computeBom(d, catalog())) == occupiedSwitchCages(d, 2, 1));
    }
    FatTreeOptions nine;
    nine.server = "dgx-h100";
    nine.nodes = 9;
    nine.switchModel = "qm9700";
    CHECK(switchEndModules(computeBom(generateFatTree(catalog(), nine), catalog())) == 112);
}

TEST_CASE("BOM power from 1,000 kW reads in whole kW with separators", "[bom]")
{
    // 2,048 DGX H100 on QM9700: 23,091.2 kW printed as "23091.2 kW".
    topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 2048;
    o.switchModel = "qm9700";
    const Bom b = computeBom(topology::generateFatTree(catalog(), o), catalog());
    REQUIRE(b.powerKnown());
    REQUIRE(b.powerKw() > 20000);
    CHECK(powerText(b).rfind(formatCount(b.powerKw()) + " kW", 0) == 0);
    CHECK(powerText(b).find(',') != std::string::npos);
}
