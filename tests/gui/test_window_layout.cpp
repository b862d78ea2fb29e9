// The main window opens as the user left it (size, position, docks) and always fits the screen.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/charts/charts_panel.hpp"

#include <QDockWidget>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>

TEST_CASE("the main window reopens at the size and with the docks the user left", "[gui][window]")
{
    QSettings().remove(QStringLiteral("window"));
    QSize left;
    {
        app::MainWindow w(guitest::catalog());
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        w.resize(700, 560);
        w.findChild<QDockWidget*>(QStringLiteral("inspectorDock"))->hide();
        QApplication::processEvents();
        left = w.size(); // 700 x 560, or the window's minimum where that is larger
        REQUIRE(left != QSize(1600, 1000));
        REQUIRE(w.close());
    }
    app::MainWindow again(guitest::catalog());
    CHECK(again.size() == QSize(1600, 1000)); // windows made without restoring keep the default
    again.restoreWindowLayout();
    CHECK(again.size() == left);
    CHECK(again.findChild<QDockWidget*>(QStringLiteral("inspectorDock"))->isHidden());
    CHECK(QSettings().contains(QStringLiteral("window/state")));
}

TEST_CASE("without a saved layout the main window fits the screen it opens on", "[gui][window]")
{
    QSettings().remove(QStringLiteral("window"));
    app::MainWindow w(guitest::catalog());
    w.restoreWindowLayout();
    const QRect avail = w.screen()->availableGeometry();
    // 1600 x 1000 shrunk to 90 % of the screen (800 x 800 offscreen), never below the window's minimum.
    const QSize want = QSize(1600, 1000).boundedTo(avail.size() * 0.9).expandedTo(w.minimumSizeHint());
    CHECK(w.size() == want);
    CHECK(w.size() != QSize(1600, 1000));
}

TEST_CASE("on a screen under 800 px tall the Analysis charts scroll and the window fits", "[gui][window]")
{
    CHECK(app::MainWindow::chartsScrollOn(720));
    CHECK(app::MainWindow::chartsScrollOn(768));
    CHECK_FALSE(app::MainWindow::chartsScrollOn(800)); // the offscreen screen: 800 x 800
    CHECK_FALSE(app::MainWindow::chartsScrollOn(1050));
    app::MainWindow w(guitest::catalog());
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    QApplication::processEvents();
    const int before = w.minimumSizeHint().height(); // the charts hold results: 749 px
    w.scrollAnalysisCharts();
    QApplication::processEvents();
    auto* scroll = w.findChild<QScrollArea*>(QStringLiteral("chartsScroll"));
    REQUIRE(scroll != nullptr);
    CHECK(scroll->widget() == w.charts());
    CHECK(w.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->widget() == scroll);
    INFO("minimum height " << before << " px before, " << w.minimumSizeHint().height() << " px after");
    CHECK(before > 720);
    CHECK(w.minimumSizeHint().height() <= 720);
    w.scrollAnalysisCharts(); // once
    CHECK(w.findChildren<QScrollArea*>(QStringLiteral("chartsScroll")).size() == 1);
}

TEST_CASE("windows made without restoring keep the Analysis charts directly in their dock", "[gui][window]")
{
    app::MainWindow w(guitest::catalog());
    CHECK(w.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->widget() == w.charts());
    CHECK(w.findChild<QScrollArea*>(QStringLiteral("chartsScroll")) == nullptr);
}

TEST_CASE("a layout saved on a larger screen reopens wholly inside this one", "[gui][window]")
{
    // A 1600 x 1000 session at (79, 49), reopened on a smaller screen (the offscreen one): the
    // window was shrunk but not moved, its right and bottom edges off the screen.
    QSettings().remove(QStringLiteral("window"));
    {
        app::MainWindow w(guitest::catalog());
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        w.setGeometry(QRect(QPoint(79, 49), QSize(1600, 1000)));
        QApplication::processEvents();
        REQUIRE(w.width() > w.screen()->availableGeometry().width()); // larger than this screen
        REQUIRE(w.close());
    }
    app::MainWindow again(guitest::catalog());
    again.restoreWindowLayout();
    const QRect avail = again.screen()->availableGeometry();
    INFO("frame " << again.frameGeometry().x() << "," << again.frameGeometry().y() << " " << again.frameGeometry().width() << "x"
                  << again.frameGeometry().height() << " on a screen " << avail.width() << "x" << avail.height());
    CHECK(avail.contains(again.frameGeometry()));
    CHECK(again.width() <= avail.width());
    CHECK(again.height() <= avail.height());
    again.show();
    REQUIRE(QTest::qWaitForWindowExposed(&again));
    QTest::qWait(20); // once shown, its frame (here 2 px a side) counts too
    INFO("shown: frame " << again.frameGeometry().x() << "," << again.frameGeometry().y() << " " << again.frameGeometry().width()
                         << "x" << again.frameGeometry().height() << ", avail " << avail.x() << "," << avail.y());
    CHECK(avail.contains(again.frameGeometry()));

    // Saved at a position that puts a window that fits off the screen's right and bottom edges.
    QSettings().remove(QStringLiteral("window"));
    {
        app::MainWindow w(guitest::catalog());
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        w.setGeometry(QRect(QPoint(avail.right() - 300, avail.bottom() - 300), QSize(700, 700)));
        QApplication::processEvents();
        REQUIRE(w.close());
    }
    app::MainWindow third(guitest::catalog());
    third.restoreWindowLayout();
    INFO("frame " << third.frameGeometry().x() << "," << third.frameGeometry().y() << " " << third.frameGeometry().width() << "x"
                  << third.frameGeometry().height());
    CHECK(avail.contains(third.frameGeometry()));
    CHECK(third.size() == QSize(700, 700).expandedTo(third.minimumSizeHint())); // its size kept, only moved
    QSettings().remove(QStringLiteral("window"));
}
