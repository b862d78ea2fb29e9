// The Compare window's four charts keep a readable size and scroll in their pane when the
// window is small (helper-82: at 900 x 720 their tick labels, legends and titles piled up).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "views/charts/chart_widget.hpp"
#include "views/compare/design_compare_view.hpp"

#include <QScrollArea>

TEST_CASE("compare: charts keep their least size in a small window and scroll", "[gui][compare]")
{
    views::DesignCompareView view;
    view.resize(640, 560);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    auto* scroll = view.findChild<QScrollArea*>(QStringLiteral("compareChartsScroll"));
    REQUIRE(scroll);
    REQUIRE(view.charts().size() == 4);
    for (const views::ChartWidget* c : view.charts()) {
        CHECK(c->width() >= views::DesignCompareView::kMinChartSize.width());
        CHECK(c->height() >= views::DesignCompareView::kMinChartSize.height());
        CHECK(scroll->widget()->isAncestorOf(c));
    }
}
