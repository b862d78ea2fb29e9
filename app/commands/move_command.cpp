#include "app/commands/move_command.hpp"

#include "app/document.hpp"

#include <algorithm>

namespace app {

MoveCommand::MoveCommand(Document* doc, std::vector<views::NodeMove> moves, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), moves_(std::move(moves))
{
    std::sort(moves_.begin(), moves_.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    updateText();
}

void MoveCommand::updateText()
{
    if (moves_.size() == 1) {
        const model::Node* n = doc_->design().node(moves_[0].id);
        setText(QObject::tr("Move %1").arg(n ? QString::fromStdString(n->name) : QString::number(moves_[0].id)));
    } else {
        setText(QObject::tr("Move %1 nodes").arg(moves_.size()));
    }
}

void MoveCommand::redo()
{
    for (const auto& m : moves_) doc_->applyMoveNode(m.id, m.to);
}

void MoveCommand::undo()
{
    for (const auto& m : moves_) doc_->applyMoveNode(m.id, m.from);
}

bool MoveCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const MoveCommand*>(other);
    if (o->moves_.size() != moves_.size()) return false;
    for (std::size_t i = 0; i < moves_.size(); ++i)
        if (o->moves_[i].id != moves_[i].id) return false;
    for (std::size_t i = 0; i < moves_.size(); ++i) moves_[i].to = o->moves_[i].to;
    return true;
}

} // namespace app
