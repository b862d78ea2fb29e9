#include "app/simulation_runner.hpp"

#include "views/common/gui_input_error.hpp"

#include "app/error_report.hpp"
#include "model/io/input_error.hpp"

#include <QElapsedTimer>
#include <QThread>

#include <cmath>
#include <exception>
#include <stdexcept>

namespace app {

SimulationRunner::SimulationRunner(QObject* parent) : QObject(parent)
{
    qRegisterMetaType<app::SimulationOutcome>();
}

SimulationRunner::~SimulationRunner()
{
    if (!thread_) return;
    cancel_ = true;
    thread_->wait();
    delete thread_; // not deleteLater: the event loop may not run again
}

quint64 SimulationRunner::start(model::Design design, std::shared_ptr<const model::Catalog> catalog,
                                model::CollectiveRequest request, model::SimulationOptions options)
{
    if (running_ || !catalog) return 0;
    if (thread_) {
        thread_->wait(); // finished already (running_ is false); just reap it
        delete thread_;
        thread_ = nullptr;
    }
    const quint64 run = ++runs_;
    cancel_ = false;
    running_ = true;
    outcome_ = SimulationOutcome{};
    outcome_.run = run;
    // The lambda owns the snapshot; it touches only outcome_ and cancel_ of this object, and
    // the destructor joins the thread before either goes away.
    thread_ = QThread::create([this, run, design = std::move(design), catalog = std::move(catalog),
                               request = std::move(request), options = std::move(options), engine = engine_] {
        if (cancel_) { // cancelled before the engine started
            outcome_.cancelled = true;
            return;
        }
        QElapsedTimer clock;
        clock.start();
        double lastSent = -1.0;
        const model::ProgressFn onProgress = [&](double fraction) {
            if (cancel_.load(std::memory_order_relaxed)) return false;
            if (fraction - lastSent >= 0.01 && (lastSent < 0 || clock.elapsed() >= kProgressIntervalMs)) {
                lastSent = fraction;
                clock.restart();
                emit progress(run, fraction); // queued: the runner lives on the UI thread
            }
            return true;
        };
        try {
            auto result = std::make_shared<model::SimulationResult>(
                engine ? engine(design, *catalog, request, options, onProgress)
                       : model::simulateCollective(design, *catalog, request, options, onProgress));
            outcome_.cancelled = result->cancelled;
            outcome_.result = std::move(result);
        } catch (const model::InputError& e) { // a failure the design lacks: the Failures field's
            outcome_.error = views::guiInputError(e, tr("Failures"));
        } catch (const std::invalid_argument& e) { // an impossible request, in words
            outcome_.error = QString::fromStdString(e.what());
        } catch (...) {
            outcome_.error = describeCurrentException();
            outcome_.unexpected = true;
        }
        if (cancel_) { // a cancel wins even when the engine got to the end before it looked
            outcome_ = SimulationOutcome{run, nullptr, QString(), true};
        }
    });
    connect(thread_, &QThread::finished, this, &SimulationRunner::onThreadFinished);
    thread_->start(QThread::LowPriority);
    return run;
}

void SimulationRunner::cancel() { cancel_ = true; }

void SimulationRunner::onThreadFinished()
{
    running_ = false;
    const SimulationOutcome outcome = outcome_;
    emit finished(outcome);
    if (outcome.unexpected) reportUnexpectedError(tr("simulating the collective"), outcome.error);
}

} // namespace app
