// Cost model: build, rent and break-even worked by hand from catalogs/prices.json, missing
// prices named (never zero), settings saved in the design file, and sweeps over sizes.
#include "test_catalog_support.hpp"
#include "model/analysis/analysis.hpp"
#include "model/analysis/memory_fit.hpp"
#include "model/cost/cost_model.hpp"
#include "model/io/input_error.hpp"
#include "model/results/results_snapshot.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace model;
using namespace model::cost;

namespace {
using testsupport::catalog;
const PriceTable& prices()
{
    static const PriceTable t = loadPriceTable(bundledPricesPath());
    return t;
}

Design templateDesign(const std::string& file) { return loadDesign(bundledTemplateDirectory() + "/" + file); }

CostResult costOf(const Design& d, const CostSettings& s = {}, const RunInputs& run = {})
{
    return computeCost(d, catalog(), topology::computeBom(d, catalog()), prices(), s, run);
}

const CapitalLine* lineOf(const CostResult& c, const std::string& key, const std::string& itemPart = "")
{
    for (const auto& l : c.build.lines)
        if (l.key == key && l.item.find(itemPart) != std::string::npos) return &l;
    return nullptr;
}
} // namespace

TEST_CASE("Build cost of the SuperPOD H100 unit, worked by hand", "[cost][golden]")
{
    const CostResult c = costOf(loadDesign(defaultDesignPath()));
    REQUIRE(c.gpus == 256);
    CHECK_FALSE(c.rentedDesign);

    // Capital: 32 DGX H100 x US$ 199,000 (prices.md "DGX H100 $199,000 base list", supercluster.blog);
    // the system price includes its 8 ConnectX-7, so no NIC line.
    const CapitalLine* dgx = lineOf(c, "dgx-h100");
    REQUIRE(dgx);
    CHECK(dgx->count == 32);
    CHECK(*dgx->unitUsd == 199000.0);
    CHECK(dgx->provenance.label.find("supercluster.blog") != std::string::npos);
    CHECK(dgx->provenance.label.find("undated") != std::string::npos); // "n/d" in prices.md
    CHECK(lineOf(c, "connectx-7-400g") == nullptr);
    const double capital = 32 * 199000.0; // = 6,368,000
    CHECK(c.build.capitalUsd == Approx(6368000.0));
    CHECK(c.build.capitalUsd == Approx(capital));

    // Missing, never zero: 8 leaf + 4 spine QM9700, 512 optical cables, 128 NIC-end (4 twin-port
    // cages per DGX H100) and 384 switch-end twin-port 800G modules (BOM golden in test_bom.cpp)
    // have no price. Both module lines share the price key of a twin-port 800G module.
    CHECK_FALSE(c.build.complete());
    REQUIRE(c.build.missing().size() == 5);
    CHECK(lineOf(c, "qm9700", "leaf")->count == 8);
    CHECK(lineOf(c, "qm9700", "spine")->count == 4);
    CHECK_FALSE(lineOf(c, "qm9700", "leaf")->unitUsd.has_value());
    CHECK(lineOf(c, "qm9700", "leaf")->missingReason.find("no price") != std::string::npos);
    CHECK(lineOf(c, "cable-optical")->count == 512);
    CHECK(lineOf(c, "transceiver-400g-single-port") == nullptr); // was 256, one per NIC
    CHECK(lineOf(c, "transceiver-800g-twin-port", "nic end")->count == 128);
    CHECK(lineOf(c, "transceiver-800g-twin-port", "switch end")->count == 384);
    const nlohmann::json j = toJson(c);
    CHECK(j["build"]["capital_complete"] == false);
    CHECK(j["build"]["missing"].size() == 5);
    for (const auto& l : j["build"]["lines"])
        if (l["key"] == "qm9700") CHECK(l["unit_USD"].is_null());

    // Power: 32 x 10.2 kW (DGX H100) + 12 x 1.72 kW (QM9700 maximum) = 347.04 kW; all known.
    CHECK(c.build.itPowerKw == Approx(347.04));
    CHECK(c.build.powerUnknown().empty());
    // 347.04 kW x PUE 1.58 x US$ 0.0895/kWh (Virginia commercial, EIA 2023) x 730 h = US$ 35,824.70
    CHECK(c.build.monthlyPowerUsd == Approx(347.04 * 1.58 * 0.0895 * 730.0));
    CHECK(c.build.monthlyPowerUsd == Approx(35824.696).epsilon(1e-6));
    // Amortisation over 5 years: 6,368,000 / 60 = 106,133.33; operations 20%/yr: same figure.
    CHECK(c.build.monthlyAmortisationUsd == Approx(106133.333).epsilon(1e-7));
    CHECK(c.build.monthlyOperationsUsd == Approx(capital * 0.20 / 12.0));
    // Monthly 35,824.70 + 106,133.33 + 106,133.33 = 248,091.36; per delivered GPU-hour
    // 248,091.36 / (256 x 730) = US$ 1.3275.
    CHECK(c.build.monthlyUsd() == Approx(248091.363).epsilon(1e-7));
    CHECK(c.build.usdPerDeliveredGpuHour == Approx(1.327544).epsilon(1e-5));
}

