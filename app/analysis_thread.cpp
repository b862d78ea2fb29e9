#include "app/analysis_thread.hpp"

#include "app/error_report.hpp"
#include "model/io/input_error.hpp"

#include <QDebug>

#include <stdexcept>

namespace app {

AnalysisThread::AnalysisThread(std::shared_ptr<const model::Catalog> catalog, QObject* parent)
    : QThread(parent), catalog_(std::move(catalog))
{
    qRegisterMetaType<app::SnapshotPtr>();
}

AnalysisThread::~AnalysisThread()
{
    {
        QMutexLocker lock(&mutex_);
        abort_ = true;
        condition_.wakeOne();
    }
    wait();
}

void AnalysisThread::setCatalog(std::shared_ptr<const model::Catalog> catalog)
{
    QMutexLocker lock(&mutex_);
    catalog_ = std::move(catalog);
}

void AnalysisThread::post(DesignChange change)
{
    QMutexLocker lock(&mutex_);
    // A whole design makes every earlier change moot.
    if (std::holds_alternative<std::shared_ptr<const model::Design>>(change.what)) changes_.clear();
    changes_.push_back(std::move(change));
}

void AnalysisThread::setEngine(Engine engine)
{
    QMutexLocker lock(&mutex_);
    engine_ = std::move(engine);
    engineChanged_ = true;
}

void AnalysisThread::request(quint64 generation)
{
    QMutexLocker lock(&mutex_);
    pendingGeneration_ = generation;
    hasPending_ = true;
    if (!isRunning())
        start(QThread::LowPriority);
    else
        condition_.wakeOne();
}

bool AnalysisThread::stale()
{
    QMutexLocker lock(&mutex_);
    return abort_ || hasPending_;
}

bool AnalysisThread::applyToMirror(const std::vector<DesignChange>& changes)
{
    struct Apply {
        model::Design& d;
        bool& movesOnly; ///< cleared by any change but a node's new position
        void operator()(const model::Node& n) const
        {
            const model::Node* old = d.node(n.id);
            if (!old) {
                movesOnly = false;
                d.addNode(n);
                return;
            }
            if (movesOnly && !(old->position == n.position)) {
                model::Node moved = *old;
                moved.position = n.position;
                movesOnly = moved == n;
            } else {
                movesOnly = movesOnly && *old == n;
            }
            d.updateNode(n);
        }
        void operator()(const model::Link& l) const
        {
            movesOnly = false;
            d.link(l.id) ? d.updateLink(l) : void(d.addLink(l));
        }
        void operator()(const DesignChange::RemoveNode& r) const { movesOnly = false, (void)d.removeNode(r.id); }
        void operator()(const DesignChange::RemoveLink& r) const { movesOnly = false, d.removeLink(r.id); }
        void operator()(const DesignChange::SetAnalysis& a) const { movesOnly = false, d.analysis = a.analysis; }
        void operator()(const std::shared_ptr<const model::Design>& whole) const { movesOnly = false, d = *whole; }
    };
    bool movesOnly = true;
    try {
        for (const DesignChange& c : changes) std::visit(Apply{mirror_, movesOnly}, c.what);
    } catch (const std::invalid_argument& e) {
        last_.reset();
        qWarning("analysis: the design mirror lost step with the document (%s); resending the design", e.what());
        return false;
    }
    if (!movesOnly) last_.reset();
    return true;
}

SnapshotPtr AnalysisThread::reuse(const std::shared_ptr<const model::Catalog>& catalog, quint64 generation) const
{
    // A snapshot that carries an engine failure is computed again: the failure may not recur.
    if (!last_ || last_->catalog != catalog || !last_->unexpectedError.empty()) return nullptr;
    auto again = std::make_shared<model::ResultsSnapshot>(*last_);
    again->generation = generation;
    return again;
}

void AnalysisThread::run()
{
    for (;;) {
        std::vector<DesignChange> changes;
        std::shared_ptr<const model::Catalog> catalog;
        Engine engine;
        quint64 generation = 0;
        {
            QMutexLocker lock(&mutex_);
            while (!hasPending_ && !abort_) condition_.wait(&mutex_);
            if (abort_) return;
            changes.swap(changes_);
            catalog = catalog_;
            engine = engine_;
            generation = pendingGeneration_;
            hasPending_ = false;
            if (engineChanged_) last_.reset();
            engineChanged_ = false;
        }
        if (!applyToMirror(changes)) {
            emit mirrorLost();
            continue;
        }

        SnapshotPtr snapshot = reuse(catalog, generation);
        if (!snapshot) snapshot = compute(engine, catalog, generation);

        QMutexLocker lock(&mutex_);
        if (abort_) return;
        if (hasPending_ || !snapshot) continue; // stale: a newer request is waiting, drop this one
        lock.unlock();
        emit finished(snapshot);
    }
}

SnapshotPtr AnalysisThread::compute(const Engine& engine, const std::shared_ptr<const model::Catalog>& catalog,
                                    quint64 generation)
{
    // computeResults never throws for an engine failure (each part carries its own error
    // text), but nothing at all may leave run(): an exception escaping a QThread ends the
    // process. What is left (out of memory between steps, a replaced engine) becomes a
    // snapshot that says so.
    SnapshotPtr snapshot;
    try {
        const model::StopRequested stop = [this] { return stale(); };
        snapshot = engine ? engine(mirror_, catalog, generation, stop)
                          : model::computeResults(mirror_, catalog, generation, stop);
        if (snapshot) last_ = snapshot; // a stopped run (null) leaves last_ as it was
    } catch (...) {
        auto failed = std::make_shared<model::ResultsSnapshot>();
        failed->generation = generation;
        failed->catalog = catalog;
        std::string message;
        try {
            throw;
        } catch (const model::InputError& e) { // refused input: its panel says so, no dialog
            message = e.what();
        } catch (...) {
            message = describeCurrentException().toStdString();
            failed->unexpectedError = message;
        }
        failed->analysisError = failed->sweepsError = failed->rulesError = failed->bomError = message;
        snapshot = std::move(failed);
    }
    return snapshot;
}

} // namespace app
