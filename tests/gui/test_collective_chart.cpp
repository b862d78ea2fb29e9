// The busbw-against-size chart of the Analysis dock (issue 5 item 2): on the bundled template it
// holds exactly model::chartSweeps, per collective and per scope, and follows the unit choice.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "shown_window.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "app/theme.hpp"
#include "model/analysis/analysis.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"
#include "views/simulation/simulation_form.hpp"
#include "views/simulation/simulation_panel.hpp"
#include "model/simulation/engine_difference.hpp"

#include <QChart>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QSettings>
#include <QPushButton>

#include <QComboBox>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

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
    // Where NCCL's own tuner runs another algorithm by default, the point says which and its
    // time (one DGX H100, 8 MiB: ring LL128 is the fastest, NCCL's tuner ranks nvls first).
    const auto& serverSweep = expected[0].points;
    int defaults = 0;
    for (int i = 0; i < static_cast<int>(serverSweep.size()); ++i) {
        const model::CollectiveResult& r = serverSweep[static_cast<std::size_t>(i)];
        const bool differs = r.ncclDefaultAlgorithm != r.algorithm;
        defaults += differs ? 1 : 0;
        CHECK(chart->pointDescription(0, i).contains(QStringLiteral("NCCL's default here: ")) == differs);
    }
    CHECK(defaults >= 1);
    CHECK(chart->pointDescription(0, 20).contains(QStringLiteral("NCCL's default here: nvls")));
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

TEST_CASE("collective chart: the algorithm and protocol of each size are the engine's, simulated points beside",
          "[gui][sweep][simulation]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(guitest::openShown(w));
    const model::Design& design = w.document()->design();
    views::CollectiveChart* chart = w.charts()->collectiveChart();
    REQUIRE(chart->op() == model::CollectiveOp::AllReduce);
    const QString table = chart->spansText();

    // For both curves (8 and 256 GPUs) and several sizes, the table and the tooltip name what
    // model::predictCollective picks for that size alone.
    for (int c = 0; c < 2; ++c) {
        const std::vector<model::AlgorithmSpan> spans = chart->spans(c);
        REQUIRE_FALSE(spans.empty());
        const int gpus = c == 0 ? 8 : 256;
        for (int i : {0, 9, 14, 17, 21, 27, 31}) {
            const double bytes = 8.0 * std::ldexp(1.0, i);
            INFO(gpus << " GPUs, " << bytes << " B");
            model::CollectiveRequest req;
            req.bytes = bytes;
            req.gpus = gpus;
            const model::CollectiveResult engine = model::predictCollective(design, w.document()->catalog(), req);
            const auto span = std::find_if(spans.begin(), spans.end(), [i](const auto& s) { return s.firstPoint <= i && i <= s.lastPoint; });
            REQUIRE(span != spans.end());
            CHECK(span->algorithm == engine.algorithm);
            CHECK(span->protocol == engine.protocol);
            const QString tip = chart->pointDescription(c, i);
            CHECK(tip.contains(QStringLiteral("%1 (%2)").arg(QLatin1String(model::toString(engine.algorithm)),
                                                             QLatin1String(model::toString(engine.protocol)))));
        }
        for (const auto& sp : spans)
            CHECK(table.contains(QStringLiteral("%1 %2").arg(QLatin1String(model::toString(sp.algorithm)),
                                                           QLatin1String(model::toString(sp.protocol)))));
    }
    // NCCL's tuner runs small messages on LL and large ones on Simple: the table shows a change.
    CHECK(chart->spans(1).size() >= 2);
    auto* spansLabel = chart->findChild<QWidget*>(QStringLiteral("algorithmSpans"));
    REQUIRE(spansLabel != nullptr);
    CHECK(spansLabel->isVisible());
    CHECK(chart->simulatedPointsGBps().isEmpty());

    // Two simulations on one server: their points overlay the chart with both engines' figures.
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("simulationDock"));
    REQUIRE(dock != nullptr);
    dock->raise();
    views::SimulationPanel* panel = w.simulation();
    for (double bytes : {1048576.0, 67108864.0}) {
        model::CollectiveRequest r;
        r.bytes = bytes;
        r.gpus = 8;
        panel->form()->setRequest(r);
        QTest::mouseClick(panel->runButton(), Qt::LeftButton);
        REQUIRE(QTest::qWaitFor([panel] { return panel->state() != views::SimulationPanel::State::Running; }, 120000));
        REQUIRE(panel->result() != nullptr);
    }
    REQUIRE(panel->designRuns().size() == 2);
    const QList<QPointF> sim = chart->simulatedPointsGBps();
    REQUIRE(sim.size() == 2);
    for (int k = 0; k < 2; ++k) {
        const model::SimulationResult& run = *panel->designRuns()[static_cast<std::size_t>(k)];
        CHECK(sim[k].x() == run.collective.bytes);
        CHECK(sim[k].y() == Approx(run.collective.busbw.inGBps()));
        REQUIRE(run.analytical.has_value());
        const QString tip = chart->simulatedDescription(k);
        CHECK(tip.contains(QStringLiteral("simulated: busbw ") + QString::fromStdString(model::formatBandwidth(run.collective.busbw, model::RateUnit::GBps))));
        CHECK(tip.contains(QStringLiteral("analytical: busbw ") + QString::fromStdString(model::formatBandwidth(run.analytical->busbw, model::RateUnit::GBps))));
        const double diff = *model::busbwDifference(run) * 100.0;
        CHECK(tip.contains(QStringLiteral("%1%2 %").arg(diff >= 0 ? QStringLiteral("+") : QString()).arg(diff, 0, 'f', 1)));
    }
    // The curve point at 1 MiB on one server names the simulated figure too.
    CHECK(chart->pointDescription(0, 17).contains(QStringLiteral("simulated: busbw")));
    // Another collective has no simulated point; a real edit drops them (their design is gone).
    chart->setOp(model::CollectiveOp::AllGather);
    CHECK(chart->simulatedPointsGBps().isEmpty());
    chart->setOp(model::CollectiveOp::AllReduce);
    CHECK(chart->simulatedPointsGBps().size() == 2);
    model::Node renamed = design.nodes().begin()->second;
    renamed.name += "-renamed";
    w.document()->requestSetNode(renamed, "Rename");
    CHECK(chart->simulatedPointsGBps().isEmpty());
    w.document()->undoStack()->setClean(); // nothing to ask on close
}

