#pragma once
/// @file group_item.hpp
/// The canvas symbol of a collapsed group of identical servers (model::topology::NodeGroup):
/// one stacked card labelled "DGX H100 x32" with the group name and GPU count, centred on the
/// members' bounding box. The members' own symbols and links are hidden by the scene while
/// the group is collapsed; bundles (bundle_item.hpp) land side by side on the card's edge.
///
///     ┌────────────────────────────┐
///    ┌┴───────────────────────────┐│     title:    "DGX H100 x32"
///    │        DGX H100 x32        ├┘     subtitle: "su-1 · 256 GPUs"
///    │      su-1 · 256 GPUs       │      hint:     "double-click to expand"
///    └────────────────────────────┘
///
/// Dragging the card moves the hidden member symbols by the same (grid-snapped) offset, so
/// the select tool records one move of every member. Double-clicking it asks the scene to
/// expand the group. Sizes in scene units (1 unit = 1 px at 100 % zoom).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QGraphicsItem>

#include "model/topology/groups.hpp"

#include <QString>

#include <map>
#include <string>
#include <vector>

namespace views {

class BundleItem;

class GroupItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 3 };

    /// Card width (scene units) for a group with `bundles` bundles whose members span
    /// `span` scene units side to side: half the span (so bundles from a row of leaves above
    /// fan in gently), at least 56 units per bundle slot and 300, at most 2400.
    [[nodiscard]] static double widthFor(std::size_t bundles, double span);

    explicit GroupItem(const model::topology::NodeGroup& group);

    /// Whether the card's own title reads at `zoom` (1 = 100 %): 9 px or more on screen. Below
    /// that zoom a view leaves the card's text to its overview tags (overview_labels.hpp).
    [[nodiscard]] static bool titleReadableAt(double zoom);

    [[nodiscard]] int type() const override { return Type; }
    /// The Node::group value, e.g. "su-1".
    [[nodiscard]] const std::string& name() const { return name_; }
    /// "DGX H100 x32" (model::topology::groupsOf).
    [[nodiscard]] QString label() const { return label_; }
    /// Member node ids, ascending.
    [[nodiscard]] const std::vector<model::Id>& members() const { return members_; }
    /// GPUs over all members (catalog counts).
    [[nodiscard]] int gpus() const { return gpus_; }

    /// Refreshes label, members and position (the centre of the members' bounding box)
    /// from the model, without moving the member symbols. @return false when nothing
    /// differed (then the item's geometry was left alone).
    bool sync(const model::topology::NodeGroup& group);

    /// Replaces the bundles landing on this card; their landing slots follow the x order of
    /// their far ends (left to right), so bundles do not cross each other.
    /// @return false when the bundles and their slots were already these (nothing laid out).
    bool setBundles(const std::vector<BundleItem*>& bundles);
    [[nodiscard]] const std::vector<BundleItem*>& bundles() const { return bundles_; }
    /// Where `bundle` lands on the card, in scene coordinates, towards `other` (scene point):
    /// its slot on the top edge when `other` is above, on the bottom edge when below.
    [[nodiscard]] QPointF anchor(const BundleItem* bundle, QPointF other) const;

    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;

private:
    [[nodiscard]] QRectF card() const;
    void adjustBundles();

    std::string name_;
    QString label_;
    QString model_;
    std::vector<model::Id> members_;
    int gpus_ = 0;
    QPointF modelPos_;          ///< centre of the members' bounding box at the last sync
    bool syncing_ = false;      ///< set while sync() moves the card (members must not follow)
    double width_ = 300.0;
    double span_ = 0.0;         ///< members' bounding-box width plus one server symbol
    std::vector<BundleItem*> bundles_;
    std::map<const BundleItem*, int> slot_; ///< landing slot of each bundle, 0 = leftmost
};

} // namespace views
