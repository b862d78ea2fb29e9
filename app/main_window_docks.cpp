// The docks of the main window: palette (left), inspector and undo history (right, tabbed),
// charts, design rules, bill of materials, import findings and the flow-level simulation
// (bottom, tabbed).
#include "app/main_window.hpp"

#include "app/analysis_worker.hpp"
#include "app/document.hpp"
#include "app/import_controller.hpp"
#include "app/simulation_runner.hpp"
#include "app/user_catalogs.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/place_tool.hpp"
#include "views/bom/bom_panel.hpp"
#include "views/cost/cost_panel.hpp"
#include "views/catalog/catalog_browser_dock.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"
#include "views/imports/import_panel.hpp"
#include "views/inspector/inspector_panel.hpp"
#include "views/palette/palette_widget.hpp"
#include "views/rules/rules_panel.hpp"
#include "views/simulation/simulation_panel.hpp"
#include "views/workload/workload_panel.hpp"

#include <QDockWidget>
#include <QUndoView>

namespace app {

void MainWindow::createDocks()
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    // The bottom area (analysis charts, simulation) spans the whole window width: four charts
    // side by side need the room more than the palette and inspector need the height.
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);

    palette_ = new views::PaletteWidget(doc_->catalog(), this);
    auto* paletteDock = new QDockWidget(tr("Palette"), this);
    paletteDock->setObjectName(QStringLiteral("paletteDock"));
    paletteDock->setWidget(palette_);
    addDockWidget(Qt::LeftDockWidgetArea, paletteDock);
    connect(palette_, &views::PaletteWidget::placeRequested, this, [this](const views::PaletteEntry& e) {
        canvas_->placeTool()->placeAt(e, canvas_->mapToScene(canvas_->viewport()->rect().center()));
    });

    // Hardware catalog browser, tabbed with the palette; it follows user catalog edits live.
    auto* catalogDock = new views::CatalogBrowserDock(doc_->sharedCatalog(), userCatalogDirectory(), this);
    addDockWidget(Qt::LeftDockWidgetArea, catalogDock);
    tabifyDockWidget(paletteDock, catalogDock);
    auto* userCatalogs = new UserCatalogWatcher(QString(), this);
    connect(userCatalogs, &UserCatalogWatcher::catalogReloaded, catalogDock, &views::CatalogBrowserDock::setCatalog);
    // The palette, the canvas, the inspector and the engine follow reloads too.
    connect(userCatalogs, &UserCatalogWatcher::catalogReloaded, this,
            [this](std::shared_ptr<const model::Catalog> catalog) {
                if (!catalog) return;
                doc_->setCatalog(catalog);
                palette_->setCatalog(*catalog);
            });

    inspector_ = new views::InspectorPanel(doc_, this);
    auto* inspectorDock = new QDockWidget(tr("Inspector"), this);
    inspectorDock->setObjectName(QStringLiteral("inspectorDock"));
    inspectorDock->setWidget(inspector_);
    addDockWidget(Qt::RightDockWidgetArea, inspectorDock);
    connect(scene_, &views::CanvasScene::selectionIdsChanged, inspector_, &views::InspectorPanel::setSelection);
    connect(canvas_, &views::CanvasView::propertiesRequested, this, [inspectorDock] {
        inspectorDock->show();
        inspectorDock->raise();
    });

    history_ = new QUndoView(doc_->undoStack(), this);
    history_->setEmptyLabel(tr("<opened>"));
    auto* historyDock = new QDockWidget(tr("History"), this);
    historyDock->setObjectName(QStringLiteral("historyDock"));
    historyDock->setWidget(history_);
    addDockWidget(Qt::RightDockWidgetArea, historyDock);
    tabifyDockWidget(inspectorDock, historyDock);
    // The training run the analysis times: model, layout, batch (design.analysis).
    workload_ = new views::WorkloadPanel(doc_, this);
    auto* workloadDock = new QDockWidget(tr("Workload"), this);
    workloadDock->setObjectName(QStringLiteral("workloadDock"));
    workloadDock->setWidget(workload_);
    addDockWidget(Qt::RightDockWidgetArea, workloadDock);
    tabifyDockWidget(inspectorDock, workloadDock);
    inspectorDock->raise();
    paletteDock->raise();

    charts_ = new views::ChartsPanel(this);
    auto* chartsDock = new QDockWidget(tr("Analysis"), this);
    chartsDock->setObjectName(QStringLiteral("chartsDock"));
    chartsDock->setWidget(charts_);
    addDockWidget(Qt::BottomDockWidgetArea, chartsDock);

    // Design rules and bill of materials, tabbed with the charts.
    rules_ = new views::RulesPanel(this);
    auto* rulesDock = new QDockWidget(tr("Design rules"), this);
    rulesDock->setObjectName(QStringLiteral("rulesDock"));
    rulesDock->setWidget(rules_);
    addDockWidget(Qt::BottomDockWidgetArea, rulesDock);
    tabifyDockWidget(chartsDock, rulesDock);
    connect(rules_, &views::RulesPanel::selectRequested, scene_, &views::CanvasScene::selectIds);
    // Rules, BOM and Cost fill themselves only while on screen; raising a tab brings it up to date.
    connect(rulesDock, &QDockWidget::visibilityChanged, rules_, [this](bool visible) {
        if (visible) rules_->catchUp();
    });

    bom_ = new views::BomPanel(this);
    auto* bomDock = new QDockWidget(tr("Bill of materials"), this);
    bomDock->setObjectName(QStringLiteral("bomDock"));
    bomDock->setWidget(bom_);
    addDockWidget(Qt::BottomDockWidgetArea, bomDock);
    tabifyDockWidget(chartsDock, bomDock);
    connect(bomDock, &QDockWidget::visibilityChanged, bom_, [this](bool visible) {
        if (visible) bom_->catchUp();
    });

    cost_ = new views::CostPanel(doc_, this);
    auto* costDock = new QDockWidget(tr("Cost"), this);
    costDock->setObjectName(QStringLiteral("costDock"));
    costDock->setWidget(cost_);
    addDockWidget(Qt::BottomDockWidgetArea, costDock);
    tabifyDockWidget(chartsDock, costDock);
    connect(costDock, &QDockWidget::visibilityChanged, cost_, [this](bool visible) {
        if (visible) cost_->catchUp();
    });
    // What an import says (File > Import, dropped files): findings with their evidence.
    importPanel_ = new views::ImportPanel(this);
    auto* importDock = new QDockWidget(tr("Import"), this);
    importDock->setObjectName(QStringLiteral("importDock"));
    importDock->setWidget(importPanel_);
    addDockWidget(Qt::BottomDockWidgetArea, importDock);
    tabifyDockWidget(chartsDock, importDock);
    connect(worker_, &AnalysisWorker::snapshotReady, importPanel_, &views::ImportPanel::showSnapshot);
    connect(imports_, &ImportController::finished, importDock, [importDock](bool ok) {
        if (ok) importDock->raise();
    });
    // Every results panel reads the worker's snapshot of the newest design; none computes.
    connect(worker_, &AnalysisWorker::snapshotReady, charts_, &views::ChartsPanel::showSnapshot);
    connect(worker_, &AnalysisWorker::snapshotReady, rules_, &views::RulesPanel::showSnapshot);
    connect(worker_, &AnalysisWorker::snapshotReady, bom_, &views::BomPanel::showSnapshot);
    connect(worker_, &AnalysisWorker::snapshotReady, cost_, &views::CostPanel::showSnapshot);
    connect(worker_, &AnalysisWorker::snapshotReady, workload_, &views::WorkloadPanel::showSnapshot);
    createSimulationDock(chartsDock);
    chartsDock->raise();

    resizeDocks({paletteDock, inspectorDock}, {260, 330}, Qt::Horizontal);
    resizeDocks({chartsDock}, {320}, Qt::Vertical);
}

