#include "app/commands/set_analysis_command.hpp"

#include "app/commands/design_editor.hpp"

namespace app {

SetAnalysisCommand::SetAnalysisCommand(Document* doc, nlohmann::json before, nlohmann::json after, const QString& text,
                                       QUndoCommand* parent)
    : EditCommand(doc, parent), before_(std::move(before)), after_(std::move(after))
{
    setText(text);
}

bool SetAnalysisCommand::redoEdit(DesignEditor& e) { return e.setAnalysis(after_); }

bool SetAnalysisCommand::undoEdit(DesignEditor& e) { return e.setAnalysis(before_); }

} // namespace app
