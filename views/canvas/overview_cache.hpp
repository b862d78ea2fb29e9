#pragma once
/// @file overview_cache.hpp
/// The canvas of a large design at overview zoom, drawn from one picture: a design of
/// thousands of items (a 2,048-server fat tree expanded is 2,200 symbols and 18,000 cables)
/// zoomed out until every symbol is a few pixels is painted once into an image of the whole
/// design at the current zoom; panning then copies from that image and zooming scales it
/// (redrawn sharp 200 ms after the zoom settles, or at once past 1.5x), as map viewers do.
/// What changes in the scene (a selection, an expanded group, heat) is redrawn into the image
/// for the changed area only. Figures: benchmarks/bench_gui.cpp.

#include <QImage>
#include <QRectF>
#include <QTimer>

#include <cstddef>

class QPainter;
class QRegion;

namespace views {

class CanvasView;

class OverviewCache {
public:
    /// Fewest design nodes plus links for which the overview picture is used.
    static constexpr std::size_t kMinElements = 2000;
    /// Highest zoom (1 = 100 %) at which it is used: above it count tags and names show.
    static constexpr double kMaxZoom = 0.12;
    /// Largest picture, device pixels per side and in all (a 4-byte pixel each: 64 MiB).
    static constexpr int kMaxSide = 8192;
    static constexpr qint64 kMaxPixels = 16LL * 1024 * 1024;

    explicit OverviewCache(CanvasView* view);

    /// True when the view should paint from the picture now: a large design, zoom at most
    /// kMaxZoom, the picture within kMaxSide/kMaxPixels, and no drag (rubber band, a moving
    /// item) under way, whose every step changes the scene.
    [[nodiscard]] bool applies() const;
    /// Paints `region` of the viewport from the picture. `viewMoved`: the view scrolled or
    /// zoomed since the last paint (the region is exposed area, not a change in the scene);
    /// otherwise the region is redrawn into the picture first.
    void paint(QPainter& p, const QRegion& region, bool viewMoved);
    /// Forgets the picture (the scene was painted directly meanwhile, changes not followed).
    void invalidate() { valid_ = false; }
    /// Zoom (1 = 100 %) the picture was drawn at; 0 when there is none. For tests.
    [[nodiscard]] double pictureZoom() const { return valid_ ? zoom_ : 0.0; }
    /// Fewest design nodes plus links for the picture (kMinElements unless a test sets it).
    void setMinElements(std::size_t n) { minElements_ = n; }

private:
    void renderAll();
    void renderPart(const QRectF& sceneRect);

    CanvasView* view_;
    QImage image_;
    QRectF design_;     ///< the design's bounds when the picture was drawn
    QRectF area_;       ///< scene rectangle the picture shows (the design's, from a whole pixel)
    double zoom_ = 0.0; ///< scene-to-picture scale (logical pixels per scene unit)
    bool valid_ = false;
    std::size_t minElements_ = kMinElements;
    QTimer settle_;     ///< after a zoom: redraw sharp at the new zoom
};

} // namespace views
