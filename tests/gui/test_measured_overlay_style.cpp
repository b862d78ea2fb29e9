// An imported nccl-tests curve on the busbw chart is told apart from its prediction: another hue
// and another line, each named in the legend (both were tab10 green, solid and dashed, and a
// reviewer could not say which was which).
#include <catch2/catch.hpp>

#include "b200_window.hpp"

#include "views/charts/chart_legend.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QLineSeries>

#include <cmath>

namespace {
/// The legend entry named `name` (fails the test when there is none).
const views::LegendEntry& entryNamed(const views::ChartLegend& legend, const QString& name)
{
    for (const views::LegendEntry& e : legend.entries())
        if (e.name == name) return e;
    FAIL("no legend entry " << name.toStdString());
    return legend.entries().front();
}

/// The line series named `name` on `chart` (null when none).
QLineSeries* seriesNamed(QChart* chart, const QString& name)
{
    for (QAbstractSeries* s : chart->series())
        if (auto* l = qobject_cast<QLineSeries*>(s); l && l->name() == name) return l;
    return nullptr;
}
} // namespace

TEST_CASE("measured and predicted busbw differ in colour and line and the legend names both", "[gui][import][charts]")
{
    app::MainWindow w(guitest::catalog());
    guitest::openB200(w, QSize(1600, 1000));
    QStringList errors;
    // all_reduce on 16 GPUs, 8 B to 8 GiB (nccl-tests output as published).
    REQUIRE(guitest::importQuietly(w, guitest::realInput("nccl_tests_13.txt"), errors));
    CHECK(errors.isEmpty());
    views::CollectiveChart* c = w.charts()->collectiveChart();
    REQUIRE(c->measuredPointsGBps().size() > 10);
    const views::ChartLegend& legend = *c->legend();
    const views::LegendEntry& measured = entryNamed(legend, QStringLiteral("measured, 16 GPUs"));
    const views::LegendEntry& predicted = entryNamed(legend, QStringLiteral("predicted, 16 GPUs"));
    INFO("measured " << measured.pen.color().name().toStdString() << ", predicted " << predicted.pen.color().name().toStdString());
    // Hues at least 60 degrees apart (they were the same green).
    const int hueGap = std::abs(measured.pen.color().hslHue() - predicted.pen.color().hslHue());
    CHECK(std::min(hueGap, 360 - hueGap) >= 60);
    // Another line: measured dashed through points, predicted solid.
    CHECK(measured.pen.style() != predicted.pen.style());
    CHECK(measured.pen.style() == Qt::DashLine);
    CHECK(predicted.pen.style() == Qt::SolidLine);
    CHECK(measured.marker == views::LegendEntry::Marker::Circle);
    // The legend shows the curves as the chart draws them.
    QChart* chart = c->chartView()->chart();
    for (const views::LegendEntry* e : {&measured, &predicted}) {
        const QLineSeries* s = seriesNamed(chart, e->name);
        REQUIRE(s != nullptr);
        CHECK(s->isVisible());
        CHECK(s->pen() == e->pen);
    }
    // Every curve on the chart is in the legend, its name whole.
    int shown = 0;
    for (QAbstractSeries* s : chart->series()) shown += s->isVisible() ? 1 : 0;
    CHECK(static_cast<int>(legend.entries().size()) == shown);
    INFO("chart widget " << c->width() << "x" << c->height() << " min " << c->minimumSizeHint().height() << ", view " << c->chartView()->height() << " min " << c->chartView()->minimumHeight()
                         << ", legend " << legend.width() << "x" << legend.height() << " hfw " << legend.heightForWidth(legend.width()) << " min " << legend.minimumSizeHint().height());
    CHECK(legend.height() >= legend.heightForWidth(legend.width()));
    for (int i = 0; i < static_cast<int>(legend.entries().size()); ++i) {
        const QString& name = legend.entries()[static_cast<std::size_t>(i)].name;
        INFO("entry " << name.toStdString());
        CHECK(legend.rect().contains(legend.textRect(i)));
        CHECK(legend.textRect(i).width() >= legend.fontMetrics().horizontalAdvance(name));
    }
    // The error axis title fits up the plot's right side (it was elided, "error vs pre…").
    for (QAbstractAxis* a : chart->axes(Qt::Vertical)) {
        if (!a->isVisible()) continue;
        INFO("axis " << a->titleText().toStdString());
        CHECK(QFontMetricsF(a->titleFont()).horizontalAdvance(a->titleText()) <= chart->plotArea().height());
    }
    w.document()->undoStack()->setClean();
}
