#pragma once
/// @file file_controller.hpp
/// File handling of the main window: New, New from Template, Open, Open Recent, Save, Save As,
/// Save as Template, export of the canvas to PNG or SVG, and the "unsaved changes" question on
/// close. Templates (bundled or the user's) always open as untitled designs, and the bundled
/// template folder is never written, so a template cannot be overwritten. Dialogs go through replaceable prompt
/// functions so tests run without blocking (the bad-input rule: a malformed design shows a
/// dialog naming the problem and leaves the current design untouched).

#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace views {
class CanvasView;
}

class QPainter;
class QRectF;

namespace app {

class Document;
class RecentFiles;

class FileController final : public QObject {
    Q_OBJECT
public:
    /// Answer to "save the changes?".
    enum class SaveAnswer { Save, Discard, Cancel };

    /// The dialogs, replaceable by tests. Defaults use QMessageBox / QFileDialog on `window`.
    struct Prompts {
        std::function<void(const QString& title, const QString& message)> error;
        std::function<SaveAnswer(const QString& documentName)> askSave;
        /// The file chosen, empty = cancelled. `start` is where the dialog starts: the folder
        /// last used for designs (or exports), else Documents (views/common/dialog_folders.hpp);
        /// for a save, with the suggested file name.
        std::function<QString(const QString& caption, const QString& filter, const QString& start)> openPath;
        std::function<QString(const QString& caption, const QString& filter, const QString& start)> savePath;
        std::function<QString()> chooseTemplate;  ///< File > New from Template; the file, empty = cancelled
        std::function<QString(const QString& suggested)> templateTitle; ///< Save as Template; empty = cancelled
    };

    FileController(QWidget* window, Document* doc, views::CanvasView* canvas, QObject* parent = nullptr);

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    [[nodiscard]] const Prompts& prompts() const { return prompts_; }

    /// Opens `path`; a template (app/template_library.hpp) opens as an untitled design. On
    /// failure shows the error (file, entry, field, expected, what to do) and keeps the current
    /// design. @return true on success.
    bool openPath(const QString& path);
    /// Opens `path` as a new untitled design based on it (Save asks for a file name).
    bool openTemplate(const QString& path);
    /// Writes the design as a template titled `title` into the user's template folder.
    /// @return the file written, empty on failure (errors are shown).
    QString saveTemplate(const QString& title);
    /// The recent files list (File > Open Recent).
    [[nodiscard]] RecentFiles* recentFiles() const { return recent_; }
    /// Writes to `path` atomically. @return true on success (errors are shown).
    bool saveTo(const QString& path);
    /// Renders the whole design (not just the visible part, never the selection) to a PNG at
    /// 1 px per scene unit x `scale`, to an SVG, or to one vector PDF page the size of the
    /// drawing. @return true on success (errors are shown; bundled data is never written).
    bool exportPng(const QString& path, double scale = 1.0);
    bool exportSvg(const QString& path);
    bool exportPdf(const QString& path);

    /// Where Save As starts: the folder last used for designs (never the bundled templates),
    /// else Documents, with the design's file name (or its name as a file name) suggested.
    [[nodiscard]] QString saveAsStart() const;
    /// The current file's base name, else the design's name as a file name ("my-2-su-pod").
    [[nodiscard]] QString suggestedBaseName() const;

    /// When the design has unsaved changes, asks whether to save them. @return false when the
    /// user cancelled (or the save failed): the caller must not discard the design.
    bool maybeSave();

public slots:
    void newDesign();
    void newFromTemplate();
    void open();
    void saveAsTemplate();
    bool save();
    bool saveAs();
    void exportCanvas();

private:
    /// True (and says why) when `path` lies in the bundled data, which no export may write.
    bool refusesExport(const QString& path);
    /// Paints the whole design into `target` on `p`, the selection hidden for the picture.
    void paintDesign(QPainter& p, const QRectF& target);
    QWidget* window_;
    Document* doc_;
    views::CanvasView* canvas_;
    Prompts prompts_;
    RecentFiles* recent_;
};

} // namespace app
