#pragma once
/// @file analysis_worker.hpp
/// Keeps the analysis of the open document current: every change of the document restarts
/// the engine on a snapshot copy after a short single-shot debounce (kDebounceMs), results of
/// superseded snapshots are dropped, and the newest result is handed out by signal as an
/// immutable snapshot. The UI keeps showing the last complete result while a run is in flight.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "app/analysis_thread.hpp"

#include <QObject>
#include <QTimer>

namespace app {

class Document;

class AnalysisWorker final : public QObject {
    Q_OBJECT
public:
    /// Debounce between the last edit and the start of a run, milliseconds. Small enough that
    /// charts refresh well within 100 ms of an edit on the bundled designs.
    static constexpr int kDebounceMs = 15;

    /// Watches `doc` and analyses it once right away.
    explicit AnalysisWorker(Document* doc, QObject* parent = nullptr);

    /// The latest complete result (null before the first one or when the latest run failed).
    [[nodiscard]] std::shared_ptr<const model::DesignAnalysis> latest() const { return latest_; }
    /// True from an edit until the result for the newest snapshot arrives.
    [[nodiscard]] bool isBusy() const { return busy_; }
    /// Generation of the newest snapshot sent to the engine (increments on every change).
    [[nodiscard]] quint64 generation() const { return generation_; }

public slots:
    /// Schedules a run after the debounce (coalesces bursts of edits into one run).
    void scheduleRun();
    /// Sends the current design to the engine now.
    void runNow();

signals:
    void analysisReady(std::shared_ptr<const model::DesignAnalysis> result);
    /// The busbw-against-size curves of the same snapshot (null when they failed).
    void sweepsReady(std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps);
    /// The engine threw on the newest snapshot (message in words).
    void analysisFailed(const QString& message);
    void busyChanged(bool busy);

private:
    void onFinished(const AnalysisOutcome& outcome);
    void setBusy(bool busy);

    Document* doc_;
    AnalysisThread thread_;
    QTimer debounce_;
    quint64 generation_ = 0;
    bool busy_ = false;
    std::shared_ptr<const model::DesignAnalysis> latest_;
};

} // namespace app
