#include "views/canvas/link_item.hpp"

#include "views/canvas/canvas_style.hpp"
#include "views/canvas/count_tag_item.hpp"
#include "views/canvas/node_item.hpp"
#include "views/common/number_text.hpp"

#include <QLocale>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>
#include <utility>

namespace views {

LinkItem::LinkItem(const model::Link& link, NodeItem* a, NodeItem* b) : id_(link.id), a_(a), b_(b)
{
    setFlags(ItemIsSelectable);
    setZValue(0.0);
    a_->attach(this);
    b_->attach(this);
    sync(link);
}

LinkItem::~LinkItem()
{
    delete std::exchange(tag_, nullptr); // leaves the scene with its link
    retire();
}

QVariant LinkItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (tag_) tag_->followOwner(*this, change, value);
    return QGraphicsItem::itemChange(change, value);
}

void LinkItem::retire()
{
    if (a_) a_->detach(this);
    if (b_) b_->detach(this);
    a_ = b_ = nullptr;
}

void LinkItem::revive(const model::Link& link, NodeItem* a, NodeItem* b)
{
    retire();
    a_ = a;
    b_ = b;
    a_->attach(this);
    b_->attach(this);
    heat_.reset();
    setZValue(0.0);
    sync(link);
}

double LinkItem::widthFor(int count)
{
    // One cable 2.5 units, a solid line of two to three pixels at 100 % (it was 1.2 units at
    // 59 % opacity, a hairline a reviewer could hardly see); +1.4 per doubling: 6.7 for ×8,
    // 9.5 for ×32.
    return 2.5 + 1.4 * std::log2(std::max(1, count));
}

void LinkItem::sync(const model::Link& link)
{
    portA_ = link.a.port;
    portB_ = link.b.port;
    count_ = link.count;
    width_ = widthFor(count_);
    // Server-to-switch cables take the colour of their rail (the server's NIC index).
    const bool aServer = a_->kind() == model::NodeKind::Server, bServer = b_->kind() == model::NodeKind::Server;
    int rail = -1;
    if (aServer != bServer) rail = aServer ? portA_ : portB_;
    rail_ = aServer != bServer && rail < 0 ? 0 : rail;
    const double perCableGbps = link.perCable().inGbps();
    setToolTip(QStringLiteral("%1 - %2\n%3 × %4 Gb/s %5 (%6 Gb/s per direction)")
                   .arg(a_->name(), b_->name())
                   .arg(QLocale().toString(count_), plainNumber(perCableGbps),
                        QString::fromLatin1(model::toString(link.medium)), plainNumber(link.total().inGbps())));
    // The count tag: made for the first count above one, kept (hidden) when it drops to one.
    if (count_ > 1 && !tag_)
        tag_ = new CountTagItem(CountTagItem::Sizing::Scene, QString(), canvas_style::railColor(rail_));
    if (tag_) {
        if (count_ > 1) tag_->setText(QStringLiteral("×%1").arg(QLocale().toString(count_)));
        tag_->setWanted(count_ > 1);
        // A new tag joins the scene its link is already in (a link re-synced to a count above one).
        if (scene() && !tag_->scene()) tag_->followOwner(*this, ItemSceneHasChanged, QVariant::fromValue(scene()));
    }
    adjust();
}

void LinkItem::adjust()
{
    prepareGeometryChange();
    line_ = QLineF(a_->anchor(portA_, b_->pos()), b_->anchor(portB_, a_->pos()));
    const double m = width_ + 4;
    bounds_ = QRectF(line_.p1(), line_.p2()).normalized().adjusted(-m, -m, m, m);
    if (tag_) tag_->setPos(labelPos());
    update();
}

void LinkItem::setHeat(std::optional<double> utilization)
{
    if (heat_ == utilization) return;
    heat_ = utilization;
    // Idle links go behind the ones with traffic (links sit at z 0, node symbols at 1). The
    // bounding rectangle's margin already covers the 1-unit wider pen of a hot link.
    setZValue(heat_ && *heat_ <= 0.0 ? -0.5 : 0.0);
    update();
}

