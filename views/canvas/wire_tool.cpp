#include "views/canvas/wire_tool.hpp"

#include "model/design/link_defaults.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/node_item.hpp"

#include <QGraphicsLineItem>
#include <QPainter>
#include <QPen>

namespace views {

namespace {
/// The dashed line from the start node to the cursor. Antialiased as the view's render
/// hints make it: the canvas does not restore the painter's state between items
/// (QGraphicsView::DontSavePainterState), and QGraphicsLineItem sets only its pen.
class RubberLine final : public QGraphicsLineItem {
public:
    using QGraphicsLineItem::QGraphicsLineItem;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override
    {
        p->setRenderHint(QPainter::Antialiasing, true);
        QGraphicsLineItem::paint(p, option, widget);
    }
};
} // namespace

WireTool::~WireTool() { cancel(); }

bool WireTool::press(QMouseEvent* e)
{
    if (e->button() != Qt::LeftButton) return false;
    NodeItem* node = view_->nodeAt(e->position().toPoint());
    if (!node) return false;
    from_ = node->id();
    rubber_ = new RubberLine(QLineF(node->pos(), view_->mapToScene(e->position().toPoint())));
    rubber_->setPen(QPen(canvas_style::selectionColor(), 2.0, Qt::DashLine));
    rubber_->setZValue(10.0);
    view_->scene()->addItem(rubber_);
    return true;
}

bool WireTool::move(QMouseEvent* e)
{
    if (!rubber_) return false;
    QLineF l = rubber_->line();
    l.setP2(view_->mapToScene(e->position().toPoint()));
    rubber_->setLine(l);
    return true;
}

bool WireTool::release(QMouseEvent* e)
{
    if (!rubber_) return false;
    const model::Id from = from_;
    cancel();
    NodeItem* target = view_->nodeAt(e->position().toPoint());
    if (!target || target->id() == from) return true;
    DesignDocument* doc = view_->canvasScene()->document();
    if (auto link = model::defaultLink(doc->design(), doc->catalog(), from, target->id())) doc->requestAddLink(*link);
    return true;
}

void WireTool::cancel()
{
    delete rubber_;
    rubber_ = nullptr;
    from_ = 0;
}

} // namespace views
