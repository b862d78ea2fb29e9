#include "views/canvas/bundle_item.hpp"

#include "views/canvas/canvas_style.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"

#include <QApplication>
#include <QGraphicsView>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <climits>

namespace views {

namespace {
/// The count tag of a bundle, drawn at a fixed size in device pixels whatever the zoom. Not
/// with ItemIgnoresTransformations: Qt's scene index keeps such items aside and, on every
/// paint, adds each one's top-level parent to the items to draw after a linear search of that
/// list (QGraphicsSceneBspTreeIndex::estimateItems): 2,000 bundles of a 2,048-server design
/// were painted every frame, in view or not, after some 20 million comparisons. The tag is an
/// ordinary item instead, whose bounds hold it at the smallest zoom it is drawn at.
class CountTag final : public QGraphicsItem {
public:
    /// Below this zoom the tags are not drawn (see paint).
    static constexpr double kMinZoom = 0.12;

    CountTag(QGraphicsItem* parent, QString text, QColor edge) : QGraphicsItem(parent), edge_(edge)
    {
        setAcceptedMouseButtons(Qt::NoButton); // clicks reach the bundle underneath
        font_ = QApplication::font();
        font_.setPixelSize(11);
        font_.setBold(true);
        setText(std::move(text));
    }
    /// Replaces the text; the box grows or shrinks with it.
    void setText(QString text)
    {
        if (text == text_ && !box_.isNull()) return;
        const double w = std::max(30.0, QFontMetricsF(font_).horizontalAdvance(text) + 12.0);
        const QRectF box(-w / 2, -8, w, 16);
        const QRectF px = box.adjusted(-1, -1, 1, 1);
        const QRectF bounds(px.topLeft() / kMinZoom, px.bottomRight() / kMinZoom);
        if (bounds != bounds_) prepareGeometryChange();
        text_ = std::move(text);
        box_ = box;
        bounds_ = bounds;
        update();
    }
    /// The box in scene units at kMinZoom, the largest it gets where it is drawn.
    [[nodiscard]] QRectF boundingRect() const override { return bounds_; }
    /// Empty: the tag takes no clicks or rubber band (the bundle does).
    [[nodiscard]] QPainterPath shape() const override { return {}; }
    void setEdge(QColor c)
    {
        if (c == edge_) return; // called from the bundle's paint: no repaint loop
        edge_ = c;
        update();
    }
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override
    {
        // Drawn at a fixed size on screen: below 12 % zoom the tags of neighbouring bundles
        // would run into each other, and the bundle's width already shows its size.
        // The mini-map's thumbnail (rendered without a view) leaves them out too; other
        // pictures rendered without a view (reports, PNG and SVG export) keep them at any zoom
        // (QGraphicsScene::render clips to the target only, so the bounds need not hold them).
        const bool inView = widget && qobject_cast<const QGraphicsView*>(widget->parentWidget());
        if (inView && option->levelOfDetailFromTransform(p->worldTransform()) < kMinZoom) return;
        if (!inView && scene() && scene()->property("thumbnail").toBool()) return;
        const QTransform itemToDevice = p->worldTransform();
        const QPointF at = itemToDevice.map(QPointF(0.0, 0.0));
        p->setWorldTransform(QTransform::fromTranslate(at.x(), at.y()));
        p->setRenderHint(QPainter::Antialiasing);
        p->setPen(QPen(edge_, 1.5));
        p->setBrush(canvas_style::palette().tagFill);
        p->drawRoundedRect(box_, 8, 8);
        p->setFont(font_);
        p->setPen(canvas_style::palette().text);
        p->drawText(box_, Qt::AlignCenter, text_);
        p->setWorldTransform(itemToDevice);
    }

private:
    QString text_;
    QColor edge_;
    QFont font_;
    QRectF box_;    ///< device pixels, centred on the tag's position
    QRectF bounds_; ///< box_ in scene units at kMinZoom
};
} // namespace

BundleItem::BundleItem(GroupItem* group, NodeItem* node, GroupItem* otherGroup, std::vector<model::Id> links,
                       long long cables, int rail)
    : group_(group), node_(node), other_(otherGroup), links_(std::move(links)), cables_(cables), rail_(rail)
{
    setFlags(ItemIsSelectable);
    setZValue(0.0);
    std::sort(links_.begin(), links_.end());
    if (node_) node_->attachBundle(this);
    label_ = new CountTag(this, QStringLiteral("×%1").arg(cables_), canvas_style::railColor(rail_));
    label_->setZValue(1.0);
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
    auto* tag = static_cast<CountTag*>(label_);
    tag->setText(QStringLiteral("×%1").arg(cables_));
    tag->setEdge(canvas_style::railColor(rail_));
    updateToolTip();
    update();
}

BundleItem::~BundleItem()
{
    if (node_) node_->detachBundle(this);
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
    static_cast<CountTag*>(label_)->setEdge(c);
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
