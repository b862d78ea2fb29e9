#pragma once
/// @file import_controller.hpp
/// File > Import and files dropped on the main window: reads what a cluster printed
/// (model/io/import) and brings it into the document as ONE undoable edit:
/// - a server model (nvidia-smi topo -m, NCCL topology XML, lspci) replaces the design with one
///   server of the matching catalog entry (asking which one when the file does not name its
///   GPU), its import record attached. When the open design has unsaved changes or is not
///   empty, the user is asked first (Save / Replace / Cancel, naming the file and the design it
///   replaces, as File > Open asks); Cancel, or a save that fails, changes nothing;
/// - a measured curve or a log is attached to the open design (design.analysis["imported"]),
///   so the analysis worker sets it beside the design after every edit: the busbw chart
///   overlays it with the error at every size, the Import dock and the design rules list the
///   advisor's findings.
/// Reading and parsing run off the UI thread; a file that cannot be read shows a dialog naming
/// it, the line and what was expected, and changes nothing. Dialogs go through replaceable
/// prompts so tests run without blocking.

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class QThread;
class QWidget;

namespace model::io {
struct ImportResult;
}

namespace app {

class Document;

class ImportController final : public QObject {
    Q_OBJECT
public:
    /// Answer to "the import replaces the open design": save it first, replace it, or keep it.
    enum class ReplaceAnswer { Save, Replace, Cancel };

    /// The dialogs, replaceable by tests. Defaults use QMessageBox / QFileDialog / QInputDialog;
    /// a member left empty in setPrompts keeps its default.
    struct Prompts {
        std::function<void(const QString& title, const QString& message)> error;
        /// The file chosen, empty = cancelled; the dialog starts in `start`, the folder last used
        /// for imports, else Documents (views/common/dialog_folders.hpp).
        std::function<QString(const QString& caption, const QString& filter, const QString& start)> openPath;
        /// Chooses a catalog server id among `ids` (labels shown); empty = cancelled.
        std::function<QString(const QString& question, const QStringList& ids, const QStringList& labels)> chooseServer;
        /// Asked before a server model replaces the open design: `file` is the imported file's
        /// name, `design` names the design it replaces, `modified` says whether that design has
        /// unsaved changes (only then is Save offered).
        std::function<ReplaceAnswer(const QString& file, const QString& design, bool modified)> confirmReplace;
    };

    /// Watches `window` for dropped files (it is made to accept drops).
    ImportController(QWidget* window, Document* doc, QObject* parent = nullptr);
    ~ImportController() override;

    /// Replaces the dialogs; empty members keep the defaults.
    void setPrompts(Prompts prompts);
    /// How the answer Save saves the open design (the main window passes File > Save, which asks
    /// for a file name when the design has none). Returns false when the design was not saved
    /// (cancelled or failed): then the import changes nothing. Unset, Save is treated as Cancel.
    void setSaveDesign(std::function<bool()> save) { saveDesign_ = std::move(save); }

    /// Imports `path` (kind detected): reads it off the UI thread, then applies it (see the file
    /// comment) and emits finished. Returns at once; a second call while one runs is queued.
    void importPath(const QString& path);
    /// True while a file is being read.
    [[nodiscard]] bool busy() const { return thread_ != nullptr; }

public slots:
    /// Asks for a file and imports it.
    void importFile();

signals:
    /// An import ended: `summary` says what changed ("Imported nccl_tests_13.txt: curve, 1
    /// finding") or, when `ok` is false, why nothing did.
    void finished(bool ok, const QString& summary);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void apply(const QString& path, std::shared_ptr<model::io::ImportResult> result, const QString& error);
    void startNext();
    /// Asks whether the server model of `file` may replace the open design (nothing asked when
    /// the design is empty and unmodified); saves it first when the user says so.
    /// @return true when the import may go on.
    bool mayReplace(const QString& file);

    QWidget* window_;
    Document* doc_;
    Prompts prompts_;
    Prompts defaults_;
    std::function<bool()> saveDesign_;
    QThread* thread_ = nullptr;
    QStringList queue_;
};

} // namespace app
