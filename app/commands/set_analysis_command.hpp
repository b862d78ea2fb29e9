#pragma once
/// @file set_analysis_command.hpp
/// Undo command: replace the design's analysis settings (design.analysis: cost settings such
/// as a price set for this design, the workload, rule waivers) as one undoable edit; nodes,
/// links and the canvas stay as they are. Undo restores the previous settings exactly.

#include "app/commands/edit_command.hpp"

#include <nlohmann/json.hpp>

namespace app {

class SetAnalysisCommand final : public EditCommand {
public:
    /// @param text the step's name in the history, e.g. "Price of qm9700".
    SetAnalysisCommand(Document* doc, nlohmann::json before, nlohmann::json after, const QString& text, QUndoCommand* parent = nullptr);

protected:
    bool redoEdit(DesignEditor& e) override;
    bool undoEdit(DesignEditor& e) override;

private:
    nlohmann::json before_;
    nlohmann::json after_;
};

} // namespace app
