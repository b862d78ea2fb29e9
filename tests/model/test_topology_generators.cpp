// Generators against the bundled catalog: node and link counts, names, layout, options.
#include "test_catalog_support.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"
#include "model/topology/layout.hpp"
#include "model/topology/rules.hpp"

#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

using namespace model;
using namespace model::topology;

namespace {
using testsupport::catalog;

/// What generateFatTree says when it refuses `o`: "<option>: <message>", or "" when it builds it.
std::string fatTreeRefusal(const FatTreeOptions& o)
{
    try {
        (void)generateFatTree(catalog(), o);
    } catch (const InputError& e) {
        return e.field() + ": " + e.what();
    }
    return {};
}

struct Counts { int servers = 0, leaves = 0, spines = 0, cores = 0; long long nodeLeaf = 0, leafSpine = 0, spineCore = 0; };

Counts count(const Design& d)
{
    Counts c;
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind == NodeKind::Server) ++c.servers;
        else if (n.tier == SwitchTier::Leaf) ++c.leaves;
        else if (n.tier == SwitchTier::Spine) ++c.spines;
        else if (n.tier == SwitchTier::Core) ++c.cores;
    }
    for (const auto& [id, l] : d.links()) {
        const SwitchTier a = d.node(l.a.node)->tier, b = d.node(l.b.node)->tier;
        const bool server = d.node(l.a.node)->kind == NodeKind::Server;
        if (server) c.nodeLeaf += l.count;
        else if (a == SwitchTier::Leaf && b == SwitchTier::Spine) c.leafSpine += l.count;
        else if (a == SwitchTier::Spine && b == SwitchTier::Core) c.spineCore += l.count;
    }
    return c;
}
} // namespace

TEST_CASE("fat-tree generator builds one SuperPOD H100 scalable unit", "[topology][generate]")
{
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 32;
    o.switchModel = "qm9700";
    const Design d = generateFatTree(catalog(), o);
    const Counts c = count(d);
    CHECK(c.servers == 32);
    CHECK(c.leaves == 8);
    CHECK(c.spines == 4);
    CHECK(c.nodeLeaf == 256);
    CHECK(c.leafSpine == 256);
    CHECK(d.links().size() == 256 + 8 * 4); // one bundle of 8 cables per leaf-spine pair
    // Every leaf carries one rail: dgx-01's NIC 3 goes to "leaf-4 (rail 3)".
    const Node* dgx1 = nullptr;
    for (const auto& [id, n] : d.nodes())
        if (n.name == "dgx-01") dgx1 = &n;
    REQUIRE(dgx1);
    for (const Link* l : d.linksOf(dgx1->id))
        if (l->a.port == 3) CHECK(d.node(l->b.node)->name == "leaf-4 (rail 3)");
    // Layout: spines above leaves above servers; 4 DGX H100 (10.2 kW) per 40.8 kW rack.
    CHECK(dgx1->position.y > 300);
    CHECK(dgx1->rack == "su1-rack01");
    CHECK(dgx1->group == "su-1");
    CHECK(checkDesign(d, catalog()).findings.empty());
}

TEST_CASE("fat-tree generator splits a switch port into no more links than its datasheet allows", "[topology][generate]")
{
    // helper-90 / helper-92: 100 Gb/s or 1 Gb/s links put all 256 NICs of 32 DGX H100 on one
    // 64-port QM9700 (ports 0-255) and no rule fired. A QM9700 port splits into 2 links at most
    // (128 logical ports): each link runs at its own rate on a half-port.
    for (const double gbps : {1.0, 100.0, 200.0}) {
        CAPTURE(gbps);
        FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = 32;
        o.switchModel = "qm9700";
        o.linkGbps = gbps;
        FatTreePlan plan;
        const Design d = generateFatTree(catalog(), o, &plan);
        CHECK(plan.tiers == 2);
        for (const auto& [id, n] : d.nodes()) {
            if (n.kind != NodeKind::Switch) continue;
            long long links = 0;
            for (const Link* l : d.linksAt(id)) {
                links += l->count;
                CHECK(l->perCable().inGbps() == Approx(gbps));
            }
            CHECK(links <= 128);
        }
        CHECK(checkDesign(d, catalog()).findings.empty());
    }
    // The rented generator names its own option when the rate it derives does not divide a port.
    RentedOptions r;
    r.server = "hgx-h100-8gpu";
    r.nodes = 4;
    r.perNodeGbps = 1000; // 125 Gb/s per NIC
    r.pricePerGpuHourUsd = 2.5;
    try {
        (void)generateRented(catalog(), r);
        FAIL("125 Gb/s links were taken");
    } catch (const InputError& e) {
        CHECK(std::string(e.what()).find("--per-node-gbps") != std::string::npos);
        CHECK(std::string(e.what()).find("--link-gbps") == std::string::npos);
    }
}

