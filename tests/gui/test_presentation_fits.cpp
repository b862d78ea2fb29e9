// Presentation mode at 1600 x 1000 (full screen on such a display), on every slide: each label
// shows its whole text, every chart axis title fits its plot (the busbw title was elided to
// "busbw, ..."), and the busbw chart's algorithm table sits under its plot.
#include <catch2/catch.hpp>

#include "b200_window.hpp"
#include "text_fits.hpp"

#include "app/presentation_window.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QPointer>

namespace {
/// Checks, on every chart of `root`, that each axis title is as long as the plot's side it runs
/// along (Qt Charts elides a longer one: "busbw, ...", "error vs ...").
void checkAxisTitles(QWidget* root)
{
    for (QChartView* v : root->findChildren<QChartView*>()) {
        if (!v->isVisible()) continue;
        const QRectF plot = v->chart()->plotArea();
        for (QAbstractAxis* a : v->chart()->axes()) {
            if (!a->isVisible() || !a->isTitleVisible() || a->titleText().isEmpty()) continue;
            const double need = QFontMetricsF(a->titleFont()).horizontalAdvance(a->titleText());
            INFO("axis title \"" << a->titleText().toStdString() << "\" needs " << need << " px; plot " << plot.width() << "x" << plot.height());
            CHECK(need <= (a->orientation() == Qt::Vertical ? plot.height() : plot.width()));
        }
    }
}

/// Checks that every label of `root` on screen shows its whole text.
void checkLabels(QWidget* root)
{
    for (QLabel* l : root->findChildren<QLabel*>()) {
        if (!l->isVisible() || l->text().isEmpty()) continue;
        INFO(guitest::describe(l));
        CHECK(guitest::labelFits(l));
    }
}
} // namespace

TEST_CASE("presentation mode at 1600 x 1000: every label and chart title whole on every slide", "[gui][fits][presentation]")
{
    app::MainWindow w(guitest::catalog());
    guitest::openB200(w, QSize(1600, 1000));
    QPointer<app::PresentationWindow> p = w.startPresentation();
    REQUIRE(QTest::qWaitForWindowExposed(p.data()));
    // Full screen on a 1600 x 1000 display (the test platform's screen is another size).
    p->setWindowState(Qt::WindowNoState);
    p->resize(1600, 1000);
    for (int slide = 0; slide < p->slideCount(); ++slide) {
        if (slide > 0) QTest::keyClick(p.data(), Qt::Key_Right);
        REQUIRE(guitest::waitForAnalysis(p->worker(), 60000));
        guitest::settle();
        INFO("slide " << slide << ": " << p->design().name);
        REQUIRE(p->size() == QSize(1600, 1000));
        checkLabels(p.data());
        checkAxisTitles(p.data());
        views::CollectiveChart* c = p->charts()->collectiveChart();
        auto* spans = c->findChild<QLabel*>(QStringLiteral("algorithmSpans"));
        if (!spans->isVisible()) continue;
        const QRect plot = guitest::rectIn(c->chartView(), c);
        const QRect table = guitest::rectIn(spans, c);
        INFO("chart " << plot.top() << "-" << plot.bottom() << ", table " << table.top() << "-" << table.bottom() << ", widget height " << c->height());
        CHECK(table.top() > plot.bottom());
        CHECK(table.bottom() < c->height());
    }
    QTest::keyClick(p.data(), Qt::Key_Escape);
    w.document()->undoStack()->setClean();
}
