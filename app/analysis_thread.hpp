#pragma once
/// @file analysis_thread.hpp
/// Runs model::analyzeDesign and model::chartSweeps off the UI thread (the restart/abort idea of Qt's mandelbrot
/// RenderThread, shared/design/STYLE.md item 8). Each request carries a snapshot copy of the
/// design and a generation number; a request arriving while one is computed marks that run
/// stale, so its result is dropped and the newest snapshot is analysed next.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/analysis/analysis.hpp"

#include <QMutex>
#include <QThread>
#include <QWaitCondition>

#include <memory>

namespace app {

/// One finished analysis, immutable once handed out.
struct AnalysisOutcome {
    quint64 generation = 0;                              ///< the request it answers
    std::shared_ptr<const model::DesignAnalysis> result; ///< null when the engine threw
    QString error;                                       ///< the engine's message when it threw
    /// busbw-against-size curves (model::chartSweeps); null when they could not be computed.
    std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps;
};

class AnalysisThread final : public QThread {
    Q_OBJECT
public:
    explicit AnalysisThread(std::shared_ptr<const model::Catalog> catalog, QObject* parent = nullptr);
    /// Aborts the run in flight (its result is dropped) and joins the thread.
    ~AnalysisThread() override;

    /// Queues `snapshot` for analysis, replacing any request not yet started and marking the
    /// run in flight stale. Starts the thread on first use. Thread-safe.
    void request(model::Design snapshot, quint64 generation);
    /// Uses `catalog` from the next run on (user catalogs were reloaded). Thread-safe.
    void setCatalog(std::shared_ptr<const model::Catalog> catalog);

signals:
    /// Emitted from the worker thread for the newest request only (queued to receivers).
    void finished(const app::AnalysisOutcome& outcome);

protected:
    void run() override;

private:
    std::shared_ptr<const model::Catalog> catalog_;
    QMutex mutex_;
    QWaitCondition condition_;
    model::Design pending_;
    quint64 pendingGeneration_ = 0;
    bool hasPending_ = false;
    bool abort_ = false;
};

} // namespace app

Q_DECLARE_METATYPE(app::AnalysisOutcome)