TEST_CASE("fat-tree generator rounds leaf uplinks up to use few spines (issue 16)", "[topology][generate]")
{
    // 31 DGX H100 without the UFM: 8 leaves of 31 servers; each leaf's 31 needed uplinks round
    // up to 32 (it has 33 free ports), 8 cables to each of 4 spines, not 1 cable to each of 31.
    // 100 DGX H100: 4 SUs of 25, 32 leaves, 25 -> 26 uplinks, 2 cables to each of 13 spines.
    struct Case { int nodes, spines, uplinks; };
    for (const Case k : {Case{31, 4, 32}, Case{100, 13, 26}}) {
        FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = k.nodes;
        o.switchModel = "qm9700";
        const Design d = generateFatTree(catalog(), o);
        const Counts c = count(d);
        INFO(k.nodes << " nodes");
        CHECK(c.servers == k.nodes);
        CHECK(c.spines == k.spines);
        CHECK(c.leafSpine == 1LL * c.leaves * k.uplinks);
        CHECK(checkDesign(d, catalog()).findings.empty());
    }
}

TEST_CASE("fat-tree generator adds a core tier for 16 SuperPOD B200 units", "[topology][generate]")
{
    FatTreeOptions o;
    o.server = "dgx-b200";
    o.nodes = 512;
    o.switchModel = "qm9700";
    FatTreePlan plan;
    const Design d = generateFatTree(catalog(), o, &plan);
    const Counts c = count(d);
    CHECK(plan.tiers == 3);
    CHECK(c.leaves == 128);
    CHECK(c.spines == 128);
    CHECK(c.cores == 64);
    CHECK(c.nodeLeaf == 4096);
    CHECK(c.leafSpine == 4096);
    CHECK(c.spineCore == 4096);
    const RuleReport r = checkDesign(d, catalog());
    CHECK(r.findings.empty());
}

TEST_CASE("fat-tree generator at 2:1 and with a UFM slot", "[topology][generate]")
{
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 64;
    o.switchModel = "qm9700";
    o.oversubscription = 2.0;
    Counts c = count(generateFatTree(catalog(), o));
    CHECK(c.leaves == 16);
    CHECK(c.spines == 4);
    CHECK(c.leafSpine == 256);

    o.nodes = 31;
    o.oversubscription = 1.0;
    o.ufm = true;
    FatTreePlan plan;
    const Design d = generateFatTree(catalog(), o, &plan);
    c = count(d);
    CHECK(c.servers == 32);            // 31 DGX H100 + the UFM appliance
    CHECK(plan.nodeLeafCables == 252); // 31 x 8 + the UFM's 4 (SuperPOD H100 Table 4)
    CHECK(c.nodeLeaf == 252);          // the appliance is drawn and wired as the plan counts
    CHECK(d.analysis["generator"]["ufm"]["cables"] == 4);
    CHECK(d.gpuCount(catalog()) == 248);
    // The appliance: named "ufm", in no server group, one cable to each of leaves 1-4 (rails 0-3)
    // on the port after the 31 DGX (slot 31).
    const Node* ufm = nullptr;
    for (const auto& [id, n] : d.nodes())
        if (n.model == kUfmModel) ufm = &n;
    REQUIRE(ufm);
    CHECK(ufm->name == "ufm");
    CHECK(ufm->group.empty());
    CHECK(ufm->rack == "su1-rack08");
    const auto links = d.linksOf(ufm->id);
    REQUIRE(links.size() == 4);
    for (const Link* l : links) {
        const Node& leaf = *d.node(l->b.node);
        CHECK(leaf.tier == SwitchTier::Leaf);
        CHECK(leaf.name == "leaf-" + std::to_string(l->a.port + 1) + " (rail " + std::to_string(l->a.port) + ")");
        CHECK(l->b.port == 31);
        CHECK(l->count == 1);
    }
    CHECK(checkDesign(d, catalog()).findings.empty());

    // The UFM manages InfiniBand only.
    o.switchModel = "sn5600";
    CHECK(fatTreeRefusal(o).rfind("--ufm: ", 0) == 0);
}