TEST_CASE("Rent cost and break-even of the SuperPOD unit, worked by hand", "[cost][golden]")
{
    const CostResult c = costOf(loadDesign(defaultDesignPath()));
    // Default offer: the cheapest on-demand whole 8-GPU H100 node: Lambda 3.99 (AWS p5 6.88,
    // Azure ND 12.29 cost more), silybench-data, 2026-09-25.
    REQUIRE(c.rent.lines.size() == 1);
    CHECK(c.rent.lines[0].provider == "Lambda");
    CHECK(*c.rent.lines[0].listUsdPerGpuHour == 3.99);
    CHECK(c.rent.lines[0].provenance.label.find("2026-09-25") != std::string::npos);
    // 3.99 x 256 GPUs x 730 h = US$ 745,651.20 a month.
    CHECK(c.rent.monthlyUsd == Approx(745651.2));
    // Break-even: 6,368,000 / (745,651.20 - 35,824.70 - 106,133.33) = 6,368,000 / 603,693.17
    // = 10.548 months: month 11, a lower bound since switches and optics have no price.
    REQUIRE(c.breakEven.months);
    CHECK(*c.breakEven.months == Approx(10.5484).epsilon(1e-4));
    CHECK(*c.breakEven.month() == 11);
    CHECK(c.breakEven.lowerBound);
    CHECK(c.breakEven.text.rfind("month 11 or later", 0) == 0);
    // The months in words carry three significant digits, as the report's other figures.
    CHECK(c.breakEven.text.find("(10.5 months: ") != std::string::npos);
}

TEST_CASE("Rent of the rented template: its own price, discount and utilisation", "[cost][golden]")
{
    Design d = templateDesign("rented-8x-h100-3200g.json");
    CostResult c = costOf(d);
    CHECK(c.rentedDesign);
    REQUIRE(c.rent.lines.size() == 1);
    CHECK(c.rent.lines[0].basis == "the design's rental block");
    CHECK(c.rent.lines[0].provenance.label.find("silybench") != std::string::npos);
    // 3.99 x 64 GPUs x 730 h = US$ 186,412.80 a month.
    CHECK(c.rent.monthlyUsd == Approx(186412.8));
    CHECK(c.primaryMonthlyUsd() == Approx(186412.8));

    // 25% commitment discount and 50% utilisation: 3.99 x 0.75 x 64 x 730 x 0.5 = US$ 69,904.80.
    CostSettings s;
    s.commitmentDiscountPercent = 25;
    s.utilisation = 0.5;
    c = costOf(d, s);
    CHECK(c.rent.usdPerGpuHour == Approx(2.9925));
    CHECK(c.rent.monthlyUsd == Approx(69904.8));

    // Built instead: 64 H100 x US$ 25,000 (fetchlogic, 2026); the HGX server around them, its
    // 64 ConnectX-7 and the 3 QM9700 have no price and are named.
    const CapitalLine* gpus = lineOf(c, "h100-sxm");
    REQUIRE(gpus);
    CHECK(gpus->count == 64);
    CHECK(gpus->totalUsd() == 1600000.0);
    CHECK_FALSE(lineOf(c, "hgx-h100-8gpu")->priced());
    CHECK_FALSE(lineOf(c, "connectx-7-400g")->priced());
    CHECK(lineOf(c, "connectx-7-400g")->count == 64);
    CHECK(c.build.powerUnknown() == std::vector<std::string>{"hgx-h100-8gpu"}); // no published power (the QM9700 has one)
}

