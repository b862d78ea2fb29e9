// What a comparison says when something is missing or impossible: an out-of-range training-run
// size is refused naming the field and range and never erases capital or monthly cost; the
// verdict names the real reason (never "prices" when prices are not the cause); per-GPU
// figures say "per GPU" and prices per GPU-hour "per GPU-hour"; layers read as words.
#include "test_catalog_support.hpp"
#include "test_price_support.hpp"
#include "model/compare/comparison.hpp"
#include "model/compare/scope_title.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/fat_tree.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace model;
using namespace model::compare;

namespace {

/// A fat tree of `nodes` DGX H100 (8 GPUs each) on QM9700 switches.
Design dgxTree(int nodes)
{
    topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = nodes;
    o.switchModel = "qm9700";
    return topology::generateFatTree(testsupport::bundledCatalog(), o);
}

/// Every design trains Llama 3 8B (it fits in 16 H100s), so there is a run to refuse or price.
DesignResults resultsOf(const Design& d, const ResultOptions& o = {"llama3-8b", std::nullopt})
{
    return computeDesignResults(std::make_shared<const Design>(d), testsupport::bundledCatalog(), testsupport::bundledPrices(), o, "test.json");
}

using testsupport::has;
} // namespace

TEST_CASE("A training-run size out of range is refused naming analysis.cost.tokens and the range", "[cost][compare]")
{
    Design d = dgxTree(2);
    for (double bad : {0.0, -5.0, 1.0, 999999.0, 1.01e15, 1e25, std::numeric_limits<double>::quiet_NaN(),
                       std::numeric_limits<double>::infinity()}) {
        INFO(bad);
        d.analysis["cost"] = {{"tokens", bad}};
        try {
            (void)cost::costSettingsOf(d, "x.json");
            FAIL("no InputError");
        } catch (const InputError& e) {
            CHECK(e.file() == "x.json");
            CHECK(e.entry() == "analysis.cost");
            CHECK(e.field() == "tokens");
            CHECK(has(e.problem(), "from 1e6 to 1e15 tokens"));
        }
    }
    for (double fine : {1e6, 3.5e12, 1e15}) {
        d.analysis["cost"] = {{"tokens", fine}};
        CHECK(cost::costSettingsOf(d, "x.json").tokens == fine);
    }
}

TEST_CASE("An impossible run size leaves capital and monthly cost standing, only the run says why", "[cost][compare]")
{
    const Design plain = dgxTree(2);
    const DesignResults base = resultsOf(plain);
    REQUIRE(base.cost);
    REQUIRE(base.cost->run.available);
    for (double bad : {1e25, 0.0, -1.0, 10.0}) {
        INFO(bad);
        Design d = plain;
        d.analysis["cost"] = {{"tokens", bad}};
        const DesignResults r = resultsOf(d);
        REQUIRE(r.cost);
        CHECK(r.costError.empty());
        // 2 DGX H100 at US$ 199,000 (catalogs/prices.json), switches and optics unpriced.
        CHECK(r.cost->build.capitalUsd == Approx(2 * 199000.0));
        CHECK(r.cost->build.capitalUsd == base.cost->build.capitalUsd);
        CHECK(r.cost->build.monthlyUsd() == Approx(base.cost->build.monthlyUsd()));
        CHECK(r.cost->rent.monthlyUsd == Approx(base.cost->rent.monthlyUsd));
        CHECK_FALSE(r.cost->run.available);
        CHECK(has(r.cost->run.whyNot, "tokens"));
        CHECK(has(r.cost->run.whyNot, "from 1e6 to 1e15 tokens"));
        CHECK_FALSE(r.cost->run.buildUsd);
    }
}