TEST_CASE("lossless off is refused on InfiniBand switches and taken on Ethernet", "[topology][generate]")
{
    // helper-85: generate fat-tree --lossless off on QM9700 was accepted and ignored.
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 16;
    o.switchModel = "qm9700";
    o.lossless = false;
    const std::string lossless = fatTreeRefusal(o);
    CHECK(lossless.rfind("--lossless: ", 0) == 0);
    CHECK(lossless.find("lossless by credit-based flow control") != std::string::npos);
    o.switchModel = "sn5600";
    const Design lossy = generateFatTree(catalog(), o);
    bool anyPfc = false;
    for (const auto& entry : lossy.nodes()) {
        const Node& n = entry.second;
        if (n.kind == NodeKind::Switch && n.pfcEcn) anyPfc = true;
    }
    CHECK_FALSE(anyPfc);
    o.switchModel = "qm9700";
    o.lossless = true;
    CHECK_NOTHROW(generateFatTree(catalog(), o));
}

TEST_CASE("fat-tree generator rejects bad options with the option named", "[topology][generate]")
{
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 8;
    o.switchModel = "no-such-switch";
    try {
        (void)generateFatTree(catalog(), o);
        FAIL("expected InputError");
    } catch (const InputError& e) {
        CHECK(e.field() == "--switch");
    }
    o.switchModel = "qm9700";
    o.linkGbps = 300; // 400 / 300 is not a whole split
    CHECK_THROWS_AS(generateFatTree(catalog(), o), InputError);
    o.linkGbps.reset();
    o.nodes = 0;
    CHECK_THROWS_AS(generateFatTree(catalog(), o), InputError);
}

TEST_CASE("GB200 NVL72 racks joined by a fat tree", "[topology][generate]")
{
    RackScaleOptions o;
    o.racks = 8;
    const Design d = generateRackScale(catalog(), o);
    const Counts c = count(d);
    CHECK(c.servers == 8);
    CHECK(c.leaves == 18);     // 72 rails, 4 per leaf (8 racks x 4 = 32 down ports)
    CHECK(c.spines == 16);     // 576 uplinks / 64 = 9, rounded up to a divisor of 32
    CHECK(c.nodeLeaf == 576);
    for (const auto& [id, l] : d.links()) CHECK(l.medium == LinkMedium::InfiniBand); // no NVLink between racks
    CHECK(d.gpuCount(catalog()) == 576);
    CHECK(checkDesign(d, catalog()).findings.empty());
    o.server = "dgx-h100"; // 8 GPUs: not a rack-scale domain
    CHECK_THROWS_AS(generateRackScale(catalog(), o), InputError);
}

TEST_CASE("RoCE fabric sets PFC/ECN on every switch", "[topology][generate]")
{
    FatTreeOptions o;
    o.server = "hgx-h100-8gpu";
    o.nodes = 16;
    o.switchModel = "sn5600";
    o.nicModel = "bluefield-3-400g";
    o.lossless = false;
    const Design off = generateRoceFabric(catalog(), o);
    int switches = 0;
    for (const auto& [id, n] : off.nodes())
        if (n.kind == NodeKind::Switch) {
            ++switches;
            CHECK_FALSE(n.pfcEcn);
        }
    CHECK(switches > 0);
    for (const auto& [id, l] : off.links()) CHECK(l.medium == LinkMedium::Ethernet);
    const RuleReport bad = checkDesign(off, catalog());
    REQUIRE(bad.findings.size() == 1);
    CHECK(bad.findings[0].rule == "roce-without-pfc");
    o.lossless = true;
    CHECK(checkDesign(generateRoceFabric(catalog(), o), catalog()).findings.empty());
    o.switchModel = "qm9700"; // InfiniBand
    CHECK_THROWS_AS(generateRoceFabric(catalog(), o), InputError);
}

