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
    const double aspect = bounds.width() > 0 ? bounds.height() / bounds.width() : 0.5;
    f.aspect = std::clamp(aspect, 0.25, 1.3);
    if (aspect < 0.1) { // the SuperPOD unit draws at 0.245, a 2,048-node three-tier fat tree at 0.02
        // Rows of hundreds of switches: at page width the drawing is a strip. Reserve only the
        // strip (the 0.25 floor left a third of a page blank under a 2,048-node fat tree) and
        // say where to read it.
        f.aspect = std::max(aspect, 0.03);
        f.caption += QStringLiteral(" Too wide to read at page width; open the design in Cluster Designer to zoom in.");
    }
    TopologyScene* s = holder.get();
    f.paint = [s, bounds](QPainter& p, const QRectF& target) {
        p.fillRect(target, Qt::white);
        s->scene.render(&p, target, bounds, Qt::KeepAspectRatio);
    };
    f.keepAlive = holder;
    return f;
}

} // namespace app::report
