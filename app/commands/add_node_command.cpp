#include "app/commands/add_node_command.hpp"

#include "app/document.hpp"

namespace app {

AddNodeCommand::AddNodeCommand(Document* doc, model::Node node, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), node_(std::move(node))
{
    setText(QObject::tr("Add %1").arg(QString::fromStdString(node_.name.empty() ? node_.model : node_.name)));
}

void AddNodeCommand::redo() { doc_->applyAddNode(node_); }

void AddNodeCommand::undo() { doc_->applyRemoveNode(node_.id); }

} // namespace app
