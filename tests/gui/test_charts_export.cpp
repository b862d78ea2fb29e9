// Charts: export as PNG or SVG and their data as CSV at full precision, a GB/s / Gb/s toggle on
// every bandwidth axis, axis labels that never run into each other on any template, and no
// warnings printed for designs with an empty layer.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "app/template_library.hpp"
#include "model/analysis/chart_csv.hpp"
#include "views/charts/chart_tools.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"
#include "views/charts/layer_chart.hpp"
#include "views/charts/scaling_chart.hpp"

#include <QCategoryAxis>
#include <QValueAxis>
#include <QFile>
#include <QMenu>
#include <QTemporaryDir>
#include <QToolButton>

namespace {
QStringList gWarnings;
void captureWarnings(QtMsgType type, const QMessageLogContext&, const QString& msg)
{
    if (type != QtDebugMsg) gWarnings << msg;
}

struct ChartsWindow {
    app::MainWindow w{guitest::catalog()};
    explicit ChartsWindow(const QString& path = guitest::templatePath())
    {
        REQUIRE(w.files()->openPath(path));
        w.resize(1600, 1000);
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        REQUIRE(guitest::waitForAnalysis(w.worker()));
        QTest::qWait(50); // sweeps and layout
    }
};

QByteArray readAll(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.readAll();
}

/// True when two neighbouring labels of the horizontal category axis of `view` overlap.
bool labelsCollide(QChartView* view)
{
    QChart* chart = view->chart();
    auto* axis = qobject_cast<QCategoryAxis*>(chart->axes(Qt::Horizontal).value(0));
    REQUIRE(axis != nullptr);
    const QStringList labels = axis->categoriesLabels();
    const QFontMetricsF fm(axis->labelsFont());
    QAbstractSeries* series = chart->series().value(0);
    double lastRight = -1e9;
    for (const QString& l : labels) {
        const double x = chart->mapToPosition(QPointF(axis->endValue(l), 0), series).x();
        const double w = fm.horizontalAdvance(l);
        if (x - w / 2 < lastRight + 2) return true;
        lastRight = x + w / 2;
    }
    return false;
}
} // namespace

TEST_CASE("every chart exports PNG, SVG and its data as CSV at full precision", "[gui][charts]")
{
    ChartsWindow f;
    QTemporaryDir dir;
    for (int i = 0; i < 3; ++i) {
        views::ChartTools* t = f.w.charts()->tools(i);
        INFO("chart " << i);
        const QString png = dir.filePath(QStringLiteral("c%1.png").arg(i)), svg = dir.filePath(QStringLiteral("c%1.svg").arg(i));
        REQUIRE(t->exportImage(png));
        const QImage image(png);
        CHECK(image.width() >= 200);
        REQUIRE(t->exportImage(svg));
        CHECK(readAll(svg).contains("<svg"));
        const auto menu = t->buildMenu();
        QStringList texts;
        for (QAction* a : menu->actions()) texts << a->text();
        CHECK(texts.contains(QStringLiteral("Export Image (PNG/SVG)…")));
        CHECK(texts.contains(QStringLiteral("Export Data (CSV)…")));
        CHECK(texts.contains(QStringLiteral("Copy Image")));
        CHECK(texts.contains(QStringLiteral("Show Gb/s (gigabits)")) == (i < 2)); // bandwidth charts only
    }
    // The CSV holds exactly what the engine computed for the design on screen.
    const QString csv = dir.filePath(QStringLiteral("layers.csv"));
    REQUIRE(f.w.charts()->tools(0)->exportCsv(csv));
    CHECK(readAll(csv).toStdString() == model::layersCsv(f.w.charts()->shown()->layers));
    const QString sweeps = dir.filePath(QStringLiteral("sweeps.csv"));
    REQUIRE(f.w.charts()->tools(1)->exportCsv(sweeps));
    const QByteArray text = readAll(sweeps);
    CHECK(text.startsWith("collective,scope,gpus,bytes,time_s"));
    CHECK(text.count('\n') == 1 + 8 * 32); // 4 collectives x 2 scopes x 32 sizes (8 B .. 16 GiB)
    // Through the menu, with the file dialog answered by the test.
    const QString viaMenu = dir.filePath(QStringLiteral("scaling.csv"));
    views::ChartTools::savePrompt() = [&](QWidget*, const QString&, const QString&, const QString&) { return viaMenu; };
    const auto menu = f.w.charts()->tools(2)->buildMenu();
    for (QAction* a : menu->actions())
        if (a->text().startsWith(QStringLiteral("Export Data"))) a->trigger();
    CHECK(readAll(viaMenu).toStdString() == model::scalingCsv(f.w.charts()->shown()->scaling));
}

