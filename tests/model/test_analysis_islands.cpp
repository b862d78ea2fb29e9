// A design split into islands that cannot reach each other: every multi-GPU figure stops at
// the largest island, and the analysis says so in words (islands.hpp).
#include "test_analysis_support.hpp"
#include "test_price_support.hpp"

#include "model/analysis/analysis_json.hpp"
#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/comm_group.hpp"
#include "model/analysis/islands.hpp"
#include "model/compare/comparison.hpp"
#include "model/simulation/simulation.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model;

namespace {
/// Adds one island: `servers` of catalog model `server` (8 x 400G NICs), each wired by a bundle
/// of 8 NDR cables from its port 0 to the island's own new QM9700 leaf; servers are named
/// `prefix`-server-N.
void addIsland(Design& d, int servers, const std::string& server, const std::string& prefix)
{
    Node leaf;
    leaf.kind = NodeKind::Switch;
    leaf.model = "qm9700";
    leaf.tier = SwitchTier::Leaf;
    leaf.name = prefix + "-leaf";
    const Id leafId = d.addNode(leaf);
    for (int s = 0; s < servers; ++s) {
        Node n;
        n.kind = NodeKind::Server;
        n.model = server;
        n.name = prefix + "-server-" + std::to_string(s);
        Link l;
        l.a = {d.addNode(n), 0};
        l.b = {leafId, s * 8};
        l.count = 8;
        l.medium = LinkMedium::InfiniBand;
        l.laneSpeed = Bandwidth::Gbps(400);
        d.addLink(l);
    }
}

/// One island of DGX H100 per entry of `serversPerIsland` (addIsland); no cable joins two leaves.
Design islandsDesign(const std::vector<int>& serversPerIsland)
{
    Design d;
    d.name = "islands";
    int i = 0;
    for (int servers : serversPerIsland) addIsland(d, servers, "dgx-h100", "island-" + std::to_string(i++));
    return d;
}

const std::string* splitWarning(const DesignAnalysis& a)
{
    for (const auto& w : a.warnings)
        if (w.find("islands that cannot reach each other") != std::string::npos) return &w;
    return nullptr;
}

int largestCount(const std::vector<ScalingPoint>& pts)
{
    int m = 0;
    for (const auto& p : pts) m = std::max(m, p.gpus);
    return m;
}
} // namespace

TEST_CASE("two servers each on its own switch: scaling stops at 8 of the 16 GPUs and the split is named", "[analysis][islands]")
{
    const Design d = islandsDesign({1, 1});
    const DesignAnalysis a = analyzeDesign(d, golden::catalog(), {{"workload", "llama3-8b"}});
    CHECK(a.gpus == 16);
    CHECK(a.reachableGpus == 8);
    CHECK(a.islands == std::vector<Island>{{1, 8}, {1, 8}});
    REQUIRE_FALSE(a.scaling.empty());
    CHECK(largestCount(a.scaling) == 8); // 1, 2, 4, 8: never 16
    CHECK(largestCount(a.scalingStrong) <= 8);
    CHECK(a.step.gpus + a.step.idleGpus == 8);
    for (const auto& s : chartSweeps(d, golden::catalog(), 1024, 1024)) CHECK(s.gpus <= 8);
    const std::string* w = splitWarning(a);
    REQUIRE(w);
    CHECK(*w == "the design is split into 2 islands that cannot reach each other: 8 GPUs (1 server) and 8 GPUs (1 server); "
                "one job reaches at most 8 of the 16 GPUs, so multi-node figures and the scaling curve stop at 8 GPUs");
    const nlohmann::json j = toJson(a, false);
    CHECK(j["gpus"] == 16);
    CHECK(j["reachable_gpus"] == 8);
    CHECK(j["islands"] == nlohmann::json::parse(R"([{"servers":1,"gpus":8},{"servers":1,"gpus":8}])"));
    CHECK(j["scaling"].back()["gpus"] == 8);
    // Asking for more GPUs than one island holds names what can reach each other.
    try {
        (void)analysis::placeGroup(analysis::extractFacts(d, golden::catalog()), 9, false);
        FAIL("9 GPUs placed on islands of 8");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()) == "the design has 16 GPUs, of which 8 can reach each other over cabled NICs; 9 were asked for");
    }
    Design unwired = d;
    while (!unwired.links().empty()) unwired.removeLink(unwired.links().begin()->first);
    try {
        (void)analysis::placeGroup(analysis::extractFacts(unwired, golden::catalog()), 9, false);
        FAIL("9 GPUs placed on unwired servers");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()) == "the design has 16 GPUs, of which at most 8 can reach each other, inside one server "
                                       "(no two servers are joined by cabled NICs); 9 were asked for");
    }
}

