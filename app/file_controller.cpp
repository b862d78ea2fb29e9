#include "app/file_controller.hpp"

#include "app/document.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QImage>
#include <QMessageBox>
#include <QPainter>
#include <QSvgGenerator>

namespace app {

FileController::FileController(QWidget* window, Document* doc, views::CanvasView* canvas, QObject* parent)
    : QObject(parent), window_(window), doc_(doc), canvas_(canvas)
{
    prompts_.error = [this](const QString& title, const QString& message) {
        QMessageBox::warning(window_, title, message);
    };
    prompts_.askSave = [this](const QString& name) {
        const auto b = QMessageBox::question(window_, tr("Unsaved changes"),
                                             tr("Save the changes to \"%1\" before closing?").arg(name),
                                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                             QMessageBox::Save);
        return b == QMessageBox::Save ? SaveAnswer::Save : b == QMessageBox::Discard ? SaveAnswer::Discard : SaveAnswer::Cancel;
    };
    prompts_.openPath = [this](const QString& caption, const QString& filter) {
        return QFileDialog::getOpenFileName(window_, caption, QString(), filter);
    };
    prompts_.savePath = [this](const QString& caption, const QString& filter) {
        return QFileDialog::getSaveFileName(window_, caption, doc_->filePath(), filter);
    };
}

bool FileController::openPath(const QString& path)
{
    if (auto error = doc_->open(path)) {
        prompts_.error(tr("Cannot open design"), tr("%1 could not be opened:\n\n%2").arg(QFileInfo(path).fileName(), *error));
        return false;
    }
    canvas_->zoomToFit();
    return true;
}

bool FileController::saveTo(const QString& path)
{
    if (auto error = doc_->saveAs(path)) {
        prompts_.error(tr("Cannot save design"), *error);
        return false;
    }
    return true;
}

void FileController::newDesign()
{
    if (!maybeSave()) return;
    doc_->newDesign();
}

void FileController::open()
{
    if (!maybeSave()) return;
    const QString path = prompts_.openPath(tr("Open design"), tr("Cluster designs (*.json);;All files (*)"));
    if (!path.isEmpty()) openPath(path);
}

bool FileController::save()
{
    if (doc_->filePath().isEmpty()) return saveAs();
    return saveTo(doc_->filePath());
}

bool FileController::saveAs()
{
    QString path = prompts_.savePath(tr("Save design as"), tr("Cluster designs (*.json)"));
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    return saveTo(path);
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
    const QString path = prompts_.savePath(tr("Export canvas"), tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty()) return;
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive))
        exportSvg(path);
    else
        exportPng(path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive) ? path : path + QStringLiteral(".png"));
}

bool FileController::exportPng(const QString& path, double scale)
{
    views::CanvasScene* scene = canvas_->canvasScene();
    const QRectF src = scene->designBounds();
    QImage image((src.size() * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        const auto selection = scene->selectedItems();
        scene->clearSelection();
        scene->render(&p, QRectF(QPointF(0, 0), image.size()), src);
        for (auto* item : selection) item->setSelected(true);
    }
    if (!image.save(path, "PNG")) {
        prompts_.error(tr("Cannot export"), tr("Could not write %1").arg(path));
        return false;
    }
    return true;
}

bool FileController::exportSvg(const QString& path)
{
    views::CanvasScene* scene = canvas_->canvasScene();
    const QRectF src = scene->designBounds();
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(src.size().toSize());
    svg.setViewBox(QRectF(QPointF(0, 0), src.size()));
    svg.setTitle(QString::fromStdString(doc_->design().name));
    QPainter p;
    if (!p.begin(&svg)) {
        prompts_.error(tr("Cannot export"), tr("Could not write %1").arg(path));
        return false;
    }
    scene->render(&p, QRectF(QPointF(0, 0), src.size()), src);
    p.end();
    return true;
}

} // namespace app
