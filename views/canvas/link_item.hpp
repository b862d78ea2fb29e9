#pragma once
/// @file link_item.hpp
/// The canvas drawing of one link (or bundle of identical cables), mirroring a model::Link by
/// id: a line between the two node symbols, thicker for bigger bundles, with a "×N" count
/// label when the bundle holds more than one cable.

#include "model/design/design.hpp"

#include <QGraphicsItem>

namespace views {

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
    /// Recomputes the line after an end moved.
    void adjust();

    /// Pen width in scene units for a bundle of `count` cables (grows with log2 of the count).
    [[nodiscard]] static double widthFor(int count);

    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    [[nodiscard]] QPointF labelPos() const;

    model::Id id_;
    NodeItem* a_;
    NodeItem* b_;
    int portA_ = -1;
    int portB_ = -1;
    int count_ = 1;
    QColor color_;
    QLineF line_;
};

} // namespace views
