#include "app/import_controller.hpp"
#include "app/cli/text_wrap.hpp"
#include "views/common/qt_string.hpp"

#include "app/document.hpp"
#include "app/error_report.hpp"
#include "views/common/dialog_folders.hpp"
#include "views/common/gui_input_error.hpp"
#include "views/common/plural.hpp"

#include "model/io/import/import_design.hpp"
#include "model/io/input_error.hpp"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QThread>
#include <QUrl>
#include <QWidget>

namespace app {

namespace {

using views::q;

/// Local files of a drag that the importers may read (a design .json is not one of them).
QStringList importableFiles(const QMimeData* mime)
{
    QStringList out;
    if (!mime || !mime->hasUrls()) return out;
    for (const QUrl& u : mime->urls()) {
        if (!u.isLocalFile()) return {};
        const QString path = u.toLocalFile();
        if (path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) || !QFileInfo(path).isFile()) return {};
        out << path;
    }
    return out;
}

} // namespace

ImportController::ImportController(QWidget* window, Document* doc, QObject* parent) : QObject(parent), window_(window), doc_(doc)
{
    prompts_.error = [window](const QString& title, const QString& message) { QMessageBox::warning(window, title, message); };
    prompts_.openPath = [window](const QString& caption, const QString& filter, const QString& start) {
        return QFileDialog::getOpenFileName(window, caption, start, filter);
    };
    prompts_.chooseServer = [window](const QString& question, const QStringList& ids, const QStringList& labels) {
        bool ok = false;
        // Wrapped to a readable width: a long reason made the dialog 1,462 px wide.
        QStringList lines;
        for (const QString& paragraph : question.split(QLatin1Char('\n'))) lines << cli::wrapWords(paragraph, 90).join(QLatin1Char('\n'));
        const QString item = QInputDialog::getItem(window, tr("Import"), lines.join(QLatin1Char('\n')), labels, 0, false, &ok);
        return ok ? ids.value(labels.indexOf(item)) : QString();
    };
    prompts_.confirmReplace = [window](const QString& file, const QString& design, bool modified) {
        QMessageBox box(QMessageBox::Question, tr("Import replaces the design"),
                        modified ? tr("Importing \"%1\" replaces the open design \"%2\", which has unsaved changes, "
                                      "with one server of the imported model.\n\nSave the changes to \"%2\" first?")
                                       .arg(file, design)
                                 : tr("Importing \"%1\" replaces the open design \"%2\" with one server of the "
                                      "imported model (Edit > Undo brings the design back).")
                                       .arg(file, design),
                        QMessageBox::Cancel, window);
        QPushButton* save = modified ? box.addButton(QMessageBox::Save) : nullptr;
        QPushButton* replace = box.addButton(modified ? tr("&Discard and Import") : tr("&Replace"), QMessageBox::DestructiveRole);
        box.setDefaultButton(save ? save : replace);
        box.exec();
        if (save && box.clickedButton() == save) return ReplaceAnswer::Save;
        return box.clickedButton() == replace ? ReplaceAnswer::Replace : ReplaceAnswer::Cancel;
    };
    defaults_ = prompts_;
    window_->setAcceptDrops(true);
    window_->installEventFilter(this);
}

ImportController::~ImportController()
{
    if (thread_) thread_->wait(); // the reader only touches its own result
}

void ImportController::setPrompts(Prompts prompts)
{
    prompts_ = std::move(prompts);
    if (!prompts_.error) prompts_.error = defaults_.error;
    if (!prompts_.openPath) prompts_.openPath = defaults_.openPath;
    if (!prompts_.chooseServer) prompts_.chooseServer = defaults_.chooseServer;
    if (!prompts_.confirmReplace) prompts_.confirmReplace = defaults_.confirmReplace;
}

bool ImportController::mayReplace(const QString& file)
{
    const bool modified = doc_->isModified();
    if (!modified && doc_->design().nodes().empty() && doc_->design().links().empty()) return true;
    const QString design = doc_->filePath().isEmpty() ? QString::fromStdString(doc_->design().name)
                                                      : QFileInfo(doc_->filePath()).fileName();
    switch (prompts_.confirmReplace(file, design, modified)) {
    case ReplaceAnswer::Replace: return true;
    case ReplaceAnswer::Save: return saveDesign_ && saveDesign_();
    case ReplaceAnswer::Cancel: break;
    }
    return false;
}

void ImportController::importFile()
{
    const QString path = prompts_.openPath(
        tr("Import what a cluster printed"),
        tr("Cluster output (*.txt *.log *.xml *.out *.md);;All files (*)"),
        views::dialog_folders::startFolder(views::dialog_folders::Kind::Import, false));
    if (path.isEmpty()) return;
    views::dialog_folders::remember(views::dialog_folders::Kind::Import, path);
    importPath(path);
}

void ImportController::importPath(const QString& path)
{
    queue_ << path;
    if (!thread_) startNext();
}

