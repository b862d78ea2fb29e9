// Bill of materials: golden numbers for SuperPOD rows, cable kinds, power, racks, exports.
#include "model/topology/bom.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

using namespace model;
using namespace model::topology;

namespace {
const Catalog& catalog()
{
    static const Catalog c = Catalog::loadBundled();
    return c;
}

Bom bomOf(const std::string& server, int nodes, const std::string& sw)
{
    FatTreeOptions o;
    o.server = server;
    o.nodes = nodes;
    o.switchModel = sw;
    return computeBom(generateFatTree(catalog(), o), catalog());
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
    // Servers and leaves sit in different racks, so every cable is optical: 256 NIC-side
    // modules, and a switch-side module per node-leaf cable plus two per leaf-spine cable.
    for (const BomCable& c : b.cables) CHECK(c.dac == 0);
    long long nicEnd = 0, switchEnd = 0;
    for (const BomTransceiver& t : b.transceivers) (t.end == "nic" ? nicEnd : switchEnd) += t.count;
    CHECK(nicEnd == 256);
    CHECK(switchEnd == 256 + 2 * 256);
    // 32 x 10.2 kW (DGX H100 maximum); the QM9700's power is unpublished in the catalog.
    CHECK(b.serverPowerW == Approx(326400));
    CHECK(std::find(b.powerUnknown.begin(), b.powerUnknown.end(), "qm9700") != b.powerUnknown.end());
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
    CHECK(j["cables"][0]["between"] == "node-leaf");
    CHECK(j["cables"][0]["count"] == 256);
    CHECK(j["power"]["total_kW"].get<double>() == Approx(326.4));
    const std::string csv = toCsv(b);
    CHECK(csv.rfind("category,item,tier,detail,count\n", 0) == 0);
    CHECK(csv.find("switch,qm9700,spine,") != std::string::npos);
    CHECK(csv.find("cable,leaf-spine,,optical (between racks),256") != std::string::npos);
}
