// The comparison's verdict prices each design as it is offered: a rented design at its rent,
// a built one at its build cost; equal costs to the cent are a tie; designs priced by rent
// alone (no catalog purchase price) still compare.
#include "test_catalog_support.hpp"
#include "test_price_support.hpp"
#include "model/compare/comparison.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

using namespace model;
using namespace model::compare;

namespace {
DesignResults rented(const std::string& server, int nodes, double perNodeGbps, double usdPerGpuHour, const std::string& provider)
{
    topology::RentedOptions o;
    o.server = server;
    o.nodes = nodes;
    o.perNodeGbps = perNodeGbps;
    o.pricePerGpuHourUsd = usdPerGpuHour;
    o.provider = provider;
    return computeDesignResults(std::make_shared<const Design>(topology::generateRented(testsupport::bundledCatalog(), o)),
                                testsupport::bundledCatalog(), testsupport::bundledPrices(), {"llama3-70b", std::nullopt}, "");
}

using testsupport::has;
} // namespace

TEST_CASE("Two rented designs compare at the rent each is offered at", "[compare][cost]")
{
    // 8 HGX H100 nodes at US$ 2.00 and at US$ 1.50 per GPU-hour. Before: "renting B costs
    // least: US$ 1.15 per GPU-hour, against US$ 1.15 ... for A", the cost of building them.
    const DesignResults a = rented("hgx-h100-8gpu", 8, 3200, 2.0, "Cheap");
    const DesignResults b = rented("hgx-h100-8gpu", 8, 800, 1.5, "Cheaper");
    const Comparison c = compareDesigns({&a, &b});
    CHECK(c.breakEvens.empty());
    const std::string v = c.verdict.front();
    INFO(v);
    CHECK(v == "Per delivered GPU-hour, renting B costs least: US$ 1.50 per GPU-hour, against US$ 2.00 per GPU-hour renting A.");
    CHECK_FALSE(has(c.verdictText(), "US$ 1.15"));
    // The table's "as paid" figures agree: 64 GPUs x 730 h x US$ 1.50 = US$ 70,080 a month.
    CHECK(*c.row("monthly_USD")->cells[1].value == Approx(70080.0));
    CHECK(*c.row("usd_per_gpu_hour_USD")->cells[1].value == Approx(1.5));
}

TEST_CASE("Rented designs without a purchase price still compare on their rent", "[compare][cost]")
{
    // Cloud instances with no catalog purchase price: was "No design has a priced part, so
    // their costs cannot be compared" beside a table of monthly rents.
    const DesignResults p5 = rented("aws-p5-48xlarge", 2, 3200, 4.0, "AWS");
    const DesignResults a4x = rented("gcp-a4x-highgpu-4g", 4, 800, 4.5, "GCP");
    REQUIRE(p5.cost);
    REQUIRE(a4x.cost);
    REQUIRE_FALSE(p5.cost->build.anyPriced());
    const std::string v = compareDesigns({&p5, &a4x}).verdictText();
    INFO(v);
    CHECK_FALSE(has(v, "priced part"));
    CHECK(has(v, "Per delivered GPU-hour, renting A costs least: US$ 4.00 per GPU-hour, against US$ 4.50 per GPU-hour renting B."));
}

TEST_CASE("Equal costs to the cent are a tie, not a winner", "[compare][cost]")
{
    const DesignResults a = rented("aws-p5-48xlarge", 2, 3200, 4.0, "AWS");
    const DesignResults b = rented("gcp-a4x-highgpu-4g", 4, 800, 4.0, "GCP");
    const std::string v = compareDesigns({&a, &b}).verdict.front();
    INFO(v);
    CHECK(v == "Per delivered GPU-hour, renting A and renting B cost the same: US$ 4.00 per GPU-hour each.");
    CHECK_FALSE(has(v, "costs least"));
    // Within a cent (US$ 4.004 against US$ 4.00): still a tie, as the figures print alike.
    const DesignResults c4 = rented("gcp-a4x-highgpu-4g", 4, 800, 4.004, "GCP");
    CHECK(has(compareDesigns({&a, &c4}).verdict.front(), "cost the same"));
    // One cent apart: a winner.
    const DesignResults d = rented("gcp-a4x-highgpu-4g", 4, 800, 4.01, "GCP");
    CHECK(has(compareDesigns({&a, &d}).verdict.front(), "renting A costs least: US$ 4.00 per GPU-hour, against US$ 4.01"));
}

TEST_CASE("Rented against built: the break-even, then the rented designs among themselves", "[compare][cost]")
{
    const DesignResults a = rented("hgx-h100-8gpu", 8, 3200, 2.0, "Cheap");
    const DesignResults b = rented("hgx-h100-8gpu", 8, 800, 1.5, "Cheaper");
    const DesignResults built = computeDesignResults(std::make_shared<const Design>(loadDesign(defaultDesignPath())), testsupport::bundledCatalog(),
                                                     testsupport::bundledPrices(), {"llama3-70b", std::nullopt}, "");
    const Comparison c = compareDesigns({&a, &b, &built});
    REQUIRE(c.breakEvens.size() == 2);
    const std::string v = c.verdictText();
    INFO(v);
    CHECK(has(v, "Per GPU, renting A (Cheap, US$ 2.00 per GPU-hour) costs less than building C until month "));
    CHECK(has(v, "Per GPU, renting B (Cheaper, US$ 1.50 per GPU-hour) costs less than building C until month "));
    CHECK(has(v, "Of the rented designs, per delivered GPU-hour, renting B costs least: US$ 1.50 per GPU-hour, against US$ 2.00 per GPU-hour renting A."));
}
