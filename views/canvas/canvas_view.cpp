#include "views/canvas/canvas_view.hpp"

#include "views/canvas/bundle_item.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/mini_map.hpp"
#include "views/canvas/node_item.hpp"
#include "views/canvas/overview_cache.hpp"
#include "views/canvas/overview_labels.hpp"
#include "views/canvas/place_tool.hpp"
#include "views/canvas/select_tool.hpp"
#include "views/canvas/wire_tool.hpp"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMimeData>
#include <QPainter>
#include <QPaintEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <utility>

namespace views {

namespace {
constexpr double kMinZoom = 0.001; ///< a 2,048-server fat tree is ~280,000 units wide
constexpr double kMaxZoom = 8.0;
constexpr double kWheelStep = 1.15; ///< zoom factor per wheel notch (120 units)

bool isItem(const QGraphicsItem* i) { return i->type() == NodeItem::Type || i->type() == GroupItem::Type; }
bool isLink(const QGraphicsItem* i) { return i->type() == LinkItem::Type || i->type() == BundleItem::Type; }
} // namespace

CanvasView::CanvasView(CanvasScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent),
      scene_(scene),
      select_(std::make_unique<SelectTool>(this)),
      wire_(std::make_unique<WireTool>(this)),
      place_(std::make_unique<PlaceTool>(this)),
      zoomDraftMinElements_(OverviewCache::kMinElements)
{
    active_ = select_.get();
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    // Zooming keeps the point under the cursor itself (zoomAround), so Qt's anchor is off.
    setTransformationAnchor(QGraphicsView::NoAnchor);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    // Every item's paint sets the painter state it draws with (pen, brush, font, render
    // hints), so the view does not save and restore it around each item: on the spine tier of
    // a 2,048-server design at 100 % some 2,100 items are visited a frame and the save/restore
    // pair was a tenth of a zoom frame's instructions.
    setOptimizationFlags(QGraphicsView::DontAdjustForAntialiasing | QGraphicsView::DontSavePainterState);
    setFocusPolicy(Qt::StrongFocus);
    setAcceptDrops(true);
    viewport()->setAcceptDrops(true);
    setFrameShape(QFrame::NoFrame);
    // Scroll bars always shown: the scene reaches past the design on every side anyway, and a
    // bar appearing after a zoom would shrink the viewport and spoil the fit it followed.
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    miniMap_ = new MiniMap(this);
    overview_ = std::make_unique<OverviewCache>(this);
    labels_ = std::make_unique<OverviewLabels>();
    // An edit may move items (their old place is not in the view's repaint) or change the
    // design's bounds: the overview picture is drawn again.
    connect(scene_->document(), &DesignDocument::changed, this, [this] { overview_->invalidate(); });
    connect(scene_, &QGraphicsScene::sceneRectChanged, this, [this] { overview_->invalidate(); });
    zoomSettle_.setSingleShot(true);
    zoomSettle_.setInterval(kZoomSettleMs);
    connect(&zoomSettle_, &QTimer::timeout, this, &CanvasView::finishZoomDraft);
}

CanvasView::~CanvasView() = default;

double CanvasView::zoom() const { return transform().m11(); }

NodeItem* CanvasView::nodeAt(QPoint viewportPos) const
{
    for (QGraphicsItem* i : items(viewportPos))
        if (i->type() == NodeItem::Type) return static_cast<NodeItem*>(i);
    return nullptr;
}

QRectF CanvasView::visibleSceneRect() const { return mapToScene(viewport()->rect()).boundingRect(); }

void CanvasView::setContextActions(MenuKind kind, QList<QAction*> actions)
{
    (kind == MenuKind::Item ? itemActions_ : kind == MenuKind::Link ? linkActions_ : canvasActions_) = std::move(actions);
}

void CanvasView::setTool(Tool tool)
{
    active_->cancel();
    toolKind_ = tool;
    active_ = tool == Tool::Wire ? wire_.get() : select_.get();
    restoreCursor();
}

void CanvasView::restoreCursor()
{
    viewport()->setCursor(spaceHeld_ ? Qt::OpenHandCursor : toolKind_ == Tool::Wire ? Qt::CrossCursor : Qt::ArrowCursor);
}

void CanvasView::viewChanged()
{
    viewMoved_ = true;
    emit zoomChanged(zoom());
    miniMap_->viewChanged();
}

void CanvasView::zoomAround(double factor, QPoint anchor)
{
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    const double f = target / zoom();
    if (std::abs(f - 1.0) < 1e-9) return;
    const QPointF fixed = mapToScene(anchor);
    scale(f, f);
    // Scroll so the scene point that was under the anchor is under it again.
    const QPoint off = mapFromScene(fixed) - anchor;
    panBy(off.x(), off.y());
    const model::Design& d = scene_->document()->design();
    if (d.nodes().size() + d.links().size() >= zoomDraftMinElements_ && !overview_->applies()) {
        // The zoom repaints the whole canvas: in draft quality until the gesture pauses (the
        // overview picture has its own settle step).
        zoomDraft_ = true;
        zoomSettle_.start();
    }
    viewChanged();
}

void CanvasView::finishZoomDraft()
{
    zoomSettle_.stop();
    if (!std::exchange(zoomDraft_, false) || overview_->applies()) return;
    viewport()->update(); // the whole canvas at full quality
}

void CanvasView::panBy(int dx, int dy)
{
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + dx);
    verticalScrollBar()->setValue(verticalScrollBar()->value() + dy);
}

