// The overview picture of a large design (issue 14 item 8, views/canvas/overview_cache.hpp):
// at overview zoom the canvas shows the same pixels as painting every item, and after a
// change in the scene (a selection) it shows the change; above overview zoom it is not used.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/node_item.hpp"
#include "views/canvas/overview_cache.hpp"

#include <QImage>

namespace {

/// Share of pixels (0..1) that differ by more than 48 in any channel.
double differing(const QImage& a, const QImage& b)
{
    REQUIRE(a.size() == b.size());
    const QImage x = a.convertToFormat(QImage::Format_RGB32), y = b.convertToFormat(QImage::Format_RGB32);
    qint64 n = 0;
    for (int r = 0; r < x.height(); ++r) {
        const auto* p = reinterpret_cast<const QRgb*>(x.constScanLine(r));
        const auto* q = reinterpret_cast<const QRgb*>(y.constScanLine(r));
        for (int c = 0; c < x.width(); ++c)
            if (std::abs(qRed(p[c]) - qRed(q[c])) > 48 || std::abs(qGreen(p[c]) - qGreen(q[c])) > 48 ||
                std::abs(qBlue(p[c]) - qBlue(q[c])) > 48)
                ++n;
    }
    return static_cast<double>(n) / (static_cast<double>(x.width()) * x.height());
}

QImage shot(views::CanvasView& v)
{
    v.viewport()->repaint();
    return v.viewport()->grab().toImage();
}

} // namespace

TEST_CASE("overview picture: same pixels as painting each item, follows a selection, off when zoomed in", "[gui][overview]")
{
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    views::CanvasScene scene(&doc);
    scene.expandAllGroups();
    views::CanvasView view(&scene);
    view.resize(900, 500);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    views::OverviewCache* cache = view.overviewCache();
    cache->setMinElements(0); // the template (332 elements) stands in for a 2,048-server design

    for (const double zoom : {0.1, 0.05}) {
        view.zoomToFit();
        view.zoomAround(zoom / view.zoom(), view.viewport()->rect().center());
        REQUIRE(view.zoom() == Approx(zoom));
        INFO("zoom " << zoom);
        const QImage cached = shot(view);
        CHECK(cache->pictureZoom() == Approx(zoom));
        cache->setMinElements(1000000); // every item painted
        const QImage direct = shot(view);
        CHECK(cache->pictureZoom() == 0.0);
        cache->setMinElements(0);
        CHECK(differing(cached, direct) < 0.005); // antialiasing at the picture's pixel grid

        // A change in the scene reaches the picture: a selected server is outlined.
        views::NodeItem* server = nullptr;
        for (const auto& [id, n] : doc.design().nodes())
            if (n.kind == model::NodeKind::Server) {
                server = scene.nodeItem(id);
                break;
            }
        REQUIRE(server != nullptr);
        (void)shot(view);
        server->setSelected(true);
        QApplication::processEvents(); // the scene sends the update to the view
        const QImage selected = shot(view);
        CHECK(cache->pictureZoom() == Approx(zoom));
        CHECK(differing(selected, cached) > 0.0);
        cache->setMinElements(1000000);
        CHECK(differing(selected, shot(view)) < 0.005);
        cache->setMinElements(0);
        server->setSelected(false);
        QApplication::processEvents();
    }

    // Zoomed in past the overview zoom, items are painted directly.
    view.zoomAround(0.5 / view.zoom(), view.viewport()->rect().center());
    (void)shot(view);
    CHECK(cache->pictureZoom() == 0.0);
}
