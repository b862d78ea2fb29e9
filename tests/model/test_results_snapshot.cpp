// model::computeResults: one snapshot holds exactly what each engine computes on its own for
// the same design (analysis, chart sweeps, rules, BOM, part counts), on a sweep of designs;
// a failing part says why and leaves the others filled; a stop request drops the run.
#include "test_catalog_support.hpp"

#include "model/results/results_snapshot.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

using namespace model;

namespace {

std::shared_ptr<const Catalog> sharedCatalog()
{
    static const auto c = std::make_shared<const Catalog>(testsupport::bundledCatalog());
    return c;
}

Design fatTree(const std::string& server, int nodes, bool ufm = false)
{
    topology::FatTreeOptions o;
    o.server = server;
    o.nodes = nodes;
    o.switchModel = "qm9700";
    o.ufm = ufm;
    return topology::generateFatTree(*sharedCatalog(), o);
}

/// Checks that every part of `s` equals the engine's own result on `d`.
void requireSnapshotMatches(const ResultsSnapshot& s, const Design& d)
{
    const Catalog& c = *sharedCatalog();
    CHECK(s.catalog == sharedCatalog());
    CHECK(s.counts == countParts(d, c));

    const DesignAnalysis a = analyzeDesign(d, c);
    REQUIRE(s.analysis.has_value());
    CHECK(s.analysisError.empty());
    CHECK(s.analysis->gpus == a.gpus);
    REQUIRE(s.analysis->layers.size() == a.layers.size());
    for (std::size_t i = 0; i < a.layers.size(); ++i)
        CHECK(s.analysis->layers[i].perGpu.inGBps() == Approx(a.layers[i].perGpu.inGBps()).epsilon(1e-12));
    CHECK(s.analysis->bottleneck.scope == a.bottleneck.scope);
    CHECK(s.analysis->bottleneck.explanation == a.bottleneck.explanation);
    REQUIRE(s.analysis->scaling.size() == a.scaling.size());
    for (std::size_t i = 0; i < a.scaling.size(); ++i)
        CHECK(s.analysis->scaling[i].efficiency == Approx(a.scaling[i].efficiency).epsilon(1e-12));

    const auto sweeps = chartSweeps(d, c);
    REQUIRE(s.sweeps.has_value());
    REQUIRE(s.sweeps->size() == sweeps.size());
    for (std::size_t i = 0; i < sweeps.size(); ++i) {
        REQUIRE((*s.sweeps)[i].points.size() == sweeps[i].points.size());
        CHECK((*s.sweeps)[i].gpus == sweeps[i].gpus);
        for (std::size_t k = 0; k < sweeps[i].points.size(); ++k)
            CHECK((*s.sweeps)[i].points[k].busbw.inGBps() == Approx(sweeps[i].points[k].busbw.inGBps()).epsilon(1e-12));
    }

    REQUIRE(s.rules.has_value());
    CHECK(topology::toJson(*s.rules) == topology::toJson(topology::checkDesign(d, c)));
    REQUIRE(s.bom.has_value());
    CHECK(topology::toJson(*s.bom) == topology::toJson(topology::computeBom(d, c)));
}

} // namespace

TEST_CASE("results snapshot: the default design's parts and counts", "[snapshot]")
{
    const Design d = loadDesign(defaultDesignPath());
    const auto s = computeResults(d, sharedCatalog(), 7);
    REQUIRE(s != nullptr);
    CHECK(s->generation == 7);
    CHECK(s->catalog == sharedCatalog());
    // DGX SuperPOD H100, one scalable unit: 32 DGX x 8 GPUs, 8 leaves + 4 spines,
    // 32 x 8 rail cables + 8 x 4 leaf-spine bundles.
    CHECK(s->counts.servers == 32);
    CHECK(s->counts.appliances == 0);
    CHECK(s->counts.gpus == 256);
    CHECK(s->counts.switches == 12);
    CHECK(s->counts.links == 288);
    CHECK(s->bom->cablesBetween("node-leaf") == 256);
    CHECK(s->rules->findings.empty());
    requireSnapshotMatches(*s, d);
}

TEST_CASE("results snapshot: every part equals its engine on fat trees of 1 to 256 servers", "[snapshot]")
{
    for (int nodes : {1, 4, 31, 64, 256}) {
        INFO(nodes << " DGX H100");
        const Design d = fatTree("dgx-h100", nodes);
        const auto s = computeResults(d, sharedCatalog());
        REQUIRE(s != nullptr);
        CHECK(s->counts.servers == nodes);
        CHECK(s->counts.gpus == 8 * nodes);
        CHECK(s->counts.links == d.links().size());
        CHECK(s->counts.switches == static_cast<int>(d.nodes().size()) - nodes);
        requireSnapshotMatches(*s, d);
    }
}

