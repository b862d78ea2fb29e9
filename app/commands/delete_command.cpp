#include "app/commands/delete_command.hpp"

#include "app/document.hpp"

#include <set>

namespace app {

DeleteCommand::DeleteCommand(Document* doc, const std::vector<model::Id>& nodes, const std::vector<model::Id>& links,
                             QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc)
{
    const model::Design& d = doc->design();
    std::set<model::Id> nodeIds, linkIds;
    for (model::Id id : nodes)
        if (d.node(id)) nodeIds.insert(id);
    for (model::Id id : links)
        if (d.link(id)) linkIds.insert(id);
    for (model::Id id : nodeIds)
        for (const model::Link* l : d.linksOf(id)) linkIds.insert(l->id);
    for (model::Id id : nodeIds) nodes_.push_back(model::toJson(*d.node(id)));
    for (model::Id id : linkIds) links_.push_back(model::toJson(*d.link(id)));
    if (nodes_.size() == 1 && links_.empty())
        setText(QObject::tr("Delete %1").arg(QString::fromStdString(nodes_[0].value("name", std::string()))));
    else
        setText(QObject::tr("Delete %1 node(s), %2 link(s)").arg(nodes_.size()).arg(links_.size()));
}

void DeleteCommand::redo()
{
    for (const auto& l : links_) doc_->applyRemoveLink(l.at("id").get<model::Id>());
    for (const auto& n : nodes_) doc_->applyRemoveNode(n.at("id").get<model::Id>());
}

void DeleteCommand::undo()
{
    for (const auto& n : nodes_) doc_->applyAddNode(model::nodeFromJson(n, "<undo>", "node"));
    for (const auto& l : links_) doc_->applyAddLink(model::linkFromJson(l, "<undo>", "link"));
}

} // namespace app