TEST_CASE("each bandwidth axis has its own GB/s / Gb/s toggle", "[gui][charts]")
{
    ChartsWindow f;
    views::LayerChart* layers = f.w.charts()->layerChart();
    views::CollectiveChart* busbw = f.w.charts()->collectiveChart();
    const QVector<double> before = layers->valuesGBps();
    QToolButton* toggle = f.w.charts()->tools(0)->unitButton();
    REQUIRE(toggle != nullptr);
    CHECK(toggle->text() == QStringLiteral("GB/s ⇄ Gb/s"));
    QTest::mouseClick(toggle, Qt::LeftButton);
    CHECK(layers->axisTitle() == QStringLiteral("Gb/s per GPU, one direction"));
    CHECK(busbw->valueAxisTitle() == QStringLiteral("busbw, GB/s")); // the other chart keeps its unit
    // The bars now read 8x the byte figures; the values read back are the same in GB/s.
    const QVector<double> after = layers->valuesGBps();
    REQUIRE(after.size() == before.size());
    for (int i = 0; i < after.size(); ++i) CHECK(after[i] == Approx(before[i]).epsilon(1e-12));
    CHECK(layers->valueLabels().contains(QStringLiteral("400"))); // the NDR NIC: 400 Gb/s
    QTest::mouseClick(f.w.charts()->tools(1)->unitButton(), Qt::LeftButton);
    CHECK(busbw->valueAxisTitle() == QStringLiteral("busbw, Gb/s"));
    QTest::mouseClick(toggle, Qt::LeftButton);
    CHECK(layers->axisTitle() == QStringLiteral("GB/s per GPU, one direction"));
    CHECK(layers->valueLabels().contains(QStringLiteral("50.0")));
}

TEST_CASE("no template's axis labels run together, in GB/s or Gb/s, wide or narrow", "[gui][charts]")
{
    for (const auto& t : app::availableTemplates(*guitest::catalog())) {
        ChartsWindow f(QString::fromStdString(t.path));
        for (const int width : {1600, 1100}) {
            f.w.resize(width, 1000);
            QTest::qWait(30);
            for (const model::RateUnit u : {model::RateUnit::GBps, model::RateUnit::Gbps}) {
                f.w.charts()->setUnit(u);
                QApplication::processEvents();
                INFO(t.title << ", width " << width << ", " << (u == model::RateUnit::Gbps ? "Gb/s" : "GB/s") << ", layer axis "
                             << f.w.charts()->layerChart()->axisLabels().join(QLatin1Char(' ')).toStdString() << ", GPU axis "
                             << f.w.charts()->scalingChart()->axisLabels().join(QLatin1Char(' ')).toStdString());
                CHECK_FALSE(labelsCollide(f.w.charts()->layerChart()));
                CHECK_FALSE(labelsCollide(f.w.charts()->scalingChart()));
                CHECK(f.w.charts()->layerChart()->axisLabels().size() >= 2);
            }
        }
    }
}

TEST_CASE("a design with an empty layer prints no warning and says 'none'", "[gui][charts]")
{
    gWarnings.clear();
    const QtMessageHandler old = qInstallMessageHandler(captureWarnings);
    {
        ChartsWindow f(app::bundledTemplateDirectory() + QStringLiteral("/workstation-4x-rtx4090.json"));
        QTest::qWait(100);
        const QStringList cats = f.w.charts()->layerCategories();
        const int nb = static_cast<int>(cats.indexOf(QStringLiteral("Node boundary")));
        if (nb >= 0) { // the workstation has no compute NIC: its node boundary has no path
            CHECK(f.w.charts()->layerValuesGBps()[nb] == 0.0);
            CHECK(f.w.charts()->layerChart()->valueLabels()[nb] == QStringLiteral("none"));
        }
    }
    qInstallMessageHandler(old);
    for (const QString& w : gWarnings) {
        INFO(w.toStdString());
        CHECK_FALSE(w.contains(QStringLiteral("Logarithm")));
    }
}

TEST_CASE("a scaling line at 100 % is drawn inside the plot - not on its top border", "[gui][charts]")
{
    // The 4x RTX 4090 workstation scales perfectly on its one server: the line lay on the border.
    views::ScalingChart chart;
    const auto* axis = qobject_cast<QValueAxis*>(chart.chart()->axes(Qt::Vertical).front());
    REQUIRE(axis);
    CHECK(axis->max() > 100.0);
    CHECK(axis->max() <= 110.0);
    CHECK(axis->min() == 0.0);
    CHECK(axis->tickType() == QValueAxis::TicksDynamic);
    CHECK(axis->tickInterval() == 20.0); // labels 0, 20, ... 100: none above 100 %
}
