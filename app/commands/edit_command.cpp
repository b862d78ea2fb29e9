#include "app/commands/edit_command.hpp"

#include "app/document.hpp"
#include "app/error_report.hpp"

#include <QTimer>

namespace app {

EditCommand::EditCommand(Document* doc, QUndoCommand* parent) : QUndoCommand(parent), doc_(doc) {}

void EditCommand::redo()
{
    DesignEditor editor(*doc_);
    try {
        if (!redoEdit(editor)) setObsolete(true);
    } catch (...) {
        // Half an edit: restore the design, and let QUndoStack drop the command (obsolete) so
        // the history never records it. The error is shown once the push or redo has returned
        // (a dialog's event loop inside QUndoStack::push could start another edit).
        const QString message = describeCurrentException();
        doc_->rollBackFailedEdit();
        setObsolete(true);
        QTimer::singleShot(0, doc_, [message] { reportUnexpectedError(QObject::tr("editing the design"), message); });
    }
}

void EditCommand::undo()
{
    DesignEditor editor(*doc_);
    try {
        if (!undoEdit(editor)) setObsolete(true);
    } catch (...) {
        // Restore the design the history still points at (QUndoStack moves its index only
        // after undo() returns) and let the exception go on: GuardedApplication reports it.
        doc_->rollBackFailedEdit();
        throw;
    }
}

const model::Design& EditCommand::design() const { return doc_->design(); }

} // namespace app
