#include "views/canvas/canvas_scene.hpp"

#include "views/canvas/bundle_item.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace views {

CanvasScene::CanvasScene(DesignDocument* doc, QObject* parent) : QGraphicsScene(parent), doc_(doc)
{
    setItemIndexMethod(QGraphicsScene::BspTreeIndex);
    connect(doc_, &DesignDocument::nodeAdded, this, &CanvasScene::addNode);
    connect(doc_, &DesignDocument::nodeRemoved, this, &CanvasScene::removeNode);
    connect(doc_, &DesignDocument::nodeChanged, this, &CanvasScene::syncNode);
    connect(doc_, &DesignDocument::linkAdded, this, &CanvasScene::addLink);
    connect(doc_, &DesignDocument::linkRemoved, this, &CanvasScene::removeLink);
    connect(doc_, &DesignDocument::linkChanged, this, &CanvasScene::syncLink);
    connect(doc_, &DesignDocument::designReset, this, &CanvasScene::rebuild);
    connect(this, &QGraphicsScene::selectionChanged, this,
            [this] { emit selectionIdsChanged(selectedNodeIds(), selectedLinkIds()); });
    rebuild();
}

CanvasScene::~CanvasScene()
{
    // Links refer to their end nodes: delete them first.
    blockSignals(true);
    clearItems();
}

NodeItem* CanvasScene::nodeItem(model::Id id) const
{
    auto it = nodes_.find(id);
    return it == nodes_.end() ? nullptr : it->second;
}

LinkItem* CanvasScene::linkItem(model::Id id) const
{
    auto it = links_.find(id);
    return it == links_.end() ? nullptr : it->second;
}

void CanvasScene::clearItems()
{
    clearGroupItems(); // bundles refer to node items
    clearRetired();
    for (auto& [id, item] : links_) delete item;
    links_.clear();
    for (auto& [id, item] : nodes_) delete item;
    nodes_.clear();
}

void CanvasScene::clearRetired()
{
    for (auto& [id, item] : retiredLinks_) delete item; // retired: no longer attached to any end
    retiredLinks_.clear();
    for (auto& [id, item] : retiredNodes_) delete item;
    retiredNodes_.clear();
}

void CanvasScene::retireNode(NodeItem* item)
{
    if (retiredNodes_.size() + retiredLinks_.size() >= kMaxRetired) clearRetired();
    item->setSelected(false);
    item->setVisible(false);
    retiredNodes_[item->id()] = item;
}

void CanvasScene::retireLink(LinkItem* item)
{
    if (retiredNodes_.size() + retiredLinks_.size() >= kMaxRetired) clearRetired();
    item->setSelected(false);
    item->setVisible(false);
    item->retire();
    retiredLinks_[item->id()] = item;
}

void CanvasScene::rebuild()
{
    fullSync_ = true; // no marks while every item is added: the collapse below derives all
    clearItems();
    const model::Design& d = doc_->design();
    for (const auto& [id, n] : d.nodes()) addNode(id);
    for (const auto& [id, l] : d.links()) addLink(id);
    // Large groups start collapsed (see the file comment for the rule).
    collapsed_.clear();
    collapseLargeGroups();
}

void CanvasScene::updateSceneRect()
{
    const QRectF b = designBounds();
    // As much room as the design's larger side on every side: a wide fat tree at fit zoom can
    // still be panned and zoomed around any point, vertically too.
    const double m = std::max({kScrollMargin, b.width(), b.height()});
    const QRectF r = b.adjusted(-m, -m, m, m);
    if (r != sceneRect()) setSceneRect(r);
}

void CanvasScene::addNode(model::Id id)
{
    const model::Node* n = doc_->design().node(id);
    if (!n || nodes_.count(id)) return;
    NodeItem* item = nullptr;
    if (const auto old = retiredNodes_.find(id); old != retiredNodes_.end()) {
        item = old->second;
        retiredNodes_.erase(old);
        item->sync(*n, doc_->catalog());
        item->setVisible(true);
    } else {
        item = new NodeItem(*n, doc_->catalog());
        addItem(item);
    }
    nodes_.emplace(id, item);
    markNode(id);
    groupsDirty();
}

void CanvasScene::removeNode(model::Id id)
{
    auto it = nodes_.find(id);
    if (it == nodes_.end()) return;
    NodeItem* item = it->second;
    markNode(id); // while its item still names the cards bundled to it
    nodes_.erase(it);
    // Bundles ending at this node must not outlive it: re-derive them now.
    if (!item->bundles().empty()) syncDirtyGroups();
    retireNode(item); // its links were removed (and announced) before the node
    groupsDirty();
}

void CanvasScene::syncNode(model::Id id)
{
    const model::Node* n = doc_->design().node(id);
    if (NodeItem* item = nodeItem(id); item && n) item->sync(*n, doc_->catalog());
    markNode(id); // position or group may have changed
    groupsDirty();
}

