#pragma once
/// @file add_node_command.hpp
/// Undo command: add one server or switch (with a fixed id, so redo after undo recreates the
/// very same node).

#include "model/design/design.hpp"

#include <QUndoCommand>

namespace app {

class Document;

class AddNodeCommand final : public QUndoCommand {
public:
    /// @param node the node to add; its id must be set (non-zero) and free.
    AddNodeCommand(Document* doc, model::Node node, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* doc_;
    model::Node node_;
};

} // namespace app
