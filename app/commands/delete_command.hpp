#pragma once
/// @file delete_command.hpp
/// Undo command: delete a selection of nodes and links. It keeps the JSON of everything it
/// deletes, including the links attached to deleted nodes, so undo restores exactly the same
/// items with the same ids (the nodeeditor UndoCommands idea, shared/design/STYLE.md item 2).

#include "model/design/design.hpp"

#include <nlohmann/json.hpp>

#include <QUndoCommand>

#include <vector>

namespace app {

class Document;

class DeleteCommand final : public QUndoCommand {
public:
    /// Captures the current state of the named items; unknown ids are ignored.
    DeleteCommand(Document* doc, const std::vector<model::Id>& nodes, const std::vector<model::Id>& links,
                  QUndoCommand* parent = nullptr);
    /// True when none of the ids named an existing item (nothing to do).
    [[nodiscard]] bool isEmpty() const { return nodes_.empty() && links_.empty(); }
    void redo() override;
    void undo() override;

private:
    Document* doc_;
    nlohmann::json nodes_ = nlohmann::json::array(); ///< model::toJson of each deleted node
    nlohmann::json links_ = nlohmann::json::array(); ///< every deleted link, attached ones included
};

} // namespace app