void MainWindow::createSimulationDock(QDockWidget* tabWith)
{
    simulation_ = new views::SimulationPanel(doc_, this);
    simulation_->setScene(scene_);
    simRunner_ = new SimulationRunner(this);
    auto* dock = new QDockWidget(tr("Simulation"), this);
    dock->setObjectName(QStringLiteral("simulationDock"));
    dock->setWidget(simulation_);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    tabifyDockWidget(tabWith, dock);

    // Each run works on a snapshot of the design as it is now and the shared read-only catalog.
    connect(simulation_, &views::SimulationPanel::runRequested, this,
            [this](const model::CollectiveRequest& request, const model::SimulationOptions& options) {
                if (simRunner_->start(doc_->design(), doc_->sharedCatalog(), request, options) == 0)
                    simulation_->showError(tr("a simulation is still running"));
            });
    connect(simulation_, &views::SimulationPanel::cancelRequested, simRunner_, &SimulationRunner::cancel);
    connect(simRunner_, &SimulationRunner::progress, simulation_, [this](quint64, double f) { simulation_->setProgress(f); });
    connect(simRunner_, &SimulationRunner::finished, simulation_, [this](const SimulationOutcome& outcome) {
        if (outcome.cancelled) simulation_->showCancelled();
        else if (outcome.result) simulation_->showResult(outcome.result);
        else simulation_->showError(outcome.error);
    });
    connect(simulation_, &views::SimulationPanel::selectRequested, scene_, &views::CanvasScene::selectIds);
    // The busbw chart overlays this design's simulated collectives beside the analytical curves.
    connect(simulation_, &views::SimulationPanel::designRunsChanged, charts_,
            [this] { charts_->collectiveChart()->setSimulated(simulation_->designRuns()); });
}

} // namespace app
