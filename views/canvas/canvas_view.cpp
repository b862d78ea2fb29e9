#include "views/canvas/canvas_view.hpp"

#include "views/canvas/bundle_item.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"
#include "views/canvas/place_tool.hpp"
#include "views/canvas/select_tool.hpp"
#include "views/canvas/wire_tool.hpp"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMimeData>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace views {

namespace {
constexpr double kMinZoom = 0.02;
constexpr double kMaxZoom = 8.0;
} // namespace

CanvasView::CanvasView(CanvasScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent),
      scene_(scene),
      select_(std::make_unique<SelectTool>(this)),
      wire_(std::make_unique<WireTool>(this)),
      place_(std::make_unique<PlaceTool>(this))
{
    active_ = select_.get();
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setAcceptDrops(true);
    viewport()->setAcceptDrops(true);
    setFrameShape(QFrame::NoFrame);
}

CanvasView::~CanvasView() = default;

double CanvasView::zoom() const { return transform().m11(); }

NodeItem* CanvasView::nodeAt(QPoint viewportPos) const
{
    for (QGraphicsItem* i : items(viewportPos))
        if (i->type() == NodeItem::Type) return static_cast<NodeItem*>(i);
    return nullptr;
}

void CanvasView::setTool(Tool tool)
{
    active_->cancel();
    toolKind_ = tool;
    active_ = tool == Tool::Wire ? wire_.get() : select_.get();
    viewport()->setCursor(tool == Tool::Wire ? Qt::CrossCursor : Qt::ArrowCursor);
}

void CanvasView::scaleBy(double factor)
{
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    const double f = target / zoom();
    if (std::abs(f - 1.0) < 1e-9) return;
    scale(f, f);
    emit zoomChanged(zoom());
}

void CanvasView::zoomIn() { scaleBy(1.25); }

void CanvasView::zoomOut() { scaleBy(1.0 / 1.25); }

void CanvasView::zoomToFit()
{
    const QRectF r = scene_->designBounds();
    const QSize vp = viewport()->size();
    if (vp.width() < 10 || vp.height() < 10) return;
    const double z = std::clamp(std::min(vp.width() / r.width(), vp.height() / r.height()), kMinZoom, 1.0);
    setTransform(QTransform::fromScale(z, z));
    centerOn(r.center());
    emit zoomChanged(zoom());
}

void CanvasView::wheelEvent(QWheelEvent* e)
{
    // Zoom around the cursor (transformation anchor is AnchorUnderMouse); 15 % per notch.
    const double notches = e->angleDelta().y() / 120.0;
    if (notches == 0.0) return;
    scaleBy(std::pow(1.15, notches));
    e->accept();
}

void CanvasView::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::MiddleButton) {
        panning_ = true;
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
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        e->accept();
        return;
    }
    if (active_->move(e)) return;
    QGraphicsView::mouseMoveEvent(e);
}

void CanvasView::mouseReleaseEvent(QMouseEvent* e)
{
    if (panning_ && e->button() == Qt::MiddleButton) {
        panning_ = false;
        viewport()->setCursor(toolKind_ == Tool::Wire ? Qt::CrossCursor : Qt::ArrowCursor);
        e->accept();
        return;
    }
    if (active_->release(e)) return;
    QGraphicsView::mouseReleaseEvent(e);
    active_->afterRelease(e);
}

void CanvasView::keyPressEvent(QKeyEvent* e)
{
    if (e->key() == Qt::Key_Delete || e->key() == Qt::Key_Backspace) {
        scene_->deleteSelection();
        e->accept();
        return;
    }
    if (e->key() == Qt::Key_Escape) {
        active_->cancel();
        scene_->clearSelection();
        e->accept();
        return;
    }
    QGraphicsView::keyPressEvent(e);
}

void CanvasView::contextMenuEvent(QContextMenuEvent* e)
{
    QGraphicsItem* hit = nullptr;
    for (QGraphicsItem* i : items(e->pos()))
        if (i->type() == NodeItem::Type || i->type() == LinkItem::Type || i->type() == GroupItem::Type ||
            i->type() == BundleItem::Type) {
            hit = i;
            break;
        }
    if (hit && !hit->isSelected()) {
        scene_->clearSelection();
        hit->setSelected(true);
    }
    QMenu menu(this);
    QAction* props = nullptr;
    QAction* del = nullptr;
    QAction* expand = nullptr;
    QAction* collapse = nullptr;
    std::string group;
    if (hit && hit->type() == GroupItem::Type) {
        group = static_cast<GroupItem*>(hit)->name();
        expand = menu.addAction(tr("Expand Group"));
    } else if (hit && hit->type() == NodeItem::Type) {
        group = scene_->groupOf(static_cast<NodeItem*>(hit)->id());
        if (!group.empty())
            collapse = menu.addAction(tr("Collapse Group %1").arg(QString::fromStdString(group)));
    }
    if (hit) {
        props = menu.addAction(tr("Properties"));
        del = menu.addAction(tr("Delete"));
        del->setShortcut(QKeySequence::Delete);
        menu.addSeparator();
    }
    QAction* collapseAll = menu.addAction(tr("Collapse Groups"));
    QAction* expandAll = menu.addAction(tr("Expand All Groups"));
    QAction* chosen = menu.exec(e->globalPos());
    if (!chosen) return;
    if (chosen == del) scene_->deleteSelection();
    else if (chosen == props) emit propertiesRequested();
    else if (chosen == expand) scene_->expandGroup(group);
    else if (chosen == collapse) scene_->collapseGroup(group);
    else if (chosen == collapseAll) scene_->collapseAllGroups();
    else if (chosen == expandAll) scene_->expandAllGroups();
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

} // namespace views
