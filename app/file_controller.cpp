#include "app/file_controller.hpp"
#include "views/common/safe_write.hpp"
#include "views/common/file_suffix.hpp"
#include "model/catalog/data_dirs.hpp"

#include "app/document.hpp"
#include "app/error_text.hpp"
#include "app/recent_files.hpp"
#include "app/template_library.hpp"
#include "views/common/dialog_folders.hpp"
#include "views/templates/template_dialog.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QImage>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSvgGenerator>

namespace app {

namespace {
/// A title as a file name: "My 2-SU pod" -> "my-2-su-pod"; `fallback` when it has no letter
/// or digit.
QString fileStem(const QString& title, const QString& fallback)
{
    QString stem = title.toLower();
    stem.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
    stem = stem.section(QLatin1Char('-'), 0, -1, QString::SectionSkipEmpty);
    return stem.isEmpty() ? fallback : stem;
}
} // namespace

FileController::FileController(QWidget* window, Document* doc, views::CanvasView* canvas, QObject* parent)
    : QObject(parent), window_(window), doc_(doc), canvas_(canvas), recent_(new RecentFiles(this))
{
    connect(recent_, &RecentFiles::openRequested, this, [this](const QString& path) {
        if (maybeSave()) openPath(path);
    });
    prompts_.error = [this](const QString& title, const QString& message) {
        QMessageBox::warning(window_, title, message);
    };
    prompts_.askSave = [this](const QString& name) {
        const auto b = QMessageBox::question(window_, tr("Unsaved changes"),
                                             tr("Save the changes to \"%1\"? They are lost if you do not save them.").arg(name),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                             QMessageBox::Save);
        return b == QMessageBox::Save ? SaveAnswer::Save : b == QMessageBox::Discard ? SaveAnswer::Discard : SaveAnswer::Cancel;
    };
    prompts_.openPath = [this](const QString& caption, const QString& filter, const QString& start) {
        return QFileDialog::getOpenFileName(window_, caption, start, filter);
    };
    prompts_.savePath = [this](const QString& caption, const QString& filter, const QString& start) {
        QString chosen;
        const QString path = QFileDialog::getSaveFileName(window_, caption, start, filter, &chosen);
        return views::withChosenSuffix(path, filter, chosen); // "c4" with SVG chosen is c4.svg
    };
    prompts_.chooseTemplate = [this] {
        QStringList problems;
        auto list = availableTemplates(doc_->catalog(), &problems);
        if (!problems.isEmpty())
            prompts_.error(list.empty() ? tr("No templates found") : tr("Some templates were skipped"),
                           problems.join(QStringLiteral("\n\n")));
        views::TemplateDialog dlg(std::move(list), QDir::toNativeSeparators(userTemplateDirectory()), window_);
        return dlg.exec() == QDialog::Accepted ? dlg.chosenPath() : QString();
    };
    prompts_.templateTitle = [this](const QString& suggested) {
        bool ok = false;
        const QString t = QInputDialog::getText(window_, tr("Save as Template"),
                                                tr("Title shown in File > New from Template:"), QLineEdit::Normal,
                                                suggested, &ok);
        return ok ? t.trimmed() : QString();
    };
}

bool FileController::openPath(const QString& path)
{
    if (isTemplatePath(path)) return openTemplate(path);
    if (auto error = doc_->open(path)) {
        prompts_.error(tr("Cannot open design"), *error + QLatin1Char(' ') + tr("The design on screen is unchanged."));
        return false;
    }
    recent_->add(path);
    views::dialog_folders::remember(views::dialog_folders::Kind::Design, path);
    canvas_->zoomToFit();
    return true;
}

bool FileController::openTemplate(const QString& path)
{
    if (auto error = doc_->openUntitled(path)) {
        prompts_.error(tr("Cannot open template"), *error + QLatin1Char(' ') + tr("The design on screen is unchanged."));
        return false;
    }
    canvas_->zoomToFit();
    return true;
}

bool FileController::saveTo(const QString& path)
{
    if (isBundledTemplatePath(path)) {
        prompts_.error(tr("Cannot save design"),
                       tr("“%1” is in the folder of the bundled templates, which Cluster Designer never changes. "
                          "Choose another folder; to keep this design as a template of your own, use "
                          "File > Save as Template.")
                           .arg(QFileInfo(path).fileName()));
        return false;
    }
    if (auto error = doc_->saveAs(path)) {
        prompts_.error(tr("Cannot save design"), saveErrorText(path, *error));
        return false;
    }
    recent_->add(path);
    views::dialog_folders::remember(views::dialog_folders::Kind::Design, path);
    return true;
}

void FileController::newFromTemplate()
{
    if (!maybeSave()) return;
    const QString path = prompts_.chooseTemplate();
    if (!path.isEmpty()) openTemplate(path);
}

QString FileController::saveTemplate(const QString& title)
{
    // File name from the title: "My 2-SU pod" -> my-2-su-pod.json (never replaces a bundled one).
    const QString stem = fileStem(title, QStringLiteral("template"));
    const QString dir = userTemplateDirectory();
    const QString path = QDir(dir).filePath(stem + QStringLiteral(".json"));
    // The user's template folder is set by CLUSTER_DESIGNER_USER_TEMPLATES: one pointed at the
    // bundled catalogs must not receive a design (every later start would refuse it).
    if (const std::string why = model::bundledDataWriteProblem(path.toStdString()); !why.empty()) {
        prompts_.error(tr("Cannot save template"), saveErrorText(path, QString::fromStdString(why)));
        return {};
    }
    nlohmann::json j = model::toJson(doc_->design());
    const model::Design& d = doc_->design();
    j["template"] = {{"title", title.toStdString()},
                     {"description", std::to_string(d.nodes().size()) + " nodes, " + std::to_string(d.links().size()) +
                                         " links, saved from " + d.name}};
    const QByteArray bytes = QByteArray::fromStdString(j.dump(1) + "\n");
    if (!QDir().mkpath(dir)) {
        prompts_.error(tr("Cannot save template"), saveErrorText(path, tr("the folder %1 cannot be created").arg(dir)));
        return {};
    }
    if (const QString reason = views::writeWholeFile(path, bytes); !reason.isEmpty()) {
        prompts_.error(tr("Cannot save template"), saveErrorText(path, reason));
        return {};
    }
    return path;
}

void FileController::saveAsTemplate()
{
    const QString title = prompts_.templateTitle(QString::fromStdString(doc_->design().name));
    if (!title.isEmpty()) saveTemplate(title);
}

void FileController::newDesign()
{
    if (!maybeSave()) return;
    doc_->newDesign();
    // An empty canvas at the last design's zoom (a 512-server fabric fitted at 1 %) drew the
    // first servers dropped on it as specks: a new design starts at 100 %.
    canvas_->setZoom(1.0);
}

void FileController::open()
{
    if (!maybeSave()) return;
    const QString path = prompts_.openPath(tr("Open design"), tr("Cluster designs (*.json);;All files (*)"),
                                           views::dialog_folders::startFolder(views::dialog_folders::Kind::Design, false));
    if (!path.isEmpty()) openPath(path);
}

bool FileController::save()
{
    if (doc_->filePath().isEmpty()) return saveAs();
    return saveTo(doc_->filePath());
}

bool FileController::saveAs()
{
    QString path = prompts_.savePath(tr("Save design as"), tr("Cluster designs (*.json)"), saveAsStart());
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    return saveTo(path);
}

QString FileController::suggestedBaseName() const
{
    if (!doc_->filePath().isEmpty()) return QFileInfo(doc_->filePath()).completeBaseName();
    return fileStem(QString::fromStdString(doc_->design().name), QStringLiteral("design"));
}

QString FileController::saveAsStart() const
{
    return views::dialog_folders::startPath(views::dialog_folders::Kind::Design, true, suggestedBaseName() + QStringLiteral(".json"));
}

bool FileController::maybeSave()
{
    if (!doc_->isModified()) return true;
    const QString name = doc_->filePath().isEmpty() ? QString::fromStdString(doc_->design().name)
                                                    : QFileInfo(doc_->filePath()).fileName();
    switch (prompts_.askSave(name)) {
    case SaveAnswer::Save: return save();
    case SaveAnswer::Discard: return true;
    case SaveAnswer::Cancel: break;
    }
    return false;
}

void FileController::exportCanvas()
{
    const QString path = prompts_.savePath(tr("Export canvas"), tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"),
                                           views::dialog_folders::startPath(views::dialog_folders::Kind::Export, true,
                                                                            suggestedBaseName() + QStringLiteral(".png"), doc_->filePath()));
    if (path.isEmpty()) return;
    views::dialog_folders::remember(views::dialog_folders::Kind::Export, path);
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive))
        exportSvg(path);
    else if (path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive))
        exportPdf(path);
    else
        exportPng(path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive) ? path : path + QStringLiteral(".png"));
}