TEST_CASE("rented cluster meets the stated per-node bandwidth and keeps the price", "[topology][generate]")
{
    RentedOptions o;
    o.server = "hgx-h100-8gpu";
    o.nodes = 8;
    o.perNodeGbps = 1600; // 8 NICs x 200 Gb/s
    o.pricePerGpuHourUsd = 3.99;
    o.provider = "example";
    const Design d = generateRented(catalog(), o);
    double perNode = 0;
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server && perNode == 0)
            for (const Link* l : d.linksOf(id)) perNode += l->total().inGbps();
    CHECK(perNode == Approx(1600));
    CHECK(d.analysis["rental"]["price_per_gpu_hour_USD"].get<double>() == Approx(3.99));
    CHECK(d.analysis["rental"]["gpus"] == 64);
    CHECK(d.analysis["rental"]["price_per_hour_USD"].get<double>() == Approx(3.99 * 64));
    CHECK(checkDesign(d, catalog()).findings.empty());
    o.nodes = 9; // 72 GPUs > 64
    CHECK_THROWS_AS(generateRented(catalog(), o), InputError);
    o.nodes = 2;
    o.perNodeGbps = 1000; // 125 Gb/s NICs do not exist
    CHECK_THROWS_AS(generateRented(catalog(), o), InputError);
}

TEST_CASE("single server generator", "[topology][generate]")
{
    const Design d = generateSingleServer(catalog(), {"pcie-2-8-5-l40s", ""});
    REQUIRE(d.nodes().size() == 1);
    CHECK(d.links().empty());
    CHECK(d.gpuCount(catalog()) == 8);
    CHECK_THROWS_AS(generateSingleServer(catalog(), {"nope", ""}), InputError);
}

TEST_CASE("fat-tree generator refuses more endpoints per server than its NIC ports give", "[topology][generate]")
{
    FatTreeOptions o;
    o.server = "dgx-h100"; // 8 ConnectX-7 at 400G
    o.nodes = 64;
    o.switchModel = "qm9700";
    for (int k : {9, 16, 100}) {
        o.nicsPerNode = k;
        try {
            (void)generateFatTree(catalog(), o);
            FAIL("accepted " << k << " endpoints on an 8-NIC server");
        } catch (const InputError& e) {
            CHECK_THAT(e.what(), Catch::Contains("--nics-per-node") && Catch::Contains("expected 1 to 8") &&
                                     Catch::Contains("got " + std::to_string(k)));
        }
    }
    for (int k : {1, 4, 8}) {
        o.nicsPerNode = k;
        CHECK_NOTHROW((void)generateFatTree(catalog(), o));
    }
}

TEST_CASE("fat-tree layout raises the upper tiers with the design's width (issue 14)", "[topology][generate]")
{
    // A wide fabric fitted in the view shrinks the tier gap with it: the 512 leaf-spine cables
    // of four SUs at 300 units apart merged into one band. Swept over 1 to 16 SUs (2 and 3 tiers).
    for (const int servers : {32, 64, 128, 256, 512}) {
        FatTreeOptions o;
        o.server = "dgx-b200";
        o.nodes = servers;
        o.switchModel = "qm9700";
        const Design d = generateFatTree(catalog(), o);
        double minX = 1e18, maxX = -1e18, leafY = 0, spineY = 1e18, coreY = 1e18;
        for (const auto& [id, n] : d.nodes()) {
            minX = std::min(minX, n.position.x);
            maxX = std::max(maxX, n.position.x);
            if (n.tier == SwitchTier::Leaf) leafY = n.position.y;
            if (n.tier == SwitchTier::Spine) spineY = std::min(spineY, n.position.y);
            if (n.tier == SwitchTier::Core) coreY = std::min(coreY, n.position.y);
        }
        INFO(servers << " servers, " << maxX - minX << " units wide");
        CHECK(leafY == 300.0);
        if (servers == 32) CHECK(spineY == 0.0); // one SU keeps the plain layout
        else {
            // The gap grows with the width: at least a 20th of it, up to the cap (2,400 units);
            // the layout width the spines spread over is at least the nodes' span.
            CHECK(leafY - spineY >= std::min(2400.0, (maxX - minX) / 20.0));
            CHECK(leafY - spineY >= 300.0 + spineLift(maxX - minX));
            CHECK(leafY - spineY <= 2400.0);
        }
        if (coreY < 1e18) CHECK(spineY - coreY == 350.0);
    }
}

