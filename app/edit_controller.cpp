#include "app/edit_controller.hpp"

#include "app/commands/move_command.hpp"
#include "app/commands/paste_command.hpp"
#include "app/document.hpp"
#include "model/design/clipboard.hpp"
#include "model/topology/tier_layout.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QApplication>
#include <QClipboard>
#include <QCursor>
#include <QGraphicsItem>
#include <QMimeData>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <memory>

namespace app {

namespace {
/// The copied selection on the clipboard, or null JSON.
nlohmann::json clipboardSelection()
{
    const QMimeData* m = QApplication::clipboard()->mimeData();
    if (!m || !m->hasFormat(QLatin1String(EditController::kMimeType))) return {};
    const QByteArray bytes = m->data(QLatin1String(EditController::kMimeType));
    nlohmann::json j = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    return j.is_discarded() ? nlohmann::json() : j;
}

/// Centre of the nodes of a copied selection (model positions).
model::Point centreOf(const nlohmann::json& selection)
{
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for (const auto& n : selection.value("nodes", nlohmann::json::array())) {
        const double x = n.value("x", 0.0), y = n.value("y", 0.0);
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
    return x0 > x1 ? model::Point{} : model::Point{(x0 + x1) / 2, (y0 + y1) / 2};
}
} // namespace

EditController::EditController(Document* doc, views::CanvasView* canvas, QObject* parent)
    : QObject(parent), doc_(doc), canvas_(canvas)
{
    connect(QApplication::clipboard(), &QClipboard::dataChanged, this, [this] {
        pasteCount_ = 0;
        emit pasteAvailable(canPaste());
    });
}

bool EditController::canPaste() const { return clipboardSelection().is_object(); }

void EditController::copy()
{
    views::CanvasScene* s = canvas_->canvasScene();
    const auto nodes = s->selectedNodeIds();
    if (nodes.empty()) return;
    const nlohmann::json j = model::copySelection(doc_->design(), nodes, s->selectedLinkIds());
    auto* mime = new QMimeData;
    const std::string text = j.dump();
    mime->setData(QLatin1String(kMimeType), QByteArray::fromStdString(text));
    mime->setText(QString::fromStdString(text)); // readable in any text editor
    QApplication::clipboard()->setMimeData(mime);
}

void EditController::cut()
{
    copy();
    canvas_->canvasScene()->deleteSelection();
}

int EditController::pasteWithOffset(model::Point offset, const QString& verb, const nlohmann::json* selection)
{
    const nlohmann::json j = selection ? *selection : clipboardSelection();
    if (!j.is_object()) return 0;
    model::PastePlan plan;
    try {
        plan = model::planPaste(doc_->design(), j, offset);
    } catch (const std::exception&) {
        return 0; // not a selection this version understands: nothing to paste
    }
    if (plan.nodes.empty()) return 0;
    std::vector<model::Id> nodes, links;
    for (const auto& n : plan.nodes) nodes.push_back(n.id);
    for (const auto& l : plan.links) links.push_back(l.id);
    if (!doc_->push(std::make_unique<PasteCommand>(doc_, std::move(plan), verb))) return 0;
    canvas_->canvasScene()->selectIds(nodes, links);
    return static_cast<int>(nodes.size());
}

int EditController::pasteAt(QPointF scenePos)
{
    const nlohmann::json j = clipboardSelection();
    if (!j.is_object()) return 0;
    const model::Point c = centreOf(j);
    namespace cs = views::canvas_style;
    const model::Point offset{cs::snap(scenePos.x() - c.x), cs::snap(scenePos.y() - c.y)};
    return pasteWithOffset(offset, tr("Paste"), &j);
}

void EditController::paste()
{
    const QPoint cursor = canvas_->viewport()->mapFromGlobal(QCursor::pos());
    if (canvas_->viewport()->rect().contains(cursor) && canvas_->underMouse()) {
        pasteAt(canvas_->mapToScene(cursor));
        return;
    }
    ++pasteCount_; // beside the originals, each further paste one more step down and right
    const double d = kDuplicateOffset * pasteCount_;
    pasteWithOffset({d, d}, tr("Paste"));
}

void EditController::duplicate()
{
    views::CanvasScene* s = canvas_->canvasScene();
    const auto nodes = s->selectedNodeIds();
    if (nodes.empty()) return;
    const nlohmann::json j = model::copySelection(doc_->design(), nodes, s->selectedLinkIds());
    pasteWithOffset({kDuplicateOffset, kDuplicateOffset}, tr("Duplicate"), &j);
}

void EditController::selectAll()
{
    for (QGraphicsItem* i : canvas_->canvasScene()->items())
        if (i->isVisible() && (i->flags() & QGraphicsItem::ItemIsSelectable)) i->setSelected(true);
}

namespace {
/// Moves that bring each unit's centre from `before` to `after` (members move together).
std::vector<views::NodeMove> movesFor(const model::Design& d, const std::vector<views::MovableUnit>& units,
                                      const std::vector<model::ArrangeBox>& after)
{
    std::vector<views::NodeMove> moves;
    for (std::size_t i = 0; i < units.size(); ++i) {
        const double dx = after[i].centre.x - units[i].box.centre.x, dy = after[i].centre.y - units[i].box.centre.y;
        if (std::abs(dx) < 1e-9 && std::abs(dy) < 1e-9) continue;
        for (model::Id id : units[i].members)
            if (const model::Node* n = d.node(id))
                moves.push_back({id, n->position, {n->position.x + dx, n->position.y + dy}});
    }
    return moves;
}

QString alignText(model::Alignment how)
{
    switch (how) {
    case model::Alignment::Left: return QObject::tr("Align left edges");
    case model::Alignment::HCenter: return QObject::tr("Align centres (vertical line)");
    case model::Alignment::Right: return QObject::tr("Align right edges");
    case model::Alignment::Top: return QObject::tr("Align top edges");
    case model::Alignment::VCenter: return QObject::tr("Align middles (horizontal line)");
    case model::Alignment::Bottom: return QObject::tr("Align bottom edges");
    }
    return {};
}
} // namespace

void EditController::align(model::Alignment how)
{
    const auto units = canvas_->canvasScene()->selectedUnits();
    if (units.size() < 2) return;
    std::vector<model::ArrangeBox> boxes;
    for (const auto& u : units) boxes.push_back(u.box);
    auto moves = movesFor(doc_->design(), units, model::align(boxes, how));
    if (!moves.empty()) doc_->push(std::make_unique<MoveCommand>(doc_, std::move(moves), alignText(how)));
}

void EditController::distribute(model::Distribution how)
{
    const auto units = canvas_->canvasScene()->selectedUnits();
    if (units.size() < 3) return;
    std::vector<model::ArrangeBox> boxes;
    for (const auto& u : units) boxes.push_back(u.box);
    auto moves = movesFor(doc_->design(), units, model::distribute(boxes, how));
    const QString text = how == model::Distribution::Horizontal ? tr("Distribute horizontally") : tr("Distribute vertically");
    if (!moves.empty()) doc_->push(std::make_unique<MoveCommand>(doc_, std::move(moves), text));
}

void EditController::autoLayout()
{
    const model::Design& d = doc_->design();
    std::vector<views::NodeMove> moves;
    for (const auto& [id, to] : model::topology::tierLayout(d))
        if (const model::Node* n = d.node(id); n && !(n->position == to)) moves.push_back({id, n->position, to});
    if (!moves.empty()) doc_->push(std::make_unique<MoveCommand>(doc_, std::move(moves), tr("Auto-layout in tiers")));
    canvas_->zoomToFit();
}

} // namespace app
