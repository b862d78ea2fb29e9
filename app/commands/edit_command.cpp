#include "app/commands/edit_command.hpp"

#include "app/document.hpp"

namespace app {

EditCommand::EditCommand(Document* doc, QUndoCommand* parent) : QUndoCommand(parent), doc_(doc) {}

void EditCommand::redo()
{
    DesignEditor editor(*doc_);
    if (!redoEdit(editor)) setObsolete(true);
}

void EditCommand::undo()
{
    DesignEditor editor(*doc_);
    if (!undoEdit(editor)) setObsolete(true);
}

const model::Design& EditCommand::design() const { return doc_->design(); }

} // namespace app
