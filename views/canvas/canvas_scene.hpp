#pragma once
/// @file canvas_scene.hpp
/// The scene mirrors the document by id (shared/design/STYLE.md item 1): it keeps a map from
/// node/link id to graphics item and updates only the items a change signal names.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "views/common/design_document.hpp"

#include <QGraphicsScene>

#include <unordered_map>
#include <vector>

namespace views {

class NodeItem;
class LinkItem;

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

    /// Ids of the selected nodes and links, in id order.
    [[nodiscard]] std::vector<model::Id> selectedNodeIds() const;
    [[nodiscard]] std::vector<model::Id> selectedLinkIds() const;
    /// Asks the document to delete the selection (one undo step).
    void deleteSelection();
    /// Replaces the selection with the items of these ids (ids without an item are ignored).
    void selectIds(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links);
    /// Bounding rectangle of every node and link, with a margin (scene units).
    [[nodiscard]] QRectF designBounds() const;

signals:
    /// The selection changed; carries the selected ids (for the inspector).
    void selectionIdsChanged(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links);

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    void rebuild();
    void clearItems();
    void addNode(model::Id id);
    void removeNode(model::Id id);
    void syncNode(model::Id id);
    void addLink(model::Id id);
    void removeLink(model::Id id);
    void syncLink(model::Id id);

    DesignDocument* doc_;
    std::unordered_map<model::Id, NodeItem*> nodes_;
    std::unordered_map<model::Id, LinkItem*> links_;
};

} // namespace views
