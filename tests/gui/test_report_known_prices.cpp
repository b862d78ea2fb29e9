// Report figures that are known and those that are not: a price of US$ 0 is a known price
// (capital US$ 0, the power each month), a design without any price has an unknown month,
// and a GPU without a rent offer has no rent figure.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/report/reports.hpp"
#include "model/compare/comparison.hpp"

namespace {
model::compare::DesignResults resultsOf(const model::Design& d)
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
    const auto r = resultsOf(d);
    REQUIRE(r.cost);
    const QString html = app::report::toHtml(app::report::designReport(r, guitest::catalog()));
    // 5 kW x PUE 1.58 x US$ 0.0895/kWh x 730 h = US$ 516.
    CHECK(html.contains(QStringLiteral("Capital cost</div><div class=\"v\">US$ 0.00</div>")));
    CHECK(html.contains(QStringLiteral("Cost per month (built)</div><div class=\"v\">US$ 516</div>")));
    CHECK(html.contains(QStringLiteral("Break-even, build vs rent</div><div class=\"v\">month 1</div>")));
    CHECK_FALSE(html.contains(QStringLiteral("none priced")));
}
