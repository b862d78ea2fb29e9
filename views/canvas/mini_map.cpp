#include "views/canvas/mini_map.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace views {

MiniMap::MiniMap(CanvasView* view) : QWidget(view->viewport()), view_(view)
{
    setObjectName(QStringLiteral("miniMap"));
    // A child of the canvas's viewport, not a sibling above it: Qt scrolls a widget's picture
    // (and repaints only the strips a pan uncovers) only when no sibling overlaps it; with the
    // mini-map over the viewport every pan repainted the whole canvas. The viewport's scroll
    // moves its children along; scrollContentsBy puts the mini-map back in its corner.
    // Opaque (paintEvent fills every pixel): the canvas under it is not painted.
    setAttribute(Qt::WA_OpaquePaintEvent);
    setFixedSize(kWidth, kHeight);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Overview: click or drag to move the view (View > Mini-Map hides it)"));
    render_.setSingleShot(true);
    render_.setInterval(kRenderDelayMs);
    connect(&render_, &QTimer::timeout, this, &MiniMap::renderNow);
    // Design edits (not QGraphicsScene::changed, which would slow every repaint of the canvas).
    connect(view->canvasScene()->document(), &DesignDocument::changed, this, &MiniMap::sceneChanged);
    connect(view->canvasScene(), &QGraphicsScene::sceneRectChanged, this, &MiniMap::sceneChanged);
    hide();
}

void MiniMap::setUserEnabled(bool on)
{
    userEnabled_ = on;
    if (on) renderNow();
    viewChanged();
}

bool MiniMap::wanted() const
{
    if (!userEnabled_) return false;
    const QRectF visible = view_->visibleSceneRect();
    // The design without its 40-unit margin, less a little for rounding at zoom to fit.
    const QRectF design = view_->canvasScene()->designBounds().adjusted(30, 30, -30, -30);
    return !visible.contains(design);
}

void MiniMap::sceneChanged()
{
    if (!userEnabled_) return;
    if (isHidden()) { // not shown (the whole design fits the view): drawn afresh when it shows
        render_.stop();
        picture_ = QPixmap(); // viewChanged renders a null picture before showing it
        return;
    }
    if (!render_.isActive()) render_.start();
}

void MiniMap::renderNow()
{
    QElapsedTimer took;
    took.start();
    CanvasScene* scene = view_->canvasScene();
    area_ = scene->designBounds();
    const qreal dpr = devicePixelRatioF();
    QPixmap pm(size() * dpr);
    pm.setDevicePixelRatio(dpr);
    pm.fill(canvas_style::palette().background);
    {
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing, false); // a thumbnail: speed over smoothness
        scene->setProperty("thumbnail", true); // fixed-size tags would crowd a thumbnail
        scene->render(&p, target(), area_, Qt::KeepAspectRatio);
        scene->setProperty("thumbnail", false);
    }
    picture_ = pm;
    update();
    // A large design takes long to draw (2,048 servers: about 100 ms): the next picture after
    // an edit waits ten times as long, so while someone edits, the overview never takes more
    // than a tenth of the UI thread. A small design keeps the 200 ms delay.
    render_.setInterval(static_cast<int>(std::clamp<qint64>(10 * took.elapsed(), kRenderDelayMs, 5000)));
}

QRectF MiniMap::target() const
{
    // The area's aspect ratio, centred in the widget with a 4-pixel border.
    const QRectF box(4, 4, width() - 8, height() - 8);
    if (area_.isEmpty()) return box;
    const double s = std::min(box.width() / area_.width(), box.height() / area_.height());
    const QSizeF size(area_.width() * s, area_.height() * s);
    return QRectF(box.center() - QPointF(size.width() / 2, size.height() / 2), size);
}

QPointF MiniMap::toScene(QPointF w) const
{
    const QRectF t = target();
    return {area_.left() + (w.x() - t.left()) * area_.width() / t.width(),
            area_.top() + (w.y() - t.top()) * area_.height() / t.height()};
}

QPointF MiniMap::toWidget(QPointF s) const
{
    const QRectF t = target();
    return {t.left() + (s.x() - area_.left()) * t.width() / area_.width(),
            t.top() + (s.y() - area_.top()) * t.height() / area_.height()};
}

void MiniMap::viewChanged()
{
    const bool show = wanted();
    if (show && picture_.isNull()) renderNow();
    if (show != isVisible()) setVisible(show);
    if (show) {
        placeInCorner();
        raise();
        update();
    }
}

QSize MiniMap::sizeFor(QSize viewport)
{
    const int w = std::clamp(viewport.width() / 4, kMinWidth, kWidth);
    return {w, w * kHeight / kWidth};
}

void MiniMap::placeInCorner()
{
    const QRect vp = view_->viewport()->rect();
    const QSize wanted = sizeFor(vp.size());
    if (wanted != size()) {
        setFixedSize(wanted);
        if (!picture_.isNull()) renderNow(); // the picture is drawn at the widget's size
    }
    move(vp.right() - width() - 8, vp.bottom() - height() - 8);
}

void MiniMap::paintEvent(QPaintEvent*)
{
    const auto& pal = canvas_style::palette();
    QPainter p(this);
    p.fillRect(rect(), pal.background);
    p.drawPixmap(QPointF(0, 0), picture_);
    p.setPen(QPen(pal.frame, 1));
    p.drawRect(rect().adjusted(0, 0, -1, -1));
    // The part of the design the canvas shows now.
    const QRectF v = view_->visibleSceneRect();
    const QRectF frame = QRectF(toWidget(v.topLeft()), toWidget(v.bottomRight())).intersected(QRectF(rect()));
    p.setPen(QPen(canvas_style::selectionColor(), 2));
    p.setBrush(QColor(canvas_style::selectionColor().red(), canvas_style::selectionColor().green(),
                      canvas_style::selectionColor().blue(), 40));
    p.drawRect(frame);
}

void MiniMap::centreViewAt(QPointF widgetPos) { view_->centerOn(toScene(widgetPos)); }

void MiniMap::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton) centreViewAt(e->position());
    e->accept();
}

void MiniMap::mouseMoveEvent(QMouseEvent* e)
{
    if (e->buttons() & Qt::LeftButton) centreViewAt(e->position());
    e->accept();
}

} // namespace views
