#pragma once
/// @file count_tag_item.hpp
/// The "×N" cable-count tag of a link or a collapsed bundle, as an item of its own, stacked
/// above every cable: at z kZ, over the links (z -0.5 idle heat, 0, 0.5 beside a selected
/// symbol) and bundles (z 0), under the node symbols and group cards (z 1). A tag drawn by its
/// cable, or as a child item of it, shares the cable's place in the stacking order, so any
/// cable painted later (a crossing bundle, the next spine-core link) covered it.
///
/// The tag belongs to its cable (LinkItem, BundleItem): the cable makes it, deletes it, moves
/// it (setPos, scene coordinates) and keeps it in its own scene and visibility through
/// followOwner, called from the cable's itemChange. It takes no clicks and has no shape, so
/// hit-testing, tool tips and rubber-band selection reach the cables under it as before.
/// The cable's paint hands it the edge colour it draws with (setEdge): selection, heat and the
/// theme follow without bookkeeping of their own.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QGraphicsItem>

#include <QColor>
#include <QString>

namespace views {

class CountTagItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 5 };

    /// Stacking order of every tag: above all cables, below symbols and cards.
    static constexpr double kZ = 0.75;

    /// How the tag keeps its size.
    enum class Sizing {
        /// Fixed size on screen (device pixels) at any zoom of kMinScreenZoom or more; hidden
        /// below it and in thumbnails (mini-map, overview picture). Bundles: the counts stay
        /// readable zoomed out, where the bundles matter most.
        Screen,
        /// Scene units, like the cable it labels; drawn only where 11 px text reads as 7 px or
        /// more (zoom kMinSceneZoom). Links.
        Scene,
    };
    /// Below this zoom (1 = 100 %) Screen tags are not drawn in a view.
    static constexpr double kMinScreenZoom = 0.12;
    /// Below this zoom Scene tags are not drawn (11 px bold text under 7 px on screen).
    static constexpr double kMinSceneZoom = 7.0 / 11.0;

    /// A tag reading `text`, edged in `edge`, outside any scene until its owner follows one.
    CountTagItem(Sizing sizing, QString text, QColor edge);

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] Sizing sizing() const { return sizing_; }
    [[nodiscard]] const QString& text() const { return text_; }
    [[nodiscard]] QColor edge() const { return edge_; }
    /// The drawn box, centred on the tag's position: device pixels (Screen) or scene units
    /// (Scene); at 100 % zoom both are scene units.
    [[nodiscard]] QRectF box() const { return box_; }

    /// Replaces the text; the box grows or shrinks with it (at least 30 px wide).
    void setText(QString text);
    /// Sets the edge colour; repaints only when it changed (it is called from the owner's
    /// paint, so an unchanged colour must not ask for another paint).
    void setEdge(QColor c);
    /// Whether the owner wants the tag at all (a link of one cable has none); the tag shows
    /// when this and the owner's visibility are both true.
    void setWanted(bool wanted);

    /// Keeps the tag with `owner`: call it from the owner's itemChange with its arguments.
    /// The tag joins the scene the owner joins (and leaves the one it leaves), and is visible
    /// only while the owner is and setWanted(true) holds.
    void followOwner(const QGraphicsItem& owner, GraphicsItemChange change, const QVariant& value);

    /// Screen: the box in scene units at kMinScreenZoom, the largest it gets where it is drawn.
    /// Scene: the box itself.
    [[nodiscard]] QRectF boundingRect() const override { return bounds_; }
    /// Empty: the tag takes no clicks, tool tips or rubber band (the cable under it does).
    [[nodiscard]] QPainterPath shape() const override { return {}; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    void updateVisible(bool ownerVisible);
    /// Draws box_ with text_ in the painter's current coordinates: edge_ pen `penWidth` wide,
    /// corners of `radius` (same units as box_).
    void drawBox(QPainter* p, double penWidth, double radius) const;

    Sizing sizing_;
    QString text_;
    QColor edge_;
    QRectF box_;    ///< centred on the tag's position: device pixels (Screen) or scene units (Scene)
    QRectF bounds_; ///< boundingRect()
    bool wanted_ = true;
    bool ownerVisible_ = true; ///< the owner's visibility, as followOwner saw it last
};

} // namespace views
