#include "views/canvas/place_tool.hpp"

#include "model/design/link_defaults.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QDropEvent>

namespace views {

bool PlaceTool::accepts(const QMimeData* mime) const
{
    const auto entry = decodePaletteEntry(mime);
    if (!entry) return false;
    const model::Catalog& c = view_->canvasScene()->document()->catalog();
    const std::string id = entry->catalogId.toStdString();
    return entry->kind == model::NodeKind::Server ? c.server(id) != nullptr : c.switchModel(id) != nullptr;
}

model::Id PlaceTool::drop(QDropEvent* e)
{
    const auto entry = decodePaletteEntry(e->mimeData());
    if (!entry || !accepts(e->mimeData())) return 0;
    const bool snap = !(e->modifiers() & Qt::AltModifier);
    return placeAt(*entry, view_->mapToScene(e->position().toPoint()), snap);
}

model::Id PlaceTool::placeAt(const PaletteEntry& entry, QPointF scenePos, bool snapToGrid)
{
    DesignDocument* doc = view_->canvasScene()->document();
    model::Point at{scenePos.x(), scenePos.y()};
    if (snapToGrid) at = {canvas_style::snap(at.x), canvas_style::snap(at.y)};
    const model::Node n = model::defaultNode(doc->design(), entry.kind, entry.catalogId.toStdString(), at);
    return doc->requestAddNode(n);
}

} // namespace views
