#include "app/commands/generate_command.hpp"

#include "app/document.hpp"

#include <vector>

namespace app {

GenerateCommand::GenerateCommand(Document* doc, const model::Design& generated, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc)
{
    for (const auto& [id, n] : doc->design().nodes()) oldNodes_.push_back(model::toJson(n));
    for (const auto& [id, l] : doc->design().links()) oldLinks_.push_back(model::toJson(l));
    for (const auto& [id, n] : generated.nodes()) newNodes_.push_back(model::toJson(n));
    for (const auto& [id, l] : generated.links()) newLinks_.push_back(model::toJson(l));
    setText(QObject::tr("Generate %1").arg(QString::fromStdString(generated.name)));
}

void GenerateCommand::replaceWith(const nlohmann::json& nodes, const nlohmann::json& links)
{
    std::vector<model::Id> linkIds, nodeIds;
    for (const auto& [id, l] : doc_->design().links()) linkIds.push_back(id);
    for (const auto& [id, n] : doc_->design().nodes()) nodeIds.push_back(id);
    for (model::Id id : linkIds) doc_->applyRemoveLink(id);
    for (model::Id id : nodeIds) doc_->applyRemoveNode(id);
    for (const auto& n : nodes) doc_->applyAddNode(model::nodeFromJson(n, "<generate>", "node"));
    for (const auto& l : links) doc_->applyAddLink(model::linkFromJson(l, "<generate>", "link"));
}

void GenerateCommand::redo() { replaceWith(newNodes_, newLinks_); }

void GenerateCommand::undo() { replaceWith(oldNodes_, oldLinks_); }

} // namespace app
