#pragma once
/// @file main_window.hpp
/// The main window: canvas in the middle, palette dock left, inspector and undo history right,
/// charts bottom, status bar. It only wires parts together: File and Edit actions live in
/// main_window_actions.cpp, Arrange and View actions and the context menus in
/// main_window_view.cpp, docks in main_window_docks.cpp, file handling in FileController,
/// clipboard and arrangement in EditController.

#include <QMainWindow>

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <memory>

class QAction;
class QDockWidget;
class QMenu;
class QLabel;
class QTimer;
class QUndoView;

namespace model {
struct ResultsSnapshot;
}

namespace views {
class CanvasScene;
class CanvasView;
class ChartsPanel;
class CostPanel;
class WorkloadPanel;
class ElidedLabel;
class ImportPanel;
class BomPanel;
class InspectorPanel;
class PaletteWidget;
class RulesPanel;
class SimulationPanel;
} // namespace views

namespace app {

class AnalysisWorker;
class Autosave;
class CompareWindow;
class Document;
class EditController;
class FileController;
class ImportController;
class PresentationWindow;
class SimulationRunner;
class Theme;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(std::shared_ptr<const model::Catalog> catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    /// The window as the user left it: the size, position and dock layout saved when the
    /// window last closed (QSettings "window/geometry", "window/state"), shrunk to the screen
    /// when that is smaller now and moved so its whole frame lies on the screen (fitInside);
    /// without a saved layout, or when it lies off every screen, 1600 x 1000 px shrunk to 90 %
    /// of the screen's available area and centred there. Called by the
    /// application's start (gui_main), not by the constructor, so windows made elsewhere (tests,
    /// the screenshot command) start at 1600 x 1000 whatever the last session left. On a screen
    /// less than 800 px tall the Analysis charts scroll in their dock (scrollAnalysisCharts).
    void restoreWindowLayout();
    /// Whether a screen of `availableHeightPx` (pixels free of panels) needs the Analysis charts
    /// to scroll: below 800 px, as the window's minimum with the charts in place is 749 px
    /// (1,280 x 720 laptops and projectors).
    [[nodiscard]] static bool chartsScrollOn(int availableHeightPx) noexcept { return availableHeightPx < 800; }
    /// Puts the Analysis dock's charts in a scroll area, so the dock, and the window, can be
    /// shorter than the charts' minimum (a 1,280 x 720 screen). Once; nothing if already done.
    void scrollAnalysisCharts();

    [[nodiscard]] Document* document() const { return doc_; }
    [[nodiscard]] AnalysisWorker* worker() const { return worker_; }
    [[nodiscard]] FileController* files() const { return files_; }
    [[nodiscard]] EditController* edits() const { return edit_; }
    /// Light/dark theme (View > Theme).
    [[nodiscard]] Theme* theme() const { return theme_; }
    /// Replaces the design with a generated topology as one undo step (File > Generate
    /// Topology), collapses its large groups as opening a design does, and zooms to fit.
    void applyGenerated(const model::Design& generated);
    /// Opens presentation mode full screen on the current design and the templates (F5).
    /// @return the presentation window (deleted when it closes).
    PresentationWindow* startPresentation();
    /// A window action by its object name (e.g. "actionCopy"), for tests and the CLI.
    [[nodiscard]] QAction* action(const QString& objectName) const;
    [[nodiscard]] Autosave* autosave() const { return autosave_; }
    [[nodiscard]] views::CanvasScene* scene() const { return scene_; }
    [[nodiscard]] views::CanvasView* canvas() const { return canvas_; }
    [[nodiscard]] views::ChartsPanel* charts() const { return charts_; }
    [[nodiscard]] views::InspectorPanel* inspector() const { return inspector_; }
    [[nodiscard]] views::PaletteWidget* palette() const { return palette_; }
    /// The design-rules and bill-of-materials docks (they show the worker's snapshots).
    [[nodiscard]] views::RulesPanel* rules() const { return rules_; }
    [[nodiscard]] views::BomPanel* bom() const { return bom_; }
    /// The Cost dock (build against rent of the newest snapshot; prices settable per design).
    [[nodiscard]] views::CostPanel* cost() const { return cost_; }
    [[nodiscard]] views::WorkloadPanel* workload() const { return workload_; }
    /// File > Import and dropped files, and the dock that shows what the import says.
    [[nodiscard]] ImportController* imports() const { return imports_; }
    [[nodiscard]] views::ImportPanel* importPanel() const { return importPanel_; }
    /// The status bar's design line and analysis line, as shown.
    [[nodiscard]] QString statusText() const;
    /// The flow-level simulation dock and the runner that computes it off the UI thread.
    [[nodiscard]] views::SimulationPanel* simulation() const { return simulation_; }
    [[nodiscard]] SimulationRunner* simulationRunner() const { return simRunner_; }

    /// Writes the design report of the open design from its newest results snapshot (waiting
    /// for the run of the latest edit): FILE.pdf, FILE.html, or CSV data files beside FILE.csv
    /// (or into a folder). @return an error text, or empty (main_window_reports.cpp).
    [[nodiscard]] QString exportReportTo(const QString& path);
    /// File > Export Report: asks for the file, then exportReportTo.
    void exportReport();
    /// Where Export Report's dialog starts: the folder last used for reports (never the bundled
    /// data), else Documents, with "<design>-report.pdf" suggested (views/common/dialog_folders.hpp).
    [[nodiscard]] QString reportStartPath() const;
    /// View > Compare Designs: the Compare window, the open design already in it.
    CompareWindow* showCompare();

protected:
    void closeEvent(QCloseEvent* e) override;
    void changeEvent(QEvent* e) override;
    /// After the first show of a restored layout, fits the window to its screen again, its
    /// frame (title bar, borders) now known: before the window is shown it counts as nothing.
    void showEvent(QShowEvent* e) override;

private:
    int shownUndoIndex_ = 0; ///< the undo stack index the design on show is at (main_window_actions.cpp)
    /// Shrinks the window (never below its minimum) and moves it, only as far as needed, so its
    /// whole frame lies inside `availableGeometry` (a screen's area free of panels).
    void fitInside(const QRect& availableGeometry);
    bool fitOnShow_ = false; ///< a restored layout: fitInside again once shown (showEvent)
    /// The available geometry of the screen holding most of `frame`; `fallback` when none does.
    [[nodiscard]] static QRect screenHolding(const QRect& frame, const QRect& fallback);
    void createActions();   // main_window_actions.cpp: File, Edit, toolbar
    void createViewActions(QMenu* view); // main_window_view.cpp: Arrange, View, context menus
    /// The snapshot of the design as it is now (waits for a run in flight); null on timeout.
    [[nodiscard]] std::shared_ptr<const model::ResultsSnapshot> currentSnapshot(); // main_window_reports.cpp
    void createDocks();     // main_window_docks.cpp
    void createSimulationDock(QDockWidget* tabWith); // main_window_docks.cpp
    void updateTitle();
    void updateStatus();
    /// Shows `text` in place of the design's counts for `ms` milliseconds, shortened with "…" to
    /// the room left of the bottleneck and zoom labels (the whole text in its tooltip).
    void showStatusMessage(const QString& text, int ms);
    void applyTheme(bool dark);

    Theme* theme_;
    Document* doc_;
    AnalysisWorker* worker_;
    views::CanvasScene* scene_;
    views::CanvasView* canvas_;
    FileController* files_;
    EditController* edit_;
    Autosave* autosave_;
    views::ChartsPanel* charts_ = nullptr;
    views::InspectorPanel* inspector_ = nullptr;
    views::PaletteWidget* palette_ = nullptr;
    views::RulesPanel* rules_ = nullptr;
    views::BomPanel* bom_ = nullptr;
    ImportController* imports_ = nullptr;
    views::ImportPanel* importPanel_ = nullptr;
    views::SimulationPanel* simulation_ = nullptr;
    SimulationRunner* simRunner_ = nullptr;
    CompareWindow* compare_ = nullptr;
    views::CostPanel* cost_ = nullptr;
    views::WorkloadPanel* workload_ = nullptr;
    QUndoView* history_ = nullptr;
    views::ElidedLabel* statusDesign_ = nullptr;  ///< "176 nodes, ..." (hidden while a message shows)
    views::ElidedLabel* statusMessage_ = nullptr; ///< the last import's outcome, for a while
    QTimer* statusMessageTimer_ = nullptr;        ///< ends the message
    QLabel* statusAnalysis_ = nullptr;
    QLabel* statusZoom_ = nullptr;
};

} // namespace app
