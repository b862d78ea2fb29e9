#pragma once
/// @file move_command.hpp
/// Undo command: move nodes. The canvas records positions on press and pushes one command on
/// release, only for nodes that moved; consecutive moves of the same set of nodes merge
/// (Qt undoframework example, shared/design/STYLE.md item 4). Positions in scene units.
/// Redo and undo check that every node is there and change nothing when one is missing.

#include "app/commands/command_ids.hpp"
#include "app/commands/edit_command.hpp"
#include "views/common/design_document.hpp"

#include <vector>

namespace app {

class MoveCommand final : public EditCommand {
public:
    /// @param text the history entry ("Align left", "Auto-layout"); such a named arrangement is
    ///        its own step and never merges. Empty: "Move <name>" / "Move N nodes", merging.
    MoveCommand(Document* doc, std::vector<views::NodeMove> moves, const QString& text = {},
                QUndoCommand* parent = nullptr);
    [[nodiscard]] int id() const override { return kMoveCommandId; }
    /// Folds `other` in when it moves exactly the same nodes: keeps this command's start
    /// positions and takes the other's end positions.
    bool mergeWith(const QUndoCommand* other) override;

protected:
    bool redoEdit(DesignEditor& e) override { return moveAll(e, true); }
    bool undoEdit(DesignEditor& e) override { return moveAll(e, false); }

private:
    bool moveAll(DesignEditor& e, bool toEnd);
    void updateText();
    std::vector<views::NodeMove> moves_;
    bool named_ = false;
};

} // namespace app