TEST_CASE("unequal islands: the largest bounds the curve, each island is listed largest first", "[analysis][islands]")
{
    // Islands of 1 and 3 DGX H100, and a 4x RTX 4090 workstation with no compute NIC (alone).
    Design d = islandsDesign({1, 3});
    Node ws;
    ws.kind = NodeKind::Server;
    ws.model = "ws-4x-rtx4090";
    ws.name = "workstation";
    d.addNode(ws);
    const DesignAnalysis a = analyzeDesign(d, golden::catalog(), {{"workload", "llama3-8b"}});
    CHECK(a.gpus == 36);
    CHECK(a.reachableGpus == 24);
    CHECK(a.islands == std::vector<Island>{{3, 24}, {1, 8}, {1, 4}});
    CHECK(largestCount(a.scaling) == 24);
    const std::string* w = splitWarning(a);
    REQUIRE(w);
    CHECK(w->find("split into 3 islands that cannot reach each other: 24 GPUs (3 servers), 8 GPUs (1 server) and 4 GPUs (1 server); "
                  "one job reaches at most 24 of the 36 GPUs") != std::string::npos);
    CHECK(analysis::islandGpuList(a.islands) == "24 + 8 + 4");
}

TEST_CASE("a connected design is one island and says nothing of a split", "[analysis][islands]")
{
    const DesignAnalysis a = analyzeDesign(islandsDesign({2}), golden::catalog());
    CHECK(a.reachableGpus == 16);
    CHECK(a.islands == std::vector<Island>{{2, 16}});
    CHECK(splitWarning(a) == nullptr);
    CHECK(analysis::splitDesignNote(a.islands).empty());
}

TEST_CASE("many islands: the six largest are named, the rest summed", "[analysis][islands]")
{
    std::vector<Island> islands(8, Island{1, 8});
    islands[3] = {2, 16};
    const std::string note = analysis::splitDesignNote(islands);
    CHECK(note.find("split into 8 islands that cannot reach each other: 16 GPUs (2 servers), 8 GPUs (1 server), 8 GPUs (1 server), "
                    "8 GPUs (1 server), 8 GPUs (1 server), 8 GPUs (1 server) and 2 more islands of 16 GPUs (2 servers) in all; "
                    "one job reaches at most 16 of the 72 GPUs") != std::string::npos);
    CHECK(analysis::islandGpuList(analysis::largestFirst(islands)) == "16 + 8 + 8 + 8 + 8 + 8 + 2 more");
}

TEST_CASE("the comparison's scaling row says where a split design's curve ends", "[analysis][islands][compare]")
{
    // llama3-8b fits in the GPUs' memory (the default gpt3-175b does not, and has no curve).
    const auto results = [](const Design& d) {
        return compare::computeDesignResults(std::make_shared<const Design>(d), golden::catalog(), testsupport::bundledPrices(),
                                             {"llama3-8b", std::nullopt}, "");
    };
    const compare::DesignResults split = results(islandsDesign({1, 1}));
    const compare::DesignResults joined = results(islandsDesign({2}));
    const compare::Comparison c = compare::compareDesigns({&split, &joined});
    const auto row = std::find_if(c.rows.begin(), c.rows.end(), [](const compare::Row& r) { return r.key == "scaling_efficiency"; });
    REQUIRE(row != c.rows.end());
    INFO(row->cells[0].text << " | " << row->cells[1].text);
    CHECK(row->cells[0].text.find("% at 8 of 16 GPUs") != std::string::npos);
    CHECK(row->cells[1].text.find(" at ") == std::string::npos); // 16 of 16: the design's own size
}

