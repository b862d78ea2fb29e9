// Comparison of designs: rows, differences, the per-GPU break-even worked by hand, the
// verdict in words, and the compare --json keys (shared/design/ARCHITECTURE.md).
#include "test_catalog_support.hpp"
#include "test_price_support.hpp"
#include "model/compare/comparison.hpp"
#include "model/io/csv_text.hpp"
#include "model/io/results_csv.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"
#include "model/units/number_format.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model;
using namespace model::compare;

namespace {

DesignResults resultsOf(const std::string& path, const ResultOptions& o = {})
{
    return computeDesignResults(std::make_shared<const Design>(loadDesign(path)), testsupport::bundledCatalog(), testsupport::bundledPrices(), o, path);
}

/// Results of a generated fat tree of `nodes` DGX H100 on QM9700 switches (no rental).
DesignResults fatTreeResults(int nodes)
{
    topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = nodes;
    o.switchModel = "qm9700";
    return computeDesignResults(std::make_shared<const Design>(topology::generateFatTree(testsupport::bundledCatalog(), o)),
                                testsupport::bundledCatalog(), testsupport::bundledPrices(), {}, "");
}

std::string rentedPath() { return bundledTemplateDirectory() + "/rented-8x-h100-3200g.json"; }
} // namespace

TEST_CASE("Design results hold every part, the 8 GiB all-reduce comes from the whole-design sweep", "[compare]")
{
    const DesignResults r = resultsOf(defaultDesignPath());
    REQUIRE(r.analysis);
    REQUIRE(r.sweeps);
    REQUIRE(r.rules);
    REQUIRE(r.bom);
    REQUIRE(r.cost);
    const CollectiveResult* ar = r.allReduce8GiB();
    REQUIRE(ar);
    CHECK(ar->bytes == 8.0 * 1024 * 1024 * 1024);
    CHECK(ar->gpus == 256);
    // The same figure as asking the engine directly.
    CollectiveRequest req;
    req.op = CollectiveOp::AllReduce;
    req.bytes = ar->bytes;
    const CollectiveResult direct = predictCollective(*r.design, testsupport::bundledCatalog(), req);
    CHECK(ar->busbw.inGBps() == Approx(direct.busbw.inGBps()));
}

