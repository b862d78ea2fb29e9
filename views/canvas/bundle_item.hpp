#pragma once
/// @file bundle_item.hpp
/// The canvas drawing of a collapsed bundle (model::topology::GroupBundle): every link
/// between a collapsed group and one node (or another collapsed group) outside it, drawn as
/// one line from the group card to that end with the cable count ("×32") on it. Its width
/// grows with the count like a link's (LinkItem::widthFor); its colour is the rail colour
/// when every folded link leaves the group members on the same NIC port, grey otherwise.
/// Selecting it selects the folded links (so Delete removes them, one undo step).
/// The count tag keeps its size on screen at any zoom of 12 % or more (it draws itself in
/// device pixels), so the cable counts stay readable zoomed out, where the bundles matter most.
/// It is an item of its own above every cable (CountTagItem), moved, shown and hidden with
/// the bundle and deleted with it.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QGraphicsItem>

#include "model/design/design.hpp"

#include <QColor>

#include <vector>

namespace views {

class CountTagItem;
class GroupItem;
class NodeItem;

class BundleItem final : public QGraphicsItem {
public:
    enum { Type = UserType + 4 };

    /// A bundle from `group` to the outside node `node`, or to the other collapsed group
    /// `otherGroup` (exactly one of the two is non-null). `links` are the folded link ids,
    /// `cables` the sum of their counts, `rail` the shared member-side NIC port (-1 = mixed).
    BundleItem(GroupItem* group, NodeItem* node, GroupItem* otherGroup, std::vector<model::Id> links,
               long long cables, int rail);
    ~BundleItem() override;

    [[nodiscard]] int type() const override { return Type; }
    [[nodiscard]] GroupItem* group() const { return group_; }
    /// The outside node, or nullptr when the far end is another group.
    [[nodiscard]] NodeItem* node() const { return node_; }
    [[nodiscard]] GroupItem* otherGroup() const { return other_; }
    /// Folded link ids, ascending.
    [[nodiscard]] const std::vector<model::Id>& links() const { return links_; }
    /// Cables in the bundle (sum of the folded links' counts).
    [[nodiscard]] long long cables() const { return cables_; }
    /// The shared member-side NIC port (-1 = mixed), as constructed.
    [[nodiscard]] int rail() const { return rail_; }
    /// Scene x of the far end (orders the landing slots on the group card).
    [[nodiscard]] double farX() const;

    /// Replaces the folded links, their cable count and the shared rail (same ends), leaving the
    /// item exactly as one constructed with them: the edit of a bundle keeps its item (adding
    /// an item to a 40,000-item scene costs far more than changing one).
    void setContents(std::vector<model::Id> links, long long cables, int rail);

    /// Recomputes the line after an end moved.
    void adjust();
    /// The line as drawn, scene coordinates, from the group card to the far end.
    [[nodiscard]] QLineF line() const { return line_; }

    [[nodiscard]] QRectF boundingRect() const override;
    [[nodiscard]] QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    /// Sets the tool tip again from the group's label and the far end's name (they may have
    /// changed while the folded links did not).
    void updateToolTip();

    /// The "×32" count tag (an item of its own, stacked above every cable).
    [[nodiscard]] const CountTagItem* tag() const { return label_; }

protected:
    /// Keeps the count tag in the bundle's scene and visibility.
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    [[nodiscard]] QPointF labelPos() const;
    [[nodiscard]] double width() const;

    CountTagItem* label_ = nullptr; ///< the "×32" tag, drawn at a fixed screen size; owned

    GroupItem* group_;
    NodeItem* node_;
    GroupItem* other_;
    std::vector<model::Id> links_;
    long long cables_;
    int rail_ = -1;   ///< shared rail (-1 mixed); the colour comes from the theme at paint time
    QLineF line_;
};

} // namespace views
