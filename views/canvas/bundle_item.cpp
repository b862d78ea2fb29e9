#include "views/canvas/bundle_item.hpp"

#include "views/canvas/canvas_style.hpp"
#include "views/canvas/count_tag_item.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <climits>
#include <utility>

namespace views {

BundleItem::BundleItem(GroupItem* group, NodeItem* node, GroupItem* otherGroup, std::vector<model::Id> links,
                       long long cables, int rail)
    : group_(group), node_(node), other_(otherGroup), links_(std::move(links)), cables_(cables), rail_(rail)
{
    setFlags(ItemIsSelectable);
    setZValue(0.0);
    std::sort(links_.begin(), links_.end());
    if (node_) node_->attachBundle(this);
    // Its own item, not a child: a child is stacked with its parent, and a bundle painted
    // later covered the tag (see count_tag_item.hpp).
    label_ = new CountTagItem(CountTagItem::Sizing::Screen, QStringLiteral("×%1").arg(cables_), canvas_style::railColor(rail_));
    updateToolTip();
}

void BundleItem::updateToolTip()
{
    const QString far = node_ ? node_->name() : other_ ? QString::fromStdString(other_->name()) : QString();
    setToolTip(QStringLiteral("%1 - %2\n%3 cables in %4 links (collapsed group)")
                   .arg(group_->label(), far)
                   .arg(cables_)
                   .arg(links_.size()));
}

void BundleItem::setContents(std::vector<model::Id> links, long long cables, int rail)
{
    std::sort(links.begin(), links.end());
    if (cables != cables_) prepareGeometryChange(); // the width follows the cable count
    links_ = std::move(links);
    cables_ = cables;
    rail_ = rail;
    label_->setText(QStringLiteral("×%1").arg(cables_));
    label_->setEdge(canvas_style::railColor(rail_));
    updateToolTip();
    update();
}

BundleItem::~BundleItem()
{
    delete std::exchange(label_, nullptr); // leaves the scene with its bundle
    if (node_) node_->detachBundle(this);
}

QVariant BundleItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (label_) label_->followOwner(*this, change, value); // null while constructing (setFlags)
    return QGraphicsItem::itemChange(change, value);
}

double BundleItem::farX() const
{
    if (node_) return node_->pos().x();
    return other_ ? other_->pos().x() : 0.0;
}

double BundleItem::width() const
{
    return LinkItem::widthFor(static_cast<int>(std::min<long long>(cables_, INT_MAX)));
}

void BundleItem::adjust()
{
    prepareGeometryChange();
    const QPointF farCentre = node_ ? node_->pos() : other_ ? other_->pos() : group_->pos();
    const QPointF a = group_->anchor(this, farCentre);
    const QPointF b = node_ ? node_->anchor(-1, a) : other_ ? other_->anchor(this, a) : a;
    line_ = QLineF(a, b);
    label_->setPos(labelPos());
    update();
}

QPointF BundleItem::labelPos() const
{
    // Half-way: clear of the stacked card edge, and the slots keep the tags apart.
    const bool aLower = line_.p1().y() > line_.p2().y();
    return aLower ? line_.pointAt(0.45) : line_.pointAt(0.55);
}

QRectF BundleItem::boundingRect() const
{
    const double m = width() + 4;
    return QRectF(line_.p1(), line_.p2()).normalized().adjusted(-m, -m, m, m);
}

QPainterPath BundleItem::shape() const
{
    QPainterPath path(line_.p1());
    path.lineTo(line_.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(std::max(8.0, width() + 4));
    return stroker.createStroke(path);
}

void BundleItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const QLineF shown = canvas_style::visiblePart(line_, *p, width() + 6.0);
    const bool selected = option->state & QStyle::State_Selected;
    const QColor c = selected ? canvas_style::selectionColor() : canvas_style::railColor(rail_);
    label_->setEdge(c);
    if (shown.isNull()) return;
    const bool endSelected = group_->isSelected() || (node_ && node_->isSelected()) || (other_ && other_->isSelected());
    // Flat caps: the ends sit under the symbols, and a flat-capped line is rasterized directly
    // (see LinkItem::paint).
    if (endSelected && !selected)
        canvas_style::drawCable(*p, line_, QPen(canvas_style::selectionColor().lighter(150), width() + 3.0, Qt::SolidLine, Qt::FlatCap),
                                width() + 6.0);
    canvas_style::drawCable(*p, line_, QPen(c, width() + (selected ? 1.5 : 0.0), Qt::SolidLine, Qt::FlatCap), width() + 6.0);
}

} // namespace views
