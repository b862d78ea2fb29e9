#include "app/commands/move_command.hpp"

#include <algorithm>

namespace app {

MoveCommand::MoveCommand(Document* doc, std::vector<views::NodeMove> moves, const QString& text, QUndoCommand* parent)
    : EditCommand(doc, parent), moves_(std::move(moves)), named_(!text.isEmpty())
{
    std::sort(moves_.begin(), moves_.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    if (named_) setText(text);
    else updateText();
}

void MoveCommand::updateText()
{
    if (moves_.size() == 1) {
        const model::Node* n = design().node(moves_[0].id);
        setText(QObject::tr("Move %1").arg(n ? QString::fromStdString(n->name) : QString::number(moves_[0].id)));
    } else {
        setText(QObject::tr("Move %1 nodes").arg(moves_.size()));
    }
}

bool MoveCommand::moveAll(DesignEditor& e, bool toEnd)
{
    for (const auto& m : moves_)
        if (!e.design().node(m.id)) return false;
    for (const auto& m : moves_) e.moveNode(m.id, toEnd ? m.to : m.from);
    return true;
}

bool MoveCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const MoveCommand*>(other);
    if (named_ || o->named_ || o->isObsolete() || o->moves_.size() != moves_.size()) return false;
    for (std::size_t i = 0; i < moves_.size(); ++i)
        if (o->moves_[i].id != moves_[i].id) return false;
    for (std::size_t i = 0; i < moves_.size(); ++i) moves_[i].to = o->moves_[i].to;
    return true;
}

} // namespace app
