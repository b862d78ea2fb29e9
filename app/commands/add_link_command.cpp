#include "app/commands/add_link_command.hpp"

namespace app {

AddLinkCommand::AddLinkCommand(Document* doc, model::Link link, QUndoCommand* parent)
    : EditCommand(doc, parent), link_(std::move(link))
{
    const auto name = [this](model::Id id) {
        const model::Node* n = design().node(id);
        return n ? QString::fromStdString(n->name) : QString::number(id);
    };
    setText(QObject::tr("Connect %1 - %2").arg(name(link_.a.node), name(link_.b.node)));
}

} // namespace app