bool FileController::refusesExport(const QString& path)
{
    const std::string why = model::bundledDataWriteProblem(path.toStdString());
    if (!why.empty()) prompts_.error(tr("Cannot export"), saveErrorText(path, QString::fromStdString(why)));
    return !why.empty();
}

void FileController::paintDesign(QPainter& p, const QRectF& target)
{
    views::CanvasScene* scene = canvas_->canvasScene();
    const auto selection = scene->selectedItems();
    scene->clearSelection(); // a picture of the design, not of the session
    scene->render(&p, target, scene->designBounds());
    for (auto* item : selection) item->setSelected(true);
}

bool FileController::exportPng(const QString& path, double scale)
{
    if (refusesExport(path)) return false;
    const QRectF src = canvas_->canvasScene()->designBounds();
    QImage image((src.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        paintDesign(p, QRectF(QPointF(0, 0), image.size()));
    }
    if (!image.save(path, "PNG")) {
        prompts_.error(tr("Cannot export"), saveErrorText(path, tr("the PNG image could not be written there")));
        return false;
    }
    return true;
}

bool FileController::exportSvg(const QString& path)
{
    if (refusesExport(path)) return false;
    const QRectF src = canvas_->canvasScene()->designBounds();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(src.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), src.size()));
    svg.setTitle(QString::fromStdString(doc_->design().name));
    QPainter p;
    if (!p.begin(&svg)) {
        prompts_.error(tr("Cannot export"), saveErrorText(path, tr("the SVG drawing could not be written there")));
        return false;
    }
    paintDesign(p, QRectF(QPointF(0, 0), src.size()));
    p.end();
    return true;
}

bool FileController::exportPdf(const QString& path)
{
    if (refusesExport(path)) return false;
    const QRectF src = canvas_->canvasScene()->designBounds();
    // One page the size of the drawing, 1 scene pixel = 1 point, vector throughout.
    QPdfWriter pdf(path);
    pdf.setTitle(QString::fromStdString(doc_->design().name));
    pdf.setCreator(QStringLiteral("Cluster Designer"));
    pdf.setPageSize(QPageSize(src.size(), QPageSize::Point, QString(), QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    QPainter p;
    if (!p.begin(&pdf)) {
        prompts_.error(tr("Cannot export"), saveErrorText(path, tr("the PDF document could not be written there")));
        return false;
    }
    paintDesign(p, QRectF(QPointF(0, 0), QSizeF(pdf.width(), pdf.height())));
    p.end();
    return true;
}

} // namespace app
