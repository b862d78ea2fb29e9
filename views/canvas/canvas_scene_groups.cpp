// CanvasScene: collapsed groups of servers and their bundles (see canvas_scene.hpp).
#include "views/canvas/canvas_scene.hpp"

#include "views/canvas/bundle_item.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"

#include <QTimer>

#include <algorithm>
#include <optional>

namespace views {

QPointF CanvasScene::modelPosition(model::Id id) const
{
    const model::Node* n = doc_->design().node(id);
    return n ? QPointF(n->position.x, n->position.y) : QPointF();
}

std::string CanvasScene::groupOf(model::Id id) const
{
    const model::Node* n = doc_->design().node(id);
    return n ? n->group : std::string();
}

std::vector<GroupItem*> CanvasScene::groupItems()
{
    if (groupsDirty_) syncDirtyGroups();
    std::vector<GroupItem*> out;
    for (const auto& [name, item] : groups_) out.push_back(item);
    return out;
}

GroupItem* CanvasScene::groupItem(const std::string& name)
{
    if (groupsDirty_) syncDirtyGroups();
    auto it = groups_.find(name);
    return it == groups_.end() ? nullptr : it->second;
}

std::vector<BundleItem*> CanvasScene::bundleItems()
{
    if (groupsDirty_) syncDirtyGroups();
    return bundles_;
}

void CanvasScene::collapseGroup(const std::string& name)
{
    if (name.empty()) return;
    collapsed_.insert(name); // a name without a group yet collapses once the group exists
    syncGroups();
}

void CanvasScene::expandGroup(const std::string& name)
{
    collapsed_.erase(name);
    syncGroups();
}

void CanvasScene::collapseAllGroups()
{
    for (const auto& g : model::topology::groupsOf(doc_->design(), doc_->catalog())) collapsed_.insert(g.name);
    syncGroups();
}

void CanvasScene::collapseLargeGroups()
{
    for (const auto& g : model::topology::groupsOf(doc_->design(), doc_->catalog()))
        if (g.members.size() >= kCollapseAtMembers) collapsed_.insert(g.name);
    syncGroups();
}

void CanvasScene::expandAllGroups()
{
    collapsed_.clear();
    syncGroups();
}

void CanvasScene::requestExpand(const std::string& name)
{
    QTimer::singleShot(0, this, [this, name] { expandGroup(name); });
}

void CanvasScene::groupsDirty()
{
    groupsDirty_ = true;
    if (groupsQueued_) return;
    groupsQueued_ = true;
    QTimer::singleShot(0, this, [this] {
        groupsQueued_ = false;
        if (groupsDirty_) syncDirtyGroups();
    });
}

void CanvasScene::markGroupsOf(model::Id id)
{
    if (fullSync_) return;
    if (const auto it = nodeGroup_.find(id); it != nodeGroup_.end()) markedGroups_.insert(it->second);
    if (const model::Node* n = doc_->design().node(id); n && !n->group.empty()) markedGroups_.insert(n->group);
}

void CanvasScene::markNode(model::Id id)
{
    if (fullSync_) return;
    markGroupsOf(id);
    markedNodes_.insert(id);
    if (const NodeItem* item = nodeItem(id))
        for (const BundleItem* b : item->bundles()) { // an outside end moved: its cards lay out their slots again
            markedGroups_.insert(b->group()->name());
            if (b->otherGroup()) markedGroups_.insert(b->otherGroup()->name());
        }
}

void CanvasScene::syncDirtyGroups()
{
    if (fullSync_) syncGroups();
    else syncMarkedGroups();
}

void CanvasScene::clearGroupItems()
{
    for (BundleItem* b : bundles_) delete b;
    bundles_.clear();
    for (auto& [name, g] : groups_) delete g;
    groups_.clear();
}

void CanvasScene::syncGroups()
{
    groupsDirty_ = false;
    fullSync_ = false;
    markedGroups_.clear();
    markedNodes_.clear();
    markedLinks_.clear();
    const model::Design& d = doc_->design();
    const auto groups = model::topology::groupsOf(d, doc_->catalog());

    // Cards: one per collapsed group that still exists (same item kept: selection survives).
    // Cards of vanished groups go after their bundles (a bundle points at its cards).
    std::set<std::string> alive;
    std::set<GroupItem*> changed; // new or re-synced cards: their bundles are laid out again
    std::unordered_map<model::Id, GroupItem*> memberOf;
    for (const auto& g : groups) {
        if (!collapsed_.count(g.name)) continue;
        alive.insert(g.name);
        GroupItem*& item = groups_[g.name];
        if (!item) {
            item = new GroupItem(g);
            addItem(item);
            changed.insert(item);
        } else if (item->sync(g)) {
            changed.insert(item);
        }
        for (model::Id m : g.members) memberOf[m] = item;
    }
    // Names of groups that vanished stay in collapsed_: undoing the delete of a collapsed
    // group brings it back collapsed.

    // Members and every link touching them are hidden while their group is collapsed.
    for (auto& [id, item] : nodes_) item->setVisible(!memberOf.count(id));
    for (auto& [id, item] : links_) {
        const model::Link* l = d.link(id);
        item->setVisible(l && !memberOf.count(l->a.node) && !memberOf.count(l->b.node));
    }
    syncBundles(memberOf, changed);
    for (auto it = groups_.begin(); it != groups_.end();) {
        if (alive.count(it->first)) { ++it; continue; }
        delete it->second;
        it = groups_.erase(it);
    }
    // The state the next edit's incremental pass starts from.
    memberOf_ = std::move(memberOf);
    groupMembers_.clear();
    nodeGroup_.clear();
    for (const auto& [id, n] : d.nodes())
        if (!n.group.empty()) {
            groupMembers_[n.group].insert(id);
            nodeGroup_.emplace(id, n.group);
        }
    updateSceneRect();
}

void CanvasScene::syncMarkedGroups()
{
    groupsDirty_ = false;
    const model::Design& d = doc_->design();
    // Membership as it is now, for the marked nodes.
    for (model::Id id : markedNodes_) {
        if (const auto old = nodeGroup_.find(id); old != nodeGroup_.end()) {
            const auto members = groupMembers_.find(old->second);
            if (members != groupMembers_.end() && (members->second.erase(id), members->second.empty()))
                groupMembers_.erase(members);
            nodeGroup_.erase(old);
        }
        if (const model::Node* n = d.node(id); n && !n->group.empty()) {
            groupMembers_[n->group].insert(id);
            nodeGroup_[id] = n->group;
        }
    }
    // Cards of the marked groups, as syncGroups makes them; `touched`: nodes whose hiding may change.
    std::set<GroupItem*> changed, affected, gone;
    std::set<model::Id> touched(markedNodes_.begin(), markedNodes_.end());
    for (const std::string& name : markedGroups_) {
        const auto cardIt = groups_.find(name);
        GroupItem* card = cardIt == groups_.end() ? nullptr : cardIt->second;
        if (card)
            for (model::Id m : card->members()) {
                touched.insert(m);
                if (const auto mi = memberOf_.find(m); mi != memberOf_.end() && mi->second == card) memberOf_.erase(mi);
            }
        std::optional<model::topology::NodeGroup> g;
        if (collapsed_.count(name))
            if (const auto members = groupMembers_.find(name); members != groupMembers_.end())
                g = model::topology::groupFromMembers(d, doc_->catalog(), name,
                                                      std::vector<model::Id>(members->second.begin(), members->second.end()));
        if (!g) { // no longer a collapsed group: the card goes after its bundles
            if (card) {
                gone.insert(card);
                groups_.erase(cardIt);
            }
            continue;
        }
        if (!card) {
            card = new GroupItem(*g);
            addItem(card);
            groups_[name] = card;
            changed.insert(card);
        } else if (card->sync(*g)) {
            changed.insert(card);
        }
        affected.insert(card);
        for (model::Id m : g->members) {
            memberOf_[m] = card;
            touched.insert(m);
        }
    }
    for (model::Id id : touched)
        if (NodeItem* item = nodeItem(id)) item->setVisible(!memberOf_.count(id));
    std::set<model::Id> links(markedLinks_.begin(), markedLinks_.end());
    for (model::Id id : touched)
        for (const model::Link* l : d.linksAt(id)) links.insert(l->id);
    for (model::Id id : links)
        if (LinkItem* item = linkItem(id)) {
            const model::Link* l = d.link(id);
            item->setVisible(l && !memberOf_.count(l->a.node) && !memberOf_.count(l->b.node));
        }
    syncBundles(memberOf_, changed, &affected, gone);
    for (GroupItem* card : gone) delete card;
    markedGroups_.clear();
    markedNodes_.clear();
    markedLinks_.clear();
    updateSceneRect();
}

void CanvasScene::syncBundles(const std::unordered_map<model::Id, GroupItem*>& memberOf, std::set<GroupItem*>& changed,
                              const std::set<GroupItem*>* only, const std::set<GroupItem*>& gone)
{
    const model::Design& d = doc_->design();
    struct Acc {
        GroupItem* group = nullptr;
        NodeItem* node = nullptr;
        GroupItem* other = nullptr;
        std::vector<model::Id> links;
        long long cables = 0;
        int rail = -2; // -2 = no link yet, -1 = mixed
    };
    // Key: (group, far end); a far end in another collapsed group folds into that card.
    std::map<std::pair<const void*, const void*>, Acc> acc;
    std::set<model::Id> seen;
    std::set<GroupItem*> cards;
    if (only) cards = *only;
    else
        for (const auto& [m, gi] : memberOf) cards.insert(gi);
    // A bundle is re-derived when it touches a card being re-derived or going away.
    const auto redo = [&](const BundleItem* b) {
        if (!only) return true;
        for (const GroupItem* g : {b->group(), b->otherGroup()})
            if (g && (only->count(const_cast<GroupItem*>(g)) || gone.count(const_cast<GroupItem*>(g)))) return true;
        return false;
    };
    for (GroupItem* gi : cards) {
        for (model::Id m : gi->members())
            for (const model::Link* l : d.linksAt(m)) {
                const auto aIt = memberOf.find(l->a.node), bIt = memberOf.find(l->b.node);
                const bool aIn = aIt != memberOf.end() && aIt->second == gi;
                const bool bIn = bIt != memberOf.end() && bIt->second == gi;
                if ((aIn && bIn) || !seen.insert(l->id).second) continue; // inside, or done
                const model::Id far = aIn ? l->b.node : l->a.node;
                const int port = aIn ? l->a.port : l->b.port;
                const auto farGroup = memberOf.find(far);
                Acc* a = nullptr;
                if (farGroup != memberOf.end()) {
                    a = &acc[{std::min<const void*>(gi, farGroup->second), std::max<const void*>(gi, farGroup->second)}];
                    // The lower card is the bundle's group, whichever side found it first.
                    a->group = std::min(gi, farGroup->second);
                    a->other = std::max(gi, farGroup->second);
                    a->rail = -1;
                } else {
                    NodeItem* n = nodeItem(far);
                    if (!n) continue;
                    a = &acc[{gi, n}];
                    a->group = gi;
                    a->node = n;
                    a->rail = a->rail == -2 || a->rail == port ? port : -1;
                }
                a->links.push_back(l->id);
                a->cables += l->count;
            }
    }
    for (auto& [key, a] : acc) std::sort(a.links.begin(), a.links.end());

    // Keep every bundle item whose ends are still wanted, with what it folds brought up to date
    // (setContents); replace only the others. Rebuilding them all after each edit re-indexed
    // hundreds of items in a 40,000-item scene, and each item added to such a scene costs
    // milliseconds (Qt renumbers and sorts every top-level item on the next add).
    std::set<std::vector<model::Id>> selectedGone;
    std::vector<BundleItem*> kept;
    for (BundleItem* b : bundles_) {
        if (!redo(b)) {
            kept.push_back(b);
            continue;
        }
        const auto it = acc.find(b->otherGroup() ? std::make_pair(std::min<const void*>(b->group(), b->otherGroup()),
                                                                  std::max<const void*>(b->group(), b->otherGroup()))
                                                 : std::make_pair<const void*, const void*>(b->group(), b->node()));
        const bool sameEnds = it != acc.end() && it->second.group == b->group() && it->second.node == b->node() &&
                              it->second.other == b->otherGroup();
        if (sameEnds) { // the item stays; what it folds is brought up to date in place
            Acc& a = it->second;
            if (a.links != b->links() || a.cables != b->cables() || a.rail != b->rail()) {
                b->setContents(std::move(a.links), a.cables, a.rail);
                changed.insert(b->group());
                if (b->otherGroup()) changed.insert(b->otherGroup());
            } else {
                b->updateToolTip(); // the card's label or the far end's name may have changed
            }
            kept.push_back(b);
            acc.erase(it);
            continue;
        }
        if (b->isSelected()) selectedGone.insert(b->links());
        changed.insert(b->group());
        if (b->otherGroup()) changed.insert(b->otherGroup());
        delete b;
    }
    bundles_ = std::move(kept);
    for (auto& [key, a] : acc) {
        auto* b = new BundleItem(a.group, a.node, a.other, std::move(a.links), a.cables, a.rail);
        bundles_.push_back(b);
        addItem(b);
        if (selectedGone.count(b->links())) b->setSelected(true);
        changed.insert(a.group);
        if (a.other) changed.insert(a.other);
    }
    // Each card lays out its slots again when its bundles or their order changed; then the
    // bundles of every changed card (and of the cards at their far ends) follow.
    std::map<GroupItem*, std::vector<BundleItem*>> byGroup;
    for (BundleItem* b : bundles_) {
        byGroup[b->group()].push_back(b);
        if (b->otherGroup()) byGroup[b->otherGroup()].push_back(b);
    }
    // Incremental: the re-derived cards, those whose bundles changed and those bundled to a
    // re-derived card (its position orders their slots) lay out; other cards are as they were.
    std::set<GroupItem*> layout = cards;
    if (only) {
        layout.insert(changed.begin(), changed.end());
        for (BundleItem* b : bundles_)
            if (b->otherGroup() && (cards.count(b->group()) || cards.count(b->otherGroup()))) {
                layout.insert(b->group());
                layout.insert(b->otherGroup());
            }
        for (GroupItem* g : gone) layout.erase(g);
    }
    for (GroupItem* g : layout)
        if (g->setBundles(byGroup[g])) changed.insert(g); // also when a far end moved and the slot order changed
    for (BundleItem* b : bundles_)
        if (changed.count(b->group()) || changed.count(b->otherGroup())) b->adjust(); // both cards know their slots now
}

} // namespace views
