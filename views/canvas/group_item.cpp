#include "views/canvas/group_item.hpp"

#include "views/canvas/bundle_item.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/node_item.hpp"

#include <QApplication>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace views {

namespace {
constexpr double kHeight = 120.0;  ///< card height, scene units
constexpr double kSlot = 56.0;     ///< width of one bundle's landing slot
constexpr double kStack = 10.0;    ///< offset of each card drawn behind ("a stack of servers")
} // namespace

double GroupItem::widthFor(std::size_t bundles, double span)
{
    return std::clamp(std::max(kSlot * static_cast<double>(bundles), span / 2), 300.0, 2400.0);
}

namespace {
/// Scale of the card's text at zoom `lod`: it grows as 0.8 / zoom below 80 % (the hint line
/// is dropped once that passes 1.2), at most what fits the card.
double textScale(double lod, bool hint)
{
    const double need = hint ? 22 + 18 + 16 : 22 + 18;
    return std::min(std::max(1.0, 0.8 / lod), (kHeight - 8) / need);
}
bool hintShown(double lod) { return 0.8 / lod <= 1.2; }
constexpr double kTitlePx = 16; ///< title text size at scale 1, scene units
} // namespace

bool GroupItem::titleReadableAt(double zoom)
{
    return zoom > 0 && kTitlePx * textScale(zoom, hintShown(zoom)) * zoom >= 9.0;
}

GroupItem::GroupItem(const model::topology::NodeGroup& group)
{
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    setZValue(1.0);
    sync(group);
}

bool GroupItem::sync(const model::topology::NodeGroup& group)
{
    const double span = group.bottomRight.x - group.topLeft.x + canvas_style::kServerSize.width();
    const QPointF at((group.topLeft.x + group.bottomRight.x) / 2, (group.topLeft.y + group.bottomRight.y) / 2);
    if (name_ == group.name && members_ == group.members && gpus_ == group.gpus && span_ == span && modelPos_ == at &&
        label_ == QString::fromStdString(group.label)) {
        if (pos() != modelPos_) { // a drag the document refused: back to the model position
            syncing_ = true;
            setPos(modelPos_);
            syncing_ = false;
        }
        return false; // unchanged: no geometry change (a 40,000-item scene re-indexes each one)
    }
    prepareGeometryChange();
    name_ = group.name;
    label_ = QString::fromStdString(group.label);
    members_ = group.members;
    gpus_ = group.gpus;
    setToolTip(QStringLiteral("%1 (group %2)\n%3 servers, %4 GPUs\nDouble-click to expand; "
                              "View > Collapse Groups folds it again.")
                   .arg(label_, QString::fromStdString(name_))
                   .arg(members_.size())
                   .arg(gpus_));
    span_ = span;
    width_ = widthFor(bundles_.size(), span_);
    modelPos_ = at;
    syncing_ = true;
    setPos(modelPos_);
    syncing_ = false;
    update();
    return true;
}

bool GroupItem::setBundles(const std::vector<BundleItem*>& bundles)
{
    // Slots above and below are ordered separately by the far end's x: left to right.
    std::vector<BundleItem*> order = bundles;
    std::stable_sort(order.begin(), order.end(), [](const BundleItem* a, const BundleItem* b) { return a->farX() < b->farX(); });
    std::map<const BundleItem*, int> landing;
    for (std::size_t i = 0; i < order.size(); ++i) landing[order[i]] = static_cast<int>(i);
    const double width = widthFor(bundles.size(), span_);
    if (landing == slot_ && width == width_) return false;
    prepareGeometryChange();
    bundles_ = bundles;
    width_ = width;
    slot_ = std::move(landing);
    adjustBundles();
    update();
    return true;
}

QRectF GroupItem::card() const { return QRectF(-width_ / 2, -kHeight / 2, width_, kHeight); }

QPointF GroupItem::anchor(const BundleItem* bundle, QPointF other) const
{
    const QRectF r = card().translated(pos());
    const auto it = slot_.find(bundle);
    const int n = std::max<int>(1, static_cast<int>(bundles_.size()));
    const int slot = it == slot_.end() ? 0 : it->second;
    const double x = r.left() + (slot + 0.5) * r.width() / n;
    if (std::abs(other.y() - pos().y()) < kHeight) // side by side: leave from the facing side
        return QPointF(other.x() < pos().x() ? r.left() : r.right(), pos().y());
    return QPointF(x, other.y() < pos().y() ? r.top() : r.bottom());
}

