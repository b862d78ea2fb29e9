// File and Edit menus and the toolbar of the main window. Every frequent action has a
// shortcut; each action has an object name ("actionCopy") so tests and the context menus
// reach the very same action.
#include "app/main_window.hpp"
#include "app/commands/replace_design_command.hpp"
#include "app/named_action.hpp"

#include "app/document.hpp"
#include "app/commands/generate_command.hpp"
#include "app/edit_controller.hpp"
#include "app/file_controller.hpp"
#include "app/import_controller.hpp"
#include "app/recent_files.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/generate/generate_dialog.hpp"

#include <QCoreApplication>
#include <QMessageBox>
#include <QAction>
#include <QActionGroup>
#include <QMenuBar>
#include <QToolBar>
#include <QUndoStack>

namespace app {

void MainWindow::applyGenerated(const model::Design& generated)
{
    if (!doc_->push(std::make_unique<GenerateCommand>(doc_, generated))) return;
    scene_->collapseLargeGroups();
    canvas_->zoomToFit();
}

void MainWindow::createActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    named(file->addAction(tr("&New"), files_, &FileController::newDesign), "New", {QKeySequence::New});
    named(file->addAction(tr("New from &Template…"), files_, &FileController::newFromTemplate), "NewFromTemplate",
          {QKeySequence(tr("Ctrl+Shift+N"))});
    named(file->addAction(tr("&Open…"), files_, &FileController::open), "Open", {QKeySequence::Open});
    named(file->addAction(tr("&Import…"), imports_, &ImportController::importFile), "Import", {QKeySequence(tr("Ctrl+I"))})
        ->setToolTip(tr("Read nvidia-smi topo -m, NCCL topology XML, nccl-tests output or an NCCL log (or drop the file on the window)"));
    QMenu* recent = file->addMenu(tr("Open &Recent"));
    recent->setObjectName(QStringLiteral("recentMenu"));
    files_->recentFiles()->attach(recent);
    named(file->addAction(tr("&Generate Topology…"), this, [this] {
        const auto catalog = doc_->sharedCatalog(); // kept alive while the dialog is open
        views::GenerateDialog dlg(*catalog, this);
        // One undoable edit that replaces the whole design, header (name, rental block) included.
        if (dlg.exec() == QDialog::Accepted && dlg.isValid()) applyGenerated(dlg.result());
    }), "Generate", {QKeySequence(tr("Ctrl+G"))});
    file->addSeparator();
    named(file->addAction(tr("&Save"), files_, &FileController::save), "Save", {QKeySequence::Save});
    named(file->addAction(tr("Save &As…"), files_, &FileController::saveAs), "SaveAs",
          {QKeySequence(tr("Ctrl+Shift+S"))}); // QKeySequence::SaveAs is empty on some desktops
    named(file->addAction(tr("Save as Te&mplate…"), files_, &FileController::saveAsTemplate), "SaveAsTemplate");
    file->addSeparator();
    named(file->addAction(tr("&Export Canvas (PNG/SVG)…"), files_, &FileController::exportCanvas), "ExportCanvas",
          {QKeySequence(tr("Ctrl+E"))});
    named(file->addAction(tr("Export Re&port (PDF/HTML/CSV)…"), this, &MainWindow::exportReport), "ExportReport",
          {QKeySequence(tr("Ctrl+Shift+E"))});
    file->addSeparator();
    named(file->addAction(tr("&Quit"), this, &QWidget::close), "Quit", {QKeySequence(tr("Ctrl+Q"))});

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = named(doc_->undoStack()->createUndoAction(this, tr("&Undo")), "Undo", {QKeySequence(Qt::CTRL | Qt::Key_Z)});
    QAction* redo = named(doc_->undoStack()->createRedoAction(this, tr("&Redo")), "Redo",
                          {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);
    // Undo or redo of a whole-design replacement (Generate, an import, a template's Enter in
    // presentation) frames the design it brings back, as Generate itself does (helper-89: undo
    // of a 2,048-server Generate left the 64-server design a speck at 0.38 %).
    connect(doc_->undoStack(), &QUndoStack::indexChanged, this, [this](int index) {
        const int before = shownUndoIndex_;
        shownUndoIndex_ = index;
        const QUndoCommand* moved = index < before ? doc_->undoStack()->command(index)
                                    : index > before ? doc_->undoStack()->command(index - 1)
                                                     : nullptr;
        if (!dynamic_cast<const ReplaceDesignCommand*>(moved)) return; // a push of one (Generate) frames it too
        scene_->collapseLargeGroups();
        canvas_->zoomToFit();
    });
    edit->addSeparator();
    named(edit->addAction(tr("Cu&t"), edit_, &EditController::cut), "Cut", {QKeySequence::Cut});
    named(edit->addAction(tr("&Copy"), edit_, &EditController::copy), "Copy", {QKeySequence::Copy});
    QAction* paste = named(edit->addAction(tr("&Paste"), edit_, &EditController::paste), "Paste", {QKeySequence::Paste});
    paste->setEnabled(edit_->canPaste());
    connect(edit_, &EditController::pasteAvailable, paste, &QAction::setEnabled);
    named(edit->addAction(tr("Dupl&icate"), edit_, &EditController::duplicate), "Duplicate", {QKeySequence(tr("Ctrl+D"))});
    QAction* del = named(edit->addAction(tr("&Delete"), scene_, &views::CanvasScene::deleteSelection), "Delete",
                         {QKeySequence::Delete});
    del->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    canvas_->addAction(del); // only while the canvas has focus: Delete in a text field edits text
    edit->addSeparator();
    named(edit->addAction(tr("Select &All"), edit_, &EditController::selectAll), "SelectAll", {QKeySequence::SelectAll});

    QMenu* view = menuBar()->addMenu(tr("&View"));
    createViewActions(view);

    // Help > About: the version, as --version prints it (helper-91: the GUI had none).
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    named(help->addAction(tr("&About Cluster Designer"), this,
                          [this] {
                              QMessageBox::about(this, tr("About Cluster Designer"),
                                                 tr("<b>%1 %2</b><p>Sketch GPU clusters and see how fast they will be: per-layer "
                                                    "bandwidth, collective times as nccl-tests reports them, training steps and "
                                                    "scaling, bills of materials and cost.</p><p>Built with Qt %3.</p>")
                                                     .arg(QCoreApplication::applicationName().toHtmlEscaped(),
                                                          QCoreApplication::applicationVersion().toHtmlEscaped(),
                                                          QString::fromLatin1(qVersion())));
                          }),
          "About");

    QToolBar* tools = addToolBar(tr("Tools"));
    tools->setObjectName(QStringLiteral("toolsBar"));
    tools->setMovable(false);
    auto* group = new QActionGroup(this);
    QAction* select = named(tools->addAction(tr("Select"), this, [this] { canvas_->setTool(views::CanvasView::Tool::Select); }),
                            "SelectTool", {QKeySequence(tr("S"))});
    select->setToolTip(tr("Select and move (S). Drag on empty canvas for a rubber band; Alt disables snapping; "
                          "Space + drag or the middle button pans."));
    QAction* wire = named(tools->addAction(tr("Wire"), this, [this] { canvas_->setTool(views::CanvasView::Tool::Wire); }),
                          "WireTool", {QKeySequence(tr("W"))});
    wire->setToolTip(tr("Draw a link (W): drag from one server or switch to another."));
    for (QAction* a : {select, wire}) {
        a->setCheckable(true);
        group->addAction(a);
    }
    select->setChecked(true);
    tools->addSeparator();
    // The buttons read a fixed "Undo" and "Redo" (QToolButton shows the icon text), so the
    // buttons after them stay where they are as edits change the actions' text; the Edit menu
    // and the tool tips keep the full "Undo Move server".
    undo->setIconText(tr("Undo"));
    redo->setIconText(tr("Redo"));
    tools->addAction(undo);
    tools->addAction(redo);
    tools->addSeparator();
    named(tools->addAction(tr("Fit"), canvas_, &views::CanvasView::zoomToFit), "Fit")->setToolTip(tr("Zoom to fit (Ctrl+0)"));
}

} // namespace app
