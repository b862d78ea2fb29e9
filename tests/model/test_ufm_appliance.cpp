// The GPU-less UFM appliance (catalog kind "appliance"): fat-tree --ufm places and wires it,
// the BOM counts its cables (SuperPOD H100 Table 4 golden numbers), and the engine, the
// simulator and the design rules leave it out cleanly.
#include "test_catalog_support.hpp"
#include "model/analysis/analysis.hpp"
#include "model/analysis/cluster_facts.hpp"
#include "model/simulation/sim_graph.hpp"
#include "model/simulation/simulation.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/rules.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>

using namespace model;
using namespace model::topology;

namespace {
using testsupport::catalog;

Design superpodH100(int nodes, bool ufm)
{
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = nodes;
    o.switchModel = "qm9700";
    o.ufm = ufm;
    return generateFatTree(catalog(), o);
}

Id ufmNode(const Design& d)
{
    for (const auto& [id, n] : d.nodes())
        if (n.model == kUfmModel) return id;
    return 0;
}
} // namespace

TEST_CASE("BOM of SuperPOD H100 with the UFM matches Table 4 node/UFM-leaf cables", "[bom][ufm]")
{
    // shared/reference/reference_architectures.md sec. 1, Table 4 (RA-11333-001):
    // SUs, nodes, leaves, spines, node/UFM-leaf cables, spine-leaf cables.
    struct Row { int su, nodes, leaves, spines; long long nodeLeaf, leafSpine; };
    for (const Row r : {Row{1, 31, 8, 4, 252, 256}, Row{2, 63, 16, 8, 508, 512}, Row{3, 95, 24, 16, 764, 768},
                        Row{4, 127, 32, 16, 1020, 1024}}) {
        INFO(r.su << " SU");
        const Design d = superpodH100(r.nodes, true);
        const Bom b = computeBom(d, catalog());
        CHECK(b.switchCount(SwitchTier::Leaf) == r.leaves);
        CHECK(b.switchCount(SwitchTier::Spine) == r.spines);
        CHECK(b.cablesBetween("node-leaf") == r.nodeLeaf);
        CHECK(b.cablesBetween("leaf-spine") == r.leafSpine);
        REQUIRE(b.servers.size() == 2);
        for (const BomServer& s : b.servers) {
            if (s.model == "dgx-h100") {
                CHECK(s.count == r.nodes);
                CHECK(s.gpus == r.nodes * 8);
                CHECK_FALSE(s.appliance);
            } else {
                CHECK(s.model == "ufm-appliance");
                CHECK(s.count == 1);
                CHECK(s.gpus == 0);
                CHECK(s.appliance);
            }
        }
        REQUIRE(b.nics.size() == 1);
        CHECK(b.nics[0].count == r.nodes * 8 + 4); // the UFM's 4 ConnectX-7 links
        CHECK(d.gpuCount(catalog()) == r.nodes * 8);
    }
    // Exports say which line is the appliance.
    const Bom b = computeBom(superpodH100(31, true), catalog());
    const auto j = toJson(b);
    bool found = false;
    for (const auto& s : j["servers"])
        if (s["model"] == "ufm-appliance") found = s["appliance"] == true && s["gpus"] == 0;
    CHECK(found);
    CHECK(toCsv(b).find("appliance,ufm-appliance,,NVIDIA UFM Enterprise Appliance (NDR),1\n") != std::string::npos);
    // Its power and height are unpublished: listed as unknown, never guessed.
    CHECK(std::find(b.powerUnknown.begin(), b.powerUnknown.end(), "ufm-appliance") != b.powerUnknown.end());
}

TEST_CASE("The UFM appliance changes no rule, layer figure or GPU count", "[analysis][rules][ufm]")
{
    const Design with = superpodH100(31, true);
    Design without = with;
    (void)without.removeNode(ufmNode(without));
    REQUIRE(without.nodes().size() + 1 == with.nodes().size());

    CHECK(checkDesign(with, catalog()).findings.empty());
    const analysis::ClusterFacts f = analysis::extractFacts(with, catalog());
    CHECK(f.appliances == 1);
    CHECK(f.servers.size() == 31);
    CHECK(f.totalGpus == 248);
    CHECK(f.connectedGpus == 248);

    const DesignAnalysis a = analyzeDesign(with, catalog());
    const DesignAnalysis b = analyzeDesign(without, catalog());
    CHECK(a.gpus == 248);
    CHECK(a.nodes == 31);
    CHECK(a.gpus == b.gpus);
    CHECK(a.nodes == b.nodes);
    REQUIRE(a.layers.size() == b.layers.size());
    for (std::size_t i = 0; i < a.layers.size(); ++i) {
        INFO(a.layers[i].technology);
        CHECK(a.layers[i].scope == b.layers[i].scope);
        CHECK(a.layers[i].technology == b.layers[i].technology);
        CHECK(a.layers[i].perGpu.inGBps() == Approx(b.layers[i].perGpu.inGBps()));
    }
    CHECK(a.bisectionGBps == Approx(b.bisectionGBps));
    CHECK(a.oversubscription == Approx(b.oversubscription));
    CHECK(a.warnings == b.warnings);

    // The simulator's network holds the 31 DGX and their 248 GPUs only.
    const sim::NetworkGraph g = sim::buildNetworkGraph(with, catalog(), SimulationOptions{});
    CHECK(g.servers.size() == 31);
    CHECK(g.gpus.size() == 248);
}

TEST_CASE("A design of only the UFM appliance analyses without a crash", "[analysis][rules][ufm]")
{
    Design d;
    Node n;
    n.kind = NodeKind::Server;
    n.model = kUfmModel;
    n.name = "ufm";
    d.addNode(n);

    const analysis::ClusterFacts f = analysis::extractFacts(d, catalog());
    CHECK(f.servers.empty());
    CHECK(f.appliances == 1);
    CHECK(f.totalGpus == 0);
    CHECK(f.bisectionGBps == 0.0);

    const DesignAnalysis a = analyzeDesign(d, catalog());
    CHECK(a.gpus == 0);
    CHECK(a.layers.empty());
    CHECK_FALSE(a.hasStep);
    CHECK(a.bottleneck.explanation == "the design has no GPU servers (only appliances)");
    CHECK(chartSweeps(d, catalog(), 1024, 4096).empty());
    CHECK_THROWS_AS(predictCollective(d, catalog(), {CollectiveOp::AllReduce, 1e6, 0, Algorithm::Auto}), std::invalid_argument);
    CHECK_THROWS_AS(simulateCollective(d, catalog(), {CollectiveOp::AllReduce, 1e6, 0, Algorithm::Auto}), std::invalid_argument);

    CHECK(checkDesign(d, catalog()).findings.empty()); // a lone item needs no link
    const Bom b = computeBom(d, catalog());
    REQUIRE(b.servers.size() == 1);
    CHECK(b.servers[0].gpus == 0);
    CHECK(d.gpuCount(catalog()) == 0);

    // NVLink wired to it is an error: it has no GPUs.
    Node dgx;
    dgx.kind = NodeKind::Server;
    dgx.model = "dgx-h100";
    dgx.name = "dgx-01";
    const Id other = d.addNode(dgx);
    Link l;
    l.a = {ufmNode(d), 0};
    l.b = {other, 0};
    l.medium = LinkMedium::NVLink;
    d.addLink(l);
    bool fired = false;
    for (const auto& finding : checkDesign(d, catalog()).findings)
        fired = fired || (finding.rule == "nvlink-without-nvlink" && finding.nodes.front() == ufmNode(d));
    CHECK(fired);
}
