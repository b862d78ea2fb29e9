// The canvas picture of a design for reports (topology_picture.hpp).
#include "app/report/topology_picture.hpp"

#include "app/document.hpp"
#include "views/canvas/canvas_scene.hpp"

#include <QPainter>

#include <algorithm>

namespace app::report {

namespace {
/// A read-only copy of the design and the scene that draws it, kept alive by the figure.
struct TopologyScene {
    explicit TopologyScene(const model::Design& d, std::shared_ptr<const model::Catalog> catalog)
        : doc(std::move(catalog)), scene(&doc)
    {
        doc.newDesign(d); // designReset: the scene rebuilds and collapses large groups
        scene.setPlainBackground(true);
        scene.syncGroups();
        scene.clearSelection();
    }
    Document doc;
    views::CanvasScene scene;
};
} // namespace

Figure topologyFigure(const model::Design& design, std::shared_ptr<const model::Catalog> catalog)
{
    auto holder = std::make_shared<TopologyScene>(design, std::move(catalog));
    const QRectF bounds = holder->scene.designBounds();
    Figure f;
    f.caption = QStringLiteral("Topology as drawn on the canvas (groups of 16 or more identical servers shown as one card).");
    f.aspect = bounds.width() > 0 ? std::clamp(bounds.height() / bounds.width(), 0.25, 1.3) : 0.5;
    TopologyScene* s = holder.get();
    f.paint = [s, bounds](QPainter& p, const QRectF& target) {
        p.fillRect(target, Qt::white);
        s->scene.render(&p, target, bounds, Qt::KeepAspectRatio);
    };
    f.keepAlive = holder;
    return f;
}

} // namespace app::report
