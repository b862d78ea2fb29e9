#include "app/document.hpp"

#include "app/error_text.hpp"
#include "app/commands/add_link_command.hpp"
#include "app/commands/add_node_command.hpp"
#include "app/commands/delete_command.hpp"
#include "app/commands/move_command.hpp"
#include "app/commands/property_command.hpp"
#include "app/commands/replace_design_command.hpp"
#include "app/commands/set_analysis_command.hpp"

#include "app/design_file.hpp"
#include "app/guarded_application.hpp"
#include "model/io/input_error.hpp"

#include <QFileInfo>

#include <exception>
#include <stdexcept>

namespace app {

Document::Document(std::shared_ptr<const model::Catalog> catalog, QObject* parent)
    : views::DesignDocument(parent), catalog_(std::move(catalog))
{
    connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
    // QUndoStack moves its index after a push, undo or redo has returned: the edit is complete.
    connect(&undo_, &QUndoStack::indexChanged, this, [this] {
        try {
            committed_.commit(design_);
        } catch (const std::invalid_argument& e) { // a change went unnoted; the checkpoint started over
            qWarning("document: %s; the checkpoint was copied afresh", e.what());
        }
    });
    if (auto* guarded = qobject_cast<GuardedApplication*>(QCoreApplication::instance()))
        connect(guarded, &GuardedApplication::exceptionCaught, this, &Document::rollBackFailedEdit);
}

namespace {
bool sameDesign(const model::Design& a, const model::Design& b)
{
    return a.name == b.name && a.analysis == b.analysis && a.nodes() == b.nodes() && a.links() == b.links();
}
} // namespace

void Document::rollBackFailedEdit()
{
    const model::Design& committed = committed_.design();
    committed_.discardNoted();
    if (sameDesign(design_, committed)) return;
    editFailed_ = true;
    design_ = committed;
    noteChange();
    emit designReset();
    emit changed();
}

void Document::setFilePath(const QString& path)
{
    // Absolute: the autosave copy records it, and a relative name ("d2.json" opened from the
    // command line) would name another file when the app restarts in another folder.
    const QString absolute = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    if (absolute == filePath_) return;
    filePath_ = absolute;
    emit filePathChanged(absolute);
}

void Document::replaceDesign(model::Design design)
{
    undo_.clear();
    design_ = std::move(design);
    committed_.reset(design_);
    noteChange();
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
        return loadErrorText(e);
    }
    replaceDesign(std::move(loaded));
    setFilePath(path);
    return std::nullopt;
}

std::optional<QString> Document::openRecovered(const QString& autosavePath, const QString& filePath)
{
    if (auto error = open(autosavePath)) return error;
    setFilePath(filePath);
    undo_.resetClean(); // no clean state: the recovered design is unsaved work
    emit modifiedChanged(true);
    return std::nullopt;
}

std::optional<QString> Document::openUntitled(const QString& path)
{
    if (auto error = open(path)) return error;
    setFilePath(QString());
    return std::nullopt;
}

std::optional<QString> Document::saveAs(const QString& path)
{
    if (auto error = writeDesignFile(design_, path)) return error;
    setFilePath(path);
    undo_.setClean();
    return std::nullopt;
}

bool Document::push(std::unique_ptr<EditCommand> command)
{
    if (!command) return false;
    const std::uint64_t before = revision_;
    editFailed_ = false;
    undo_.push(command.release()); // applies it; an obsolete (failed) command is deleted, not recorded
    return revision_ != before && !editFailed_; // a command that threw was rolled back
}

model::Id Document::requestAddNode(const model::Node& node)
{
    model::Node n = node;
    if (n.id == 0) n.id = design_.peekNextId();
    return push(std::make_unique<AddNodeCommand>(this, n)) ? n.id : 0;
}

model::Id Document::requestAddLink(const model::Link& link)
{
    model::Link l = link;
    if (l.id == 0) l.id = design_.peekNextId();
    return push(std::make_unique<AddLinkCommand>(this, l)) ? l.id : 0;
}

bool Document::requestDelete(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links)
{
    auto cmd = std::make_unique<DeleteCommand>(this, nodes, links);
    return !cmd->isEmpty() && push(std::move(cmd));
}

bool Document::requestMove(const std::vector<views::NodeMove>& moves)
{
    std::vector<views::NodeMove> real;
    for (const auto& m : moves)
        if (design_.node(m.id) && !(m.from == m.to)) real.push_back(m);
    return !real.empty() && push(std::make_unique<MoveCommand>(this, std::move(real)));
}

bool Document::requestSetNode(const model::Node& node, const QString& what)
{
    const model::Node* old = design_.node(node.id);
    if (!old || *old == node) return false;
    return push(std::make_unique<PropertyCommand>(this, *old, node, what));
}

bool Document::requestSetLink(const model::Link& link, const QString& what)
{
    const model::Link* old = design_.link(link.id);
    if (!old || *old == link) return false;
    return push(std::make_unique<PropertyCommand>(this, *old, link, what));
}

bool Document::requestReplaceDesign(const model::Design& design, const QString& what)
{
    return push(std::make_unique<ReplaceDesignCommand>(this, design, what));
}

bool Document::requestSetAnalysis(const nlohmann::json& analysis, const QString& what)
{
    if (!analysis.is_object() || analysis == design_.analysis) return false;
    return push(std::make_unique<SetAnalysisCommand>(this, design_.analysis, analysis, what));
}

void Document::setCatalog(std::shared_ptr<const model::Catalog> catalog)
{
    if (!catalog) return;
    catalog_ = std::move(catalog);
    emit designReset();
    emit changed();
}

} // namespace app
