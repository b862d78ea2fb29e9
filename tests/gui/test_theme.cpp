// Dark theme: widgets, canvas, palette icons and charts follow it; "follow desktop" reads the
// desktop's setting (GTK_THEME=...:dark here); icons are drawn for scale factor 2 as well.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "app/theme.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/layer_chart.hpp"
#include "views/palette/palette_widget.hpp"

#include <QPainter>
#include <QSettings>
#include <QTreeWidget>

namespace {
/// Colour of the canvas background as drawn.
QColor canvasColour(app::MainWindow& w)
{
    QImage img(40, 40, QImage::Format_ARGB32);
    QPainter p(&img);
    w.scene()->render(&p, QRectF(0, 0, 40, 40), QRectF(-100000, -100000, 40, 40));
    p.end();
    return img.pixelColor(20, 20);
}
} // namespace

TEST_CASE("the dark theme covers widgets, canvas, icons and charts, and back", "[gui][theme]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.theme()->setMode(app::Theme::Mode::Light);
    CHECK(canvasColour(w).lightness() > 200);
    w.theme()->setMode(app::Theme::Mode::Dark);
    CHECK(w.theme()->isDark());
    CHECK(QApplication::palette().color(QPalette::Window).lightness() < 80);
    CHECK(canvasColour(w).lightness() < 60);
    CHECK(w.charts()->layerChart()->chart()->backgroundBrush().color().lightness() < 60);
    // Palette icons are redrawn in the dark colours, at 1x and 2x.
    const QTreeWidgetItem* server = w.palette()->topLevelItem(0)->child(0);
    const QIcon icon = server->icon(0);
    CHECK(icon.availableSizes().contains(QSize(64, 64)));
    const QImage img = icon.pixmap(QSize(32, 32), 2.0).toImage();
    CHECK(img.devicePixelRatio() == 2.0);
    CHECK(img.pixelColor(img.width() / 2, img.height() * 14 / 32).lightness() < 90); // dark fill, between the lines
    w.theme()->setMode(app::Theme::Mode::Light);
    CHECK_FALSE(views::canvas_style::isDark());
    CHECK(canvasColour(w).lightness() > 200);
    CHECK(w.charts()->layerChart()->chart()->backgroundBrush().color().lightness() > 200);
    w.theme()->setMode(app::Theme::Mode::System);
    QSettings().remove(QStringLiteral("theme"));
}

TEST_CASE("follow desktop: a dark desktop theme gives the dark theme", "[gui][theme]")
{
    qputenv("GTK_THEME", "Adwaita:dark");
    {
        app::MainWindow w(guitest::catalog());
        w.theme()->setMode(app::Theme::Mode::System);
        CHECK(w.theme()->desktopIsDark());
        CHECK(w.theme()->isDark());
        CHECK(views::canvas_style::isDark());
    }
    qunsetenv("GTK_THEME");
    app::MainWindow w(guitest::catalog());
    CHECK_FALSE(w.theme()->isDark());
    CHECK_FALSE(views::canvas_style::isDark());
    QSettings().remove(QStringLiteral("theme"));
}
