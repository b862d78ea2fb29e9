#include "app/commands/add_node_command.hpp"

namespace app {

AddNodeCommand::AddNodeCommand(Document* doc, model::Node node, QUndoCommand* parent)
    : EditCommand(doc, parent), node_(std::move(node))
{
    setText(QObject::tr("Add %1").arg(QString::fromStdString(node_.name.empty() ? node_.model : node_.name)));
}

} // namespace app
