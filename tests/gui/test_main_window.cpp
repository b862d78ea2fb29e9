// The main window offscreen on the bundled template: the charts hold exactly what the engine
// computes for the design on screen, and an edit refreshes them.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/analysis/analysis.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/layer_chart.hpp"

namespace {

/// Checks that the charts panel shows `expected`, value by value.
void requireChartsShow(const views::ChartsPanel& charts, const model::DesignAnalysis& expected)
{
    const QVector<double> values = charts.layerValuesGBps();
    REQUIRE(values.size() == static_cast<qsizetype>(expected.layers.size()));
    for (std::size_t i = 0; i < expected.layers.size(); ++i) {
        INFO("layer " << i << " " << expected.layers[i].technology);
        CHECK(values[static_cast<qsizetype>(i)] == Approx(expected.layers[i].perGpu.inGBps()).epsilon(1e-9));
        CHECK(charts.layerCategories()[static_cast<qsizetype>(i)] ==
              views::LayerChart::scopeLabel(expected.layers[i].scope));
    }
    const QList<QPointF> points = charts.scalingPoints();
    REQUIRE(points.size() == static_cast<qsizetype>(expected.scaling.size()));
    for (std::size_t i = 0; i < expected.scaling.size(); ++i) {
        CHECK(points[static_cast<qsizetype>(i)].x() == expected.scaling[i].gpus);
        CHECK(points[static_cast<qsizetype>(i)].y() == Approx(expected.scaling[i].efficiency * 100.0).epsilon(1e-9));
    }
    const QString text = charts.bottleneckText();
    CHECK(text.contains(views::ChartsPanel::bottleneckTitle(expected.bottleneck.scope)));
    CHECK(text.contains(QString::fromStdString(expected.bottleneck.explanation).simplified().left(60)));
}

using guitest::idByName;

} // namespace

TEST_CASE("main window on the template: charts hold the engine's values, an edit refreshes them", "[gui]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    REQUIRE(w.charts()->shown() != nullptr);

    // The same computation, done here directly on the design the window holds.
    const model::DesignAnalysis expected = model::analyzeDesign(w.document()->design(), w.document()->catalog());
    CHECK(expected.gpus == 256); // 32 DGX H100 x 8 GPUs
    requireChartsShow(*w.charts(), expected);
    CHECK(w.charts()->layerChart()->axisTitle() == QStringLiteral("GB/s per GPU, one direction"));

    // The figures on the default design: NVLink 450 GB/s each way (900 bidirectional)
    // and 400 Gb/s = 50 GB/s of NIC per GPU, as the bars show them.
    const QStringList cats = w.charts()->layerCategories();
    const QVector<double> values = w.charts()->layerValuesGBps();
    REQUIRE(cats.contains(QStringLiteral("Intra-node")));
    REQUIRE(cats.contains(QStringLiteral("Node boundary")));
    CHECK(values[cats.indexOf(QStringLiteral("Intra-node"))] == Approx(450.0));
    CHECK(values[cats.indexOf(QStringLiteral("Node boundary"))] == Approx(50.0));

    // Switching the display unit to Gb/s changes the axis title, not the values underneath.
    w.charts()->setUnit(model::RateUnit::Gbps);
    CHECK(w.charts()->layerChart()->axisTitle() == QStringLiteral("Gb/s per GPU, one direction"));
    CHECK(w.charts()->layerValuesGBps()[cats.indexOf(QStringLiteral("Node boundary"))] == Approx(50.0));
    w.charts()->setUnit(model::RateUnit::GBps);

    // An edit through the document (delete spine-1 with its 8 uplink bundles) restarts the
    // engine; the charts then show the analysis of the edited design.
    const auto first = w.charts()->shown();
    const model::Id spine = idByName(w.document()->design(), "spine-1");
    REQUIRE(spine != 0);
    w.document()->requestDelete({spine}, {});
    CHECK(w.worker()->isBusy());
    CHECK(w.charts()->busyShown());
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK_FALSE(w.charts()->busyShown());
    REQUIRE(w.charts()->shown() != first);
    const model::DesignAnalysis edited = model::analyzeDesign(w.document()->design(), w.document()->catalog());
    requireChartsShow(*w.charts(), edited);

    // Undo brings back the first figures.
    w.document()->undoStack()->undo();
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    requireChartsShow(*w.charts(), expected);
    w.document()->undoStack()->setClean(); // nothing to ask on close
}

TEST_CASE("a burst of edits yields one result, for the newest design", "[gui]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    const quint64 start = w.worker()->generation();
    for (const char* name : {"dgx-01", "dgx-02", "dgx-03", "dgx-04"})
        w.document()->requestDelete({idByName(w.document()->design(), name)}, {});
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    // The debounce coalesced the four edits into one run of the engine.
    CHECK(w.worker()->generation() == start + 1);
    const model::DesignAnalysis expected = model::analyzeDesign(w.document()->design(), w.document()->catalog());
    CHECK(expected.gpus == 224); // 28 servers left
    requireChartsShow(*w.charts(), expected);
    w.document()->undoStack()->setClean();
}
