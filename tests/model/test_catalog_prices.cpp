// catalogs/prices.json: the indicative prices of shared/reference/prices.md, loaded with their
// dates and sources.
#include "model/cost/price_table.hpp"
#include "model/catalog/catalog.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace model;
using namespace model::cost;

TEST_CASE("Indicative prices load with dates and sources", "[catalog][prices]")
{
    const PriceTable t = loadPriceTable(bundledPricesPath());
    CHECK(t.indicative);
    const Catalog catalog = Catalog::loadBundled();

    // Purchase: B200 $30,000-$40,000 (CNBC coverage, 2024-10-03).
    const PurchasePrice* b200 = t.purchaseFor("b200-sxm");
    REQUIRE(b200);
    CHECK(b200->usdLow == Approx(30000));
    CHECK(*b200->usdHigh == Approx(40000));
    CHECK(b200->usdMid() == Approx(35000));
    CHECK(*b200->date == "2024-10-03");
    CHECK(t.purchaseFor("dgx-h100")->usdLow == Approx(199000));
    CHECK_FALSE(t.purchaseFor("dgx-h100")->date.has_value()); // "n/d" in prices.md
    CHECK(t.purchaseFor("l40s") == nullptr);                   // no credible source: blank

    // Rent: AWS p5.48xlarge $55.04 per instance-hour = $6.88 per GPU-hour (8 GPUs).
    const auto h100 = t.rentsFor("h100-sxm");
    REQUIRE(h100.size() >= 10);
    const RentPrice* p5 = nullptr;
    for (const RentPrice* r : h100)
        if (r->offer == "p5.48xlarge") p5 = r;
    REQUIRE(p5);
    CHECK(p5->usdPerGpuHour == Approx(6.88));
    CHECK(*p5->usdPerInstanceHour / p5->gpus == Approx(6.88));
    CHECK(*p5->date == "2026-11-09");
    CHECK(p5->serverId == "aws-p5-48xlarge");
    // Cheapest first: RunPod Community $2.69 ... Azure ND $12.29, the 4.57x spread datareceipts noted.
    CHECK(h100.front()->usdPerGpuHour <= h100.back()->usdPerGpuHour);
    CHECK(h100.back()->usdPerGpuHour == Approx(12.29));
    for (const auto& r : t.rents) {
        INFO(r.provider << " " << r.offer);
        CHECK(!t.citation(r.sourceId).empty());
        if (!r.gpuId.empty()) CHECK(catalog.gpu(r.gpuId));
        if (!r.serverId.empty()) CHECK(catalog.server(r.serverId));
        if (r.usdPerInstanceHour && !r.gpuPriceDerived && !r.instancePriceDerived)
            CHECK(*r.usdPerInstanceHour / r.gpus == Approx(r.usdPerGpuHour).epsilon(0.01));
    }

    // Power per node (W), electricity (US$/kWh, EIA 2023 data), PUE.
    CHECK(t.powerFor("dgx-h100")->maxW == Approx(10200));
    CHECK(t.powerFor("dgx-b300")->derived);
    CHECK(t.powerFor("gb300-nvl72")->maxW == Approx(142000));
    CHECK(t.electricityIn("Texas")->commercialUsdPerKWh == Approx(0.0882));
    CHECK(t.electricityIn("California")->industrialUsdPerKWh == Approx(0.1864));
    CHECK(*t.electricityDate == "2024-10-17");
    CHECK(t.defaultPue == Approx(1.58));
    CHECK_FALSE(t.commitmentDiscountPercent.has_value());
    REQUIRE(t.pue.size() == 3);
    CHECK(t.pue[2].value == Approx(1.1));
    CHECK(*t.pue[2].high == Approx(1.2));

    CHECK(indicativeLabel(p5->date, "datareceipts") == "indicative, as of 2026-11-09 (datareceipts)");
    CHECK(indicativeLabel(std::nullopt, "") == "indicative, undated");
}

TEST_CASE("The bundled catalog loader skips prices.json and the price loader rejects catalogs", "[catalog][prices]")
{
    Catalog c;
    c.loadFile(bundledPricesPath()); // not hardware: skipped without error
    CHECK(c.gpus().empty());
    try {
        (void)loadPriceTable(Catalog::bundledDirectory() + "/gpus.json");
        FAIL("no InputError");
    } catch (const InputError& e) {
        CHECK(e.field() == "format");
    }
    const auto dir = std::filesystem::temp_directory_path() / "cd-test-prices.json";
    {
        std::ofstream out(dir);
        out << R"({"format": "cluster-designer-prices", "version": 1, "sources": {"s": {"citation": "x"}},
                  "purchase": [{"item": "GPU", "unit": "gpu", "usd_low": 100, "usd_high": 50, "date": null, "source": "s"}],
                  "rent": [], "node_power": [], "electricity": {"source": "s", "states": []}, "pue": []})";
    }
    try {
        (void)loadPriceTable(dir.string());
        FAIL("no InputError");
    } catch (const InputError& e) {
        CHECK(e.entry() == "purchase[0]");
        CHECK(e.field() == "usd_high");
        CHECK(e.problem().find("expected a number from 100 to 1e+10, got 50") != std::string::npos);
    }
    std::filesystem::remove(dir);
}
