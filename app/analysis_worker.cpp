#include "app/analysis_worker.hpp"

#include "app/document.hpp"
#include "app/error_report.hpp"

#include <QCoreApplication>

namespace app {

AnalysisWorker::AnalysisWorker(Document* doc, QObject* parent)
    : QObject(parent), doc_(doc), thread_(doc->sharedCatalog())
{
    mirrorDocument();
    connect(doc_, &views::DesignDocument::changed, this, &AnalysisWorker::scheduleRun);
    connect(&thread_, &AnalysisThread::finished, this, &AnalysisWorker::onFinished, Qt::QueuedConnection);
    connect(&thread_, &AnalysisThread::mirrorLost, this, [this] {
        postWholeDesign();
        runNow();
    }, Qt::QueuedConnection);
    postWholeDesign();
    runNow();
}

void AnalysisWorker::postWholeDesign()
{
    thread_.post({std::make_shared<const model::Design>(doc_->design())});
}

void AnalysisWorker::mirrorDocument()
{
    using views::DesignDocument;
    const auto putNode = [this](model::Id id) {
        if (const model::Node* n = doc_->design().node(id)) thread_.post({*n});
    };
    const auto putLink = [this](model::Id id) {
        if (const model::Link* l = doc_->design().link(id)) thread_.post({*l});
    };
    connect(doc_, &DesignDocument::nodeAdded, this, putNode);
    connect(doc_, &DesignDocument::nodeChanged, this, putNode);
    connect(doc_, &DesignDocument::linkAdded, this, putLink);
    connect(doc_, &DesignDocument::linkChanged, this, putLink);
    connect(doc_, &DesignDocument::nodeRemoved, this, [this](model::Id id) { thread_.post({DesignChange::RemoveNode{id}}); });
    connect(doc_, &DesignDocument::linkRemoved, this, [this](model::Id id) { thread_.post({DesignChange::RemoveLink{id}}); });
    connect(doc_, &DesignDocument::analysisChanged, this, [this] { thread_.post({DesignChange::SetAnalysis{doc_->design().analysis}}); });
    connect(doc_, &DesignDocument::designReset, this, &AnalysisWorker::postWholeDesign);
}

namespace {
/// The debounce's event: runs the scheduled run (AnalysisWorker::event).
const QEvent::Type kRunEvent = static_cast<QEvent::Type>(QEvent::registerEventType());
} // namespace

void AnalysisWorker::scheduleRun()
{
    setBusy(true);
    if (runPosted_) return;
    runPosted_ = true;
    // Qt delivers posted events by priority: this one goes before the events the edit posted
    // for the views (the canvas's group sync, the repaints), whichever came first. With a
    // zero-time QTimer the run waited for all of them: 5 to 13 ms of canvas work on a
    // 2,048-server design before the engine started.
    QCoreApplication::postEvent(this, new QEvent(kRunEvent), Qt::HighEventPriority);
}

bool AnalysisWorker::event(QEvent* e)
{
    if (e->type() != kRunEvent) return QObject::event(e);
    if (runPosted_) runNow(); // else runNow() already ran since it was posted
    return true;
}

void AnalysisWorker::runNow()
{
    runPosted_ = false;
    setBusy(true);
    thread_.setCatalog(doc_->sharedCatalog());
    thread_.request(++generation_); // the thread's mirror already has every change
}

void AnalysisWorker::onFinished(const SnapshotPtr& snapshot)
{
    // A snapshot of an older design than the newest one sent is stale: drop it.
    if (!snapshot || snapshot->generation != generation_ || runPosted_) return;
    latest_ = snapshot;
    emit snapshotReady(latest_); // panels first: when busy clears, every panel shows it
    setBusy(false);
    // An engine bug (not a refused input, which its panel shows) is also shown in a dialog,
    // once: not again on every edit of a design that keeps hitting it.
    if (snapshot->unexpectedError.empty()) {
        lastReported_.clear();
    } else if (snapshot->unexpectedError != lastReported_) {
        lastReported_ = snapshot->unexpectedError;
        reportUnexpectedError(tr("analysing the design"), QString::fromStdString(lastReported_));
    }
}

void AnalysisWorker::setBusy(bool busy)
{
    if (busy == busy_) return;
    busy_ = busy;
    emit busyChanged(busy);
}

} // namespace app
