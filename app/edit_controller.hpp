#pragma once
/// @file edit_controller.hpp
/// Edit and Arrange actions of the main window: cut, copy, paste and duplicate (the selection
/// travels as JSON through the system clipboard, links between copied items kept), select
/// all, align, distribute and auto-layout in tiers. Each edit is one undo command
/// (PasteCommand, DeleteCommand, MoveCommand named after the arrangement).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/design/arrange.hpp"

namespace views {
class CanvasView;
}

namespace app {

class Document;

class EditController final : public QObject {
    Q_OBJECT
public:
    /// MIME type of a copied selection on the clipboard (the JSON of model::copySelection).
    static constexpr const char* kMimeType = "application/x-cluster-designer-selection";
    /// Offset of a duplicate from its original, scene units (four grid steps right and down).
    static constexpr double kDuplicateOffset = 40.0;

    EditController(Document* doc, views::CanvasView* canvas, QObject* parent = nullptr);

    /// True when the clipboard holds a copied selection.
    [[nodiscard]] bool canPaste() const;
    /// Pastes the clipboard with its centre at `scenePos` (snapped to the grid). @return the
    /// number of nodes added (0 when the clipboard holds no selection).
    int pasteAt(QPointF scenePos);

public slots:
    void copy();
    void cut();
    /// Pastes under the mouse pointer when it is over the canvas, else beside the originals.
    void paste();
    /// Copies the selection in place, kDuplicateOffset right and down, and selects the copy.
    void duplicate();
    void selectAll();
    void align(model::Alignment how);
    void distribute(model::Distribution how);
    /// Places every node in the rows of a fat tree (model::topology::tierLayout), one undo
    /// step, then zooms to fit.
    void autoLayout();

signals:
    /// Whether the clipboard holds a selection changed (enables Paste).
    void pasteAvailable(bool available);

private:
    /// Adds the clipboard's items moved by `offset`; selects them. @return nodes added.
    int pasteWithOffset(model::Point offset, const QString& verb, const nlohmann::json* selection = nullptr);

    Document* doc_;
    views::CanvasView* canvas_;
    int pasteCount_ = 0; ///< pastes of the same clipboard beside the originals, for the cascade
};

} // namespace app
