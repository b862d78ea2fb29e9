#pragma once
/// @file analysis_thread.hpp
/// Computes model::computeResults (analysis, chart sweeps, rules, BOM: one ResultsSnapshot)
/// off the UI thread, with the restart/abort idea of Qt's mandelbrot RenderThread
/// (shared/design/STYLE.md item 8).
///
/// The thread keeps its own copy of the design, a mirror, and the UI thread sends it each
/// change as the document makes it (post(): a node or link put or removed, or a whole new
/// design), so an edit costs one node or link copy instead of a copy of the whole design (25 ms
/// of CPU for 2,048 servers). A run request carries a generation number; the thread applies
/// the changes sent so far, then computes. A request arriving while one is computed makes that
/// run stale: it stops at its next step, its partial results are dropped, and the newest
/// request runs next.
///
/// A run whose changes only moved nodes (a drag, Align, Distribute) computes nothing: no
/// part of a snapshot reads a node's position (model/results/results_snapshot.hpp), so the
/// last snapshot computed on the mirror is handed out again under the new generation. On a
/// 2,048-server design that spares the engine's 20 ms of CPU per move.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/results/results_snapshot.hpp"

#include <QMutex>
#include <QThread>
#include <QWaitCondition>

#include <functional>
#include <memory>
#include <variant>
#include <vector>

namespace app {

/// A finished snapshot as the thread hands it out (never null).
using SnapshotPtr = std::shared_ptr<const model::ResultsSnapshot>;

/// One change of the document's design, as the mirror applies it.
struct DesignChange {
    struct RemoveNode { model::Id id; };
    struct RemoveLink { model::Id id; };
    /// The design's analysis settings (design.analysis: workload, cost settings, rule waivers).
    struct SetAnalysis { nlohmann::json analysis; };
    /// A node or link added or changed (put: added when absent, else replaced); a node
    /// removal (its links were removed before, each by its own change); a link removal; new
    /// analysis settings; or a whole design (open, new, generate, undo of a generate).
    std::variant<model::Node, model::Link, RemoveNode, RemoveLink, SetAnalysis, std::shared_ptr<const model::Design>> what;
};

class AnalysisThread final : public QThread {
    Q_OBJECT
public:
    /// The computation a run makes: model::computeResults unless replaced (tests inject faults).
    using Engine = std::function<SnapshotPtr(const model::Design&, std::shared_ptr<const model::Catalog>,
                                             quint64 generation, const model::StopRequested& stop)>;

    explicit AnalysisThread(std::shared_ptr<const model::Catalog> catalog, QObject* parent = nullptr);
    /// Aborts the run in flight (its result is dropped) and joins the thread.
    ~AnalysisThread() override;

    /// Queues a change of the design for the mirror (applied before the next run). Thread-safe.
    void post(DesignChange change);
    /// Asks for the results of the design as changed so far, generation `generation`;
    /// replaces a request not yet started and makes the run in flight stale. Starts the
    /// thread on first use. Thread-safe.
    void request(quint64 generation);
    /// Uses `catalog` from the next run on (user catalogs were reloaded). Thread-safe.
    void setCatalog(std::shared_ptr<const model::Catalog> catalog);
    /// Uses `engine` from the next run on (null restores model::computeResults). Thread-safe.
    void setEngine(Engine engine);

signals:
    /// Emitted from the worker thread for the newest request only (queued to receivers).
    void finished(app::SnapshotPtr snapshot);
    /// A change could not be applied to the mirror (it no longer matches the document): the
    /// receiver posts the whole design and requests again.
    void mirrorLost();

protected:
    void run() override;

private:
    /// True when the run in flight is no longer wanted (newer request, or closing).
    [[nodiscard]] bool stale();
    /// Applies `changes` to the mirror. @return false when one of them did not fit. Forgets
    /// the last results unless every change only moved a node.
    bool applyToMirror(const std::vector<DesignChange>& changes);
    /// Runs `engine` (or model::computeResults) on the mirror; keeps what it returns as the
    /// last results. An exception becomes a snapshot that says what failed. @return null
    /// when the run was stopped because it went stale.
    SnapshotPtr compute(const Engine& engine, const std::shared_ptr<const model::Catalog>& catalog, quint64 generation);
    /// The last results again under `generation` when they still hold for the mirror with
    /// `catalog`; else null.
    [[nodiscard]] SnapshotPtr reuse(const std::shared_ptr<const model::Catalog>& catalog, quint64 generation) const;

    std::shared_ptr<const model::Catalog> catalog_;
    Engine engine_;
    QMutex mutex_;
    QWaitCondition condition_;
    std::vector<DesignChange> changes_;   ///< posted, not yet applied (guarded by mutex_)
    quint64 pendingGeneration_ = 0;
    bool hasPending_ = false;
    bool abort_ = false;
    bool engineChanged_ = false;          ///< setEngine since the last run (guarded by mutex_)
    model::Design mirror_;                ///< the design as of the last run; worker thread only
    /// The last snapshot computed on the mirror, kept while the changes since were only node
    /// moves (null otherwise); worker thread only.
    SnapshotPtr last_;
};

} // namespace app

Q_DECLARE_METATYPE(app::SnapshotPtr)