TEST_CASE("fat-tree generator refuses a NIC that cannot run the switch's protocol", "[topology][generate]")
{
    // EFA (AWS p5) and Broadcom Thor 2 (Ethernet only) on an NDR InfiniBand QM9700: refused,
    // naming the option, both protocols and the way out. A VPI ConnectX-7 runs either.
    struct Case {
        const char* server;
        const char* nic;
        const char* sw;
        const char* option;
        const char* says;
    };
    for (const Case c : {Case{"aws-p5-48xlarge", "", "qm9700", "\"--switch\"", "cannot run infiniband"},
                         Case{"dgx-h100", "thor2-400g", "qm9700", "\"--nic\"", "cannot run infiniband"},
                         Case{"dgx-h100", "efa-v2-100g", "sn5600", "\"--nic\"", "cannot run ethernet"}}) {
        INFO(c.server << " " << c.nic << " on " << c.sw);
        FatTreeOptions o;
        o.server = c.server;
        o.nicModel = c.nic;
        o.switchModel = c.sw;
        o.nodes = 8;
        try {
            (void)generateFatTree(catalog(), o);
            FAIL("expected a refusal");
        } catch (const InputError& e) {
            const std::string what = e.what();
            CHECK(what.find(c.option) != std::string::npos);
            CHECK(what.find(c.says) != std::string::npos);
        }
    }
    FatTreeOptions vpi;
    vpi.server = "dgx-h100";
    vpi.switchModel = "sn5600"; // ConnectX-7 is VPI: InfiniBand or Ethernet
    vpi.nodes = 8;
    CHECK_NOTHROW(generateFatTree(catalog(), vpi));
}

TEST_CASE("the default fabric switch follows the compute NIC's protocol and rate", "[topology][generate]")
{
    CHECK(defaultFabricSwitch(catalog(), "dgx-h100", "", false) == "qm9700");     // ConnectX-7 400G NDR
    CHECK(defaultFabricSwitch(catalog(), "dgx-a100", "", false) == "qm9700");     // ConnectX-6 200G HDR
    CHECK(defaultFabricSwitch(catalog(), "dgx-b300", "", false) == "q3400");      // ConnectX-8 800G XDR
    CHECK(defaultFabricSwitch(catalog(), "gb300-nvl72", "", false) == "q3400");
    CHECK(defaultFabricSwitch(catalog(), "gb200-nvl72", "", false) == "qm9700");
    CHECK(defaultFabricSwitch(catalog(), "dgx-h100", "thor2-400g", false) == "sn5600");
    CHECK(defaultFabricSwitch(catalog(), "dgx-h100", "", true) == "sn5600");
    CHECK(defaultFabricSwitch(catalog(), "no-such-server", "", false) == "qm9700");
    // Each default builds a design without rule errors or link-speed warnings.
    for (const char* server : {"dgx-h100", "dgx-b300"}) {
        INFO(server);
        FatTreeOptions o;
        o.server = server;
        o.nodes = 8;
        o.switchModel = defaultFabricSwitch(catalog(), server, "", false);
        const Design d = generateFatTree(catalog(), o);
        CHECK(checkDesign(d, catalog()).findings.empty());
    }
    RackScaleOptions r;
    r.server = "gb300-nvl72";
    r.racks = 2;
    const Design gb300 = generateRackScale(catalog(), r);
    bool q3400 = false;
    for (const auto& [id, n] : gb300.nodes()) q3400 = q3400 || n.model == "q3400";
    CHECK(q3400);
}

TEST_CASE("the built oversubscription is the worst leaf's, the smaller last leaf of an SU included", "[topology][fattree]")
{
    // The ratio written is the worst leaf's down:up, never below the one a leaf of the design
    // really has.
    struct Case { int nodes; double ratio; };
    for (const Case c : {Case{14, 4.0}, Case{9, 4.0}, Case{11, 2.0}, Case{13, 2.0}, Case{32, 1.0}}) {
        FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = c.nodes;
        o.switchModel = "qm9700";
        o.oversubscription = c.ratio;
        FatTreePlan plan;
        const Design d = generateFatTree(catalog(), o, &plan);
        INFO(c.nodes << " nodes at " << c.ratio << ":1");
        double worst = static_cast<double>(plan.downlinksPerLeafMax) / plan.uplinksPerLeaf;
        if (plan.partialLeafUplinks > 0) worst = std::max(worst, static_cast<double>(plan.partialLeafDownlinks) / plan.partialLeafUplinks);
        CHECK(d.analysis["generator"]["oversubscription_built"].get<double>() == Approx(worst));
        CHECK(worst <= c.ratio + 1e-9); // whole uplinks never make a leaf worse than asked
    }
    // 14 nodes at 4:1: rails 3 + 3 + 2 per SU; full leaves 42 down, 11 up (3.82:1), the partial
    // leaf 28 down, 7 up: the 4:1 one (generate printed 3.818 before).
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 14;
    o.switchModel = "qm9700";
    o.oversubscription = 4.0;
    FatTreePlan plan;
    const Design d = generateFatTree(catalog(), o, &plan);
    CHECK(plan.partialLeafDownlinks == 28);
    CHECK(plan.partialLeafUplinks == 7);
    CHECK(d.analysis["generator"]["oversubscription_built"].get<double>() == Approx(4.0));
}