TEST_CASE("busbw axis title is not cut short in a low Analysis dock, dark or light (issue 14)", "[gui][charts]")
{
    // The four-SU template has three rows of algorithm spans under the chart, and the dark
    // window's dock is the lower one: there the title read "busbw, G..." and the labels "...".
    app::MainWindow w(guitest::catalog());
    const QString fourSu = QFileInfo(guitest::templatePath()).dir().filePath(QStringLiteral("dgx-b200-4su.json"));
    REQUIRE(guitest::openShown(w, fourSu)); // at the size the screenshot command shows it
    for (const auto mode : {app::Theme::Mode::Dark, app::Theme::Mode::Light}) {
        w.theme()->setMode(mode);
        QApplication::processEvents();
        QChart* chart = w.charts()->collectiveChart()->chartView()->chart();
        const QList<QAbstractAxis*> left = chart->axes(Qt::Vertical);
        QAbstractAxis* busbw = nullptr;
        for (QAbstractAxis* a : left)
            if (a->alignment() == Qt::AlignLeft) busbw = a;
        REQUIRE(busbw != nullptr);
        INFO("plot " << chart->plotArea().height() << " px high, title " << busbw->titleText().toStdString());
        CHECK(busbw->titleText() == QStringLiteral("busbw, GB/s"));
        CHECK(chart->plotArea().height() >= QFontMetricsF(busbw->titleFont()).horizontalAdvance(busbw->titleText()));
    }
    w.theme()->setMode(app::Theme::Mode::System);
    QSettings().remove(QStringLiteral("theme"));
}
