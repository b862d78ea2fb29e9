// The busbw chart of the DGX B200 four-unit template at 1600 x 1000 and 1280 x 800: its legend
// sits under the plot with every curve's name whole, and the algorithm table under the legend
// (Qt Charts' one-row legend elided the names, "one serve…", and the table was drawn over it
// when the Analysis dock was short). The window still fits the screen.
#include <catch2/catch.hpp>

#include "b200_window.hpp"
#include "text_fits.hpp"

#include "views/charts/chart_legend.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"

#include <QChart>
#include <QChartView>
#include <QLegend>

TEST_CASE("busbw chart on the DGX B200 four-unit template: plot, legend and algorithm table do not overlap", "[gui][fits]")
{
    for (const QSize size : {QSize(1600, 1000), QSize(1280, 800)}) {
        INFO("window " << size.width() << "x" << size.height());
        app::MainWindow w(guitest::catalog());
        guitest::openB200(w, size);
        // The room the chart asks for still leaves a window that fits the screen.
        CHECK(w.height() <= size.height());
        CHECK(w.minimumSizeHint().height() <= size.height());
        views::CollectiveChart* c = w.charts()->collectiveChart();
        QChartView* view = c->chartView();
        auto* spans = c->findChild<QLabel*>(QStringLiteral("algorithmSpans"));
        REQUIRE(spans != nullptr);
        REQUIRE(spans->isVisible());
        views::ChartLegend* legend = c->legend();
        REQUIRE(legend->isVisible());
        // Qt Charts' own legend (one row, names elided) is not drawn in the plot.
        CHECK_FALSE(view->chart()->legend()->isVisible());
        const QRect plot = guitest::rectIn(view, c);
        const QRect names = guitest::rectIn(legend, c);
        const QRect table = guitest::rectIn(spans, c);
        INFO("chart " << plot.top() << "-" << plot.bottom() << ", legend " << names.top() << "-" << names.bottom() << ", table "
                      << table.top() << "-" << table.bottom() << ", widget height " << c->height());
        CHECK(names.top() > plot.bottom());  // the legend under the plot,
        CHECK(table.top() > names.bottom()); // the table under the legend,
        CHECK(table.bottom() < c->height()); // all of it inside the widget
        INFO(guitest::describe(spans));
        CHECK(guitest::labelFits(spans));
        // Both curves are named, each name whole inside the legend.
        REQUIRE(legend->entries().size() == 2);
        CHECK(legend->entries()[0].name == QStringLiteral("one server, 8 GPUs"));
        CHECK(legend->entries()[1].name == QStringLiteral("all 1,024 GPUs"));
        CHECK(legend->height() >= legend->heightForWidth(legend->width()));
        for (int i = 0; i < 2; ++i) {
            const QRect r = legend->textRect(i);
            INFO("entry " << i << " at " << r.left() << "," << r.top() << " " << r.width() << "x" << r.height() << " in " << legend->width() << "x" << legend->height());
            CHECK(legend->rect().contains(r));
            CHECK(r.width() >= legend->fontMetrics().horizontalAdvance(legend->entries()[static_cast<std::size_t>(i)].name));
        }
        w.document()->undoStack()->setClean();
    }
}
