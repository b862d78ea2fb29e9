// Menus, toolbar and shortcuts of the main window.
#include "app/main_window.hpp"

#include "app/document.hpp"
#include "app/commands/generate_command.hpp"
#include "app/file_controller.hpp"
#include "app/import_controller.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/generate/generate_dialog.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QGraphicsItem>
#include <QMenuBar>
#include <QToolBar>

namespace app {

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, files_, &FileController::newDesign);
    file->addAction(tr("&Open…"), QKeySequence::Open, files_, &FileController::open);
    file->addAction(tr("&Import…"), QKeySequence(tr("Ctrl+I")), imports_, &ImportController::importFile)
        ->setToolTip(tr("Read nvidia-smi topo -m, NCCL topology XML, nccl-tests output or an NCCL log (or drop the file on the window)"));
    file->addAction(tr("&Generate Topology…"), QKeySequence(tr("Ctrl+G")), this, [this] {
        const auto catalog = doc_->sharedCatalog(); // kept alive while the dialog is open
        views::GenerateDialog dlg(*catalog, this);
        // One undoable edit that replaces the whole design, header (name, rental block) included.
        if (dlg.exec() == QDialog::Accepted && dlg.isValid()) doc_->push(std::make_unique<GenerateCommand>(doc_, dlg.result()));
    });
    file->addAction(tr("&Save"), QKeySequence::Save, files_, &FileController::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, files_, &FileController::saveAs);
    file->addSeparator();
    file->addAction(tr("&Export Canvas (PNG/SVG)…"), QKeySequence(tr("Ctrl+E")), files_, &FileController::exportCanvas);
    file->addAction(tr("Export &Report (PDF/HTML/CSV)…"), QKeySequence(tr("Ctrl+Shift+E")), this, &MainWindow::exportReport);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = doc_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Z));
    QAction* redo = doc_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* del = edit->addAction(tr("&Delete"), QKeySequence::Delete, scene_, &views::CanvasScene::deleteSelection);
    del->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    canvas_->addAction(del); // only while the canvas has focus: Delete in a text field edits text
    edit->addAction(tr("Select &All"), QKeySequence::SelectAll, this, [this] {
        for (QGraphicsItem* i : scene_->items())
            if (i->flags() & QGraphicsItem::ItemIsSelectable) i->setSelected(true);
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, canvas_, &views::CanvasView::zoomIn);
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, canvas_, &views::CanvasView::zoomOut);
    view->addAction(tr("Zoom to &Fit"), QKeySequence(tr("Ctrl+0")), canvas_, &views::CanvasView::zoomToFit);
    view->addSeparator();
    // Collapsed groups are view state: neither action is an undoable edit.
    view->addAction(tr("&Collapse Groups"), scene_, &views::CanvasScene::collapseAllGroups);
    view->addAction(tr("&Expand All Groups"), scene_, &views::CanvasScene::expandAllGroups);
    view->addSeparator();
    view->addAction(tr("Compare &Designs…"), QKeySequence(tr("Ctrl+Shift+C")), this, &MainWindow::showCompare);
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());

    QToolBar* tools = addToolBar(tr("Tools"));
    tools->setObjectName(QStringLiteral("toolsBar"));
    tools->setMovable(false);
    auto* group = new QActionGroup(this);
    QAction* select = tools->addAction(tr("Select"), this, [this] { canvas_->setTool(views::CanvasView::Tool::Select); });
    select->setShortcut(QKeySequence(tr("S")));
    select->setToolTip(tr("Select and move (S). Drag on empty canvas for a rubber band; Alt disables snapping."));
    QAction* wire = tools->addAction(tr("Wire"), this, [this] { canvas_->setTool(views::CanvasView::Tool::Wire); });
    wire->setShortcut(QKeySequence(tr("W")));
    wire->setToolTip(tr("Draw a link (W): drag from one server or switch to another."));
    for (QAction* a : {select, wire}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    select->setChecked(true);
    tools->addSeparator();
    tools->addAction(undo);
    tools->addAction(redo);
    tools->addSeparator();
    tools->addAction(tr("Fit"), canvas_, &views::CanvasView::zoomToFit)->setToolTip(tr("Zoom to fit (Ctrl+0)"));
}

} // namespace app
