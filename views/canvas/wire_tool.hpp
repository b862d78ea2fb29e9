#pragma once
/// @file wire_tool.hpp
/// Draw a link: press on a node, drag to another, release. The link gets the defaults of
/// model/design/link_defaults.hpp (speed and medium from the catalog) and is one undo step. Pressing on
/// empty canvas falls back to rubber-band selection.

#include "model/design/design.hpp"
#include "views/canvas/canvas_tool.hpp"

class QGraphicsLineItem;

namespace views {

class WireTool final : public CanvasTool {
public:
    using CanvasTool::CanvasTool;
    ~WireTool() override;
    bool press(QMouseEvent* e) override;
    bool move(QMouseEvent* e) override;
    bool release(QMouseEvent* e) override;
    void cancel() override;

private:
    model::Id from_ = 0;
    QGraphicsLineItem* rubber_ = nullptr;
};

} // namespace views
