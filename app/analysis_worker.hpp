#pragma once
/// @file analysis_worker.hpp
/// Keeps the results of the open document current: every change of the document asks for a
/// new model::ResultsSnapshot (analysis, chart sweeps, rule findings, bill of materials, part
/// counts), computed off the UI thread by AnalysisThread on its mirror of the design (each
/// change signal of the document is forwarded to it, so no edit copies the whole design).
/// Changes made in one pass of the event loop (a delete of many items, an undo, a generated
/// fabric) are coalesced by the one debounce of the app into one run, which starts first
/// thing in the next pass: a high-priority posted event, ahead of the views' own queued work
/// for the same edit (the canvas's group sync, repaints), so the engine computes while the UI
/// thread does that work instead of after it. A change while a run is in flight makes that
/// run stale and it is dropped. Each panel reads the newest snapshot from snapshotReady and
/// computes nothing itself; the UI keeps showing the last complete snapshot while a run is in
/// flight (isBusy).
///
///     connect(worker, &app::AnalysisWorker::snapshotReady, panel, &Panel::showSnapshot);
///     // in the panel: snapshot->analysis, ->sweeps, ->rules, ->bom, ->counts (results_snapshot.hpp)

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "app/analysis_thread.hpp"

#include <QEvent>
#include <QObject>

namespace app {

class Document;

class AnalysisWorker final : public QObject {
    Q_OBJECT
public:
    /// Debounce between a change and the start of a run: none. The run starts as soon as the
    /// event loop has finished the pass that made the change (before any other event posted
    /// in that pass), so every change of that pass is in one snapshot and nothing waits on a
    /// timer (benchmarks/bench_snapshot.cpp measures edit-to-panels latency).
    static constexpr int kDebounceMs = 0;

    /// Watches `doc` and computes its results once right away.
    explicit AnalysisWorker(Document* doc, QObject* parent = nullptr);

    /// The newest complete snapshot (null before the first one arrives). Its `generation`
    /// lags generation() while isBusy().
    [[nodiscard]] SnapshotPtr latest() const { return latest_; }
    /// True from a change until the snapshot of the newest design arrives.
    [[nodiscard]] bool isBusy() const { return busy_; }
    /// Generation of the newest design sent to the engine (increments on every run request).
    [[nodiscard]] quint64 generation() const { return generation_; }
    /// Replaces the engine (tests inject faults); null restores model::computeResults.
    void setEngine(AnalysisThread::Engine engine) { thread_.setEngine(std::move(engine)); }

    bool event(QEvent* e) override;

public slots:
    /// Schedules a run after the debounce (coalesces bursts of changes into one run).
    void scheduleRun();
    /// Sends the current design to the engine now.
    void runNow();

signals:
    /// The snapshot of the newest design (never null). Emitted once per completed generation.
    void snapshotReady(app::SnapshotPtr snapshot);
    void busyChanged(bool busy);

private:
    void onFinished(const SnapshotPtr& snapshot);
    void setBusy(bool busy);
    /// Sends the whole design to the thread's mirror (open, new, generate; or resync).
    void postWholeDesign();
    /// Forwards each change signal of the document to the thread's mirror.
    void mirrorDocument();

    Document* doc_;
    AnalysisThread thread_;
    bool runPosted_ = false; ///< a run is scheduled (the debounce's event is posted, not yet run)
    quint64 generation_ = 0;
    bool busy_ = false;
    SnapshotPtr latest_;
    std::string lastReported_; ///< the unexpected error last shown in a dialog (once until a run without one)
};

} // namespace app
