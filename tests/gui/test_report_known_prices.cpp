// Report figures that are known and those that are not: a price of US$ 0 is a known price
// (capital US$ 0, the power each month), a design without any price has an unknown month,
// and a GPU without a rent offer has no rent figure.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/report/reports.hpp"
#include "model/compare/comparison.hpp"

namespace {
model::compare::DesignResults knownPriceResults(const model::Design& d)
{
    static const auto prices = model::cost::loadPriceTable(model::cost::bundledPricesPath());
    return model::compare::computeDesignResults(std::make_shared<const model::Design>(d), *guitest::catalog(), prices, {}, "");
}

model::Design templateDesign(const char* file) { return model::loadDesign(model::bundledTemplateDirectory() + "/" + file); }
} // namespace

TEST_CASE("Report of a design priced at US$ 0: capital US$ 0 and the power a month", "[gui][report][cost]")
{
    model::Design d = templateDesign("server-8x-l40s.json");
    d.analysis["cost"] = {{"prices", {{"pcie-2-8-5-l40s", {{"usd", 0}}}}}, {"power_W", {{"pcie-2-8-5-l40s", {{"W", 5000}}}}}};
    const auto r = knownPriceResults(d);
    REQUIRE(r.cost);
    const QString html = app::report::toHtml(app::report::designReport(r, guitest::catalog()));
    // 5 kW x PUE 1.58 x US$ 0.0895/kWh x 730 h = US$ 516.
    CHECK(html.contains(QStringLiteral("Capital cost</div><div class=\"v\">US$ 0.00</div>")));
    CHECK(html.contains(QStringLiteral("Cost per month (built)</div><div class=\"v\">US$ 516</div>")));
    CHECK(html.contains(QStringLiteral("Break-even, build vs rent</div><div class=\"v\">month 1</div>")));
    CHECK_FALSE(html.contains(QStringLiteral("none priced")));
}

TEST_CASE("Report of GB200 racks, which no provider rents: no rent figure", "[gui][report][cost]")
{
    // Before: 'Rent: US$ 0.00 per GPU-hour ... = US$ 0.00 a month' right under 'no offer'.
    const auto r = knownPriceResults(templateDesign("gb200-nvl72-8racks.json"));
    REQUIRE(r.cost);
    REQUIRE_FALSE(r.cost->rent.any());
    const QString html = app::report::toHtml(app::report::designReport(r, guitest::catalog()));
    CHECK(html.contains(QStringLiteral("n/a: no rent offer prices these GPUs, so there is no rent figure; set one with analysis.cost.rent.")));
    CHECK_FALSE(html.contains(QStringLiteral("US$ 0.00 per GPU-hour")));
    CHECK_FALSE(html.contains(QStringLiteral("US$ 0.00 a month")));
    // A rented design keeps its rent line: 64 GPUs x 730 h x US$ 3.99 = US$ 186,413 a month.
    const auto rented = knownPriceResults(templateDesign("rented-8x-h100-3200g.json"));
    const QString rentedHtml = app::report::toHtml(app::report::designReport(rented, guitest::catalog()));
    CHECK(rentedHtml.contains(QStringLiteral("US$ 3.99 per GPU-hour after a 0.0 % commitment discount x 64 GPUs")));
    CHECK(rentedHtml.contains(QStringLiteral("= US$ 186,413 a month")));
}

TEST_CASE("Compare report cover: no month for a design with no price, a lower bound marked", "[gui][report][cost]")
{
    // Before: '8 GPUs, US$ 0.00/month built' for the unpriced L40S server, and the SuperPOD
    // unit's month without its '+'.
    const auto l40s = knownPriceResults(templateDesign("server-8x-l40s.json"));
    const auto su = knownPriceResults(templateDesign("superpod-h100-1su.json"));
    const auto c = model::compare::compareDesigns({&su, &l40s});
    const QString html = app::report::toHtml(app::report::compareReport(c, {&su, &l40s}, guitest::catalog()));
    CHECK(html.contains(QStringLiteral("8 GPUs, cost unknown (no part has a price)")));
    CHECK(html.contains(QStringLiteral("256 GPUs, ") + QString::fromStdString(c.row("monthly_USD")->cells[0].text) + QStringLiteral("/month built")));
    CHECK(c.row("monthly_USD")->cells[0].text.back() == '+');
    CHECK_FALSE(html.contains(QStringLiteral("US$ 0.00/month")));
}
