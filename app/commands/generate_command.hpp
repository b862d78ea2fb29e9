#pragma once
/// @file generate_command.hpp
/// Undo command: replace the whole design's nodes and links with a generated topology
/// (views/generate/GenerateDialog, model/topology generators) as ONE undoable edit. It keeps
/// the JSON of the old and the new items, so undo restores the old design exactly (same ids)
/// and redo brings the generated one back.
///
/// Limitation: Document offers no primitive for the design's name and analysis settings, so
/// those stay as they were; the generator's analysis entries (e.g. "rental" with the price
/// per GPU-hour) reach the document only when the design is saved from the command line.

#include "model/design/design.hpp"

#include <nlohmann/json.hpp>

#include <QUndoCommand>

namespace app {

class Document;

class GenerateCommand final : public QUndoCommand {
public:
    /// @param generated the new design (its node and link ids are kept).
    GenerateCommand(Document* doc, const model::Design& generated, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    /// Removes every item of the document, then adds `nodes` and `links` from their JSON.
    void replaceWith(const nlohmann::json& nodes, const nlohmann::json& links);
    Document* doc_;
    nlohmann::json oldNodes_ = nlohmann::json::array(), oldLinks_ = nlohmann::json::array();
    nlohmann::json newNodes_ = nlohmann::json::array(), newLinks_ = nlohmann::json::array();
};

} // namespace app
