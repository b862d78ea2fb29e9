#pragma once
/// @file node_item.hpp
/// The canvas symbol of one server or switch, mirroring a model::Node by id. Its position is
/// the node's centre. While the user drags it, it snaps to the grid unless Alt is held.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <QGraphicsItem>
#include <QString>

#include <vector>

namespace views {

class BundleItem;
class LinkItem;

class NodeItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };

    NodeItem(const model::Node& node, const model::Catalog& catalog);

    /// Below this zoom (1 = 100 %) a symbol draws no text (a dot on screen): a view shows its
    /// name in an overview tag instead (overview_labels.hpp).
    /// 10 %: from 5 % to 10 % a name shortened to fit the symbol was one or two digits
    /// ("15", "16"), the same on leaves, spines and cores (helper-82).
    static constexpr double kMinTextZoom = 0.10;

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] model::Id id() const { return id_; }
    [[nodiscard]] model::NodeKind kind() const { return kind_; }
    /// Ports shown along the edges: compute NICs of a server, ports of a switch (>= 1).
    [[nodiscard]] int portCount() const { return ports_; }
    [[nodiscard]] QString name() const { return name_; }

    /// Refreshes texts, size and position from the model.
    void sync(const model::Node& node, const model::Catalog& catalog);

    /// Where a link to `port` lands, in scene coordinates, towards `other` (scene point).
    [[nodiscard]] QPointF anchor(int port, QPointF other) const;

    void attach(LinkItem* link);
    void detach(LinkItem* link);
    /// Bundles of a collapsed group that end here follow this symbol when it moves.
    void attachBundle(BundleItem* bundle);
    void detachBundle(BundleItem* bundle);
    /// The bundles attached here.
    [[nodiscard]] const std::vector<BundleItem*>& bundles() const { return bundles_; }

    [[nodiscard]] QRectF boundingRect() const override;
    /// The symbol's outline (selection and rubber band hit the symbol, not its margin).
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    model::Id id_;
    model::NodeKind kind_;
    model::SwitchTier tier_ = model::SwitchTier::None;
    QString name_;
    QString line2_;
    QString line3_;
    QSizeF size_;
    int ports_ = 1;
    std::vector<LinkItem*> links_;
    std::vector<BundleItem*> bundles_;
};

} // namespace views