void GroupItem::adjustBundles()
{
    for (BundleItem* b : bundles_) b->adjust();
}

QRectF GroupItem::boundingRect() const
{
    return card().adjusted(-2, -2 - 2 * kStack, 2 + 2 * kStack, 2);
}

QPainterPath GroupItem::shape() const
{
    QPainterPath path;
    path.addRoundedRect(card().adjusted(0, -2 * kStack, 2 * kStack, 0), 6, 6);
    return path;
}

void GroupItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    const QRectF r = card();
    const bool selected = option->state & QStyle::State_Selected;
    const QColor fill = canvas_style::serverColor();
    const QColor edge = selected ? canvas_style::selectionColor() : canvas_style::edgeColor(fill);
    const bool dark = canvas_style::isDark();
    p->setRenderHint(QPainter::Antialiasing);
    // Two cards behind, offset up and right: the symbol of "many identical servers".
    for (int k = 2; k >= 1; --k) {
        p->setPen(QPen(canvas_style::edgeColor(fill), 1.0));
        p->setBrush(dark ? fill.lighter(100 + 8 * k) : fill.darker(100 + 6 * k));
        p->drawRoundedRect(r.translated(k * kStack, -k * kStack), 6, 6);
    }
    p->setPen(QPen(edge, selected ? 2.5 : 1.2));
    p->setBrush(fill);
    p->drawRoundedRect(r, 6, 6);

    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    if (lod < 0.02) return;
    // In a view, text too small to read is left to the view's overview tags.
    if (!titleReadableAt(lod) && widget && qobject_cast<const QGraphicsView*>(widget->parentWidget())) return;
    // Text keeps a readable size on screen when zoomed out (at most what fits the card).
    const bool hint = widget && hintShown(lod); // on screen only: an exported picture has no double-click
    const double k = textScale(lod, hint);
    const QString sub = QStringLiteral("%1 · %2 GPUs").arg(QString::fromStdString(name_)).arg(gpus_);
    struct Line { QString text; double px; bool bold; bool italic; QColor color; double h; };
    const auto& pal = canvas_style::palette();
    std::vector<Line> lines = {{label_, kTitlePx, true, false, pal.text, 22}, {sub, 12, false, false, pal.subtleText, 18}};
    if (hint) lines.push_back({QStringLiteral("double-click to expand"), 10, false, true, pal.subtleText, 16});
    double total = 0;
    for (const Line& l : lines) total += l.h * k;
    QRectF t(r.left() + 6, r.center().y() - total / 2, r.width() - 12, 0);
    for (const Line& l : lines) {
        QFont f = QApplication::font();
        f.setPixelSize(std::max(1, int(std::lround(l.px * k))));
        f.setBold(l.bold);
        f.setItalic(l.italic);
        p->setFont(f);
        p->setPen(l.color);
        t.setHeight(l.h * k);
        p->drawText(t, Qt::AlignCenter, QFontMetrics(f).elidedText(l.text, Qt::ElideRight, int(t.width())));
        t.translate(0, l.h * k);
    }
}

QVariant GroupItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemPositionChange && !syncing_) {
        // The user drags: snap the offset from the model position (members stay on the grid).
        const QPointF d = value.toPointF() - modelPos_;
        if (QApplication::keyboardModifiers() & Qt::AltModifier) return value;
        return modelPos_ + QPointF(canvas_style::snap(d.x()), canvas_style::snap(d.y()));
    }
    if (change == ItemPositionHasChanged) {
        if (!syncing_)
            if (auto* s = qobject_cast<CanvasScene*>(scene())) {
                // Members follow the card; the select tool turns their positions into one move.
                const QPointF d = pos() - modelPos_;
                for (model::Id id : members_)
                    if (NodeItem* n = s->nodeItem(id)) n->setPos(s->modelPosition(id) + d);
            }
        adjustBundles();
    }
    return QGraphicsItem::itemChange(change, value);
}

void GroupItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    if (auto* s = qobject_cast<CanvasScene*>(scene())) {
        s->requestExpand(name_); // deferred: this item is deleted when the group expands
        event->accept();
        return;
    }
    QGraphicsItem::mouseDoubleClickEvent(event);
}

} // namespace views