TEST_CASE("Break-even with every price set in the design, worked by hand", "[cost][golden]")
{
    Design d = loadDesign(defaultDesignPath());
    CostSettings s;
    // Test figures, not market prices: they only make the capital complete.
    s.prices["qm9700"] = {30000, "test figure", "2026-01-01"};
    s.prices["cable-optical"] = {500, "test figure", ""};
    s.prices["transceiver-800g-twin-port"] = {1500, "test figure", ""};
    s.powerW["qm9700"] = {1700, "test figure", ""};
    s.pue = 1.3;
    s.electricityUsdPerKWh = 0.07;
    s.operationsSharePerYear = 0.10;
    s.rent = RentChoice{"", "", Override{2.50, "test quote", "2026-02-01"}};
    setCostSettings(d, s);
    REQUIRE(costSettingsOf(d) == s);
    const CostResult c = costOf(d, costSettingsOf(d));

    // Capital: 6,368,000 + 12 x 30,000 + 512 x 500 + (128 NIC-end + 384 switch-end) x 1,500 =
    // 7,752,000 (was 7,816,000 with 256 single-port NIC-end modules at 1,000 instead of 128 twin-port).
    CHECK(c.build.complete());
    CHECK(c.build.capitalUsd == Approx(7752000.0));
    // Power: 326.4 + 12 x 1.7 = 346.8 kW; x 1.3 x 0.07 x 730 = US$ 23,037.92 a month.
    CHECK(c.build.itPowerKw == Approx(346.8));
    CHECK(c.build.monthlyPowerUsd == Approx(23037.924));
    // Operations 10%/yr: 7,752,000 x 0.1 / 12 = 64,600. Rent 2.50 x 256 x 730 = 467,200.
    CHECK(c.build.monthlyOperationsUsd == Approx(64600.0));
    CHECK(c.rent.monthlyUsd == Approx(467200.0));
    // Break-even: 7,752,000 / (467,200 - 23,037.92 - 64,600) = 7,752,000 / 379,562.08 = 20.42
    // months: month 21, exact (nothing unpriced).
    REQUIRE(c.breakEven.months);
    CHECK(*c.breakEven.months == Approx(20.4235).epsilon(1e-4));
    CHECK(*c.breakEven.month() == 21);
    CHECK_FALSE(c.breakEven.lowerBound);
    CHECK(lineOf(c, "qm9700", "leaf")->provenance.label == "set in this design: test figure, 2026-01-01");
    CHECK(c.rent.lines[0].provenance.overridden);

    // Renting at or below the running cost never breaks even.
    const BreakEven never = breakEven(1e6, 5000, 4000, false);
    CHECK_FALSE(never.months);
    CHECK(never.text.rfind("never", 0) == 0);
}

TEST_CASE("Break-even is the same per GPU at every size of a DGX H100 fat tree", "[cost]")
{
    // Only the DGX H100 carry a price, so per GPU every size has the same capital (24,875),
    // operations (414.58 a month) and rent (2,912.70). Power: each DGX H100 10.2 kW and each
    // QM9700 1.72 kW; the switches per GPU differ by size (a 2-node tree still has its 8 rail
    // leaves), so the break-even is worked out per size from the bill of materials' switches:
    // 24,875 x 8n / (rent - (10.2 n + 1.72 S) x 1.58 x 0.0895 x 730 - operations).
    for (int nodes : {2, 4, 16, 64, 128}) {
        topology::FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = nodes;
        o.switchModel = "qm9700";
        const Design d = topology::generateFatTree(catalog(), o);
        const CostResult c = costOf(d);
        INFO(nodes << " nodes");
        CHECK(c.gpus == 8 * nodes);
        CHECK(c.build.capitalUsd == Approx(199000.0 * nodes));
        CHECK(c.rent.monthlyUsd == Approx(3.99 * 8 * nodes * 730.0));
        long long switches = 0;
        for (const auto& s : topology::computeBom(d, catalog()).switches) switches += s.count;
        const double kw = 10.2 * nodes + 1.72 * static_cast<double>(switches);
        CHECK(c.build.itPowerKw == Approx(kw));
        const double running = kw * 1.58 * 0.0895 * 730.0 + 199000.0 * nodes * 0.2 / 12.0;
        REQUIRE(c.breakEven.months);
        CHECK(*c.breakEven.months == Approx(199000.0 * nodes / (3.99 * 8 * nodes * 730.0 - running)).epsilon(1e-9));
        // Without switch power it would be 10.511 months at every size; the switches add a little.
        CHECK(*c.breakEven.months > 10.5113);
    }
}