TEST_CASE("layers: the largest island sets the per-layer bandwidth, not a stray unwired server", "[analysis][islands]")
{
    // Two wired DGX B200 (8 x 400G, NVLink 5 at 900 GB/s, HBM3e 8,000 GB/s) and one DGX H100
    // dropped on the canvas and left unwired. Before, every layer was the minimum over all
    // servers: HBM 3,350 and NVLink 450 GB/s from the H100, node boundary and fabric 0 GB/s.
    Design d;
    addIsland(d, 2, "dgx-b200", "b200");
    const DesignAnalysis wired = analyzeDesign(d, golden::catalog());
    Node stray;
    stray.kind = NodeKind::Server;
    stray.model = "dgx-h100";
    d.addNode(stray);
    const DesignAnalysis a = analyzeDesign(d, golden::catalog());
    REQUIRE(a.islands.size() == 2);
    REQUIRE(a.layers.size() == 4);
    REQUIRE(wired.layers.size() == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(a.layers[i].perGpu.inGBps() == Approx(wired.layers[i].perGpu.inGBps()));
        CHECK(a.layers[i].technology == wired.layers[i].technology);
    }
    CHECK(a.layers[0].perGpu.inGBps() == Approx(8000));
    CHECK(a.layers[1].perGpu.inGBps() == Approx(900));
    CHECK(a.layers[2].perGpu.inGBps() == Approx(50));
    CHECK(a.layers[2].note.find("1 server outside it") != std::string::npos);
    CHECK(a.bottleneck.explanation.find("450") == std::string::npos); // nothing of the stray H100's NVLink 4
}

TEST_CASE("simulation: every GPU means the largest island's, as in the analytical engine", "[simulation][islands]")
{
    // An unwired DGX H100 drawn before two wired ones: the simulator took GPUs 0..n-1 in
    // drawing order, so "every GPU" (16 reachable of 24) started on the stray server and failed
    // ("cannot run nvls for all_reduce on 16 GPUs") where the analytical engine ran 16.
    Design d;
    Node stray;
    stray.kind = NodeKind::Server;
    stray.model = "dgx-h100";
    stray.name = "stray";
    d.addNode(stray);
    addIsland(d, 2, "dgx-h100", "wired");
    CollectiveRequest req;
    req.op = CollectiveOp::AllReduce;
    req.bytes = 1024.0 * 1024 * 1024;
    const CollectiveResult ana = predictCollective(d, golden::catalog(), req);
    SimulationOptions o;
    o.compareWithAnalytical = false;
    const SimulationResult sim = simulateCollective(d, golden::catalog(), req, o);
    CHECK(ana.gpus == 16);
    CHECK(sim.collective.gpus == 16);
    CHECK(sim.collective.algorithm == ana.algorithm);
    CHECK(sim.collective.time.inSeconds() / ana.time.inSeconds() == Approx(1.0).margin(0.10));
}

TEST_CASE("bisection: the weaker half of the largest island, 0 between islands", "[analysis][islands]")
{
    const auto fabricNote = [](const DesignAnalysis& a) {
        for (const auto& l : a.layers)
            if (l.scope == Scope::Fabric) return l.note;
        return std::string();
    };
    // Two DGX H100 on one switch, all 8 x 400 Gb/s cabled: 8 GPUs a side, 400 GB/s each way.
    const Design two = golden::rail("dgx-h100", 2);
    CHECK(analyzeDesign(two, golden::catalog()).bisectionGBps == Approx(400.0));
    // The second server with 4 of its 8 NICs cabled: a cut between the servers carries its 200 GB/s
    // (it said 300, half of all the NICs).
    Design half = two;
    const Id second = std::next(half.nodes().begin(), 1)->first;
    REQUIRE(half.node(second)->kind == NodeKind::Server);
    int removed = 0;
    for (auto it = half.links().begin(); it != half.links().end() && removed < 4;) {
        const Link l = it++->second;
        if (l.a.node == second || l.b.node == second) { half.removeLink(l.id); ++removed; }
    }
    REQUIRE(removed == 4);
    CHECK(analyzeDesign(half, golden::catalog()).bisectionGBps == Approx(200.0));
    // Two servers each on its own switch: no fabric cut joins them (it said 400 GB/s, and that
    // every server reaches the others).
    const DesignAnalysis split = analyzeDesign(islandsDesign({1, 1}), golden::catalog(), {{"workload", "llama3-8b"}});
    CHECK(split.bisectionGBps == 0.0);
    CHECK(fabricNote(split) == "no two servers reach each other through the switches; the design is split into 2 islands, 0 GB/s between them");
    // Islands of two servers each: the largest island's own bisection, named as such.
    const DesignAnalysis pairs = analyzeDesign(islandsDesign({2, 2}), golden::catalog(), {{"workload", "llama3-8b"}});
    CHECK(pairs.bisectionGBps == Approx(400.0));
    CHECK(fabricNote(pairs).find("bisection 400 GB/s each way inside the largest island; the design is split into 2 islands") !=
          std::string::npos);
}
