#pragma once
/// @file add_node_command.hpp
/// Undo command: add one server or switch (with a fixed id, so redo after undo recreates the
/// very same node).

#include "app/commands/edit_command.hpp"

namespace app {

class AddNodeCommand final : public EditCommand {
public:
    /// @param node the node to add; its id must be set (non-zero) and free, or redo fails
    ///        and the stack drops the command.
    AddNodeCommand(Document* doc, model::Node node, QUndoCommand* parent = nullptr);

protected:
    bool redoEdit(DesignEditor& e) override { return e.addNode(node_); }
    bool undoEdit(DesignEditor& e) override { return e.removeNode(node_.id); }

private:
    model::Node node_;
};

} // namespace app
