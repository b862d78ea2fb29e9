// What helper-84 found in the dark theme and on the busbw axis: the hollow scaling points were
// filled white, the Compare verdict and highlighted rows kept light colours under dark text, and
// the busbw axis of one design depended on the design shown before.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"
#include "views/charts/scaling_chart.hpp"
#include "views/compare/design_compare_view.hpp"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QFontMetrics>
#include <QFileInfo>
#include <QLabel>
#include <QPalette>
#include <QScatterSeries>
#include <QValueAxis>

namespace {

/// The left (busbw) value axis of the main window's collective chart.
QValueAxis* busbwAxisOf(app::MainWindow& w)
{
    QChart* chart = w.charts()->collectiveChart()->chartView()->chart();
    for (QAbstractAxis* a : chart->axes(Qt::Vertical))
        if (a->alignment() == Qt::AlignLeft) return qobject_cast<QValueAxis*>(a);
    return nullptr;
}

} // namespace

TEST_CASE("the busbw axis of a design is the same whatever design was shown before", "[gui][charts]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    QValueAxis* axis = busbwAxisOf(w);
    REQUIRE(axis);
    const double firstMax = axis->max();
    const int firstTicks = axis->tickCount();
    const QString l40s = QFileInfo(guitest::templatePath()).dir().filePath(QStringLiteral("server-8x-l40s.json"));
    REQUIRE(w.files()->openPath(l40s));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK(axis->max() < firstMax); // the PCIe server's curves are far lower
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    INFO("first " << firstMax << " with " << firstTicks << " ticks, again " << axis->max() << " with " << axis->tickCount());
    CHECK(axis->max() == firstMax); // it read 0-1000 after the L40S server, 0-600 at first
    CHECK(axis->tickCount() == firstTicks);
    w.document()->undoStack()->setClean();
}

TEST_CASE("hollow scaling points are filled with the chart's background in either theme", "[gui][charts]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    QScatterSeries* hollow = nullptr;
    QChart* chart = w.charts()->scalingChart()->chart();
    for (QAbstractSeries* s : chart->series())
        if (s->objectName() == QLatin1String("hollowPoints")) hollow = qobject_cast<QScatterSeries*>(s);
    REQUIRE(hollow);
    for (const bool dark : {true, false}) {
        w.charts()->setDark(dark);
        INFO((dark ? "dark" : "light"));
        CHECK(hollow->color() == chart->backgroundBrush().color()); // was white on the dark background
    }
}

TEST_CASE("the Compare verdict and highlighted rows read in the dark theme and back", "[gui][compare]")
{
    views::DesignCompareView view;
    auto* verdict = view.findChild<QLabel*>(QStringLiteral("compareVerdict"));
    REQUIRE(verdict);
    QPalette dark = view.palette();
    dark.setColor(QPalette::Window, QColor(0x1b, 0x1f, 0x26));
    dark.setColor(QPalette::WindowText, QColor(0xe8, 0xec, 0xf1));
    dark.setColor(QPalette::Text, QColor(0xe8, 0xec, 0xf1));
    const QPalette light = view.palette();
    view.setPalette(dark);
    QApplication::processEvents();
    CHECK(verdict->styleSheet().contains(QStringLiteral("#1f2a38"))); // a dark banner with light text
    CHECK(verdict->styleSheet().contains(QStringLiteral("color: #e8ecf1")));
    view.setPalette(light);
    QApplication::processEvents();
    CHECK(verdict->styleSheet().contains(QStringLiteral("#eef5fc"))); // back to light, dark text
    CHECK(verdict->styleSheet().contains(QStringLiteral("color: #20242b")));
}

TEST_CASE("the scaling chart keeps room for its last GPU-count label at any size", "[gui][charts]")
{
    // helper-89: 2,048 servers' last tick read "1638" for 16384, cut at the chart's edge.
    for (const int top : {1024, 16384, 131072}) {
        views::ScalingChart chart;
        chart.resize(700, 300);
        std::vector<model::ScalingPoint> points;
        for (int g = 1; g <= top; g *= 2) {
            model::ScalingPoint p;
            p.gpus = g;
            p.efficiency = 0.9;
            points.push_back(p);
        }
        chart.setScaling(points, QStringLiteral("gpt3-175b"));
        QAbstractAxis* x = chart.chart()->axes(Qt::Horizontal).front();
        const int half = QFontMetrics(x->labelsFont()).horizontalAdvance(QString::number(top)) / 2;
        INFO(top << " GPUs: right margin " << chart.chart()->margins().right() << " px, half label " << half);
        CHECK(chart.chart()->margins().right() >= half);
    }
}
