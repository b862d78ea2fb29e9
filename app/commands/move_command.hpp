#pragma once
/// @file move_command.hpp
/// Undo command: move nodes. The canvas records positions on press and pushes one command on
/// release, only for nodes that moved; consecutive moves of the same set of nodes merge
/// (Qt undoframework example, shared/design/STYLE.md item 4). Positions in scene units.

#include "app/commands/command_ids.hpp"
#include "views/common/design_document.hpp"

#include <QUndoCommand>

#include <vector>

namespace app {

class Document;

class MoveCommand final : public QUndoCommand {
public:
    MoveCommand(Document* doc, std::vector<views::NodeMove> moves, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    [[nodiscard]] int id() const override { return kMoveCommandId; }
    /// Folds `other` in when it moves exactly the same nodes: keeps this command's start
    /// positions and takes the other's end positions.
    bool mergeWith(const QUndoCommand* other) override;

private:
    void updateText();
    Document* doc_;
    std::vector<views::NodeMove> moves_;
};

} // namespace app