TEST_CASE("Rented template against the SuperPOD unit: break-even per GPU and the verdict", "[compare][golden]")
{
    const ResultOptions o{"gpt3-175b", std::nullopt};
    const DesignResults superpod = resultsOf(defaultDesignPath(), o);
    const DesignResults rented = resultsOf(rentedPath(), o);
    const Comparison c = compareDesigns({&superpod, &rented});
    REQUIRE(c.labels == std::vector<std::string>{"A", "B"});

    // By hand, per GPU of A (256 GPUs, 32 DGX H100 at US$ 199,000): capital 24,875; running
    // (35,824.70 power of 347.04 kW + 106,133.33 operations) / 256 = 554.52 a month. B rents at
    // 3.99 per GPU-hour x 730 h = 2,912.70 a month. 24,875 / (2,912.70 - 554.52) = 10.548: month 11,
    // a lower bound (A's switches and optics have no price).
    REQUIRE(c.breakEvens.size() == 1);
    const auto& x = c.breakEvens[0];
    CHECK(x.build == 0);
    CHECK(x.rent == 1);
    const double running = (347.04 * 1.58 * 0.0895 * 730.0 + 6368000.0 * 0.2 / 12.0) / 256.0;
    const double byHand = (6368000.0 / 256.0) / (3.99 * 730.0 - running);
    REQUIRE(x.breakEven.months);
    CHECK(*x.breakEven.months == Approx(byHand));
    CHECK(*x.breakEven.months == Approx(10.548).epsilon(1e-3));
    CHECK(*x.breakEven.month() == 11);
    CHECK(x.breakEven.lowerBound);

    const std::string verdict = c.verdictText();
    INFO(verdict);
    CHECK(verdict.find("Per GPU, renting B (Lambda (8x H100 SXM nodes, on demand), US$ 3.99 per GPU-hour) costs less than building A until month 11") !=
          std::string::npos);
    CHECK(verdict.find("after that building A costs less") != std::string::npos);
    // The GPU counts differ (256 against 64), so the sentence leads with "Per GPU" and ends with them.
    CHECK(verdict.find("(A has 256 GPUs, B 64.)") != std::string::npos);
    // Speed: A has 4x the GPUs; the factor comes from the engine's tokens/s.
    REQUIRE(superpod.cost->run.available);
    REQUIRE(rented.cost->run.available);
    const double speedup = rented.cost->run.seconds / superpod.cost->run.seconds;
    CHECK(speedup == Approx(superpod.analysis->step.tokensPerSecond / rented.analysis->step.tokensPerSecond));
    CHECK(verdict.find("Building A trains the gpt3-175b run") != std::string::npos);
    CHECK(verdict.find("than renting B") != std::string::npos);
    CHECK(verdict.find("4.0x the GPUs (256 against 64)") != std::string::npos);
    // The run times read as the table prints them (formatFigure): the verdict said "34 days"
    // beside the table's "34.2".
    for (int i : {0, 1}) {
        REQUIRE(c.row("run_time_days")->cells[static_cast<std::size_t>(i)].value);
        const std::string days = formatFigure(*c.row("run_time_days")->cells[static_cast<std::size_t>(i)].value) + " days";
        INFO(days);
        CHECK(verdict.find(days) != std::string::npos);
    }

    // Rows: B is rented, its capital (to build) is a lower bound; GPUs differ.
    CHECK(c.row("gpus")->cells[0].value == 256.0);
    CHECK(c.row("gpus")->cells[1].value == 64.0);
    CHECK(c.row("gpus")->differs);
    CHECK(c.row("payment")->cells[1].text.rfind("renting", 0) == 0);
    CHECK(*c.row("monthly_USD")->cells[1].value == Approx(3.99 * 64 * 730.0));
    CHECK(*c.row("all_reduce_8GiB_busbw_GBps")->cells[0].value == Approx(superpod.allReduce8GiB()->busbw.inGBps()));
    CHECK(c.row("break_even_month")->cells[0].text == "11 or later");

    // Same comparison the other way round: labels swap, the month does not.
    const Comparison back = compareDesigns({&rented, &superpod});
    REQUIRE(back.breakEvens.size() == 1);
    CHECK(*back.breakEvens[0].breakEven.month() == 11);
    CHECK(back.verdictText().find("Per GPU, renting A") != std::string::npos);
}

TEST_CASE("compare --json keys: designs, verdict, money in _USD, months as numbers", "[compare]")
{
    const DesignResults a = resultsOf(defaultDesignPath());
    const DesignResults b = resultsOf(rentedPath());
    const Comparison c = compareDesigns({&a, &b});
    const nlohmann::json j = toJson(c, {&a, &b});
    REQUIRE(j["designs"].size() == 2);
    CHECK(j["verdict"].is_string());
    CHECK_FALSE(j["verdict"].get<std::string>().empty());
    const auto& d0 = j["designs"][0];
    CHECK(d0["label"] == "A");
    CHECK(d0["gpus"] == 256);
    CHECK(d0["capital_USD"].get<double>() == Approx(6368000.0));
    CHECK(d0["capital_USD_lower_bound"] == true);
    CHECK(d0["break_even_month"].is_number());
    CHECK(d0["cost"]["build"]["capital_USD"].is_number());
    CHECK(j["break_even"][0]["month"] == 11);
    CHECK(j["designs"][1]["monthly_rent_USD"].get<double>() == Approx(186412.8));
    // CSV of the table: full precision, one column per design.
    const std::string csv = toCsv(c);
    CHECK(csv.rfind("figure,unit,\"A: ", 0) == 0); // the design name holds a comma: quoted
    CHECK(csv.find("Monthly cost to rent,US$,745651.") != std::string::npos);
}

