#include "views/canvas/select_tool.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/node_item.hpp"

namespace views {

void SelectTool::afterPress(QMouseEvent* e)
{
    start_.clear();
    if (e->button() != Qt::LeftButton) return;
    CanvasScene* s = view_->canvasScene();
    for (model::Id id : s->selectedNodeIds())
        if (const NodeItem* item = s->nodeItem(id)) start_[id] = {item->pos().x(), item->pos().y()};
}

void SelectTool::afterRelease(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton || start_.empty()) return;
    CanvasScene* s = view_->canvasScene();
    std::vector<NodeMove> moves;
    for (const auto& [id, from] : start_) {
        const NodeItem* item = s->nodeItem(id);
        if (!item) continue;
        const model::Point to{item->pos().x(), item->pos().y()};
        if (!(to == from)) moves.push_back({id, from, to});
    }
    start_.clear();
    if (!moves.empty()) s->document()->requestMove(moves);
}

} // namespace views
