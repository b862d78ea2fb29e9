#pragma once
/// @file add_link_command.hpp
/// Undo command: connect two nodes with a link (fixed id, like AddNodeCommand).

#include "model/design/design.hpp"

#include <QUndoCommand>

namespace app {

class Document;

class AddLinkCommand final : public QUndoCommand {
public:
    /// @param link the link to add; its id must be set and free, both endpoints must exist.
    AddLinkCommand(Document* doc, model::Link link, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document* doc_;
    model::Link link_;
};

} // namespace app