void CanvasView::setZoom(double z) { zoomAround(z / zoom(), viewport()->rect().center()); }

void CanvasView::scaleBy(double factor) { zoomAround(factor, viewport()->rect().center()); }

void CanvasView::zoomIn() { scaleBy(1.25); }

void CanvasView::zoomOut() { scaleBy(1.0 / 1.25); }

void CanvasView::fitRect(const QRectF& r, double maxZoom)
{
    const QSize vp = viewport()->size();
    if (vp.width() < 10 || vp.height() < 10 || r.isEmpty()) return;
    // Two pixels to spare on each side: scroll positions are whole pixels, and at 0.5 % zoom
    // one pixel is 200 scene units.
    const double z = std::clamp(std::min((vp.width() - 4) / r.width(), (vp.height() - 4) / r.height()), kMinZoom, maxZoom);
    setTransform(QTransform::fromScale(z, z));
    centerOn(r.center());
    viewChanged();
}

void CanvasView::zoomToFit()
{
    scene_->syncGroups(); // a generate or paste may have queued new cards and bundles
    fitRect(scene_->designBounds(), 1.0);
}

void CanvasView::zoomToSelection()
{
    QRectF r;
    for (QGraphicsItem* i : scene_->selectedItems()) r |= i->sceneBoundingRect();
    if (r.isNull()) {
        zoomToFit();
        return;
    }
    fitRect(r.adjusted(-60, -60, 60, 60), 2.0);
}

void CanvasView::setMiniMapEnabled(bool on) { miniMap_->setUserEnabled(on); }

void CanvasView::wheelEvent(QWheelEvent* e)
{
    const double notches = e->angleDelta().y() / 120.0;
    if (notches == 0.0) return;
    zoomAround(std::pow(kWheelStep, notches), e->position().toPoint());
    e->accept();
}

void CanvasView::mousePressEvent(QMouseEvent* e)
{
    const bool pan = e->button() == Qt::MiddleButton || (e->button() == Qt::LeftButton && spaceHeld_);
    if (pan) {
        panning_ = true;
        panButton_ = e->button();
        panLast_ = e->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        e->accept();
        return;
    }
    if (active_->press(e)) return;
    QGraphicsView::mousePressEvent(e);
    active_->afterPress(e);
}

void CanvasView::mouseMoveEvent(QMouseEvent* e)
{
    if (panning_) {
        const QPoint d = e->position().toPoint() - panLast_;
        panLast_ = e->position().toPoint();
        panBy(-d.x(), -d.y());
        e->accept();
        return;
    }
    if (active_->move(e)) return;
    QGraphicsView::mouseMoveEvent(e);
}

void CanvasView::mouseReleaseEvent(QMouseEvent* e)
{
    if (panning_ && e->button() == panButton_) {
        panning_ = false;
        panButton_ = Qt::NoButton;
        restoreCursor();
        e->accept();
        return;
    }
    if (active_->release(e)) return;
    QGraphicsView::mouseReleaseEvent(e);
    active_->afterRelease(e);
}

void CanvasView::keyPressEvent(QKeyEvent* e)
{
    switch (e->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        scene_->deleteSelection();
        e->accept();
        return;
    case Qt::Key_Escape:
        active_->cancel();
        scene_->clearSelection();
        e->accept();
        return;
    case Qt::Key_Space:
        if (!e->isAutoRepeat()) {
            spaceHeld_ = true;
            restoreCursor();
        }
        e->accept();
        return;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: {
        // A tenth of the view per press, half of it with Shift.
        const double part = (e->modifiers() & Qt::ShiftModifier) ? 0.5 : 0.1;
        const int dx = qRound(viewport()->width() * part), dy = qRound(viewport()->height() * part);
        const int k = e->key();
        panBy(k == Qt::Key_Left ? -dx : k == Qt::Key_Right ? dx : 0, k == Qt::Key_Up ? -dy : k == Qt::Key_Down ? dy : 0);
        e->accept();
        return;
    }
    default: break;
    }
    QGraphicsView::keyPressEvent(e);
}