QColor LinkItem::heatColor(double u)
{
    // Three stops; blue and red are the ends of a common traffic scale, yellow the midpoint.
    static const QColor low(0x2b, 0x6c, 0xd6), mid(0xf2, 0xc1, 0x1d), high(0xd7, 0x30, 0x27);
    u = std::clamp(std::isfinite(u) ? u : 0.0, 0.0, 1.0);
    const QColor& from = u < 0.5 ? low : mid;
    const QColor& to = u < 0.5 ? mid : high;
    const double t = u < 0.5 ? u / 0.5 : (u - 0.5) / 0.5;
    auto mix = [t](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * t)); };
    return QColor(mix(from.red(), to.red()), mix(from.green(), to.green()), mix(from.blue(), to.blue()));
}

QColor LinkItem::noTrafficColor() { return canvas_style::palette().idleLink; }

QPointF LinkItem::labelPos() const
{
    // Close to the lower end, where bundles fan out and labels do not pile up.
    const bool aLower = line_.p1().y() > line_.p2().y();
    return aLower ? line_.pointAt(0.22) : line_.pointAt(0.78);
}

QRectF LinkItem::boundingRect() const { return bounds_; }

QPainterPath LinkItem::shape() const
{
    QPainterPath path(line_.p1());
    path.lineTo(line_.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(std::max(8.0, width_ + 4));
    return stroker.createStroke(path);
}

void LinkItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget*)
{
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    const bool overview = lod < 0.12;
    // At 100 % most links of a large fabric pass by the view: their bounding rectangles cross it
    // but the lines do not. Those return here, before any other work. The margin covers the
    // selection halo.
    const QLineF shown = overview ? line_ : canvas_style::visiblePart(line_, *p, width_ + 22.0);
    if (shown.isNull()) return;
    const bool selected = option->state & QStyle::State_Selected;
    const bool endSelected = a_->isSelected() || b_->isSelected(); // cables of a selected node stand out
    // Heat: links with traffic opaque and a little wider, idle links faint grey behind them.
    const bool hot = heat_ && *heat_ > 0.0;
    QColor c = canvas_style::railColor(rail_);
    if (heat_) c = hot ? heatColor(*heat_) : noTrafficColor();
    if (selected) c = canvas_style::selectionColor();
    const bool plainSingle = !selected && !endSelected && count_ == 1 && !hot;
    if (plainSingle && heat_) c.setAlpha(110); // idle in the heat view: faint, behind the hot links
    if (tag_) tag_->setEdge(c); // the tag is edged in the cable's colour
    if (overview && !selected && !endSelected && !hot) {
        // From afar single cables stay translucent, as they were at every zoom: thousands of
        // them side by side would otherwise merge into one dark band.
        if (plainSingle && !heat_) c.setAlpha(150);
        // Overview zoom (a 2,048-server design at fit): one-pixel lines without antialiasing,
        // the cheap way to draw ten thousand cables that are thinner than a pixel anyway.
        // A cable narrower than a pixel keeps the share of the pixel it covers as opacity (what
        // antialiasing would show): 512 leaf-spine cables of a four-SU system at 6 % are 0.15 px
        // wide, and drawn opaque they merged into one grey band.
        p->setRenderHint(QPainter::Antialiasing, false);
        if (const double px = lod * width_; px < 1.0) c.setAlphaF(c.alphaF() * std::max(0.25, px));
        QPen pen(c, lod * width_ >= 1.5 ? 2.0 : 0.0, Qt::SolidLine, Qt::FlatCap);
        pen.setCosmetic(true);
        p->setPen(pen);
        p->drawLine(line_);
        return;
    }
    const double width = width_ + (hot ? 1.0 : 0.0);
    // Flat caps: the ends sit under the node symbols (drawn above links), and a flat-capped solid
    // line is rasterized directly (QRasterizer::rasterizeLine) where a round cap makes Qt stroke
    // it as a path and fill that, several times slower for the long lines of a fabric; flat
    // caps also let the parts drawCable draws join without a seam.
    if (endSelected && !selected)
        canvas_style::drawCable(*p, line_, QPen(canvas_style::selectionColor().lighter(150), width_ + 3.0, Qt::SolidLine, Qt::FlatCap),
                                width_ + 22.0);
    canvas_style::drawCable(*p, line_, QPen(c, width + (selected ? 1.5 : 0.0), Qt::SolidLine, Qt::FlatCap), width_ + 22.0);
}

} // namespace views
