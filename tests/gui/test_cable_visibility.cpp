// A single cable drawn on the canvas is plainly visible: a solid line at least two pixels wide at
// 100 % in its full colour (it was 1.2 units wide at 59 % opacity, a faint hairline), while a
// bundle of cables stays thicker than one.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "model/design/link_defaults.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/link_item.hpp"

#include <QImage>
#include <QPainter>

#include <cmath>
#include <memory>

namespace {

/// Two QM9700 leaves side by side and a DGX H100 under them; the test wires them as the wire
/// tool does (one cable per new link).
struct Bench {
    app::Document doc{guitest::catalog()};
    std::unique_ptr<views::CanvasScene> scene;
    model::Id s1 = 0, s2 = 0, server = 0;

    Bench()
    {
        model::Design d;
        s1 = guitest::addNode(d, model::NodeKind::Switch, "s1", 0, 0);
        s2 = guitest::addNode(d, model::NodeKind::Switch, "s2", 1200, 0);
        server = guitest::addNode(d, model::NodeKind::Server, "dgx", 600, 700);
        doc.newDesign(d);
        scene = std::make_unique<views::CanvasScene>(&doc);
    }

    /// The scene painted at 100 % over `area` (scene units) on the canvas background.
    /// Wires `a` to `b` as the wire tool does: the link the catalog suggests, one undoable add.
    model::Id connect(model::Id a, model::Id b)
    {
        const auto link = model::defaultLink(doc.design(), doc.catalog(), a, b);
        REQUIRE(link.has_value());
        const model::Id id = doc.requestAddLink(*link);
        REQUIRE(id != 0);
        return id;
    }

    QImage render(const QRectF& area)
    {
        QImage img(area.size().toSize(), QImage::Format_ARGB32_Premultiplied);
        img.fill(views::canvas_style::palette().background);
        QPainter p(&img);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        scene->render(&p, QRectF(img.rect()), area);
        return img;
    }
};

/// Rows of column `x` of `img` whose pixel is within `tolerance` (per channel, 0-255) of `c`:
/// how many pixels of solid cable colour a cross-section of a horizontal-ish cable shows.
int solidRows(const QImage& img, int x, const QColor& c, int tolerance = 40)
{
    int n = 0;
    for (int y = 0; y < img.height(); ++y) {
        const QColor p = img.pixelColor(x, y);
        if (std::abs(p.red() - c.red()) <= tolerance && std::abs(p.green() - c.green()) <= tolerance &&
            std::abs(p.blue() - c.blue()) <= tolerance)
            ++n;
    }
    return n;
}

} // namespace

TEST_CASE("a newly drawn single cable is solid and at least two pixels wide and bundles stay thicker", "[gui][canvas][cables]")
{
    Bench b;
    // One cable between the leaves, as the wire tool makes it (a switch-to-switch fabric link).
    const views::LinkItem* item = b.scene->linkItem(b.connect(b.s1, b.s2));
    REQUIRE(item != nullptr);
    REQUIRE(item->count() == 1);
    CHECK(views::LinkItem::widthFor(1) >= 2.0);
    // A cross-section in the middle of the cable, at 100 %.
    const QLineF line = item->line();
    const QPointF mid = line.pointAt(0.5);
    const QRectF area(mid.x() - 20, mid.y() - 20, 40, 40);
    const QImage img = b.render(area);
    const QColor fabricColour = views::canvas_style::railColor(-1);
    INFO("fabric colour " << fabricColour.name().toStdString());
    CHECK(solidRows(img, 20, fabricColour) >= 2);

    // A server's cable takes its rail's colour, solid as well.
    const views::LinkItem* railItem = b.scene->linkItem(b.connect(b.server, b.s1));
    REQUIRE(railItem != nullptr);
    const QPointF railMid = railItem->line().pointAt(0.5);
    const QImage railImg = b.render(QRectF(railMid.x() - 20, railMid.y() - 20, 40, 40));
    // The cable runs steeply: count along a row instead of down a column.
    int solid = 0;
    const QColor railColour = views::canvas_style::railColor(0);
    for (int x = 0; x < railImg.width(); ++x) {
        const QColor p = railImg.pixelColor(x, 20);
        if (std::abs(p.red() - railColour.red()) <= 40 && std::abs(p.green() - railColour.green()) <= 40 &&
            std::abs(p.blue() - railColour.blue()) <= 40)
            ++solid;
    }
    INFO("rail colour " << railColour.name().toStdString());
    CHECK(solid >= 2);

    // Bundles keep growing with the number of cables.
    CHECK(views::LinkItem::widthFor(2) > views::LinkItem::widthFor(1));
    CHECK(views::LinkItem::widthFor(8) >= views::LinkItem::widthFor(1) + 3.0);
    CHECK(views::LinkItem::widthFor(32) > views::LinkItem::widthFor(8));
}
