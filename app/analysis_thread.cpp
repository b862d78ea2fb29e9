#include "app/analysis_thread.hpp"

#include "app/error_report.hpp"
#include "model/io/input_error.hpp"

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

void AnalysisThread::setEngine(Engine engine)
{
    QMutexLocker lock(&mutex_);
    engine_ = std::move(engine);
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
        Engine engine;
        quint64 generation = 0;
        {
            QMutexLocker lock(&mutex_);
            while (!hasPending_ && !abort_) condition_.wait(&mutex_);
            if (abort_) return;
            design = std::move(pending_);
            catalog = catalog_;
            engine = engine_;
            generation = pendingGeneration_;
            hasPending_ = false;
        }

        // computeResults never throws for an engine failure (each part carries its own error
        // text), but nothing at all may leave run(): an exception escaping a QThread ends the
        // process. What is left (out of memory between steps, a replaced engine) becomes a
        // snapshot that says so.
        SnapshotPtr snapshot;
        try {
            const model::StopRequested stop = [this] { return stale(); };
            snapshot = engine ? engine(design, catalog, generation, stop)
                              : model::computeResults(design, catalog, generation, stop);
        } catch (...) {
            auto failed = std::make_shared<model::ResultsSnapshot>();
            failed->generation = generation;
            failed->design = design;
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
        if (hasPending_ || !snapshot) continue; // stale: a newer design is waiting, drop this one
        lock.unlock();
        emit finished(snapshot);
    }
}

} // namespace app
