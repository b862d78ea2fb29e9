// An explicit price of US$ 0 (analysis.cost.prices KEY {"usd": 0}) is a known price: the
// capital is US$ 0 and the month is the power, in the cost and in the comparison; a design
// with no price at all has an unknown capital, never US$ 0.
#include "test_catalog_support.hpp"
#include "test_price_support.hpp"
#include "model/compare/comparison.hpp"

#include <catch2/catch.hpp>

using namespace model;
using namespace model::compare;

namespace {
DesignResults zeroPriceResults(const Design& d)
{
    return computeDesignResults(std::make_shared<const Design>(d), testsupport::bundledCatalog(), testsupport::bundledPrices(), {}, "");
}

Design l40s() { return loadDesign(bundledTemplateDirectory() + "/server-8x-l40s.json"); }
} // namespace

TEST_CASE("A price of US$ 0 is a known price: capital US$ 0 and the power each month", "[cost][compare]")
{
    // The 8x L40S server has no catalog price; the design sets US$ 0 for it and 5,000 W.
    Design zero = l40s();
    zero.analysis["cost"] = {{"prices", {{"pcie-2-8-5-l40s", {{"usd", 0}}}}}, {"power_W", {{"pcie-2-8-5-l40s", {{"W", 5000}}}}}};
    const DesignResults z = zeroPriceResults(zero);
    const DesignResults none = zeroPriceResults(l40s());
    REQUIRE(z.cost);
    REQUIRE(none.cost);
    CHECK(z.cost->build.anyPriced());
    CHECK(z.cost->build.complete());
    CHECK_FALSE(none.cost->build.anyPriced());
    // 5 kW x PUE 1.58 x US$ 0.0895/kWh x 730 h = US$ 516.20 a month, no amortisation or operations.
    const double power = 5.0 * 1.58 * 0.0895 * 730.0;
    CHECK(z.cost->build.monthlyUsd() == Approx(power));
    CHECK(z.cost->run.buildUsd); // was n/a: the run is priced at the power cost
    // Renting (Nebius L40S, US$ 9,052 a month) costs more than the power from the first month.
    REQUIRE(z.cost->breakEven.month());
    CHECK(*z.cost->breakEven.month() == 1);
    CHECK(cost::toJson(*z.cost)["build"]["any_priced"] == true);
    CHECK(cost::toJson(*none.cost)["build"]["any_priced"] == false);

    const Comparison c = compareDesigns({&z, &none});
    const auto cellOf = [&](const char* key, std::size_t i) { return c.row(key)->cells[i]; };
    // Before: n/a for capital, the month and the break-even of the US$ 0 design.
    REQUIRE(cellOf("capital_USD", 0).value);
    CHECK(*cellOf("capital_USD", 0).value == 0.0);
    CHECK(cellOf("capital_USD", 0).text == "US$ 0.00");
    REQUIRE(cellOf("monthly_USD", 0).value);
    CHECK(*cellOf("monthly_USD", 0).value == Approx(power));
    CHECK(*cellOf("monthly_build_USD", 0).value == Approx(power));
    CHECK(cellOf("break_even_month", 0).text == "1");
    // No price at all: unknown, not US$ 0.
    CHECK_FALSE(cellOf("capital_USD", 1).value);
    CHECK(cellOf("capital_USD", 1).text == "n/a");
    CHECK_FALSE(cellOf("monthly_USD", 1).value);
    CHECK(c.verdictText().find("No design has a priced part") == std::string::npos);
    CHECK(c.verdictText().find("building A is the only one with a known cost: US$ 0.09 per GPU-hour; no price for B (no part has a price)") != std::string::npos);
}
