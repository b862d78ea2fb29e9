#pragma once
/// @file canvas_tool.hpp
/// One small event-handler object per canvas tool (QElectroTech's DiagramEventInterface idea,
/// shared/design/STYLE.md item 7). The view offers each mouse event to the active tool first;
/// a tool that returns true has consumed it, otherwise the view's default handling (selection,
/// rubber band, dragging items) runs and the tool hears about it afterwards.

#include <QMouseEvent>

namespace views {

class CanvasView;

class CanvasTool {
public:
    explicit CanvasTool(CanvasView* view) : view_(view) {}
    virtual ~CanvasTool() = default;
    CanvasTool(const CanvasTool&) = delete;
    CanvasTool& operator=(const CanvasTool&) = delete;

    /// Before the default handling; return true to consume the event.
    virtual bool press(QMouseEvent*) { return false; }
    virtual bool move(QMouseEvent*) { return false; }
    virtual bool release(QMouseEvent*) { return false; }
    /// After the default handling of an event the tool did not consume.
    virtual void afterPress(QMouseEvent*) {}
    virtual void afterRelease(QMouseEvent*) {}
    /// The tool is being switched away from: drop any half-done gesture.
    virtual void cancel() {}

protected:
    CanvasView* view_;
};

} // namespace views
