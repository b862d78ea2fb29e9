#pragma once
/// @file delete_command.hpp
/// Undo command: delete a selection of nodes and links. It keeps the JSON of everything it
/// deletes, including the links attached to deleted nodes, so undo restores exactly the same
/// items with the same ids (the nodeeditor UndoCommands idea, shared/design/STYLE.md item 2).
/// Redo and undo check first that every item is there (or free) and change nothing when not.

#include "app/commands/edit_command.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace app {

class DeleteCommand final : public EditCommand {
public:
    /// Captures the current state of the named items; unknown ids are ignored.
    DeleteCommand(Document* doc, const std::vector<model::Id>& nodes, const std::vector<model::Id>& links,
                  QUndoCommand* parent = nullptr);
    /// True when none of the ids named an existing item (nothing to do).
    [[nodiscard]] bool isEmpty() const { return nodes_.empty() && links_.empty(); }

protected:
    bool redoEdit(DesignEditor& e) override;
    bool undoEdit(DesignEditor& e) override;

private:
    nlohmann::json nodes_ = nlohmann::json::array(); ///< model::toJson of each deleted node
    nlohmann::json links_ = nlohmann::json::array(); ///< every deleted link, attached ones included
};

} // namespace app