TEST_CASE("Compare needs two to four designs and marks the best figure", "[compare]")
{
    const DesignResults a = resultsOf(defaultDesignPath());
    CHECK_THROWS_AS(compareDesigns({&a}), std::invalid_argument);
    CHECK_THROWS_AS(compareDesigns({&a, &a, &a, &a, &a}), std::invalid_argument);
    // Fat trees of 2, 4 and 8 DGX H100: same per-GPU layers, more GPUs; no rented design, so
    // the verdict compares the cost per delivered GPU-hour instead of a break-even.
    std::vector<DesignResults> trees;
    for (int nodes : {2, 4, 8}) trees.push_back(fatTreeResults(nodes));
    const Comparison c = compareDesigns({&trees[0], &trees[1], &trees[2]});
    CHECK(c.breakEvens.empty());
    CHECK(c.row("gpus")->differs);
    CHECK_FALSE(c.row("layer_hbm_GBps")->differs);
    CHECK_FALSE(c.row("layer_hbm_GBps")->best);
    CHECK(c.verdictText().find("Per delivered GPU-hour") != std::string::npos);
    // Capital is a lower bound everywhere (switches unpriced), so no design "wins" it.
    CHECK_FALSE(c.row("capital_USD")->best);
}

TEST_CASE("Chart data as CSV at full precision", "[compare][csv]")
{
    const DesignResults r = resultsOf(defaultDesignPath());
    const std::string layers = io::layersCsv(*r.analysis);
    CHECK(layers.rfind("scope,technology,per_gpu_GBps,per_gpu_Gbps,note\n", 0) == 0);
    CHECK(layers.find("node_boundary,") != std::string::npos);
    const std::string sweeps = io::sweepsCsv(*r.sweeps);
    CHECK(sweeps.find("all_reduce,") != std::string::npos);
    // Every point of every curve, one line each.
    std::size_t points = 0;
    for (const auto& s : *r.sweeps) points += s.points.size();
    CHECK(static_cast<std::size_t>(std::count(sweeps.begin(), sweeps.end(), '\n')) == points + 1);
    const std::string busbw = io::csvNumber(r.allReduce8GiB()->busbw.inGBps());
    CHECK(sweeps.find(busbw) != std::string::npos);
    const std::string scaling = io::scalingCsv(*r.analysis);
    CHECK(scaling.find("weak,256,") != std::string::npos);
}

TEST_CASE("A figure tied for best names no winner, a lone best does", "[compare]")
{
    // Two DGX H100 fat trees (same layers) and the RTX 4090 workstation: the trees differ from
    // the workstation on every layer but tie with each other, so no '<' goes to either.
    std::vector<DesignResults> ds;
    for (int nodes : {2, 4}) ds.push_back(fatTreeResults(nodes));
    ds.push_back(resultsOf(bundledTemplateDirectory() + "/workstation-4x-rtx4090.json"));
    const Comparison c = compareDesigns({&ds[0], &ds[1], &ds[2]});
    for (const char* key : {"layer_hbm_GBps", "layer_intra_node_GBps"}) {
        INFO(key);
        REQUIRE(c.row(key));
        CHECK(c.row(key)->differs);
        CHECK_FALSE(c.row(key)->best);
    }
    const Comparison pair = compareDesigns({&ds[1], &ds[2]});
    REQUIRE(pair.row("layer_hbm_GBps")->best);
    CHECK(*pair.row("layer_hbm_GBps")->best == 0);
}

