#include "app/analysis_thread.hpp"

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

void AnalysisThread::request(std::shared_ptr<const model::Design> design, quint64 generation)
{
    QMutexLocker lock(&mutex_);
    pending_ = std::move(design);
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

void AnalysisThread::run()
{
    for (;;) {
        std::shared_ptr<const model::Design> design;
        std::shared_ptr<const model::Catalog> catalog;
        quint64 generation = 0;
        {
            QMutexLocker lock(&mutex_);
            while (!hasPending_ && !abort_) condition_.wait(&mutex_);
            if (abort_) return;
            design = std::move(pending_);
            catalog = catalog_;
            generation = pendingGeneration_;
            hasPending_ = false;
        }

        // Never throws for an engine failure: each part carries its own error text.
        SnapshotPtr snapshot = model::computeResults(std::move(design), std::move(catalog), generation,
                                                     [this] { return stale(); });

        QMutexLocker lock(&mutex_);
        if (abort_) return;
        if (hasPending_ || !snapshot) continue; // stale: a newer design is waiting, drop this one
        lock.unlock();
        emit finished(snapshot);
    }
}

} // namespace app
