// The busbw-against-size chart of the Analysis dock (issue 5 item 2): on the bundled template it
// holds exactly model::chartSweeps, per collective and per scope, and follows the unit choice.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/analysis/analysis.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"

#include <QComboBox>

namespace {

void requireCurvesShow(const views::CollectiveChart& chart, const std::vector<model::CollectiveSweep>& expected,
                       model::CollectiveOp op)
{
    std::vector<const model::CollectiveSweep*> curves;
    for (const auto& s : expected)
        if (s.op == op) curves.push_back(&s);
    REQUIRE(chart.curveNames().size() == static_cast<qsizetype>(curves.size()));
    for (std::size_t c = 0; c < curves.size(); ++c) {
        const QList<QPointF> pts = chart.curvePointsGBps(static_cast<int>(c));
        REQUIRE(pts.size() == static_cast<qsizetype>(curves[c]->points.size()));
        for (qsizetype i = 0; i < pts.size(); ++i) {
            const auto& r = curves[c]->points[static_cast<std::size_t>(i)];
            CHECK(pts[i].x() == r.bytes);
            CHECK(pts[i].y() == Approx(r.busbw.inGBps()));
        }
    }
}

} // namespace

TEST_CASE("collective chart on the template: busbw curves equal chartSweeps for each collective", "[gui][sweep]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));

    const std::vector<model::CollectiveSweep> expected = model::chartSweeps(w.document()->design(), w.document()->catalog());
    REQUIRE(expected.size() == 8); // 4 collectives x (one server, all 256 GPUs)
    views::CollectiveChart* chart = w.charts()->collectiveChart();
    CHECK(chart->op() == model::CollectiveOp::AllReduce);
    CHECK(chart->curveNames() == QStringList({QStringLiteral("one server, 8 GPUs"), QStringLiteral("all 256 GPUs")}));
    requireCurvesShow(*chart, expected, model::CollectiveOp::AllReduce);
    // One DGX H100, 8 GiB all-reduce: NVLS at 489.88 GB/s busbw (nccl-tests measured 478.87-480).
    const QList<QPointF> server = chart->curvePointsGBps(0);
    CHECK(server[30].x() == 8589934592.0);
    CHECK(server[30].y() == Approx(489.88).epsilon(1e-4));
    CHECK(chart->pointDescription(0, 30).contains(QStringLiteral("nvls")));
    CHECK(chart->valueAxisTitle() == QStringLiteral("busbw, GB/s"));

    // The user picks another collective in the combo box: the curves follow.
    auto* box = chart->findChild<QComboBox*>(QStringLiteral("collectiveOp"));
    REQUIRE(box != nullptr);
    box->setCurrentIndex(box->findData(static_cast<int>(model::CollectiveOp::AllToAll)));
    emit box->activated(box->currentIndex());
    CHECK(chart->op() == model::CollectiveOp::AllToAll);
    requireCurvesShow(*chart, expected, model::CollectiveOp::AllToAll);

    // Gb/s display: the axis says so, the values stay the engine's (x 8 on screen).
    w.charts()->setUnit(model::RateUnit::Gbps);
    CHECK(chart->valueAxisTitle() == QStringLiteral("busbw, Gb/s"));
    requireCurvesShow(*chart, expected, model::CollectiveOp::AllToAll);
}