TEST_CASE("Designs that train different workloads: the verdict says so and compares no times", "[compare]")
{
    // The workstation template trains its own llama3.2-1b, the rented template llama3-70b:
    // before, "Building A trains the llama3.2-1b run ... 27x faster than renting B ... because
    // each of its GPUs does 7.6x the work" (an RTX 4090 against an H100).
    const DesignResults ws = resultsOf(bundledTemplateDirectory() + "/workstation-4x-rtx4090.json");
    const DesignResults rented = resultsOf(rentedPath());
    REQUIRE(ws.cost);
    REQUIRE(rented.cost);
    REQUIRE(ws.cost->run.workload != rented.cost->run.workload);
    const std::string verdict = compareDesigns({&ws, &rented}).verdictText();
    INFO(verdict);
    CHECK(verdict.find("different workloads, so these times do not compare the designs") != std::string::npos);
    CHECK(verdict.find(ws.cost->run.workload) != std::string::npos);
    CHECK(verdict.find(rented.cost->run.workload) != std::string::npos);
    CHECK(verdict.find("faster than") == std::string::npos);
    CHECK(verdict.find("the work") == std::string::npos);
    // With one workload for both the times are compared: the golden SuperPOD-against-rented case
    // above ("Building A trains the gpt3-175b run ... than renting B").

    // Nor does the table name a best run time, rate, MFU or run cost across the two workloads
    // (it marked the workstation's 11.3-day llama3.2-1b run better than the rented llama3-70b).
    const Comparison c = compareDesigns({&ws, &rented});
    for (const char* key : {"tokens_per_second", "mfu", "scaling_efficiency", "run_time_days", "run_cost_USD"}) {
        INFO(key);
        const Row* r = c.row(key);
        REQUIRE(r);
        CHECK(r->perWorkload);
        CHECK_FALSE(r->best);
    }
    // Figures that do not depend on the workload still name one.
    REQUIRE(c.row("capital_USD"));
    CHECK_FALSE(c.row("capital_USD")->perWorkload);
    // One workload for both: the run rows name a best again.
    ResultOptions same;
    same.workload = "llama3-8b";
    const DesignResults superpod8 = resultsOf(defaultDesignPath(), same);
    const DesignResults rented8 = resultsOf(rentedPath(), same);
    const Comparison one = compareDesigns({&superpod8, &rented8});
    REQUIRE(one.row("tokens_per_second"));
    CHECK(one.row("tokens_per_second")->best);
}

TEST_CASE("Every cell of a compare row is written by the row's one rule", "[compare][golden]")
{
    // Before: significant digits by ostream precision 4, so one row read "30.37" beside "118"
    // (training step, s), another "391.1" beside "1,519" and "67.88" (run, days), "44%" beside
    // "45.4%" (MFU) and "22" beside "365.8" (busbw). Now figures have three significant digits
    // (whole numbers with separators from 1,000), percentages one decimal, counts none.
    const ResultOptions o{"gpt3-175b", std::nullopt};
    std::vector<DesignResults> ds;
    for (const char* f : {"superpod-h100-1su.json", "rented-8x-h100-3200g.json", "server-8x-l40s.json", "dgx-b200-4su.json"})
        ds.push_back(resultsOf(bundledTemplateDirectory() + "/" + f, o));
    const Comparison c = compareDesigns({&ds[0], &ds[1], &ds[2], &ds[3]});
    const auto texts = [&c](const char* key) {
        std::vector<std::string> out;
        for (const Cell& cell : c.row(key)->cells) out.push_back(cell.text);
        return out;
    };
    const std::string noFit = "does not fit in GPU memory";
    // The rented 64 GPUs' figures since pipeline transfers between stages on different
    // servers pay the network (step 105 s, 1,350 days, MFU 51.0 %, 30,016 tokens/s before).
    CHECK(texts("step_time_s") == std::vector<std::string>{"27.1", "106", noFit, "3.49"});
    // Each column says what it trains and how it is split (helper-90: nothing in the table did).
    const std::vector<std::string> trained = texts("workload_layout");
    CHECK(trained[0] == "gpt3-175b: tp 4 x pp 8 x dp 8");
    for (const std::string& t : trained) CHECK(t.rfind("gpt3-175b: tp ", 0) == 0);
    CHECK(texts("run_time_days") == std::vector<std::string>{"349", "1,359", "n/a", "44.9"});
    CHECK(texts("all_reduce_8GiB_busbw_GBps") == std::vector<std::string>{"366", "362", "22.0", "366"});
    CHECK(texts("mfu") == std::vector<std::string>{"49.3 %", "50.7 %", noFit, "42.2 %"});
    CHECK(texts("tokens_per_second") == std::vector<std::string>{"116,047", "29,810", noFit, "902,323"});
    CHECK(texts("layer_node_boundary_GBps") == std::vector<std::string>{"50.0", "50.0", "0", "50.0"});
    CHECK(texts("gpus") == std::vector<std::string>{"256", "64", "8", "1,024"});
    // And every figure of every row, whatever the engine computes: one rule per quantity.
    for (const Row& r : c.rows)
        for (const Cell& cell : r.cells) {
            if (!cell.value) continue;
            INFO(r.key << ": " << cell.text);
            if (r.unit == "US$") CHECK(cell.text == cost::formatUsd(*cell.value) + (cell.lowerBound ? "+" : ""));
            else if (r.key == "mfu" || r.key == "scaling_efficiency") CHECK(cell.text.rfind(formatPercent(*cell.value), 0) == 0);
            else if (r.key == "gpus" || r.key == "nodes" || r.key == "rule_errors" || r.key == "rule_warnings") CHECK(cell.text == formatCount(*cell.value));
            else if (r.unit == "month") CHECK(cell.text.rfind(formatCount(*cell.value), 0) == 0);
            else CHECK(cell.text == formatFigure(*cell.value));
        }
}

