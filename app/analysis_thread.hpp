#pragma once
/// @file analysis_thread.hpp
/// Computes model::computeResults (analysis, chart sweeps, rules, BOM: one ResultsSnapshot)
/// off the UI thread, with the restart/abort idea of Qt's mandelbrot RenderThread
/// (shared/design/STYLE.md item 8). Each request carries a copy of the design and a
/// generation number; a request arriving while one is computed makes that run stale: it stops
/// at its next step and its partial results are dropped, and the newest request runs next.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/results/results_snapshot.hpp"

#include <QMutex>
#include <QThread>
#include <QWaitCondition>

#include <functional>
#include <memory>

namespace app {

/// A finished snapshot as the thread hands it out (never null).
using SnapshotPtr = std::shared_ptr<const model::ResultsSnapshot>;

class AnalysisThread final : public QThread {
    Q_OBJECT
public:
    /// The computation a run makes: model::computeResults unless replaced (tests inject faults).
    using Engine = std::function<SnapshotPtr(std::shared_ptr<const model::Design>, std::shared_ptr<const model::Catalog>,
                                             quint64 generation, const model::StopRequested& stop)>;

    explicit AnalysisThread(std::shared_ptr<const model::Catalog> catalog, QObject* parent = nullptr);
    /// Aborts the run in flight (its result is dropped) and joins the thread.
    ~AnalysisThread() override;

    /// Queues `design` for computing, replacing any request not yet started and making the
    /// run in flight stale. Starts the thread on first use. Thread-safe.
    void request(std::shared_ptr<const model::Design> design, quint64 generation);
    /// Uses `catalog` from the next run on (user catalogs were reloaded). Thread-safe.
    void setCatalog(std::shared_ptr<const model::Catalog> catalog);
    /// Uses `engine` from the next run on (null restores model::computeResults). Thread-safe.
    void setEngine(Engine engine);

signals:
    /// Emitted from the worker thread for the newest request only (queued to receivers).
    void finished(app::SnapshotPtr snapshot);

protected:
    void run() override;

private:
    /// True when the run in flight is no longer wanted (newer request, or closing).
    [[nodiscard]] bool stale();

    std::shared_ptr<const model::Catalog> catalog_;
    Engine engine_;
    QMutex mutex_;
    QWaitCondition condition_;
    std::shared_ptr<const model::Design> pending_;
    quint64 pendingGeneration_ = 0;
    bool hasPending_ = false;
    bool abort_ = false;
};

} // namespace app

Q_DECLARE_METATYPE(app::SnapshotPtr)
