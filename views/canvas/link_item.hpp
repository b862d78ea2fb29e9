#pragma once
/// @file link_item.hpp
/// The canvas drawing of one link (or bundle of identical cables), mirroring a model::Link by
/// id: a line between the two node symbols, thicker for bigger bundles, with a "×N" count
/// tag when the bundle holds more than one cable (a CountTagItem of its own, stacked above
/// every cable, that moves, hides and goes with the link). After a simulation the link can carry a
/// heat value (utilisation 0..1 that the engine produced); it is then drawn in the heat
/// colour instead of its rail colour, and grey when it carried no traffic.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QGraphicsItem>

#include "model/design/design.hpp"

#include <optional>

namespace views {

class CountTagItem;
class NodeItem;

class LinkItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };

    LinkItem(const model::Link& link, NodeItem* a, NodeItem* b);
    ~LinkItem() override;

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] model::Id id() const { return id_; }
    [[nodiscard]] int count() const { return count_; }
    [[nodiscard]] NodeItem* endA() const { return a_; }
    [[nodiscard]] NodeItem* endB() const { return b_; }

    /// Refreshes count, speed, medium and ports from the model.
    void sync(const model::Link& link);
    /// Lets go of both end symbols (the scene keeps the item hidden after its link was deleted,
    /// to bring it back if an undo adds the same link again; see CanvasScene).
    void retire();
    /// Makes a retired item the drawing of `link` between `a` and `b` again, exactly as
    /// LinkItem(link, a, b) would be made: no heat, normal stacking order.
    void revive(const model::Link& link, NodeItem* a, NodeItem* b);
    /// Recomputes the line after an end moved.
    void adjust();
    /// The line as drawn, scene coordinates, from end A to end B.
    [[nodiscard]] QLineF line() const { return line_; }

    /// Pen width in scene units for a bundle of `count` cables (grows with log2 of the count).
    [[nodiscard]] static double widthFor(int count);

    /// Heat overlay: `utilization` of this link (0..1, values outside are clamped when drawn;
    /// 0 = no traffic, drawn grey), or std::nullopt for the normal rail colours.
    void setHeat(std::optional<double> utilization);
    /// The heat value set last (std::nullopt when the overlay is off).
    [[nodiscard]] std::optional<double> heat() const { return heat_; }
    /// Colour of utilisation `u` (0..1, clamped) on the heat scale: blue (0 %) -> yellow (50 %)
    /// -> red (100 %), interpolated linearly in RGB. Shared with the legend.
    [[nodiscard]] static QColor heatColor(double u);
    /// Colour of a link that carried no traffic while heat is shown.
    [[nodiscard]] static QColor noTrafficColor();

    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// The "×N" count tag, or nullptr while the link never held more than one cable (it is
    /// kept, hidden, when the count drops to one).
    [[nodiscard]] const CountTagItem* tag() const { return tag_; }

protected:
    /// Keeps the count tag in the link's scene and visibility.
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    [[nodiscard]] QPointF labelPos() const;

    model::Id id_;
    NodeItem* a_;
    NodeItem* b_;
    int portA_ = -1;
    int portB_ = -1;
    int count_ = 1;
    int rail_ = -1;   ///< rail of a server cable (-1: switch to switch); its colour comes from the theme at paint time
    QLineF line_;
    double width_ = 2.5; ///< widthFor(count_), kept: the scene index asks for the bounds often
    QRectF bounds_;      ///< boundingRect(), computed when the line or count changes
    std::optional<double> heat_;
    CountTagItem* tag_ = nullptr; ///< owned; made for the first count above one
};

} // namespace views