TEST_CASE("The verdict separates thousands in GPU counts as the table does", "[compare]")
{
    // 128 DGX B200 (1,024 GPUs) against the SuperPOD unit (256): the verdict said "(1024 against
    // 256)" beside the table's "1,024".
    const ResultOptions o{"gpt3-175b", std::nullopt};
    const DesignResults b200 = resultsOf(bundledTemplateDirectory() + "/dgx-b200-4su.json", o);
    const DesignResults superpod = resultsOf(defaultDesignPath(), o);
    const Comparison c = compareDesigns({&superpod, &b200});
    const std::string verdict = c.verdictText();
    INFO(verdict);
    CHECK(verdict.find("1,024") != std::string::npos);
    CHECK(verdict.find("1024") == std::string::npos);
}

TEST_CASE("The server-count row is named by the designs' kind of server", "[compare]")
{
    topology::RentedOptions p5;
    p5.server = "aws-p5-48xlarge";
    p5.nodes = 2;
    p5.perNodeGbps = 3200;
    p5.pricePerGpuHourUsd = 3.0;
    p5.provider = "test";
    const DesignResults rented = computeDesignResults(std::make_shared<const Design>(topology::generateRented(testsupport::bundledCatalog(), p5)),
                                                      testsupport::bundledCatalog(), testsupport::bundledPrices(), {}, "");
    const DesignResults rack = resultsOf(bundledTemplateDirectory() + "/gb200-nvl72-1rack.json");
    const DesignResults superpod = resultsOf(defaultDesignPath());
    const auto nodesRow = [](const Comparison& c) -> Row {
        const auto it = std::find_if(c.rows.begin(), c.rows.end(), [](const Row& r) { return r.key == "nodes"; });
        return it == c.rows.end() ? Row{} : *it;
    };
    CHECK(rack.serverKind == "rack");
    CHECK(rented.serverKind == "cloud_instance");
    CHECK(superpod.serverKind == "node");
    CHECK(nodesRow(compareDesigns({&rack, &rack})).label == "Racks");
    CHECK(nodesRow(compareDesigns({&rented, &rented})).label == "Instances");
    CHECK(nodesRow(compareDesigns({&superpod, &superpod})).label == "Servers");
    const Row mixed = nodesRow(compareDesigns({&superpod, &rack, &rented, &superpod}));
    CHECK(mixed.label == "Servers / racks / instances");
    // The cells stay counts: 32 servers, one rack, 2 instances.
    REQUIRE(mixed.cells.size() == 4);
    CHECK(mixed.cells[0].text == "32");
    CHECK(mixed.cells[1].text == "1");
    CHECK(mixed.cells[2].text == "2");
}

TEST_CASE("a run size given with --tokens is named as given there not as the design's", "[compare][cost]")
{
    // helper-88: compare --tokens 2T reported tokens_source "set in this design".
    ResultOptions o;
    o.tokens = 2e12;
    const DesignResults r = resultsOf(defaultDesignPath(), o);
    REQUIRE(r.cost);
    CHECK(r.cost->run.tokens == 2e12);
    CHECK(r.cost->run.tokensSource == "set for this comparison or report (--tokens)");
    const DesignResults own = resultsOf(defaultDesignPath());
    REQUIRE(own.cost);
    CHECK(own.cost->run.tokensSource != "set for this comparison or report (--tokens)");
}