TEST_CASE("results snapshot: the UFM appliance counts apart and a rented design has 0 racks", "[snapshot]")
{
    const Design ufm = fatTree("dgx-b200", 32, true);
    const auto a = computeResults(ufm, sharedCatalog());
    REQUIRE(a != nullptr);
    CHECK(a->counts.appliances == 1);
    CHECK(a->counts.servers == 32); // --nodes counts the servers; the UFM takes a slot of its own
    CHECK(a->counts.gpus == 32 * 8);
    requireSnapshotMatches(*a, ufm);

    topology::RentedOptions o;
    o.server = "dgx-h100";
    o.nodes = 8;
    o.perNodeGbps = 3200;
    o.pricePerGpuHourUsd = 2.5;
    const Design rented = topology::generateRented(*sharedCatalog(), o);
    const auto r = computeResults(rented, sharedCatalog());
    REQUIRE(r != nullptr);
    REQUIRE(r->bom.has_value());
    CHECK(r->bom->rented);
    CHECK(r->bom->racks == 0);
    requireSnapshotMatches(*r, rented);
}

TEST_CASE("results snapshot: a failing part says why and the others are still computed", "[snapshot]")
{
    Design d = loadDesign(defaultDesignPath());
    d.analysis["rule_waivers"] = nlohmann::json::array({{{"rule", "unconnected"}}}); // no reason: malformed
    const auto s = computeResults(d, sharedCatalog());
    REQUIRE(s != nullptr);
    CHECK_FALSE(s->rules.has_value());
    CHECK(s->rulesError.find("rule_waivers") != std::string::npos);
    CHECK(s->analysis.has_value());
    CHECK(s->sweeps.has_value());
    REQUIRE(s->bom.has_value());
    CHECK(s->bom->cablesBetween("node-leaf") == 256);

    // A server model the catalog lacks: the analysis throws, its sweeps are skipped, and the
    // rules report the unknown model instead of failing.
    Design unknown;
    Node n;
    n.kind = NodeKind::Server;
    n.model = "no-such-server";
    n.name = "mystery";
    unknown.addNode(n);
    const auto u = computeResults(unknown, sharedCatalog());
    REQUIRE(u != nullptr);
    CHECK_FALSE(u->analysis.has_value());
    CHECK_FALSE(u->analysisError.empty());
    CHECK_FALSE(u->sweeps.has_value());
    REQUIRE(u->rules.has_value());
    REQUIRE(u->rules->findings.size() == 1);
    CHECK(u->rules->findings[0].rule == "unknown-model");
    CHECK(u->counts.servers == 1);
    CHECK(u->counts.gpus == 0);
}

TEST_CASE("results snapshot: a stop request drops the run, a null catalog is refused", "[snapshot]")
{
    const Design d = fatTree("dgx-h100", 4);
    int asked = 0;
    CHECK(computeResults(d, sharedCatalog(), 1, [&asked] { return ++asked == 3; }) == nullptr);
    CHECK(asked == 3); // stopped before the third step
    asked = 0;
    CHECK(computeResults(d, sharedCatalog(), 1, [&asked] { return ++asked > 100; }) != nullptr);
    CHECK(asked == 7); // asked once before each of the seven steps (counts, analysis, sweeps, rules, BOM, cost, import review)
    CHECK_THROWS_AS(computeResults(d, nullptr), std::invalid_argument);
}

TEST_CASE("results snapshot: on a large design (rules and BOM beside the analysis) a failing part still says why", "[snapshot]")
{
    // 256 servers: over 2,000 links, so the rules and the BOM run on their own thread.
    Design d = fatTree("dgx-h100", 256);
    REQUIRE(d.links().size() >= 2000);
    d.analysis["rule_waivers"] = nlohmann::json::array({{{"rule", "unconnected"}}}); // no reason: malformed
    const auto s = computeResults(d, sharedCatalog(), 7);
    REQUIRE(s != nullptr);
    CHECK(s->generation == 7);
    CHECK_FALSE(s->rules.has_value());
    CHECK(s->rulesError.find("rule_waivers") != std::string::npos);
    CHECK(s->unexpectedError.empty()); // refused input, not an engine bug
    CHECK(s->analysis.has_value());
    CHECK(s->sweeps.has_value());
    REQUIRE(s->bom.has_value());
    CHECK(s->bom->cablesBetween("node-leaf") == 256 * 8);
    CHECK(s->cost.has_value() == computeResults(fatTree("dgx-h100", 256), sharedCatalog())->cost.has_value());
    for (int at = 1; at <= 7; ++at) { // a stop request at any point drops the run
        int asked = 0;
        CHECK(computeResults(d, sharedCatalog(), 1, [&asked, at] { return ++asked == at; }) == nullptr);
        CHECK(asked == at);
    }
    int asked = 0;
    CHECK(computeResults(d, sharedCatalog(), 1, [&asked] { return ++asked > 100; }) != nullptr);
    CHECK(asked == 7);
}
