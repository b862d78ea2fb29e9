#include "views/canvas/overview_cache.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/common/design_document.hpp"

#include <QPainter>
#include <QRegion>

#include <algorithm>
#include <cmath>

namespace views {

namespace {
constexpr int kSettleMs = 200;
constexpr double kRedrawRatio = 1.5; ///< zoomed this far from the picture's zoom: redraw at once
} // namespace

OverviewCache::OverviewCache(CanvasView* view) : view_(view)
{
    settle_.setSingleShot(true);
    settle_.setInterval(kSettleMs);
    QObject::connect(&settle_, &QTimer::timeout, view_, [this] {
        if (valid_ && std::abs(view_->zoom() - zoom_) > 1e-12) {
            valid_ = false;
            view_->viewport()->update();
        }
    });
}

bool OverviewCache::applies() const
{
    const CanvasScene* scene = view_->canvasScene();
    const double z = view_->zoom();
    if (z > kMaxZoom || !view_->rubberBandRect().isNull() || scene->mouseGrabberItem()) return false;
    const model::Design& d = scene->document()->design();
    if (d.nodes().size() + d.links().size() < minElements_) return false;
    const QRectF area = scene->designBounds();
    const double dpr = view_->devicePixelRatioF();
    const double w = area.width() * z * dpr, h = area.height() * z * dpr;
    return w <= kMaxSide && h <= kMaxSide && w * h <= static_cast<double>(kMaxPixels);
}

void OverviewCache::renderAll()
{
    design_ = view_->canvasScene()->designBounds();
    zoom_ = view_->zoom();
    const double dpr = view_->devicePixelRatioF();
    // The picture starts on a device pixel of the view: panned by whole pixels it is copied
    // pixel for pixel, the same pixels as painting the items directly.
    const QPointF at = view_->viewportTransform().map(design_.topLeft()) * dpr;
    const QPointF frac(at.x() - std::floor(at.x()), at.y() - std::floor(at.y()));
    area_ = design_.adjusted(-frac.x() / dpr / zoom_, -frac.y() / dpr / zoom_, 0, 0);
    const QSize px(std::max(1, static_cast<int>(std::ceil(area_.width() * zoom_ * dpr))),
                   std::max(1, static_cast<int>(std::ceil(area_.height() * zoom_ * dpr))));
    if (image_.size() != px) image_ = QImage(px, QImage::Format_ARGB32_Premultiplied);
    image_.setDevicePixelRatio(dpr);
    valid_ = true;
    renderPart(area_);
}

void OverviewCache::renderPart(const QRectF& sceneRect)
{
    // Whole logical pixels of the picture, so that the redrawn part joins the rest seamlessly.
    const QRectF logical((sceneRect.left() - area_.left()) * zoom_, (sceneRect.top() - area_.top()) * zoom_,
                         sceneRect.width() * zoom_, sceneRect.height() * zoom_);
    const QRectF bounds(QPointF(0, 0), QSizeF(image_.size()) / image_.devicePixelRatio());
    const QRectF target = QRectF(logical.toAlignedRect().adjusted(-1, -1, 1, 1)) & bounds;
    if (target.isEmpty()) return;
    const QRectF source(area_.left() + target.left() / zoom_, area_.top() + target.top() / zoom_, target.width() / zoom_,
                        target.height() / zoom_);
    CanvasScene* scene = view_->canvasScene();
    QPainter p(&image_);
    p.setClipRect(target);
    p.setRenderHints(view_->renderHints());
    scene->setProperty("thumbnail", true); // count tags are hidden at this zoom in the view too
    scene->render(&p, target, source, Qt::IgnoreAspectRatio);
    scene->setProperty("thumbnail", false);
}

void OverviewCache::paint(QPainter& p, const QRegion& region, bool viewMoved)
{
    const double z = view_->zoom();
    const bool far = zoom_ <= 0 || z / zoom_ > kRedrawRatio || zoom_ / z > kRedrawRatio;
    if (!valid_ || far || view_->canvasScene()->designBounds() != design_) {
        renderAll();
    } else if (!viewMoved) {
        // Something in the scene changed there (the view asks to repaint what changed).
        renderPart(view_->mapToScene(region.boundingRect().adjusted(-2, -2, 2, 2)).boundingRect());
    }
    if (std::abs(z - zoom_) > 1e-12) settle_.start();
    p.setClipRegion(region);
    p.fillRect(region.boundingRect(), canvas_style::palette().background);
    // At the picture's own zoom a copy of its pixels; zooming scales it until it is redrawn.
    p.translate(view_->viewportTransform().map(area_.topLeft()));
    p.scale(z / zoom_, z / zoom_);
    p.drawImage(QPointF(0, 0), image_);
}

} // namespace views
