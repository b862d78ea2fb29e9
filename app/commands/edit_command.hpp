#pragma once
/// @file edit_command.hpp
/// Base of every undo command of the document. It alone can make a DesignEditor, so the
/// design changes only through commands on the undo stack. A subclass says how to apply and
/// revert its change with the editor; when applying fails (the editor refused, nothing
/// changed), the command marks itself obsolete and QUndoStack::push drops it instead of
/// recording an edit that did not happen. When applying throws (a bug), the document restores
/// the design (Document::rollBackFailedEdit), the command is dropped the same way and the
/// error is shown in a dialog; when reverting throws, the design is restored and the
/// exception goes on to GuardedApplication, which shows it.
///
///     class RenameCommand final : public app::EditCommand {
///         bool redoEdit(app::DesignEditor& e) override { return e.updateNode(after_); }
///         bool undoEdit(app::DesignEditor& e) override { return e.updateNode(before_); }
///     };

#include "app/commands/design_editor.hpp"

#include <QUndoCommand>

namespace app {

class Document;

class EditCommand : public QUndoCommand {
public:
    /// Applies the change; marks the command obsolete when it could not be applied.
    void redo() final;
    /// Reverts the change; marks the command obsolete when it could not be reverted.
    void undo() final;

protected:
    explicit EditCommand(Document* doc, QUndoCommand* parent = nullptr);
    /// Makes the change. @return false when it cannot be made; nothing may have changed then.
    virtual bool redoEdit(DesignEditor& editor) = 0;
    /// Reverts it. @return false when it cannot be reverted; nothing may have changed then.
    virtual bool undoEdit(DesignEditor& editor) = 0;
    /// The design as it is now (read-only).
    [[nodiscard]] const model::Design& design() const;
    [[nodiscard]] Document* document() const { return doc_; }

private:
    Document* doc_;
};

} // namespace app
