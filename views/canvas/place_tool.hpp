#pragma once
/// @file place_tool.hpp
/// Places a server or switch dropped from the palette where it was dropped (snapped to the
/// grid unless Alt is held), as one undo step.

#include "views/palette/palette_mime.hpp"

#include <QPointF>

class QDropEvent;
class QDragMoveEvent;

namespace views {

class CanvasView;

class PlaceTool final {
public:
    explicit PlaceTool(CanvasView* view) : view_(view) {}

    /// True when the drag carries a palette entry of a known catalog id (accept it then).
    [[nodiscard]] bool accepts(const QMimeData* mime) const;
    /// Places the dropped entry; @return the new node's id, 0 when refused.
    model::Id drop(QDropEvent* e);
    /// Places `entry` centred at `scenePos`, snapped when `snapToGrid`. @return the new id or 0.
    model::Id placeAt(const PaletteEntry& entry, QPointF scenePos, bool snapToGrid = true);

private:
    CanvasView* view_;
};

} // namespace views
