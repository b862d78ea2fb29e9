#include "app/commands/add_link_command.hpp"

#include "app/document.hpp"

namespace app {

AddLinkCommand::AddLinkCommand(Document* doc, model::Link link, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), link_(std::move(link))
{
    const auto name = [doc](model::Id id) {
        const model::Node* n = doc->design().node(id);
        return n ? QString::fromStdString(n->name) : QString::number(id);
    };
    setText(QObject::tr("Connect %1 - %2").arg(name(link_.a.node), name(link_.b.node)));
}

void AddLinkCommand::redo() { doc_->applyAddLink(link_); }

void AddLinkCommand::undo() { doc_->applyRemoveLink(link_.id); }

} // namespace app
