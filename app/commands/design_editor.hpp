#pragma once
/// @file design_editor.hpp
/// The primitive changes of the open design: the only way to change app::Document's design.
/// Only undo commands get one (EditCommand::redoEdit / undoEdit receive it), so no edit can
/// bypass the undo stack (shared/design/STYLE.md items 2-3: edits are requests that compose
/// their undo; a failed request changes nothing).
///
/// Every change is all-or-nothing: it returns false and changes nothing (no signal) when it
/// cannot be made, else it changes the design and emits the document's signal for it, then
/// changed(). The results worker keeps its copy of the design by those signals
/// (app/analysis_thread.hpp), so a new primitive must emit one of them, or designReset.

#include "model/design/design.hpp"

namespace app {

class Document;
class EditCommand;

class DesignEditor final {
public:
    /// The design as it is now.
    [[nodiscard]] const model::Design& design() const;

    /// Adds `n` with its id (non-zero). False when the id is 0 or taken.
    bool addNode(const model::Node& n);
    /// Removes node `id` and, first, each link attached to it (each signalled as removed).
    /// False when there is no such node.
    bool removeNode(model::Id id);
    /// Adds `l` with its id (non-zero). False when the id is 0 or taken, an end is missing,
    /// both ends are one node, or count or lanes < 1.
    bool addLink(const model::Link& l);
    /// False when there is no such link.
    bool removeLink(model::Id id);
    /// Moves node `id` to `to` (scene units). False when there is no such node.
    bool moveNode(model::Id id, model::Point to);
    /// Replaces the properties of the node with `n.id`. False when there is none.
    bool updateNode(const model::Node& n);
    /// Replaces the properties of the link with `l.id`. False when there is none or its new
    /// ends are invalid (as addLink).
    bool updateLink(const model::Link& l);
    /// Replaces the whole design, header included (name, analysis settings such as the
    /// rental block), and emits designReset then changed(). Never fails.
    void replaceDesign(const model::Design& d);
    /// Replaces design.analysis (the settings header) and emits analysisChanged then changed():
    /// nodes, links and the canvas stay. False when `analysis` is not an object or equals the current one.
    bool setAnalysis(const nlohmann::json& analysis);

private:
    friend class EditCommand; // the passkey: only undo commands construct an editor
    explicit DesignEditor(Document& doc) : doc_(doc) {}
    Document& doc_;
};

} // namespace app
