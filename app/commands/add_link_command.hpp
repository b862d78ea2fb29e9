#pragma once
/// @file add_link_command.hpp
/// Undo command: connect two nodes with a link (fixed id, like AddNodeCommand).

#include "app/commands/edit_command.hpp"

namespace app {

class AddLinkCommand final : public EditCommand {
public:
    /// @param link the link to add; its id must be set and free and both endpoints must
    ///        exist, or redo fails and the stack drops the command.
    AddLinkCommand(Document* doc, model::Link link, QUndoCommand* parent = nullptr);

protected:
    bool redoEdit(DesignEditor& e) override { return e.addLink(link_); }
    bool undoEdit(DesignEditor& e) override { return e.removeLink(link_.id); }

private:
    model::Link link_;
};

} // namespace app