TEST_CASE("Training run: time from the engine's tokens/s, cost from the GPU-hours", "[cost]")
{
    const Design d = loadDesign(defaultDesignPath());
    const DesignAnalysis a = analyzeDesign(d, catalog());
    REQUIRE(a.hasStep);
    const RunInputs in = runInputsOf(a, d.analysis);
    CHECK(in.workload == "gpt3-175b");
    CHECK(in.params == Approx(175e9));
    const CostResult c = costOf(d, {}, in);
    REQUIRE(c.run.available);
    // Default size: 20 tokens per parameter (Chinchilla) = 3.5e12 tokens.
    CHECK(c.run.tokens == Approx(3.5e12));
    CHECK(c.run.seconds == Approx(3.5e12 / a.step.tokensPerSecond));
    CHECK(c.run.gpuHours == Approx(256 * c.run.seconds / 3600.0));
    CHECK(*c.run.rentUsd == Approx(c.run.gpuHours * 3.99));
    CHECK(*c.run.buildUsd == Approx(c.run.gpuHours * c.build.usdPerDeliveredGpuHour));

    CostSettings s;
    s.tokens = 1e11;
    const CostResult small = costOf(d, s, in);
    CHECK(small.run.seconds == Approx(1e11 / a.step.tokensPerSecond));
    CHECK(small.run.tokensSource == "set in this design");
}

TEST_CASE("Every default assumption states its source, bad settings name the field", "[cost]")
{
    const CostResult c = costOf(loadDesign(defaultDesignPath()));
    REQUIRE(c.assumptions.list.size() >= 7);
    for (const auto& a : c.assumptions.list) {
        INFO(a.name);
        CHECK_FALSE(a.source.empty());
        CHECK_FALSE(a.overridden);
    }
    CHECK(c.assumptions.pue == Approx(1.58));
    CHECK(c.assumptions.amortisationYears == 5.0);

    CostSettings texas;
    texas.electricityState = "Texas";
    texas.electricityRate = "industrial";
    CHECK(costOf(loadDesign(defaultDesignPath()), texas).assumptions.electricityUsdPerKWh == Approx(0.066));

    Design d = loadDesign(defaultDesignPath());
    d.analysis["cost"] = {{"pue", 0.5}};
    try {
        (void)costSettingsOf(d, "x.json");
        FAIL("no InputError");
    } catch (const InputError& e) {
        CHECK(e.file() == "x.json");
        CHECK(e.entry() == "analysis.cost");
        CHECK(e.field() == "pue");
    }
    d.analysis["cost"] = {{"prices", {{"qm9700", {{"usd", "cheap"}}}}}};
    try {
        (void)costSettingsOf(d, "x.json");
        FAIL("no InputError");
    } catch (const InputError& e) {
        CHECK(e.entry() == "analysis.cost.prices.qm9700");
        CHECK(e.field() == "usd");
    }
    CostSettings unknownState;
    unknownState.electricityState = "Atlantis";
    CHECK_THROWS_AS(costOf(loadDesign(defaultDesignPath()), unknownState), InputError);
    CostSettings unknownOffer;
    unknownOffer.rent = RentChoice{"Nobody", "nothing", std::nullopt};
    CHECK_THROWS_AS(costOf(loadDesign(defaultDesignPath()), unknownOffer), InputError);
}

