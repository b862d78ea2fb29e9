// Presentation mode at 1600 x 1000 (full screen on such a display), on every slide: each label
// shows its whole text, every chart axis title fits its plot (the busbw title was elided to
// "busbw, ..."), and the busbw chart's algorithm table sits under its plot. And at 1280 x 720,
// 1600 x 1000 and 1920 x 1080 the whole slide is on screen without scrolling: title, canvas,
// charts and the what-if row (the charts were cut off at the bottom and the sliders reachable
// only by scrolling; at 1280 x 720 only the canvas showed).
#include <catch2/catch.hpp>

#include "b200_window.hpp"
#include "text_fits.hpp"

#include "app/presentation_window.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"

#include "views/canvas/canvas_view.hpp"
#include "views/presentation/what_if_panel.hpp"

#include <QAbstractAxis>
#include <QChart>
#include <QChartView>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QWheelEvent>

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

namespace {
/// Checks that `w` lies wholly inside the window `p` (its rectangle in the window's coordinates).
void checkOnScreen(const QWidget* w, const QWidget* p, const char* what)
{
    const QRect r = guitest::rectIn(w, p);
    INFO(what << " at (" << r.left() << ", " << r.top() << ") " << r.width() << "x" << r.height() << " in a window "
              << p->width() << "x" << p->height());
    CHECK(w->isVisible());
    CHECK(r.width() > 0);
    CHECK(r.height() > 0);
    CHECK(p->rect().contains(r));
}
} // namespace

TEST_CASE("presentation mode fits the screen without scrolling at 1280 x 720, 1600 x 1000 and 1920 x 1080",
          "[gui][fits][presentation]")
{
    app::MainWindow w(guitest::catalog());
    guitest::openB200(w, QSize(1600, 1000));
    QPointer<app::PresentationWindow> p = w.startPresentation();
    REQUIRE(QTest::qWaitForWindowExposed(p.data()));
    auto* page = p->findChild<QWidget*>(QStringLiteral("presentationPage"));
    REQUIRE(page != nullptr);
    QScrollArea* scroll = nullptr;
    for (QWidget* a = page->parentWidget(); a && !scroll; a = a->parentWidget()) scroll = qobject_cast<QScrollArea*>(a);
    REQUIRE(scroll != nullptr);
    const QSize sizes[] = {QSize(1280, 720), QSize(1920, 1080), QSize(1600, 1000)};
    for (const QSize size : sizes) {
        // Full screen on a display of that size (the test platform's screen is another size).
        p->setWindowState(Qt::WindowNoState);
        p->resize(size);
        // Smaller type on a smaller screen, never under the desktop's.
        CHECK(p->typeScale() == app::PresentationWindow::typeScaleFor(size));
        CHECK(p->typeScale() >= 1.0);
        if (size.height() >= 1000) CHECK(p->typeScale() == Approx(1.6));
        for (int slide = 0; slide < p->slideCount(); ++slide) {
            if (slide > 0) QTest::keyClick(p.data(), Qt::Key_Right);
            REQUIRE(guitest::waitForAnalysis(p->worker(), 60000));
            guitest::settle();
            INFO("screen " << size.width() << "x" << size.height() << ", slide " << slide << ": " << p->design().name);
            REQUIRE(p->size() == size);
            // Nothing to scroll: the page is the window's size.
            CHECK(scroll->verticalScrollBar()->maximum() == 0);
            CHECK(scroll->horizontalScrollBar()->maximum() == 0);
            CHECK(page->size() == scroll->viewport()->size());
            // Every part of the slide inside the window, in this order from the top.
            auto* title = p->findChildren<QLabel*>().front();
            checkOnScreen(title, p.data(), "title");
            checkOnScreen(p->canvas(), p.data(), "canvas");
            checkOnScreen(p->charts(), p.data(), "charts");
            checkOnScreen(p->whatIf(), p.data(), "what-if row");
            for (QWidget* c : p->whatIf()->findChildren<QWidget*>()) {
                if (!c->isVisible()) continue;
                INFO("what-if control " << c->metaObject()->className());
                CHECK(p->rect().contains(guitest::rectIn(c, p.data())));
            }
            CHECK(guitest::rectIn(p->canvas(), p.data()).bottom() < guitest::rectIn(p->charts(), p.data()).top());
            CHECK(guitest::rectIn(p->charts(), p.data()).bottom() < guitest::rectIn(p->whatIf(), p.data()).top());
            // The charts as tall as their titles, legends and table need; the canvas takes the
            // rest, a real share of the screen.
            CHECK(p->charts()->height() >= p->charts()->minimumSizeHint().height());
            CHECK(p->canvas()->height() >= size.height() / 5);
            checkLabels(p.data());
            checkAxisTitles(p.data());
            // The charts' unit toggles show their whole "GB/s ⇄ Gb/s" in the type of this screen
            // (sized for the type they were made in, they read "B/s ⇄ Gb," in the larger one).
            for (QToolButton* b : p->findChildren<QToolButton*>(QStringLiteral("unitToggle"))) {
                if (!b->isVisible()) continue;
                INFO("unit toggle \"" << b->text().toStdString() << "\" " << b->width() << " px wide, needs " << b->sizeHint().width());
                CHECK(b->width() >= b->sizeHint().width());
                CHECK(b->parentWidget()->rect().contains(b->geometry()));
            }
            views::CollectiveChart* c = p->charts()->collectiveChart();
            auto* spans = c->findChild<QLabel*>(QStringLiteral("algorithmSpans"));
            if (spans->isVisible()) CHECK(guitest::rectIn(spans, c).bottom() < c->height());
        }
        // The wheel over the canvas zooms it; the page does not scroll.
        QWidget* vp = p->canvas()->viewport();
        const QPointF at(vp->width() / 2.0, vp->height() / 2.0);
        QWheelEvent wheel(at, vp->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(vp, &wheel);
        guitest::settle();
        CHECK(scroll->verticalScrollBar()->value() == 0);
        CHECK(guitest::rectIn(p->whatIf(), p.data()).bottom() < size.height());
        QTest::keyClick(p.data(), Qt::Key_Right); // back to the first slide
    }
    QTest::keyClick(p.data(), Qt::Key_Escape);
    w.document()->undoStack()->setClean();
}

TEST_CASE("presentation type: 1.6 times the desktop's on 1600 x 1000 and up, smaller down to 1280 x 720",
          "[gui][presentation]")
{
    using app::PresentationWindow;
    CHECK(PresentationWindow::typeScaleFor(QSize(1920, 1080)) == Approx(1.6));
    CHECK(PresentationWindow::typeScaleFor(QSize(1600, 1000)) == Approx(1.6));
    CHECK(PresentationWindow::typeScaleFor(QSize(2560, 1440)) == Approx(1.6));
    CHECK(PresentationWindow::typeScaleFor(QSize(1280, 720)) == Approx(1.05));
    // Under 1280 x 720 the slide scrolls in the full type (the offscreen test screen, 800 x 600).
    CHECK(PresentationWindow::typeScaleFor(QSize(800, 600)) == Approx(1.6));
    CHECK(PresentationWindow::typeScaleFor(QSize(1024, 768)) == Approx(1.6));
    const double a = PresentationWindow::typeScaleFor(QSize(1280, 800));
    const double b = PresentationWindow::typeScaleFor(QSize(1440, 900));
    CHECK(a > 1.05);
    CHECK(a < b);
    CHECK(b < 1.6);
}
