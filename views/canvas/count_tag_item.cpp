#include "views/canvas/count_tag_item.hpp"

#include "views/canvas/canvas_style.hpp"

#include <QApplication>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <QHash>

#include <algorithm>

namespace views {

namespace {
/// What every tag writes with: the application font at 11 px, bold, and the box width of each
/// text in it (a fabric has few distinct counts: a 2,048-server fat tree has 4,600 tags, all
/// "×4" and "×32"). Made again when the application font changes.
struct TagText {
    QFont base; ///< the application font `font` was made from
    QFont font;
    QHash<QString, double> widths;
    bool made = false;
};

TagText& tagText()
{
    static auto* t = new TagText; // never deleted: no QFont outlives the application's fonts
    if (const QFont app = QApplication::font(); !t->made || t->base != app) {
        t->base = app;
        t->font = app;
        t->font.setPixelSize(11);
        t->font.setBold(true);
        t->widths.clear();
        t->made = true;
    }
    return *t;
}

/// Width of the box of `text`: the text and 6 on each side, at least 30 (device pixels or
/// scene units).
double boxWidth(const QString& text)
{
    TagText& t = tagText();
    auto it = t.widths.constFind(text);
    if (it == t.widths.constEnd()) it = t.widths.insert(text, std::max(30.0, QFontMetricsF(t.font).horizontalAdvance(text) + 12.0));
    return *it;
}
} // namespace

// Not ItemIgnoresTransformations for the Screen tags: Qt's scene index keeps such items aside
// and, on every paint, adds each one's top-level parent to the items to draw after a linear
// search of that list (QGraphicsSceneBspTreeIndex::estimateItems): 2,000 bundles of a
// 2,048-server design were painted every frame, in view or not, after some 20 million
// comparisons. The tag is an ordinary item instead, whose bounds hold it at the smallest zoom
// it is drawn at.
CountTagItem::CountTagItem(Sizing sizing, QString text, QColor edge) : sizing_(sizing), edge_(edge)
{
    setAcceptedMouseButtons(Qt::NoButton); // clicks reach the cable underneath
    setZValue(kZ);
    setText(std::move(text));
}

void CountTagItem::setText(QString text)
{
    if (text == text_ && !box_.isNull()) return;
    const double w = boxWidth(text);
    const QRectF box(-w / 2, -8, w, 16);
    const QRectF px = box.adjusted(-1, -1, 1, 1); // the pen and antialiasing
    const QRectF bounds = sizing_ == Sizing::Screen
                              ? QRectF(px.topLeft() / kMinScreenZoom, px.bottomRight() / kMinScreenZoom)
                              : px;
    if (bounds != bounds_) prepareGeometryChange();
    text_ = std::move(text);
    box_ = box;
    bounds_ = bounds;
    update();
}

void CountTagItem::setEdge(QColor c)
{
    if (c == edge_) return;
    edge_ = c;
    update();
}

void CountTagItem::setWanted(bool wanted)
{
    if (wanted == wanted_) return;
    wanted_ = wanted;
    updateVisible(ownerVisible_);
}

void CountTagItem::updateVisible(bool ownerVisible)
{
    ownerVisible_ = ownerVisible;
    const bool show = ownerVisible && wanted_;
    if (show != isVisible()) setVisible(show);
}

void CountTagItem::followOwner(const QGraphicsItem& owner, GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemSceneHasChanged) {
        auto* s = value.value<QGraphicsScene*>();
        if (scene() && scene() != s) scene()->removeItem(this);
        if (s && scene() != s) s->addItem(this);
        updateVisible(owner.isVisible());
    } else if (change == ItemVisibleHasChanged) {
        updateVisible(owner.isVisible());
    }
}

void CountTagItem::drawBox(QPainter* p, double penWidth, double radius) const
{
    p->setRenderHint(QPainter::Antialiasing);
    p->setPen(QPen(edge_, penWidth));
    p->setBrush(canvas_style::palette().tagFill);
    p->drawRoundedRect(box_, radius, radius);
    p->setFont(tagText().font);
    p->setPen(canvas_style::palette().text);
    p->drawText(box_, Qt::AlignCenter, text_);
}

void CountTagItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    const double lod = option->levelOfDetailFromTransform(p->worldTransform());
    if (sizing_ == Sizing::Scene) {
        // The count only where it can be read; the line width still shows the bundle size.
        if (lod < kMinSceneZoom) return;
        drawBox(p, 1.0, 7.0);
        return;
    }
    // Drawn at a fixed size on screen: below kMinScreenZoom the tags of neighbouring bundles
    // would run into each other, and the bundle's width already shows its size. The mini-map's
    // thumbnail and the overview picture (rendered without a view) leave them out too; other
    // pictures rendered without a view (reports, PNG and SVG export) keep them at any zoom
    // (QGraphicsScene::render clips to the target only, so the bounds need not hold them).
    const bool inView = widget && qobject_cast<const QGraphicsView*>(widget->parentWidget());
    if (inView && lod < kMinScreenZoom) return;
    if (!inView && scene() && scene()->property("thumbnail").toBool()) return;
    const QTransform itemToDevice = p->worldTransform();
    const QPointF at = itemToDevice.map(QPointF(0.0, 0.0));
    p->setWorldTransform(QTransform::fromTranslate(at.x(), at.y()));
    drawBox(p, 1.5, 8.0);
    p->setWorldTransform(itemToDevice);
}

} // namespace views
