#include "app/analysis_thread.hpp"

#include <exception>

namespace app {

AnalysisThread::AnalysisThread(std::shared_ptr<const model::Catalog> catalog, QObject* parent)
    : QThread(parent), catalog_(std::move(catalog))
{
    qRegisterMetaType<app::AnalysisOutcome>();
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

void AnalysisThread::request(model::Design snapshot, quint64 generation)
{
    QMutexLocker lock(&mutex_);
    pending_ = std::move(snapshot);
    pendingGeneration_ = generation;
    hasPending_ = true;
    if (!isRunning())
        start(QThread::LowPriority);
    else
        condition_.wakeOne();
}

void AnalysisThread::run()
{
    for (;;) {
        model::Design design;
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

        AnalysisOutcome outcome;
        outcome.generation = generation;
        try {
            outcome.result = std::make_shared<const model::DesignAnalysis>(model::analyzeDesign(design, *catalog));
        } catch (const std::exception& e) {
            outcome.error = QString::fromStdString(e.what());
        }
        if (outcome.result) {
            try {
                outcome.sweeps = std::make_shared<const std::vector<model::CollectiveSweep>>(model::chartSweeps(design, *catalog));
            } catch (const std::exception&) {
                // The charts show no curve; the analysis itself already reported what is wrong.
            }
        }

        QMutexLocker lock(&mutex_);
        if (abort_) return;
        if (hasPending_) continue; // stale: a newer snapshot is waiting, drop this result
        lock.unlock();
        emit finished(outcome);
    }
}

} // namespace app
