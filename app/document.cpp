#include "app/document.hpp"

#include "app/commands/add_link_command.hpp"
#include "app/commands/add_node_command.hpp"
#include "app/commands/delete_command.hpp"
#include "app/commands/move_command.hpp"
#include "app/commands/property_command.hpp"

#include "model/io/input_error.hpp"

#include <exception>

namespace app {

Document::Document(std::shared_ptr<const model::Catalog> catalog, QObject* parent)
    : views::DesignDocument(parent), catalog_(std::move(catalog))
{
    connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

void Document::setFilePath(const QString& path)
{
    if (path == filePath_) return;
    filePath_ = path;
    emit filePathChanged(path);
}

void Document::replaceDesign(model::Design design)
{
    undo_.clear();
    design_ = std::move(design);
    undo_.setClean();
    emit designReset();
    emit changed();
}

void Document::newDesign(model::Design design)
{
    replaceDesign(std::move(design));
    setFilePath(QString());
}

std::optional<QString> Document::open(const QString& path)
{
    model::Design loaded;
    try {
        const std::string p = path.toStdString();
        loaded = model::loadDesign(p);
        loaded.validateAgainst(*catalog_, p);
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    replaceDesign(std::move(loaded));
    setFilePath(path);
    return std::nullopt;
}

std::optional<QString> Document::openRecovered(const QString& autosavePath)
{
    if (auto error = open(autosavePath)) return error;
    setFilePath(QString());
    undo_.resetClean(); // no clean state: the recovered design is unsaved work
    emit modifiedChanged(true);
    return std::nullopt;
}

std::optional<QString> Document::saveAs(const QString& path)
{
    try {
        model::saveDesign(design_, path.toStdString());
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    setFilePath(path);
    undo_.setClean();
    return std::nullopt;
}

model::Id Document::requestAddNode(const model::Node& node)
{
    model::Node n = node;
    if (n.id == 0) n.id = design_.peekNextId();
    if (design_.node(n.id) || design_.link(n.id)) return 0;
    undo_.push(new AddNodeCommand(this, n));
    return n.id;
}

model::Id Document::requestAddLink(const model::Link& link)
{
    model::Link l = link;
    if (l.id == 0) l.id = design_.peekNextId();
    if (design_.link(l.id) || design_.node(l.id) || l.a.node == l.b.node || !design_.node(l.a.node) || !design_.node(l.b.node) ||
        l.count < 1 || l.lanes < 1)
        return 0;
    undo_.push(new AddLinkCommand(this, l));
    return l.id;
}

void Document::requestDelete(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links)
{
    auto cmd = std::make_unique<DeleteCommand>(this, nodes, links);
    if (cmd->isEmpty()) return;
    undo_.push(cmd.release());
}

void Document::requestMove(const std::vector<views::NodeMove>& moves)
{
    std::vector<views::NodeMove> real;
    for (const auto& m : moves)
        if (design_.node(m.id) && !(m.from == m.to)) real.push_back(m);
    if (real.empty()) return;
    undo_.push(new MoveCommand(this, std::move(real)));
}

void Document::requestSetNode(const model::Node& node, const QString& what)
{
    const model::Node* old = design_.node(node.id);
    if (!old || *old == node) return;
    undo_.push(new PropertyCommand(this, *old, node, what));
}

void Document::requestSetLink(const model::Link& link, const QString& what)
{
    const model::Link* old = design_.link(link.id);
    if (!old || *old == link || link.count < 1 || link.lanes < 1) return;
    undo_.push(new PropertyCommand(this, *old, link, what));
}

void Document::applyAddNode(const model::Node& node)
{
    const model::Id id = design_.addNode(node);
    emit nodeAdded(id);
    emit changed();
}

std::vector<model::Link> Document::applyRemoveNode(model::Id id)
{
    // Remove the attached links one by one first so the views hear about each of them.
    std::vector<model::Link> removed;
    for (const model::Link* l : design_.linksOf(id)) removed.push_back(*l);
    if (!design_.node(id)) throw std::invalid_argument("no node with id " + std::to_string(id));
    for (const auto& l : removed) applyRemoveLink(l.id);
    design_.removeNode(id);
    emit nodeRemoved(id);
    emit changed();
    return removed;
}

void Document::applyAddLink(const model::Link& link)
{
    const model::Id id = design_.addLink(link);
    emit linkAdded(id);
    emit changed();
}

void Document::applyRemoveLink(model::Id id)
{
    design_.removeLink(id);
    emit linkRemoved(id);
    emit changed();
}

void Document::applyMoveNode(model::Id id, model::Point to)
{
    design_.moveNode(id, to);
    emit nodeChanged(id);
    emit changed();
}

void Document::applyUpdateNode(const model::Node& node)
{
    design_.updateNode(node);
    emit nodeChanged(node.id);
    emit changed();
}

void Document::applyUpdateLink(const model::Link& link)
{
    design_.updateLink(link);
    emit linkChanged(link.id);
    emit changed();
}

void Document::applySetHeader(const std::string& name, const nlohmann::json& analysis)
{
    design_.name = name;
    design_.analysis = analysis;
    emit changed();
}

void Document::setCatalog(std::shared_ptr<const model::Catalog> catalog)
{
    if (!catalog) return;
    catalog_ = std::move(catalog);
    emit designReset();
    emit changed();
}

} // namespace app
