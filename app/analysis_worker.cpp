#include "app/analysis_worker.hpp"

#include "app/document.hpp"

namespace app {

AnalysisWorker::AnalysisWorker(Document* doc, QObject* parent)
    : QObject(parent), doc_(doc), thread_(doc->sharedCatalog())
{
    debounce_.setSingleShot(true);
    debounce_.setInterval(kDebounceMs);
    connect(&debounce_, &QTimer::timeout, this, &AnalysisWorker::runNow);
    connect(doc_, &views::DesignDocument::changed, this, &AnalysisWorker::scheduleRun);
    connect(&thread_, &AnalysisThread::finished, this, &AnalysisWorker::onFinished, Qt::QueuedConnection);
    runNow();
}

void AnalysisWorker::scheduleRun()
{
    setBusy(true);
    debounce_.start();
}

void AnalysisWorker::runNow()
{
    debounce_.stop();
    setBusy(true);
    thread_.setCatalog(doc_->sharedCatalog());
    thread_.request(doc_->design(), ++generation_);
}

void AnalysisWorker::onFinished(const AnalysisOutcome& outcome)
{
    // A result for an older snapshot than the newest one sent is stale: drop it.
    if (outcome.generation != generation_ || debounce_.isActive()) return;
    setBusy(false);
    if (outcome.result) {
        latest_ = outcome.result;
        emit analysisReady(latest_);
        emit sweepsReady(outcome.sweeps);
    } else {
        latest_.reset();
        emit analysisFailed(outcome.error);
    }
}

void AnalysisWorker::setBusy(bool busy)
{
    if (busy == busy_) return;
    busy_ = busy;
    emit busyChanged(busy);
}

} // namespace app