TEST_CASE("Cost settings survive saving and loading the design file", "[cost]")
{
    Design d = loadDesign(defaultDesignPath());
    CostSettings s;
    s.amortisationYears = 4;
    s.rent = RentChoice{"AWS", "p5.48xlarge", std::nullopt};
    s.prices["qm9700"] = {28000, "quote", "2026-03-01"};
    setCostSettings(d, s);
    const auto path = std::filesystem::temp_directory_path() / "cd-test-cost-settings.json";
    saveDesign(d, path.string());
    const Design back = loadDesign(path.string());
    std::filesystem::remove(path);
    CHECK(costSettingsOf(back) == s);
    const CostResult c = costOf(back, costSettingsOf(back));
    CHECK(c.rent.lines[0].provider == "AWS");
    CHECK(*c.rent.lines[0].listUsdPerGpuHour == 6.88);
    CHECK(c.assumptions.list[0].overridden);
    setCostSettings(d, {});
    CHECK_FALSE(d.analysis.contains("cost"));
}

TEST_CASE("Designs without prices name what is missing", "[cost]")
{
    // L40S server: neither the system nor the GPU has a purchase price; Nebius rents L40S.
    const CostResult l40s = costOf(templateDesign("server-8x-l40s.json"));
    CHECK(l40s.build.capitalUsd == 0.0);
    CHECK_FALSE(l40s.build.complete());
    CHECK(l40s.breakEven.text.find("not computed") == 0);
    CHECK(l40s.rent.any());
    // GB200 NVL72 racks: US$ 3,000,000 each (press estimates).
    const CostResult gb = costOf(templateDesign("gb200-nvl72-8racks.json"));
    CHECK(lineOf(gb, "gb200-nvl72")->totalUsd() == 8 * 3000000.0);
    // No provider rents GB200 in prices.json: the break-even says which GPU lacks a rent price
    // (it said "no rent price for every GPU").
    CHECK(gb.breakEven.text.find("not computed: no rent price for ") == 0);
    CHECK(gb.breakEven.text.find("GB200") != std::string::npos);
    CHECK(formatUsd(6368000) == "US$ 6,368,000");
    CHECK(formatUsd(3.99) == "US$ 3.99");
    CHECK(formatUsd(-1234.4) == "-US$ 1,234");
}

TEST_CASE("The results snapshot carries the cost, a malformed setting lands in costError", "[cost][snapshot]")
{
    const auto catalogPtr = std::shared_ptr<const Catalog>(std::shared_ptr<const Catalog>(), &catalog());
    for (const std::string& file : {defaultDesignPath(), bundledTemplateDirectory() + "/rented-8x-h100-3200g.json"}) {
        INFO(file);
        const Design d = loadDesign(file);
        const auto s = computeResults(d, catalogPtr);
        REQUIRE(s->cost);
        CHECK(s->costError.empty());
        // The same figures as computing the cost directly from the design.
        const CostResult direct = costOf(d, costSettingsOf(d), runInputsOf(*s->analysis, d.analysis));
        CHECK(s->cost->build.capitalUsd == direct.build.capitalUsd);
        CHECK(s->cost->rent.monthlyUsd == Approx(direct.rent.monthlyUsd));
        CHECK(s->cost->build.monthlyUsd() == Approx(direct.build.monthlyUsd()));
        CHECK(s->cost->run.seconds == Approx(direct.run.seconds));
    }

    Design bad = loadDesign(defaultDesignPath());
    bad.analysis["cost"] = {{"utilisation", 2}};
    const auto b = computeResults(bad, catalogPtr);
    CHECK_FALSE(b->cost);
    CHECK(b->costError.find("utilisation") != std::string::npos);
    CHECK(b->unexpectedError.empty()); // refused input, not an engine failure
    CHECK(b->bom); // the other parts are still there
    CHECK(bundledPriceTable() == bundledPriceTable()); // read once per process
}

