#pragma once
/// @file simulation_runner.hpp
/// Runs one flow-level simulation (model::simulateCollective) off the UI thread. Each run works
/// on a snapshot copy of the design and a shared read-only catalog, so the document can change
/// while it computes. Progress comes back by queued signal, at most every kProgressIntervalMs
/// and only when it moved by at least 1 %; cancel() sets an atomic flag that the engine's
/// progress callback reads, so the run stops at the engine's next progress report. A cancel
/// that arrives before the worker ends always wins: the outcome is then `cancelled`, without
/// a result, even when the engine finished before it looked at the flag. The destructor
/// cancels a run in flight and joins its thread, so closing the window mid-run is safe.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/simulation/simulation.hpp"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>

class QThread;

namespace app {

/// The answer to one run, immutable once handed out.
struct SimulationOutcome {
    quint64 run = 0;                                       ///< number of the run it answers
    std::shared_ptr<const model::SimulationResult> result; ///< null when the engine threw
    QString error;                                         ///< the engine's message when it threw
    bool cancelled = false;                                ///< cancel() came before the run ended
    /// The engine threw something other than refused input (InputError) or an impossible
    /// request (std::invalid_argument): a bug or std::bad_alloc, reported in a dialog.
    bool unexpected = false;
};

class SimulationRunner final : public QObject {
    Q_OBJECT
public:
    /// Shortest interval between two progress signals, milliseconds.
    static constexpr int kProgressIntervalMs = 50;

    /// The computation a run makes; model::simulateCollective unless replaced (tests inject faults).
    using Engine = std::function<model::SimulationResult(const model::Design&, const model::Catalog&,
                                                         const model::CollectiveRequest&,
                                                         const model::SimulationOptions&, const model::ProgressFn&)>;

    explicit SimulationRunner(QObject* parent = nullptr);
    /// Cancels the run in flight and waits for its thread to end (its result is dropped).
    ~SimulationRunner() override;

    /// Starts simulating `request` on the snapshot `design` with `catalog` (must not be null).
    /// @return the run number, or 0 when a run is still in flight (nothing is started).
    quint64 start(model::Design design, std::shared_ptr<const model::Catalog> catalog,
                  model::CollectiveRequest request, model::SimulationOptions options);
    /// Asks the run in flight to stop; it then finishes with `cancelled` set. Thread-safe.
    void cancel();
    /// True from start() until finished() has been emitted.
    [[nodiscard]] bool isRunning() const { return running_; }
    /// Uses `engine` from the next start() on; null restores model::simulateCollective.
    void setEngine(Engine engine) { engine_ = std::move(engine); }

signals:
    /// Fraction done (0..1) of run `run`, delivered on the receiver's thread.
    void progress(quint64 run, double fraction);
    /// The run ended (result, engine error or cancel), delivered on the runner's thread.
    void finished(const app::SimulationOutcome& outcome);

private:
    void onThreadFinished();

    QThread* thread_ = nullptr;
    std::atomic<bool> cancel_{false};
    bool running_ = false;
    quint64 runs_ = 0;
    SimulationOutcome outcome_; ///< written by the worker, read after its thread has finished
    Engine engine_;
};

} // namespace app

Q_DECLARE_METATYPE(app::SimulationOutcome)
