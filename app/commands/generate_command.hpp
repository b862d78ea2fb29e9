#pragma once
/// @file generate_command.hpp
/// Undo command of File > Generate Topology (views/generate/GenerateDialog, model/topology
/// generators): the generated design replaces the whole design, header included (a rented
/// cluster keeps its "rental" block), as ONE undoable edit named "Generate <design name>".
/// See ReplaceDesignCommand.

#include "app/commands/replace_design_command.hpp"

namespace app {

class GenerateCommand final : public ReplaceDesignCommand {
public:
    /// @param generated the new design (its ids and header are kept).
    GenerateCommand(Document* doc, const model::Design& generated, QUndoCommand* parent = nullptr);
};

} // namespace app