TEST_CASE("a one-switch fat tree records that nothing is oversubscribed and says so", "[topology][fattree]")
{
    // 1 to 8 DGX H100 (64 ports) fit one QM9700: one switch, the fewest a fabric can have, at
    // 1:1 as at any ratio (5 to 8 nodes at 1:1 built 2 leaves and a spine before). No uplink,
    // so a 2:1 or 1000:1 request cannot apply: the design records 1:1 built and the note says
    // why, for fat-tree and RoCE alike.
    for (const int nodes : {1, 2, 4, 5, 7, 8}) {
        for (const double ratio : {1.0, 2.0, 4.0, 1000.0}) {
            FatTreeOptions o;
            o.server = "dgx-h100";
            o.nodes = nodes;
            o.switchModel = "qm9700";
            o.oversubscription = ratio;
            INFO(nodes << " nodes at " << ratio << ":1");
            const Design d = generateFatTree(catalog(), o);
            const nlohmann::json& gen = d.analysis["generator"];
            REQUIRE(gen["tiers"].get<int>() == 1);
            CHECK(gen["leaves"].get<int>() == 1);
            CHECK(gen["spines"].get<int>() == 0);
            CHECK(d.links().size() == static_cast<std::size_t>(8 * nodes));
            CHECK(gen["oversubscription_built"].get<double>() == 1.0);
            const std::string note = builtOversubscriptionNote(gen);
            if (ratio == 1.0) {
                CHECK(note.empty());
            } else {
                CHECK(note.find("one switch holds every server") != std::string::npos);
                CHECK(note.find("non-blocking (1:1)") != std::string::npos);
            }
            o.switchModel = "sn5600";
            o.lossless = true;
            const Design roce = generateRoceFabric(catalog(), o);
            CHECK(roce.analysis["generator"]["oversubscription_built"].get<double>() == 1.0);
        }
    }
    // 9 nodes (72 endpoints) no longer fit: two tiers. A two-tier ratio built as asked: no note.
    FatTreeOptions one;
    one.server = "dgx-h100";
    one.nodes = 9;
    one.switchModel = "qm9700";
    CHECK(generateFatTree(catalog(), one).analysis["generator"]["tiers"].get<int>() == 2);
    one.nodes = 14;
    one.oversubscription = 4.0; // the 4:1 partial leaf (test above)
    CHECK(builtOversubscriptionNote(generateFatTree(catalog(), one).analysis["generator"]).empty());
    // Whole uplinks round the ratio: one GB200 NVL72 rack at 4:1 builds 51:13.
    RackScaleOptions r;
    r.racks = 1;
    r.switchModel = "qm9700";
    r.oversubscription = 4.0;
    const nlohmann::json gen = generateRackScale(catalog(), r).analysis["generator"];
    CHECK(gen["oversubscription_built"].get<double>() == Approx(51.0 / 13.0));
    CHECK(builtOversubscriptionNote(gen) == "asked for 4:1 oversubscription; with whole uplinks on every leaf the fabric is 3.923:1");
}

TEST_CASE("an oversubscription below 1:1 is refused by every fabric generator", "[topology][generate]")
{
    // helper-89: 2,048 DGX H100 at 0.5:1 built 784 leaves, 1,029 spines and 672 cores.
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 64;
    o.switchModel = "qm9700";
    for (const double ratio : {0.5, 0.99}) {
        o.oversubscription = ratio;
        INFO(ratio);
        const std::string refusal = fatTreeRefusal(o);
        CHECK(refusal.rfind("--oversubscription: ", 0) == 0);
        CHECK(refusal.find("expected a down:up ratio of at least 1:1 (non-blocking)") != std::string::npos);
        RackScaleOptions r;
        r.racks = 2;
        r.oversubscription = ratio;
        CHECK_THROWS_AS(generateRackScale(catalog(), r), InputError);
    }
    o.oversubscription = 1.0;
    CHECK_NOTHROW(generateFatTree(catalog(), o));
}
