#pragma once
/// @file document.hpp
/// The open document: owns the model::Design, the catalog and the undo stack. Views read the
/// design and send edit requests; each request becomes one QUndoCommand (app/commands/) that
/// changes the design by id through the apply*() functions below, which emit the change
/// signals. Nothing else edits the design.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "views/common/design_document.hpp"

#include <QUndoStack>

#include <memory>
#include <optional>

namespace app {

class Document final : public views::DesignDocument {
    Q_OBJECT
public:
    /// @param catalog the loaded catalog; shared (read-only) with the analysis worker.
    explicit Document(std::shared_ptr<const model::Catalog> catalog, QObject* parent = nullptr);

    [[nodiscard]] const model::Design& design() const override { return design_; }
    [[nodiscard]] const model::Catalog& catalog() const override { return *catalog_; }
    [[nodiscard]] std::shared_ptr<const model::Catalog> sharedCatalog() const { return catalog_; }
    /// Replaces the catalog (user catalogs reloaded without restarting) and emits designReset
    /// so every view redraws and the analysis re-runs. The design itself is unchanged; models
    /// the new catalog lacks show as "not in catalog" and are reported by the analysis.
    void setCatalog(std::shared_ptr<const model::Catalog> catalog);
    [[nodiscard]] QUndoStack* undoStack() { return &undo_; }

    /// Path of the file the design was opened from or saved to; empty for a new design.
    [[nodiscard]] QString filePath() const { return filePath_; }
    /// True when the design differs from the last opened or saved state.
    [[nodiscard]] bool isModified() const { return !undo_.isClean(); }

    /// Replaces the design with a fresh one (empty undo history, no file).
    void newDesign(model::Design design = {});
    /// Reads and validates `path` against the catalog. On success the design is replaced and
    /// the history cleared. @return the InputError text (file, entry, field, expected) on
    /// failure, in which case the current design and history are untouched.
    [[nodiscard]] std::optional<QString> open(const QString& path);
    /// Replaces the design with one recovered from an autosave: no file path, and marked
    /// modified (the recovered work is not saved anywhere yet). @return the error text on failure.
    [[nodiscard]] std::optional<QString> openRecovered(const QString& autosavePath);
    /// Writes the design atomically to `path` (model::saveDesign) and marks it unmodified.
    /// @return the error text on failure (nothing changes then).
    [[nodiscard]] std::optional<QString> saveAs(const QString& path);

    // Edit requests (views::DesignDocument): each pushes one undo command.
    model::Id requestAddNode(const model::Node& node) override;
    model::Id requestAddLink(const model::Link& link) override;
    void requestDelete(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links) override;
    void requestMove(const std::vector<views::NodeMove>& moves) override;
    void requestSetNode(const model::Node& node, const QString& what) override;
    void requestSetLink(const model::Link& link, const QString& what) override;

    // Primitive changes, for undo commands only. Each throws std::invalid_argument (from
    // model::Design) when the id is unknown, and emits the matching signal plus changed().
    void applyAddNode(const model::Node& node);
    /// @return the links that were attached to the node (already removed).
    std::vector<model::Link> applyRemoveNode(model::Id id);
    void applyAddLink(const model::Link& link);
    void applyRemoveLink(model::Id id);
    void applyMoveNode(model::Id id, model::Point to);
    void applyUpdateNode(const model::Node& node);
    void applyUpdateLink(const model::Link& link);
    /// Sets the design's name and analysis settings (Design::name, Design::analysis).
    void applySetHeader(const std::string& name, const nlohmann::json& analysis);

signals:
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    void setFilePath(const QString& path);
    void replaceDesign(model::Design design);

    std::shared_ptr<const model::Catalog> catalog_;
    model::Design design_;
    QUndoStack undo_;
    QString filePath_;
};

} // namespace app
