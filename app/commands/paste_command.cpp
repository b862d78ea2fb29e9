#include "app/commands/paste_command.hpp"

#include "views/common/plural.hpp"

namespace app {

PasteCommand::PasteCommand(Document* doc, model::PastePlan plan, const QString& verb, QUndoCommand* parent)
    : EditCommand(doc, parent), plan_(std::move(plan))
{
    if (plan_.nodes.size() == 1)
        setText(QObject::tr("%1 %2").arg(verb, QString::fromStdString(plan_.nodes.front().name)));
    else
        setText(QObject::tr("%1 %2, %3")
                    .arg(verb,
                         views::countOf(static_cast<long long>(plan_.nodes.size()), QObject::tr("node"), QObject::tr("nodes")),
                         views::countOf(static_cast<long long>(plan_.links.size()), QObject::tr("link"), QObject::tr("links"))));
}

bool PasteCommand::redoEdit(DesignEditor& e)
{
    std::size_t nodes = 0, links = 0; // items added so far
    while (nodes < plan_.nodes.size() && e.addNode(plan_.nodes[nodes])) ++nodes;
    if (nodes == plan_.nodes.size())
        while (links < plan_.links.size() && e.addLink(plan_.links[links])) ++links;
    if (nodes == plan_.nodes.size() && links == plan_.links.size()) return true;
    // Refused half-way: take back what was added, so nothing changed.
    for (std::size_t i = links; i-- > 0;) e.removeLink(plan_.links[i].id);
    for (std::size_t i = nodes; i-- > 0;) e.removeNode(plan_.nodes[i].id);
    return false;
}

bool PasteCommand::undoEdit(DesignEditor& e)
{
    for (const auto& n : plan_.nodes)
        if (!e.design().node(n.id)) return false;
    for (auto it = plan_.links.rbegin(); it != plan_.links.rend(); ++it) e.removeLink(it->id);
    for (auto it = plan_.nodes.rbegin(); it != plan_.nodes.rend(); ++it) e.removeNode(it->id);
    return true;
}

} // namespace app
