#pragma once
/// @file design_document.hpp
/// What the views see of the open document: the design and catalog (read-only), change
/// signals by id, and edit requests. The app's Document implements the requests as undo
/// commands, so a view never changes the design itself (shared/design/ARCHITECTURE.md,
/// "Every edit is a command that changes the model by id").

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <QObject>
#include <QString>

#include <map>
#include <vector>

namespace views {

/// A node's position before and after a drag, in scene units (1 unit = 1 px at 100 % zoom).
struct NodeMove {
    model::Id id = 0;
    model::Point from;
    model::Point to;
};

/// The document as the views know it. Signals fire after the design has changed.
class DesignDocument : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    ~DesignDocument() override = default;

    /// The current design. Valid until the next change signal.
    [[nodiscard]] virtual const model::Design& design() const = 0;
    /// The loaded hardware catalog (fixed for the document's lifetime).
    [[nodiscard]] virtual const model::Catalog& catalog() const = 0;

    // Edit requests. Each becomes one undoable edit and reports whether it changed the
    // design; a refused request changes nothing and leaves no step in the history.

    /// Adds a node (its id is assigned when 0). @return the new id, 0 when refused (id taken).
    virtual model::Id requestAddNode(const model::Node& node) = 0;
    /// Adds a link between two existing nodes. @return the new id, 0 when refused (same node
    /// at both ends, missing endpoint, count or lanes below 1, id taken).
    virtual model::Id requestAddLink(const model::Link& link) = 0;
    /// Deletes nodes (with their links) and links as one undoable edit. Unknown ids are ignored.
    /// @return false when no id named an existing item.
    virtual bool requestDelete(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links) = 0;
    /// Records a completed drag as one undoable edit (only entries whose position changed).
    /// @return false when no node moved.
    virtual bool requestMove(const std::vector<NodeMove>& moves) = 0;
    /// Replaces a node's properties (same id) as one undoable edit named `what`, e.g. "Rename".
    /// Consecutive edits of the same property of the same node merge into one undo step.
    /// @return false when there is no such node or nothing differs.
    virtual bool requestSetNode(const model::Node& node, const QString& what) = 0;
    /// Same for a link; also false when the new link is invalid (missing end, count < 1).
    virtual bool requestSetLink(const model::Link& link, const QString& what) = 0;
    /// Replaces the whole design, header included (name, analysis settings such as a rental
    /// block), as one undoable edit named `what` (generate, import, template); undo restores
    /// the old design exactly. @return true (a whole design can always replace another).
    virtual bool requestReplaceDesign(const model::Design& design, const QString& what) = 0;
    /// Replaces the design's analysis settings (design.analysis: workload, cost settings such
    /// as a price set for this design, rule waivers) as one undoable edit named `what`; the
    /// nodes, links and the canvas are untouched (analysisChanged and changed, no designReset).
    /// @return false when `analysis` is not a JSON object or nothing differs.
    virtual bool requestSetAnalysis(const nlohmann::json& analysis, const QString& what) = 0;

signals:
    void nodeAdded(model::Id id);
    void nodeRemoved(model::Id id);
    void nodeChanged(model::Id id);
    void linkAdded(model::Id id);
    void linkRemoved(model::Id id);
    void linkChanged(model::Id id);
    /// The whole design was replaced (open, new): views rebuild from scratch.
    void designReset();
    /// The design's analysis settings (design.analysis) were replaced; nodes and links stay.
    void analysisChanged();
    /// Any of the above happened (one signal per change, after the specific one).
    void changed();
};

} // namespace views
