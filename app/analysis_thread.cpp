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
        void operator()(const model::Node& n) const { d.node(n.id) ? d.updateNode(n) : void(d.addNode(n)); }
        void operator()(const model::Link& l) const { d.link(l.id) ? d.updateLink(l) : void(d.addLink(l)); }
        void operator()(const DesignChange::RemoveNode& r) const { (void)d.removeNode(r.id); }
        void operator()(const DesignChange::RemoveLink& r) const { d.removeLink(r.id); }
        void operator()(const DesignChange::SetAnalysis& a) const { d.analysis = a.analysis; }
        void operator()(const std::shared_ptr<const model::Design>& whole) const { d = *whole; }
    };
    try {
        for (const DesignChange& c : changes) std::visit(Apply{mirror_}, c.what);
    } catch (const std::invalid_argument& e) {
        qWarning("analysis: the design mirror lost step with the document (%s); resending the design", e.what());
        return false;
    }
    return true;
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
        }
        if (!applyToMirror(changes)) {
            emit mirrorLost();
            continue;
        }

        // computeResults never throws for an engine failure (each part carries its own error
        // text), but nothing at all may leave run(): an exception escaping a QThread ends the
        // process. What is left (out of memory between steps, a replaced engine) becomes a
        // snapshot that says so.
        SnapshotPtr snapshot;
        try {
            const model::StopRequested stop = [this] { return stale(); };
            snapshot = engine ? engine(mirror_, catalog, generation, stop)
                              : model::computeResults(mirror_, catalog, generation, stop);
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

        QMutexLocker lock(&mutex_);
        if (abort_) return;
        if (hasPending_ || !snapshot) continue; // stale: a newer request is waiting, drop this one
        lock.unlock();
        emit finished(snapshot);
    }
}

} // namespace app
