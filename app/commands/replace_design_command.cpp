#include "app/commands/replace_design_command.hpp"

namespace app {

ReplaceDesignCommand::ReplaceDesignCommand(Document* doc, model::Design replacement, const QString& text,
                                           QUndoCommand* parent)
    : EditCommand(doc, parent), before_(design()), after_(std::move(replacement))
{
    setText(text);
}

bool ReplaceDesignCommand::redoEdit(DesignEditor& e)
{
    e.replaceDesign(after_);
    return true;
}

bool ReplaceDesignCommand::undoEdit(DesignEditor& e)
{
    e.replaceDesign(before_);
    return true;
}

} // namespace app
