// Arrange and View menus of the main window, and the canvas context menus (items, links,
// empty canvas), which reuse the same actions so their shortcuts are shown and shared.
#include "app/main_window.hpp"
#include "app/named_action.hpp"

#include "app/document.hpp"
#include "app/edit_controller.hpp"
#include "app/presentation_window.hpp"
#include "app/theme.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QAction>
#include <QActionGroup>
#include <QDockWidget>
#include <QMenuBar>

namespace app {

PresentationWindow* MainWindow::startPresentation()
{
    auto* p = new PresentationWindow(doc_->sharedCatalog(), PresentationWindow::slidesFor(doc_->design(), doc_->catalog()),
                                     theme_->isDark(), this);
    p->setAttribute(Qt::WA_DeleteOnClose);
    // Esc leaves with the design here untouched; Enter keeps the one on show as one undo step.
    connect(p, &PresentationWindow::keepRequested, this, &MainWindow::applyGenerated);
    p->showFullScreen();
    p->activateWindow();
    p->setFocus();
    return p;
}

void MainWindow::createViewActions(QMenu* view)
{
    // Arrange sits between Edit and View.
    QMenu* arrange = new QMenu(tr("&Arrange"), this);
    menuBar()->insertMenu(view->menuAction(), arrange);
    QMenu* alignMenu = arrange->addMenu(tr("&Align"));
    alignMenu->menuAction()->setObjectName(QStringLiteral("actionAlignMenu"));
    struct AlignEntry { const char* name; QString text; model::Alignment how; const char* key; };
    const AlignEntry aligns[] = {
        {"AlignLeft", tr("&Left Edges"), model::Alignment::Left, "Alt+Shift+L"},
        {"AlignHCenter", tr("&Centres (Vertical Line)"), model::Alignment::HCenter, "Alt+Shift+C"},
        {"AlignRight", tr("&Right Edges"), model::Alignment::Right, "Alt+Shift+R"},
        {"AlignTop", tr("&Top Edges"), model::Alignment::Top, "Alt+Shift+T"},
        {"AlignVCenter", tr("&Middles (Horizontal Line)"), model::Alignment::VCenter, "Alt+Shift+M"},
        {"AlignBottom", tr("&Bottom Edges"), model::Alignment::Bottom, "Alt+Shift+B"}};
    for (const auto& a : aligns) {
        const model::Alignment how = a.how;
        named(alignMenu->addAction(a.text, this, [this, how] { edit_->align(how); }), a.name, {QKeySequence(tr(a.key))});
    }
    QMenu* distMenu = arrange->addMenu(tr("&Distribute"));
    named(distMenu->addAction(tr("&Horizontally"), this, [this] { edit_->distribute(model::Distribution::Horizontal); }),
          "DistributeH", {QKeySequence(tr("Alt+Shift+H"))});
    named(distMenu->addAction(tr("&Vertically"), this, [this] { edit_->distribute(model::Distribution::Vertical); }),
          "DistributeV", {QKeySequence(tr("Alt+Shift+V"))});
    arrange->addSeparator();
    named(arrange->addAction(tr("Auto-&Layout in Tiers"), edit_, &EditController::autoLayout), "AutoLayout",
          {QKeySequence(tr("Ctrl+L"))})
        ->setStatusTip(tr("Servers at the bottom, then leaves, spines and cores, each over what it serves"));

    named(view->addAction(tr("Zoom &In"), canvas_, &views::CanvasView::zoomIn), "ZoomIn",
          {QKeySequence::ZoomIn, QKeySequence(tr("Ctrl+="))});
    named(view->addAction(tr("Zoom &Out"), canvas_, &views::CanvasView::zoomOut), "ZoomOut", {QKeySequence::ZoomOut});
    named(view->addAction(tr("Zoom to &Fit"), canvas_, &views::CanvasView::zoomToFit), "ZoomToFit", {QKeySequence(tr("Ctrl+0"))});
    named(view->addAction(tr("Zoom to &Selection"), canvas_, &views::CanvasView::zoomToSelection), "ZoomToSelection",
          {QKeySequence(tr("Ctrl+Alt+0"))});
    QAction* mini = named(view->addAction(tr("&Mini-Map")), "MiniMap", {QKeySequence(tr("Ctrl+M"))});
    mini->setCheckable(true);
    mini->setChecked(true);
    mini->setStatusTip(tr("An overview in the corner of the canvas while the design is larger than the view"));
    connect(mini, &QAction::toggled, canvas_, &views::CanvasView::setMiniMapEnabled);
    view->addSeparator();
    // Collapsed groups are view state: neither action is an undoable edit.
    named(view->addAction(tr("&Collapse Groups"), scene_, &views::CanvasScene::collapseAllGroups), "CollapseGroups",
          {QKeySequence(tr("Ctrl+["))});
    named(view->addAction(tr("&Expand All Groups"), scene_, &views::CanvasScene::expandAllGroups), "ExpandGroups",
          {QKeySequence(tr("Ctrl+]"))});
    view->addSeparator();
    named(view->addAction(tr("Compare &Designs…"), this, &MainWindow::showCompare), "CompareDesigns",
          {QKeySequence(tr("Ctrl+Shift+C"))});
    named(view->addAction(tr("Prese&ntation Mode"), this, [this] { startPresentation(); }), "Presentation",
          {QKeySequence(Qt::Key_F5)})
        ->setStatusTip(tr("Full screen, large type; arrow keys step through the templates, sliders try what-ifs, "
                          "Esc leaves with the design unchanged"));
    QMenu* themeMenu = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(this);
    const std::pair<const char*, Theme::Mode> modes[] = {
        {"ThemeSystem", Theme::Mode::System}, {"ThemeLight", Theme::Mode::Light}, {"ThemeDark", Theme::Mode::Dark}};
    const QString labels[] = {tr("Follow De&sktop"), tr("&Light"), tr("&Dark")};
    for (int i = 0; i < 3; ++i) {
        const Theme::Mode m = modes[i].second;
        QAction* a = named(themeMenu->addAction(labels[i], this, [this, m] { theme_->setMode(m); }), modes[i].first);
        a->setCheckable(true);
        a->setChecked(theme_->mode() == m);
        themes->addAction(a);
    }
    view->addSeparator();
    QMenu* docks = view->addMenu(tr("&Panels"));
    for (QDockWidget* dock : findChildren<QDockWidget*>()) docks->addAction(dock->toggleViewAction());

    // Context menus: the same actions, so a right-click shows the shortcut to learn.
    const QList<QAction*> itemMenu = {action(QStringLiteral("actionCut")), action(QStringLiteral("actionCopy")),
                                      action(QStringLiteral("actionDuplicate")), action(QStringLiteral("actionDelete")),
                                      nullptr, alignMenu->menuAction(), distMenu->menuAction(),
                                      action(QStringLiteral("actionZoomToSelection"))};
    canvas_->setContextActions(views::CanvasView::MenuKind::Item, itemMenu);
    canvas_->setContextActions(views::CanvasView::MenuKind::Link,
                               {action(QStringLiteral("actionDelete")), action(QStringLiteral("actionZoomToSelection"))});
    QAction* pasteHere = named(new QAction(tr("Paste &Here"), this), "PasteHere");
    connect(pasteHere, &QAction::triggered, this, [this] { edit_->pasteAt(canvas_->contextScenePos()); });
    connect(edit_, &EditController::pasteAvailable, pasteHere, &QAction::setEnabled);
    pasteHere->setEnabled(edit_->canPaste());
    canvas_->setContextActions(views::CanvasView::MenuKind::Canvas,
                               {pasteHere, action(QStringLiteral("actionSelectAll")), nullptr,
                                action(QStringLiteral("actionZoomToFit")), action(QStringLiteral("actionAutoLayout")), nullptr,
                                action(QStringLiteral("actionCollapseGroups")), action(QStringLiteral("actionExpandGroups")),
                                mini});
}

} // namespace app