void CanvasScene::addLink(model::Id id)
{
    const model::Link* l = doc_->design().link(id);
    if (!l || links_.count(id)) return;
    NodeItem* a = nodeItem(l->a.node);
    NodeItem* b = nodeItem(l->b.node);
    if (!a || !b) return;
    LinkItem* item = nullptr;
    if (const auto old = retiredLinks_.find(id); old != retiredLinks_.end()) {
        item = old->second;
        retiredLinks_.erase(old);
        item->revive(*l, a, b);
        item->setVisible(true);
    } else {
        item = new LinkItem(*l, a, b);
        addItem(item);
    }
    links_.emplace(id, item);
    if (!fullSync_) {
        markedLinks_.insert(id);
        markGroupsOf(l->a.node);
        markGroupsOf(l->b.node);
    }
    groupsDirty();
}

void CanvasScene::removeLink(model::Id id)
{
    auto it = links_.find(id);
    if (it == links_.end()) return;
    markGroupsOf(it->second->endA()->id());
    markGroupsOf(it->second->endB()->id());
    retireLink(it->second);
    links_.erase(it);
    groupsDirty();
}

void CanvasScene::syncLink(model::Id id)
{
    const model::Link* l = doc_->design().link(id);
    if (LinkItem* item = linkItem(id)) {
        markGroupsOf(item->endA()->id());
        markGroupsOf(item->endB()->id());
        if (l) item->sync(*l);
    }
    if (l) {
        markGroupsOf(l->a.node);
        markGroupsOf(l->b.node);
    }
    markedLinks_.insert(id);
    groupsDirty(); // the cable count of a bundle may have changed
}

std::vector<model::Id> CanvasScene::selectedNodeIds() const
{
    std::vector<model::Id> ids;
    for (QGraphicsItem* i : selectedItems())
        if (i->type() == NodeItem::Type) ids.push_back(static_cast<NodeItem*>(i)->id());
        else if (i->type() == GroupItem::Type)
            for (model::Id m : static_cast<GroupItem*>(i)->members()) ids.push_back(m);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

std::vector<model::Id> CanvasScene::selectedLinkIds() const
{
    std::vector<model::Id> ids;
    for (QGraphicsItem* i : selectedItems())
        if (i->type() == LinkItem::Type) ids.push_back(static_cast<LinkItem*>(i)->id());
        else if (i->type() == BundleItem::Type)
            for (model::Id l : static_cast<BundleItem*>(i)->links()) ids.push_back(l);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

void CanvasScene::deleteSelection()
{
    const auto nodes = selectedNodeIds();
    const auto links = selectedLinkIds();
    if (nodes.empty() && links.empty()) return;
    doc_->requestDelete(nodes, links);
}

QRectF CanvasScene::designBounds() const
{
    QRectF r;
    for (const auto& [id, item] : nodes_)
        if (item->isVisible()) r |= item->sceneBoundingRect();
    for (const auto& [name, item] : groups_) r |= item->sceneBoundingRect();
    if (r.isNull()) r = QRectF(-400, -300, 800, 600);
    return r.adjusted(-40, -40, 40, 40);
}

void CanvasScene::drawBackground(QPainter* p, const QRectF& rect)
{
    if (plainBackground_) {
        p->fillRect(rect, Qt::white);
        return;
    }
    const auto& pal = canvas_style::palette();
    p->fillRect(rect, pal.background);
    // A light grid every 5 snap steps; skipped when zoomed so far out it would be a grey wash.
    const double step = canvas_style::kGrid * 5;
    const double scale = p->worldTransform().m11();
    if (step * scale < 8) return;
    p->setPen(QPen(pal.grid, 0));
    // Crisp one-pixel lines: antialiased, the grid took a quarter of each frame's instructions
    // at 100 % zoom on a 2,048-server design (every pixel of some 30 lines blended), and it
    // blurred to two pixels between whole device positions.
    const bool antialiased = p->testRenderHint(QPainter::Antialiasing);
    p->setRenderHint(QPainter::Antialiasing, false);
    const double left = std::floor(rect.left() / step) * step;
    const double top = std::floor(rect.top() / step) * step;
    QVector<QLineF> lines;
    for (double x = left; x < rect.right(); x += step) lines.append(QLineF(x, rect.top(), x, rect.bottom()));
    for (double y = top; y < rect.bottom(); y += step) lines.append(QLineF(rect.left(), y, rect.right(), y));
    p->drawLines(lines);
    p->setRenderHint(QPainter::Antialiasing, antialiased); // QGraphicsScene::render does not restore it
}

void CanvasScene::selectIds(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links)
{
    if (groupsDirty_) syncDirtyGroups();
    clearSelection();
    for (model::Id id : nodes) {
        NodeItem* item = nodeItem(id);
        if (item && item->isVisible()) item->setSelected(true);
        else if (GroupItem* g = groupItem(groupOf(id))) g->setSelected(true);
    }
    for (model::Id id : links) {
        LinkItem* item = linkItem(id);
        if (item && item->isVisible()) {
            item->setSelected(true);
            continue;
        }
        for (BundleItem* b : bundles_)
            if (std::binary_search(b->links().begin(), b->links().end(), id)) b->setSelected(true);
    }
}

} // namespace views