void ImportController::startNext()
{
    const QString path = queue_.takeFirst();
    auto result = std::make_shared<model::io::ImportResult>();
    auto error = std::make_shared<QString>();
    thread_ = QThread::create([path, result, error] {
        // Nothing escapes the reading thread: a refused file (InputError) names file, line and
        // what was expected; anything else (out of memory, a parser bug) is said in words.
        try {
            *result = model::io::importFile(path.toStdString(), model::io::ImportKind::Auto);
        } catch (const model::InputError& e) {
            *error = q(e.what());
        } catch (...) {
            *error = tr("%1 could not be read: %2").arg(path, describeCurrentException());
        }
    });
    connect(thread_, &QThread::finished, this, [this, path, result, error] {
        thread_->deleteLater();
        thread_ = nullptr;
        apply(path, error->isEmpty() ? result : nullptr, *error);
        if (!queue_.isEmpty()) startNext();
    });
    thread_->start();
}

void ImportController::apply(const QString& path, std::shared_ptr<model::io::ImportResult> result, const QString& error)
{
    if (!result) {
        prompts_.error(tr("Import"), error);
        emit finished(false, error);
        return;
    }
    const model::io::ImportResult& r = *result;
    const auto catalog = doc_->sharedCatalog();
    const QString base = QFileInfo(path).fileName();
    model::Design next;
    QString what;
    QString detail;
    bool replaced = false;
    if (r.server && !mayReplace(base)) {
        const QString msg = tr("Import of %1 cancelled: the open design is unchanged.").arg(base);
        emit finished(false, msg);
        return;
    }
    QString refused; // a server the user chose that the file contradicts
    if (r.server) {
        try {
            const auto d = model::io::designFromImport(r, *catalog);
            next = d.design;
            what = tr("Import %1 (%2)").arg(base, q(d.serverId));
            replaced = true;
        } catch (const model::InputError& e) {
            // The file does not name its GPU (topo -m never does): ask which server it is.
            const auto candidates = model::io::serversToOffer(*r.server, *catalog); // those the file does not contradict
            QStringList ids, labels;
            for (const auto* s : candidates) {
                ids << q(s->id);
                labels << q(s->name + " (" + s->id + ")");
            }
            const QString id = ids.isEmpty() ? QString()
                                             : prompts_.chooseServer(tr("%1 does not say which server it is:\n%2\nWhich catalog server is it?")
                                                                         .arg(base, views::guiWording(q(e.problem()))),
                                                                     ids, labels);
            if (!id.isEmpty()) {
                try {
                    const auto d = model::io::designFromImport(r, *catalog, id.toStdString());
                    next = d.design;
                    what = tr("Import %1 (%2)").arg(base, id);
                    replaced = true;
                } catch (const model::InputError& e2) { // the server chosen contradicts the file
                    detail = views::guiInputError(e2, tr("Server"));
                    refused = id;
                } catch (const std::exception& e2) {
                    detail = q(e2.what());
                    refused = id;
                }
                // Said in a dialog, not only in the status bar (helper-89: it was cut off there).
                if (!refused.isEmpty()) prompts_.error(tr("Import"), tr("%1 was not used for %2: %3").arg(refused, base, detail));
            } else {
                detail = views::guiWording(q(e.problem()));
            }
        }
    }
    if (!replaced) {
        // A curve or a log (or a server nobody matched) joins the open design.
        next = doc_->design();
        std::vector<std::string> notes;
        if (r.server)
            notes.push_back(refused.isEmpty()
                                ? "no catalog server was chosen for this server model, so its findings are attached to the open design"
                                : "the server chosen, " + refused.toStdString() +
                                      ", contradicts the file, so its findings are attached to the open design");
        model::io::recordImport(next, r, notes);
        what = tr("Import %1").arg(base);
    }
    if (!doc_->requestReplaceDesign(next, what)) {
        const QString msg = tr("%1 was read but the design did not change.").arg(base);
        prompts_.error(tr("Import"), msg);
        emit finished(false, msg);
        return;
    }
    // The file's own findings; those that compare it with the design (below-prediction, ...)
    // come with the analysis of the new design, in the Import panel.
    // "no findings in the file itself" said so: the panel's comparison findings come next, and a
    // bare "0 findings" beside a panel listing one read as a contradiction.
    const QString inFile = r.findings.empty() ? tr("no findings in the file itself")
                                              : views::countOf(static_cast<long long>(r.findings.size()), tr("finding"), tr("findings")) +
                                                    tr(" in the file itself");
    QString summary = tr("Imported %1: %2, %3; the Import panel compares it with the design").arg(base, q(r.content), inFile);
    if (!detail.isEmpty()) summary += tr(" (findings only: %1)").arg(detail);
    emit finished(true, summary);
}

bool ImportController::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == window_) {
        switch (event->type()) {
        case QEvent::DragEnter:
        case QEvent::DragMove: {
            auto* e = static_cast<QDragMoveEvent*>(event);
            if (!importableFiles(e->mimeData()).isEmpty()) {
                e->acceptProposedAction();
                return true;
            }
            break;
        }
        case QEvent::Drop: {
            auto* e = static_cast<QDropEvent*>(event);
            const QStringList files = importableFiles(e->mimeData());
            if (!files.isEmpty()) {
                e->acceptProposedAction();
                for (const QString& f : files) importPath(f);
                return true;
            }
            break;
        }
        default: break;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace app
