// CanvasScene: the selection as pieces to align or distribute (see canvas_scene.hpp).
#include "views/canvas/canvas_scene.hpp"

#include "views/canvas/group_item.hpp"
#include "views/canvas/node_item.hpp"

namespace views {

std::vector<MovableUnit> CanvasScene::selectedUnits()
{
    if (groupsDirty_) syncGroups();
    std::vector<MovableUnit> out;
    for (QGraphicsItem* i : selectedItems()) {
        MovableUnit u;
        if (i->type() == NodeItem::Type) {
            u.members = {static_cast<NodeItem*>(i)->id()};
        } else if (i->type() == GroupItem::Type) {
            u.members = static_cast<GroupItem*>(i)->members();
        } else {
            continue;
        }
        // Centre: the item's position (symbols and cards are drawn around it); size: its outline.
        const QSizeF size = i->shape().boundingRect().size();
        u.box = {static_cast<model::Id>(out.size()), {i->pos().x(), i->pos().y()}, size.width(), size.height()};
        out.push_back(std::move(u));
    }
    return out;
}

} // namespace views
