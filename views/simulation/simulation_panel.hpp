#pragma once
/// @file simulation_panel.hpp
/// The simulation dock: the collective to simulate (SimulationForm), Run / Cancel and a
/// progress bar, the result (SimulationResultView) and the heat the result puts on the
/// canvas links (peak, mean or the instant picked on a time slider, with its legend). The
/// panel computes nothing: it emits runRequested and the app runs the engine off the UI
/// thread, then hands back progress and the outcome. A design change after a run marks the
/// result stale and takes its heat off the canvas. While heat is shown, the collapsed server
/// groups that hold links with traffic are expanded, so that every link shows its own heat;
/// they collapse again when the heat is cleared. To dock it:
///
///     auto* sim = new views::SimulationPanel(doc_, this);
///     sim->setScene(scene_);
///     connect(sim, &views::SimulationPanel::runRequested, runner, /* start on a snapshot */);
///     connect(sim, &views::SimulationPanel::cancelRequested, runner, /* cancel */);
///     connect(runner, /* progress */, sim, &views::SimulationPanel::setProgress);
///     connect(runner, /* finished */, sim, /* showResult, showCancelled or showError */);

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/simulation/simulation.hpp"
#include "views/common/gpu_count_cache.hpp"
#include "views/simulation/link_heat.hpp"

#include <QPointer>

#include <map>
#include <string>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;

namespace views {

class CanvasScene;
class DesignDocument;
class HeatLegend;
class SimulationForm;
class SimulationResultView;

class SimulationPanel final : public QWidget {
    Q_OBJECT
public:
    /// Where the panel stands.
    enum class State { Idle, Running, Done, Cancelled, Failed };

    /// `doc` (not owned, must outlive the panel) gives the design's GPU count and its change
    /// signals, which mark a shown result stale.
    explicit SimulationPanel(DesignDocument* doc, QWidget* parent = nullptr);
    ~SimulationPanel() override;

    /// The canvas that gets the heat (may be null: no heat is drawn).
    void setScene(CanvasScene* scene);

    /// Idle before the first run, Running from runRequested until the outcome is handed back.
    [[nodiscard]] State state() const { return state_; }
    /// True when the design changed after the shown (or running) simulation was started.
    [[nodiscard]] bool isStale() const { return stale_; }
    /// The result shown (null before the first successful run).
    [[nodiscard]] std::shared_ptr<const model::SimulationResult> result() const { return result_; }
    /// The successful collective runs of the design as it is now, oldest first (one per op,
    /// size and rank count: a rerun replaces its predecessor). Emptied by any change of the
    /// design other than a move on the canvas; a run the design changed under is not kept.
    [[nodiscard]] const std::vector<std::shared_ptr<const model::SimulationResult>>& designRuns() const { return designRuns_; }
    /// The status line above the results ("Simulating...", "Cancelled", the error, ...).
    [[nodiscard]] QString statusText() const;
    /// The child widgets, for the window's wiring, the screenshot command and the tests.
    [[nodiscard]] SimulationForm* form() const { return form_; }
    [[nodiscard]] SimulationResultView* resultView() const { return view_; }
    [[nodiscard]] QPushButton* runButton() const { return run_; }
    [[nodiscard]] QPushButton* cancelButton() const { return cancel_; }
    [[nodiscard]] QProgressBar* progressBar() const { return progress_; }
    /// Whether the heat of the shown result is on the canvas.
    [[nodiscard]] bool heatShown() const;
    /// Shows (true) or clears (false) the heat, as the "Heat on canvas" box does.
    void setHeatShown(bool shown);
    /// Colours the links by `measure`; for AtTime, at `fraction` (0..1) of the run.
    void setHeatMeasure(HeatMeasure measure, double fraction = 1.0);
    /// The measure the links are coloured by.
    [[nodiscard]] HeatMeasure heatMeasure() const;

    /// Reads the form and emits runRequested, or shows the input error (state Failed).
    void requestRun();
    /// Progress of the run in flight, 0..1.
    void setProgress(double fraction);
    /// The run finished: shows `result` and its heat.
    void showResult(std::shared_ptr<const model::SimulationResult> result);
    /// The run was cancelled: nothing of it is shown.
    void showCancelled();
    /// The run failed: `message` (the engine's) is shown, nothing else.
    void showError(const QString& message);

signals:
    /// Run this collective on the design as it is now; the panel is Running until one of
    /// showResult / showCancelled / showError is called.
    void runRequested(const model::CollectiveRequest& request, const model::SimulationOptions& options);
    /// designRuns() changed (a run was added, or the design changed and they were dropped).
    void designRunsChanged();
    /// The user pressed Cancel.
    void cancelRequested();
    /// Select these ids on the canvas (a congested link's row was clicked).
    void selectRequested(const std::vector<model::Id>& nodes, const std::vector<model::Id>& links);

private:
    void setState(State state, const QString& status);
    void designChanged();
    void nodeChanged(model::Id id);
    void refreshHeat();
    void updateTimeLabel();

    DesignDocument* doc_;
    GpuCountCache gpus_; ///< the form's "all (N)" (before every connection: see its file)
    QPointer<CanvasScene> scene_;
    State state_ = State::Idle;
    bool stale_ = false;
    std::shared_ptr<const model::SimulationResult> result_;
    std::vector<std::shared_ptr<const model::SimulationResult>> designRuns_;
    double seriesEnd_s_ = 0.0; ///< end of the longest utilisation series, seconds
    /// The nodes as they were when the run was requested: a change that only moves a node on
    /// the canvas leaves the result current.
    std::map<model::Id, model::Node> runNodes_;
    bool lastChangeWasMove_ = false;
    bool heatOnCanvas_ = false;
    /// Server groups expanded to show the heat link by link; collapsed again with the heat.
    std::vector<std::string> expandedForHeat_;

    SimulationForm* form_;
    QPushButton* run_;
    QPushButton* cancel_;
    QProgressBar* progress_;
    QLabel* status_;
    SimulationResultView* view_;
    QCheckBox* heatBox_;
    QComboBox* measure_;
    QSlider* time_;
    QLabel* timeLabel_;
    HeatLegend* legend_;
};

} // namespace views
