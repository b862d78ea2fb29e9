#pragma once
/// @file file_controller.hpp
/// File handling of the main window: New, Open, Save, Save As, export of the canvas to PNG or
/// SVG, and the "unsaved changes" question on close. Dialogs go through replaceable prompt
/// functions so tests run without blocking (the bad-input rule: a malformed design shows a
/// dialog naming the problem and leaves the current design untouched).

#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace views {
class CanvasView;
}

namespace app {

class Document;

class FileController final : public QObject {
    Q_OBJECT
public:
    /// Answer to "save the changes?".
    enum class SaveAnswer { Save, Discard, Cancel };

    /// The dialogs, replaceable by tests. Defaults use QMessageBox / QFileDialog on `window`.
    struct Prompts {
        std::function<void(const QString& title, const QString& message)> error;
        std::function<SaveAnswer(const QString& documentName)> askSave;
        std::function<QString(const QString& caption, const QString& filter)> openPath;  ///< empty = cancelled
        std::function<QString(const QString& caption, const QString& filter)> savePath;  ///< empty = cancelled
    };

    FileController(QWidget* window, Document* doc, views::CanvasView* canvas, QObject* parent = nullptr);

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    [[nodiscard]] const Prompts& prompts() const { return prompts_; }

    /// Opens `path`. On failure shows the error (file, entry, field, expected) and keeps the
    /// current design. @return true on success.
    bool openPath(const QString& path);
    /// Writes to `path` atomically. @return true on success (errors are shown).
    bool saveTo(const QString& path);
    /// Renders the whole design (not just the visible part) to a PNG at 1 px per scene unit x
    /// `scale`, or to an SVG. @return true on success (errors are shown).
    bool exportPng(const QString& path, double scale = 1.0);
    bool exportSvg(const QString& path);

    /// When the design has unsaved changes, asks whether to save them. @return false when the
    /// user cancelled (or the save failed): the caller must not discard the design.
    bool maybeSave();

public slots:
    void newDesign();
    void open();
    bool save();
    bool saveAs();
    void exportCanvas();

private:
    QWidget* window_;
    Document* doc_;
    views::CanvasView* canvas_;
    Prompts prompts_;
};

} // namespace app
