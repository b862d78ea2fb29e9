#include "app/commands/delete_command.hpp"

#include "views/common/plural.hpp"

#include <set>

namespace app {

namespace {
model::Id idOf(const nlohmann::json& item) { return item.at("id").get<model::Id>(); }
} // namespace

DeleteCommand::DeleteCommand(Document* doc, const std::vector<model::Id>& nodes, const std::vector<model::Id>& links,
                             QUndoCommand* parent)
    : EditCommand(doc, parent)
{
    const model::Design& d = design();
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
    else if (nodes_.empty()) // links only: "Delete 1 link", not "Delete 0 nodes, 1 link"
        setText(QObject::tr("Delete %1").arg(views::countOf(static_cast<long long>(links_.size()), QObject::tr("link"), QObject::tr("links"))));
    else
        setText(QObject::tr("Delete %1, %2")
                    .arg(views::countOf(static_cast<long long>(nodes_.size()), QObject::tr("node"), QObject::tr("nodes")),
                         views::countOf(static_cast<long long>(links_.size()), QObject::tr("link"), QObject::tr("links"))));
}

bool DeleteCommand::redoEdit(DesignEditor& e)
{
    const model::Design& d = e.design();
    for (const auto& l : links_)
        if (!d.link(idOf(l))) return false;
    for (const auto& n : nodes_)
        if (!d.node(idOf(n))) return false;
    for (const auto& l : links_) e.removeLink(idOf(l));
    for (const auto& n : nodes_) e.removeNode(idOf(n));
    return true;
}

bool DeleteCommand::undoEdit(DesignEditor& e)
{
    const model::Design& d = e.design();
    std::set<model::Id> restored;
    for (const auto* items : {&nodes_, &links_})
        for (const auto& item : *items)
            if (d.node(idOf(item)) || d.link(idOf(item)) || !restored.insert(idOf(item)).second) return false;
    for (const auto& l : links_) // both ends exist or come back with the nodes
        for (const char* end : {"a", "b"}) {
            const model::Id node = l.at(end).at("node").get<model::Id>();
            if (!d.node(node) && !restored.count(node)) return false;
        }
    for (const auto& n : nodes_) e.addNode(model::nodeFromJson(n, "<undo>", "node"));
    for (const auto& l : links_) e.addLink(model::linkFromJson(l, "<undo>", "link"));
    return true;
}

} // namespace app
