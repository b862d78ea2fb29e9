#pragma once
/// @file canvas_scene.hpp
/// The scene mirrors the document by id (shared/design/STYLE.md item 1): it keeps a map from
/// node/link id to graphics item and updates only the items a change signal names.
///
/// Groups of identical servers (Node::group, model/topology/groups.hpp) can be shown
/// collapsed: one GroupItem ("DGX H100 x32") instead of the member symbols, and one
/// BundleItem per outside node instead of the members' links to it. Which groups are
/// collapsed is view state (not saved, not undoable). Rule: when a design is opened or
/// replaced (designReset), every group of kCollapseAtMembers (16) or more members starts
/// collapsed, so a scalable unit of 32 DGX is one card while an 8-server rented cluster or
/// 8 NVL72 racks stay drawn one by one. Double-clicking a card expands it;
/// collapseAllGroups() / expandAllGroups() (View menu, canvas context menu) change all.
/// A deleted node's or link's item is hidden and kept, not deleted, and brought back (re-synced
/// from the model, as a new item would be made) when an undo or redo adds the same id again.
/// Group items and bundles follow the document's change signals: the scene re-derives them
/// once per burst of changes (queued), and every accessor below brings them up to date first.
/// After an edit only the groups it touched are re-derived (the old and new group of each
/// changed node, the groups at both ends of each changed link, the cards bundled to a changed
/// outside node) with their bundles; opening a design, collapsing and expanding re-derive
/// all. Both give the same cards, bundles and hidden items (tests/gui/test_canvas_incremental).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/design/arrange.hpp"
#include "views/common/design_document.hpp"

