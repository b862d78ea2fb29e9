#pragma once
/// @file paste_command.hpp
/// Undo command: add the nodes and links of a paste or duplicate (model::planPaste: fresh ids,
/// names made unique, links between the copied items kept) as ONE undoable edit. Redo after
/// undo adds the very same items with the same ids. All or nothing: when one item cannot be
/// added (an id taken meanwhile), what was added is removed again and the command is dropped.

#include "app/commands/edit_command.hpp"
#include "model/design/clipboard.hpp"

namespace app {

class PasteCommand final : public EditCommand {
public:
    /// @param plan what to add (ids free in the document); @param verb "Paste" or "Duplicate".
    PasteCommand(Document* doc, model::PastePlan plan, const QString& verb, QUndoCommand* parent = nullptr);
    [[nodiscard]] const model::PastePlan& plan() const { return plan_; }

protected:
    bool redoEdit(DesignEditor& e) override;
    bool undoEdit(DesignEditor& e) override;

private:
    model::PastePlan plan_;
};

} // namespace app