TEST_CASE("A workload that does not fit in GPU memory has no training run, at any token count", "[cost]")
{
    // GPT-3 175B on 4 x RTX 4090 (24 GB each): the engine can time a step, but its weights,
    // gradients and optimizer state need far more than 24 GB per GPU, so there is no run to
    // price (before: 131,470 days and a build cost that undercut the SuperPOD).
    Design d = templateDesign("workstation-4x-rtx4090.json");
    const nlohmann::json own = d.analysis; // the template's own workload: Llama 3.2 1B, which fits
    d.analysis.erase("model");
    d.analysis["workload"] = "gpt3-175b";
    const DesignAnalysis a = analyzeDesign(d, catalog(), d.analysis);
    const RunInputs in = runInputsOf(a, d.analysis);
    CHECK(in.tokensPerSecond == 0);
    CHECK(in.whyNot.rfind(kWorkloadExceedsGpuMemory, 0) == 0);
    for (double tokens : {1e9, 3.5e12}) {
        CostSettings s;
        s.tokens = tokens;
        const CostResult c = costOf(d, s, in);
        CHECK_FALSE(c.run.available);
        CHECK_FALSE(c.run.rentUsd.has_value());
        CHECK_FALSE(c.run.buildUsd.has_value());
    }
    // A workload that fits keeps its run.
    d.analysis = own;
    const DesignAnalysis small = analyzeDesign(d, catalog(), d.analysis);
    REQUIRE(small.hasStep);
    CHECK(runInputsOf(small, d.analysis).tokensPerSecond == Approx(small.step.tokensPerSecond));
}

TEST_CASE("The BOM counts the power the cost counts: the design's own figures and prices.json's", "[cost][bom][snapshot]")
{
    const auto catalogPtr = std::shared_ptr<const Catalog>(std::shared_ptr<const Catalog>(), &catalog());
    std::vector<std::pair<std::string, Design>> designs;
    for (const auto& e : std::filesystem::directory_iterator(bundledTemplateDirectory()))
        if (e.path().extension() == ".json") designs.emplace_back(e.path().filename().string(), loadDesign(e.path().string()));
    // The catalog gives the HGX B300 no power; prices.json node_power does (14.5 kW, Kedios).
    designs.emplace_back("hgx-b300-8gpu", topology::generateSingleServer(catalog(), {"hgx-b300-8gpu", ""}));
    // A design's own figure replaces the catalog's 10.2 kW of the DGX H100.
    Design own = loadDesign(defaultDesignPath());
    own.analysis["cost"] = {{"power_W", {{"dgx-h100", {{"W", 9000}, {"source", "measured at the wall"}}}}}};
    designs.emplace_back("own figure", own);
    REQUIRE(designs.size() >= 10);
    for (const auto& [name, d] : designs) {
        INFO(name);
        const auto s = computeResults(d, catalogPtr);
        REQUIRE(s->bom);
        REQUIRE(s->cost);
        CHECK(s->bom->powerKw() == Approx(s->cost->build.itPowerKw).margin(1e-9));
        std::vector<std::string> bomUnknown = s->bom->powerUnknown, costUnknown = s->cost->build.powerUnknown();
        std::sort(bomUnknown.begin(), bomUnknown.end());
        std::sort(costUnknown.begin(), costUnknown.end());
        CHECK(bomUnknown == costUnknown);
    }
    const auto b300 = computeResults(designs[designs.size() - 2].second, catalogPtr);
    CHECK(b300->bom->powerKw() == Approx(14.5));
    REQUIRE(b300->bom->powerFromElsewhere.size() == 1);
    CHECK(b300->bom->powerFromElsewhere[0].first == "hgx-b300-8gpu");
    CHECK(topology::powerText(*b300->bom).find("hgx-b300-8gpu 14.5 kW each, indicative") != std::string::npos);
    // 32 DGX H100 at 9 kW plus the 20.64 kW of the unit's switches and UFM (catalog figures).
    const auto mine = computeResults(own, catalogPtr);
    CHECK(mine->bom->powerKw() == Approx(32 * 9.0 + 20.64));
    CHECK(computeResults(loadDesign(defaultDesignPath()), catalogPtr)->bom->powerKw() == Approx(32 * 10.2 + 20.64));
    CHECK(topology::powerText(*mine->bom).find("dgx-h100 9 kW each, set in this design: measured at the wall") != std::string::npos);
}