void CanvasView::keyReleaseEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Space && !e->isAutoRepeat()) {
        spaceHeld_ = false;
        if (!panning_) restoreCursor();
        e->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(e);
}

void CanvasView::focusOutEvent(QFocusEvent* e)
{
    spaceHeld_ = false; // the release may never arrive once focus has gone
    if (!panning_) restoreCursor();
    QGraphicsView::focusOutEvent(e);
}

std::unique_ptr<QMenu> CanvasView::buildContextMenu(QPoint pos)
{
    contextPos_ = mapToScene(pos);
    QGraphicsItem* hit = nullptr;
    for (QGraphicsItem* i : items(pos))
        if (isItem(i) || isLink(i)) {
            hit = i;
            break;
        }
    if (hit && !hit->isSelected()) {
        scene_->clearSelection();
        hit->setSelected(true);
    }
    auto menu = std::make_unique<QMenu>(this);
    auto addAll = [&menu](const QList<QAction*>& list) {
        for (QAction* a : list)
            if (a) menu->addAction(a);
            else menu->addSeparator();
    };
    if (hit && isItem(hit)) {
        menu->setObjectName(QStringLiteral("itemMenu"));
        if (hit->type() == GroupItem::Type) {
            const std::string group = static_cast<GroupItem*>(hit)->name();
            menu->addAction(tr("Expand Group"), this, [this, group] { scene_->expandGroup(group); });
            menu->addSeparator();
        } else if (const std::string group = scene_->groupOf(static_cast<NodeItem*>(hit)->id()); !group.empty()) {
            menu->addAction(tr("Collapse Group %1").arg(QString::fromStdString(group)), this,
                            [this, group] { scene_->collapseGroup(group); });
            menu->addSeparator();
        }
        addAll(itemActions_);
    } else if (hit) {
        menu->setObjectName(QStringLiteral("linkMenu"));
        addAll(linkActions_);
    } else {
        menu->setObjectName(QStringLiteral("canvasMenu"));
        addAll(canvasActions_);
    }
    if (hit) {
        menu->addSeparator();
        menu->addAction(tr("Properties"), this, &CanvasView::propertiesRequested);
    }
    return menu;
}

void CanvasView::contextMenuEvent(QContextMenuEvent* e)
{
    const auto menu = buildContextMenu(e->pos());
    menu->exec(e->globalPos());
}

void CanvasView::dragEnterEvent(QDragEnterEvent* e)
{
    if (place_->accepts(e->mimeData())) e->acceptProposedAction();
    else QGraphicsView::dragEnterEvent(e);
}

void CanvasView::dragMoveEvent(QDragMoveEvent* e)
{
    if (place_->accepts(e->mimeData())) e->acceptProposedAction();
    else QGraphicsView::dragMoveEvent(e);
}

void CanvasView::dropEvent(QDropEvent* e)
{
    if (place_->drop(e)) {
        e->acceptProposedAction();
        return;
    }
    QGraphicsView::dropEvent(e);
}

void CanvasView::resizeEvent(QResizeEvent* e)
{
    viewMoved_ = true;
    QGraphicsView::resizeEvent(e);
    miniMap_->placeInCorner();
    miniMap_->viewChanged();
}

void CanvasView::paintEvent(QPaintEvent* e)
{
    const bool moved = std::exchange(viewMoved_, false);
    if (!overview_->applies()) {
        overview_->invalidate(); // changes painted directly are not followed in the picture
        const model::Design& d = scene_->document()->design();
        canvas_style::setAliasPassingLines(d.nodes().size() + d.links().size() >= OverviewCache::kMinElements);
        canvas_style::setDraft(zoomDraft_);
        canvas_style::setPaintRegion(viewport(), &e->region());
        QGraphicsView::paintEvent(e);
        canvas_style::setPaintRegion(nullptr, nullptr);
        canvas_style::setDraft(false);
        canvas_style::setAliasPassingLines(false);
    } else {
        QPainter p(viewport());
        overview_->paint(p, e->region(), moved);
    }
    // Names over the scene where the symbols' own text is too small to read; tags that moved
    // or went are repainted where the scene was not.
    QPainter p(viewport());
    if (const QRegion stale = labels_->paint(p, *this) - e->region(); !stale.isEmpty()) viewport()->update(stale);
}

void CanvasView::scrollContentsBy(int dx, int dy)
{
    viewMoved_ = true;
    QGraphicsView::scrollContentsBy(dx, dy);
    miniMap_->viewChanged();
}

} // namespace views