#include <QGraphicsScene>

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace views {

class BundleItem;
class GroupItem;
class NodeItem;
class LinkItem;

/// What Align and Distribute move as one piece: a node symbol, or a collapsed group card
/// (its members move by the same amount). `box.key` indexes the scene's list.
struct MovableUnit {
    model::ArrangeBox box;               ///< centre and size as drawn, scene units
    std::vector<model::Id> members;      ///< the node, or the group's members
};

class CanvasScene final : public QGraphicsScene {
    Q_OBJECT
public:
    explicit CanvasScene(DesignDocument* doc, QObject* parent = nullptr);
    ~CanvasScene() override;

    [[nodiscard]] DesignDocument* document() const { return doc_; }
    [[nodiscard]] NodeItem* nodeItem(model::Id id) const;
    [[nodiscard]] LinkItem* linkItem(model::Id id) const;
    [[nodiscard]] std::size_t nodeItemCount() const { return nodes_.size(); }
    [[nodiscard]] std::size_t linkItemCount() const { return links_.size(); }

    /// Groups of at least this many members start collapsed when a design is opened.
    static constexpr std::size_t kCollapseAtMembers = 16;

    /// The model position of node `id` (its centre, scene units); (0, 0) when unknown.
    [[nodiscard]] QPointF modelPosition(model::Id id) const;
    /// The Node::group of node `id`; empty when it has none or is unknown.
    [[nodiscard]] std::string groupOf(model::Id id) const;

    /// The cards of the collapsed groups, in group-name order (brought up to date first).
    [[nodiscard]] std::vector<GroupItem*> groupItems();
    /// The card of collapsed group `name`, or nullptr when it is expanded or unknown.
    [[nodiscard]] GroupItem* groupItem(const std::string& name);
    /// Every bundle of the collapsed groups (brought up to date first).
    [[nodiscard]] std::vector<BundleItem*> bundleItems();
    /// Whether group `name` is (or, once it has members again, will be) drawn collapsed.
    [[nodiscard]] bool isCollapsed(const std::string& name) const { return collapsed_.count(name) > 0; }
    /// Collapses or expands one group (unknown names are ignored), or all groups at once.
    void collapseGroup(const std::string& name);
    void expandGroup(const std::string& name);
    void collapseAllGroups();
    void expandAllGroups();
    /// Collapses every group of kCollapseAtMembers or more members, as opening a design does
    /// (used after a generate replaced the design); smaller groups keep their state.
    void collapseLargeGroups();
    /// Expands group `name` once control returns to the event loop (used by the group card's
    /// double-click, which must not delete the card from inside its own event handler).
    void requestExpand(const std::string& name);
    /// Re-derives every group card, bundle and which member items are hidden, now.
    void syncGroups();

    /// Ids of the selected nodes and links, in id order. A selected group card stands for
    /// its members, a selected bundle for its links.
    [[nodiscard]] std::vector<model::Id> selectedNodeIds() const;
    [[nodiscard]] std::vector<model::Id> selectedLinkIds() const;
    /// Asks the document to delete the selection (one undo step).
    void deleteSelection();
    /// Replaces the selection with the items of these ids (ids without an item are ignored).
    /// A node or link hidden in a collapsed group selects its group card or bundle.
    void selectIds(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links);
    /// Bounding rectangle of every shown node and group card, with a margin (scene units).
    [[nodiscard]] QRectF designBounds() const;
    /// Plain white background without the grid (for printed pictures: reports).
    void setPlainBackground(bool on) { plainBackground_ = on; }
    /// Grows or shrinks the scene rectangle to the design bounds plus room to scroll on every
    /// side (as much again as the design, at least kScrollMargin), so the view can pan to,
    /// and zoom around, any part of the design. Runs after every burst of changes.
    void updateSceneRect();
    /// Room to scroll around the design, scene units.
    static constexpr double kScrollMargin = 2000.0;

    /// The selected symbols and group cards as pieces to align or distribute
    /// (canvas_scene_arrange.cpp), in no particular order.
    [[nodiscard]] std::vector<MovableUnit> selectedUnits();

signals:
    /// The selection changed; carries the selected ids (for the inspector).
    void selectionIdsChanged(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links);

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    bool plainBackground_ = false;
    void rebuild();
    void clearItems();
    void addNode(model::Id id);
    void removeNode(model::Id id);
    void syncNode(model::Id id);
    void addLink(model::Id id);
    void removeLink(model::Id id);
    void syncLink(model::Id id);
    /// Marks groups out of date and queues syncDirtyGroups().
    void groupsDirty();
    /// Notes that node `id` changed (or is about to go): its old and new group and the cards
    /// bundled to it are re-derived by the next syncDirtyGroups().
    void markNode(model::Id id);
    /// Notes the groups of node `id` (as last synced and as now) for re-derivation.
    void markGroupsOf(model::Id id);
    /// Brings the groups up to date: only what the marks name, or everything after a reset.
    void syncDirtyGroups();
    /// syncGroups restricted to the marked groups (same result, see the file comment).
    void syncMarkedGroups();
    void clearGroupItems();
    /// Brings the bundle items in line with the collapsed groups (`memberOf`: member -> card),
    /// keeping the items that are unchanged; `changed` (cards new or re-synced) grows by the
    /// cards whose bundles changed, and those cards lay out their bundle slots again.
    /// `only`: re-derive just the bundles touching these cards (all when null); `gone`: cards
    /// about to be deleted (their bundles go).
    void syncBundles(const std::unordered_map<model::Id, GroupItem*>& memberOf, std::set<GroupItem*>& changed,
                     const std::set<GroupItem*>* only = nullptr, const std::set<GroupItem*>& gone = {});

    /// Hides a deleted node's or link's item and keeps it (retired) for an undo that adds the
    /// same id again: in a 40,000-item scene, the first item added after a removal costs Qt a
    /// sort of every top-level item (~5 ms), removing one costs a search of them all.
    void retireNode(NodeItem* item);
    void retireLink(LinkItem* item);
    /// Deletes the retired items (links first: they may still name retired end symbols).
    void clearRetired();
    /// At most this many retired items are kept; past it they are all deleted.
    static constexpr std::size_t kMaxRetired = 4096;

    DesignDocument* doc_;
    std::unordered_map<model::Id, NodeItem*> nodes_;
    std::unordered_map<model::Id, LinkItem*> links_;
    std::unordered_map<model::Id, NodeItem*> retiredNodes_; ///< hidden items of deleted nodes, by id
    std::unordered_map<model::Id, LinkItem*> retiredLinks_; ///< hidden items of deleted links, by id
    std::set<std::string> collapsed_;                ///< names of the collapsed groups
    std::map<std::string, GroupItem*> groups_;        ///< cards of the collapsed groups
    std::vector<BundleItem*> bundles_;
    bool groupsDirty_ = false;
    bool groupsQueued_ = false;
    // What the next syncDirtyGroups() re-derives (see markNode), and the state it starts from.
    bool fullSync_ = true;                            ///< re-derive everything (after a reset)
    std::set<std::string> markedGroups_;              ///< Node::group names touched since the last sync
    std::set<model::Id> markedNodes_;                 ///< nodes changed, added or removed since then
    std::set<model::Id> markedLinks_;                 ///< links changed or added since then
    std::map<std::string, std::set<model::Id>> groupMembers_; ///< every Node::group -> its nodes, as last synced
    std::unordered_map<model::Id, std::string> nodeGroup_;    ///< node -> its Node::group, as last synced
    std::unordered_map<model::Id, GroupItem*> memberOf_;      ///< member -> card of its collapsed group
};

} // namespace views
