#pragma once
/// @file replace_design_command.hpp
/// Undo command: replace the WHOLE design as one undoable edit: its nodes and links and its
/// header (name and analysis settings: workload, the rental block of a rented cluster, rule
/// waivers, the generator's record). Generate Topology, an import or a template is one of
/// these. Both designs are kept whole, so undo restores the old one exactly (ids, header and
/// the next free id) and redo brings the new one back; the views rebuild once (designReset)
/// instead of hearing thousands of single changes.

#include "app/commands/edit_command.hpp"

namespace app {

class ReplaceDesignCommand : public EditCommand {
public:
    /// @param replacement the new design, kept as given (ids and header included).
    /// @param text the step's name in the history, e.g. "Generate 64x DGX B200 fat tree".
    ReplaceDesignCommand(Document* doc, model::Design replacement, const QString& text, QUndoCommand* parent = nullptr);

protected:
    bool redoEdit(DesignEditor& e) override;
    bool undoEdit(DesignEditor& e) override;

private:
    model::Design before_;
    model::Design after_;
};

} // namespace app