TEST_CASE("The verdict names why runs or costs are missing, not prices", "[compare]")
{
    Design a = dgxTree(2), b = dgxTree(4);
    a.analysis["cost"] = {{"tokens", 1e25}};
    b.analysis["cost"] = {{"tokens", 1e25}};
    const DesignResults ra = resultsOf(a), rb = resultsOf(b);
    const Comparison c = compareDesigns({&ra, &rb});
    const std::string v = c.verdictText();
    INFO(v);
    CHECK_FALSE(has(v, "priced part"));
    CHECK(has(v, "No design can run the training workload"));
    CHECK(has(v, "(A: "));
    CHECK(has(v, "entry \"analysis.cost\": field \"tokens\""));
    CHECK(has(v, "from 1e6 to 1e15 tokens"));
    // Costs still compare, per delivered GPU-hour, with the unit on every figure.
    CHECK(has(v, "Per delivered GPU-hour, building"));
    CHECK(c.row("capital_USD")->cells[0].value == Approx(2 * 199000.0));
    CHECK(c.row("capital_USD")->cells[1].value == Approx(4 * 199000.0));
    CHECK(c.row("monthly_USD")->cells[0].value);
    CHECK(c.row("run_time_days")->cells[0].text == "n/a");

    // A design whose cost could not be computed at all: the verdict gives its error.
    DesignResults broken = ra;
    broken.cost.reset();
    broken.costError = "test.json: entry \"analysis.cost\": field \"pue\": expected a PUE between 1 and 5, got 0.5";
    const std::string v2 = compareDesigns({&broken, &rb}).verdictText();
    INFO(v2);
    CHECK_FALSE(has(v2, "priced part"));
    CHECK(has(v2, "no cost for A: " + broken.costError));
    DesignResults broken2 = rb;
    broken2.cost.reset();
    broken2.costError = "no bill of materials: the design has no servers";
    const std::string v3 = compareDesigns({&broken, &broken2}).verdictText();
    INFO(v3);
    CHECK(has(v3, "Costs are not compared, because a cost could not be computed (A: " + broken.costError + "; B: " + broken2.costError + ")"));
    CHECK_FALSE(has(v3, "priced part"));
}

TEST_CASE("Prices per GPU-hour and per-GPU break-even figures say so", "[compare]")
{
    const DesignResults tree = resultsOf(dgxTree(2));
    const DesignResults rented =
        computeDesignResults(std::make_shared<const Design>(loadDesign(bundledTemplateDirectory() + "/rented-8x-h100-3200g.json")),
                             testsupport::bundledCatalog(), testsupport::bundledPrices(), {}, "rented.json");
    const Comparison c = compareDesigns({&tree, &rented});
    REQUIRE(c.breakEvens.size() == 1);
    const std::string& be = c.breakEvens[0].breakEven.text;
    INFO(be);
    // 16 GPUs built against 64 rented: every money figure of the break-even is per GPU.
    CHECK(has(be, " per GPU capital / US$ "));
    CHECK(has(be, " per GPU a month saved)"));
    // Capital per GPU of the tree: 2 x 199,000 / 16 = 24,875.
    CHECK(has(be, "US$ 24,875 per GPU capital"));
    CHECK(c.row("payment")->cells[1].text == "renting (Lambda (8x H100 SXM nodes, on demand), US$ 3.99 per GPU-hour)");
    CHECK(c.row("payment")->cells[0].text == "building");
    const std::string v = c.verdictText();
    INFO(v);
    CHECK(has(v, "US$ 3.99 per GPU-hour"));

    // Without a rented design: the cheapest per delivered GPU-hour, each figure with its unit.
    const DesignResults bigger = resultsOf(dgxTree(4));
    const std::string cheapest = compareDesigns({&tree, &bigger}).verdict.front();
    INFO(cheapest);
    CHECK(cheapest.rfind("Per delivered GPU-hour, building ", 0) == 0);
    const auto count = [&](const std::string& part) {
        std::size_t n = 0;
        for (auto at = cheapest.find(part); at != std::string::npos; at = cheapest.find(part, at + 1)) ++n;
        return n;
    };
    CHECK(count("US$ ") == 2);
    CHECK(count(" per GPU-hour") == 2);
}

TEST_CASE("The comparison shows layers and bottlenecks in words, not ids", "[compare]")
{
    const DesignResults small = resultsOf(dgxTree(2)), large = resultsOf(dgxTree(8));
    const Comparison c = compareDesigns({&small, &large});
    const Row* b = c.row("bottleneck");
    REQUIRE(b);
    for (std::size_t i = 0; i < 2; ++i) {
        const DesignResults& r = i == 0 ? small : large;
        CHECK(b->cells[i].text == scopeTitle(r.analysis->bottleneck.scope));
    }
    // No text cell and no row label shows a raw id (node_boundary, intra_node, ...).
    for (const Row& r : c.rows) {
        INFO(r.key);
        CHECK(r.label.find('_') == std::string::npos);
        for (const Cell& cell : r.cells) CHECK(cell.text.find('_') == std::string::npos);
    }
    const std::string csv = toCsv(c);
    CHECK(has(csv, std::string("Bottleneck,,") + scopeTitle(small.analysis->bottleneck.scope)));
    CHECK_FALSE(has(csv, "node_boundary"));
    // Every scope has words, none an id.
    for (Scope s : {Scope::Compute, Scope::Hbm, Scope::IntraNode, Scope::NodeBoundary, Scope::Fabric, Scope::PipelineBubble, Scope::Latency})
        CHECK(std::string(scopeTitle(s)).find('_') == std::string::npos);
    CHECK(std::string(scopeTitle(Scope::NodeBoundary)) == "Node boundary (compute NICs)");
}
