#pragma once
/// @file select_tool.hpp
/// Select and move: click, Ctrl-click and rubber band select (QGraphicsView does the work);
/// on release, the nodes that moved become one move request (the undo command records the
/// positions taken on press, shared/design/STYLE.md item 4).

#include "model/design/design.hpp"
#include "views/canvas/canvas_tool.hpp"

#include <map>

namespace views {

class SelectTool final : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    void afterPress(QMouseEvent* e) override;
    void afterRelease(QMouseEvent* e) override;
    void cancel() override { start_.clear(); }

private:
    std::map<model::Id, model::Point> start_; ///< positions of the selected nodes on press
};

} // namespace views
