#pragma once
/// @file document.hpp
/// The open document: owns the model::Design, the catalog and the undo stack. Views read the
/// design and send edit requests; each request becomes one undo command (app/commands/, all
/// derived from EditCommand) and reports whether it was applied. The commands change the
/// design through a DesignEditor, which only they can obtain (design_editor.hpp), so nothing
/// edits the design around the undo stack. Opening, new and recovering a design replace it
/// outside the history (they clear it).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/design/design_checkpoint.hpp"
#include "views/common/design_document.hpp"

#include <QUndoStack>

#include <cstdint>
#include <memory>
#include <optional>

namespace app {

class DesignEditor;
class EditCommand;

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
    /// Counts every change of the design (each primitive change of a command, each open/new);
    /// a request was applied when it moved this on.
    [[nodiscard]] std::uint64_t revision() const { return revision_; }

    /// Absolute path of the file the design was opened from or saved to; empty for a new design.
    [[nodiscard]] QString filePath() const { return filePath_; }
    /// True when the design differs from the last opened or saved state.
    [[nodiscard]] bool isModified() const { return !undo_.isClean(); }

    /// Replaces the design with a fresh one (empty undo history, no file).
    void newDesign(model::Design design = {});
    /// Reads and validates `path` against the catalog. On success the design is replaced and
    /// the history cleared. @return the InputError text (file, entry, field, expected) on
    /// failure, in which case the current design and history are untouched.
    [[nodiscard]] std::optional<QString> open(const QString& path);
    /// Replaces the design with one recovered from an autosave, marked modified (the recovered
    /// work is not saved anywhere yet) and tied to `filePath` (the design file the work belongs
    /// to, app::recoveryTarget; empty: none, Save asks for a name). @return the error text on failure.
    [[nodiscard]] std::optional<QString> openRecovered(const QString& autosavePath, const QString& filePath = QString());
    /// Opens `path` as a new untitled design based on it (templates): no file path and not
    /// modified, so Save asks for a file name and the file itself is never written.
    /// @return the error text on failure (nothing changes then).
    [[nodiscard]] std::optional<QString> openUntitled(const QString& path);
    /// Writes the design atomically to `path` (writeDesignFile: QSaveFile) and marks it unmodified.
    /// @return the error text on failure (nothing changes then).
    [[nodiscard]] std::optional<QString> saveAs(const QString& path);

    // Edit requests (views::DesignDocument): each pushes one undo command and reports whether
    // it changed the design; a refused request changes nothing and records nothing.
    model::Id requestAddNode(const model::Node& node) override;
    model::Id requestAddLink(const model::Link& link) override;
    bool requestDelete(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links) override;
    bool requestMove(const std::vector<views::NodeMove>& moves) override;
    bool requestSetNode(const model::Node& node, const QString& what) override;
    bool requestSetLink(const model::Link& link, const QString& what) override;
    bool requestReplaceDesign(const model::Design& design, const QString& what) override;
    bool requestSetAnalysis(const nlohmann::json& analysis, const QString& what) override;

    /// Pushes `command` onto the undo stack (which applies it). For requests that need a
    /// command of their own (copy/paste, ...). @return whether it changed the design; when
    /// it did not, the stack dropped it.
    bool push(std::unique_ptr<EditCommand> command);

public slots:
    /// Restores the design as it was after the last completed edit (or open) when an edit
    /// failed half-way: EditCommand calls it when its redoEdit() or undoEdit() throws
    /// (QUndoStack moves its index only after a command returns, so the history still matches
    /// that design). Also connected to GuardedApplication::exceptionCaught. A no-op when the
    /// design is unchanged; else emits designReset and changed.
    void rollBackFailedEdit();

signals:
    void filePathChanged(const QString& path);
    void modifiedChanged(bool modified);

private:
    friend class DesignEditor; // the primitive changes, reachable from undo commands only
    void setFilePath(const QString& path);
    void replaceDesign(model::Design design);
    void noteChange() { ++revision_; }

    std::shared_ptr<const model::Catalog> catalog_;
    model::Design design_;
    /// The design after the last completed edit, open or new: what rollBackFailedEdit restores.
    /// Kept current from the ids each edit touched (DesignEditor notes them), not copied.
    model::DesignCheckpoint committed_;
    bool editFailed_ = false; ///< set by rollBackFailedEdit while push() runs
    QUndoStack undo_;
    QString filePath_;
    std::uint64_t revision_ = 0;
};

} // namespace app
