#include "views/simulation/simulation_panel.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/common/design_document.hpp"
#include "views/simulation/heat_legend.hpp"
#include "views/simulation/simulation_form.hpp"
#include "views/simulation/simulation_result_view.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <exception>
#include <utility>

namespace views {

namespace {
/// Slider steps over the run (the engine keeps at most 200 points per series by default).
constexpr int kTimeSteps = 200;
} // namespace

SimulationPanel::SimulationPanel(DesignDocument* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), gpus_(doc, this), form_(new SimulationForm(this)), run_(new QPushButton(tr("Run simulation"), this)),
      cancel_(new QPushButton(tr("Cancel"), this)), progress_(new QProgressBar(this)), status_(new QLabel(this)),
      view_(new SimulationResultView(this)), heatBox_(new QCheckBox(tr("Heat on canvas"), this)),
      measure_(new QComboBox(this)), time_(new QSlider(Qt::Horizontal, this)), timeLabel_(new QLabel(this)),
      legend_(new HeatLegend(this))
{
    run_->setDefault(true);
    run_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    cancel_->setIcon(style()->standardIcon(QStyle::SP_MediaStop));
    progress_->setRange(0, 1000);
    progress_->setFormat(QStringLiteral("%p %"));
    progress_->setValue(0);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(run_, 1);
    buttons->addWidget(cancel_);
    auto* left = new QVBoxLayout;
    left->addWidget(form_);
    left->addLayout(buttons);
    left->addStretch(1);
    auto* leftBox = new QWidget(this);
    leftBox->setLayout(left);
    left->setContentsMargins(0, 0, 0, 0);
    leftBox->setFixedWidth(255);

    status_->setWordWrap(true);
    status_->setMargin(4);
    measure_->addItem(tr("Peak"), static_cast<int>(HeatMeasure::Peak));
    measure_->addItem(tr("Mean"), static_cast<int>(HeatMeasure::Mean));
    measure_->addItem(tr("At time"), static_cast<int>(HeatMeasure::AtTime));
    measure_->setToolTip(tr("Peak or mean utilisation over the run, or the utilisation at the time on the slider"));
    time_->setRange(0, kTimeSteps);
    time_->setValue(kTimeSteps);
    time_->setToolTip(tr("Scrub through the run (colours the links by their utilisation at that time)"));
    timeLabel_->setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("t = 000.000 ms / 000.000 ms")));
    auto* heatRow = new QHBoxLayout;
    heatRow->addWidget(heatBox_);
    heatRow->addWidget(measure_);
    heatRow->addWidget(time_, 1);
    heatRow->addWidget(timeLabel_);
    heatRow->addSpacing(16);
    heatRow->addWidget(legend_, 1);

    // Status across the top, inputs | figures and congested links, heat controls at the bottom.
    auto* middle = new QHBoxLayout;
    middle->setSpacing(16);
    middle->addWidget(leftBox);
    middle->addWidget(view_, 1);
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(6, 4, 6, 4);
    auto* top = new QHBoxLayout; // status and progress on the first line, always in view
    top->addWidget(status_, 1);
    progress_->setFixedWidth(260);
    top->addWidget(progress_);
    layout->addLayout(top);
    layout->addLayout(heatRow); // above the form: visible without scrolling in a short dock
    layout->addLayout(middle, 1);
    // A narrow window scrolls the panel instead of being forced wider by it.
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connect(run_, &QPushButton::clicked, this, &SimulationPanel::requestRun);
    // Enter in a field runs, as the Run button would (helper-89: Enter in Failures did nothing).
    connect(form_, &SimulationForm::runRequested, this, [this] {
        if (run_->isEnabled()) requestRun();
    });
    connect(cancel_, &QPushButton::clicked, this, [this] {
        cancel_->setEnabled(false);
        status_->setText(tr("Cancelling..."));
        emit cancelRequested();
    });
    connect(view_, &SimulationResultView::linkActivated, this,
            [this](model::Id link) { emit selectRequested({}, {link}); });
    connect(heatBox_, &QCheckBox::toggled, this, &SimulationPanel::refreshHeat);
    connect(measure_, &QComboBox::currentIndexChanged, this, [this] {
        updateTimeLabel();
        refreshHeat();
    });
    connect(time_, &QSlider::valueChanged, this, [this] {
        if (heatMeasure() != HeatMeasure::AtTime) measure_->setCurrentIndex(measure_->findData(static_cast<int>(HeatMeasure::AtTime)));
        updateTimeLabel();
        refreshHeat();
    });
    connect(doc_, &DesignDocument::nodeChanged, this, &SimulationPanel::nodeChanged);
    connect(doc_, &DesignDocument::changed, this, &SimulationPanel::designChanged);
    // A replaced design starts with the scene's own collapse rule: nothing to collapse again.
    connect(doc_, &DesignDocument::designReset, this, [this] { expandedForHeat_.clear(); });
    setState(State::Idle, tr("Simulate one collective on the design's real links: flows share each link "
                             "max-min fairly, so the heat shows where the fabric congests."));
    designChanged();
}

SimulationPanel::~SimulationPanel() = default;

void SimulationPanel::setScene(CanvasScene* scene)
{
    if (scene_ && heatOnCanvas_) {
        clearLinkHeat(*scene_);
        collapseGroups(*scene_, std::exchange(expandedForHeat_, {}));
    }
    heatOnCanvas_ = false;
    scene_ = scene;
    refreshHeat();
}

QString SimulationPanel::statusText() const { return status_->text(); }

bool SimulationPanel::heatShown() const { return heatBox_->isChecked() && result_ != nullptr; }

void SimulationPanel::setHeatShown(bool shown) { heatBox_->setChecked(shown); }

HeatMeasure SimulationPanel::heatMeasure() const { return static_cast<HeatMeasure>(measure_->currentData().toInt()); }

void SimulationPanel::setHeatMeasure(HeatMeasure measure, double fraction)
{
    const QSignalBlocker block(time_);
    time_->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * kTimeSteps)));
    if (heatMeasure() == measure) {
        updateTimeLabel();
        refreshHeat();
    } else {
        measure_->setCurrentIndex(measure_->findData(static_cast<int>(measure)));
    }
}

void SimulationPanel::requestRun()
{
    if (state_ == State::Running) return;
    model::CollectiveRequest request;
    model::SimulationOptions options;
    QString error;
    if (!form_->read(request, options, error)) {
        setState(State::Failed, error);
        return;
    }
    result_.reset();
    runNodes_ = doc_->design().nodes();
    view_->clear();
    refreshHeat();
    stale_ = false;
    progress_->setValue(0);
    setState(State::Running,
             tr("Simulating %1 %2 ...").arg(QString::fromStdString(model::formatBytes(request.bytes)),
                                           QString::fromLatin1(model::toString(request.op))));
    emit runRequested(request, options);
}

void SimulationPanel::setProgress(double fraction)
{
    if (state_ != State::Running) return;
    progress_->setValue(static_cast<int>(std::lround(std::clamp(fraction, 0.0, 1.0) * progress_->maximum())));
}

void SimulationPanel::showResult(std::shared_ptr<const model::SimulationResult> result)
{
    if (!result) {
        showError(tr("The simulation returned no result."));
        return;
    }
    result_ = std::move(result);
    seriesEnd_s_ = 0.0;
    for (const auto& l : result_->links)
        if (!l.series.empty()) seriesEnd_s_ = std::max(seriesEnd_s_, l.series.back().end_s);
    view_->showResult(*result_);
    progress_->setValue(progress_->maximum());
    const auto& c = result_->collective;
    setState(State::Done, stale_ ? QString()
                                 : tr("%1 %2 on %3 GPUs, simulated in %4 of host time.")
                                       .arg(QString::fromStdString(model::formatBytes(c.bytes)),
                                            QString::fromLatin1(model::toString(c.op)))
                                       .arg(c.gpus)
                                       .arg(QString::fromStdString(model::formatDuration(
                                           model::Duration::seconds(result_->wallSeconds)))));
    updateTimeLabel();
    if (!stale_ && result_->scenario == "collective") {
        std::erase_if(designRuns_, [&c](const auto& r) {
            return r->collective.op == c.op && r->collective.bytes == c.bytes && r->collective.gpus == c.gpus;
        });
        designRuns_.push_back(result_);
        emit designRunsChanged();
    }
    if (!stale_ && !heatBox_->isChecked()) heatBox_->setChecked(true); // refreshes the heat
    else refreshHeat();
}

void SimulationPanel::showCancelled()
{
    progress_->setValue(0);
    setState(State::Cancelled, tr("Cancelled: the simulation was stopped, nothing to show."));
}

void SimulationPanel::showError(const QString& message)
{
    progress_->setValue(0);
    setState(State::Failed, tr("The simulation failed: %1").arg(message));
}

void SimulationPanel::setState(State state, const QString& status)
{
    state_ = state;
    const bool running = state == State::Running;
    run_->setEnabled(!running);
    cancel_->setEnabled(running);
    form_->setEnabled(!running);
    const bool haveResult = result_ != nullptr;
    // An out-of-date result's heat cannot go back on the changed design (it painted the old
    // run's colours on the new links, or grey where the links had changed).
    for (QWidget* w : std::initializer_list<QWidget*>{heatBox_, measure_, time_, timeLabel_, legend_})
        w->setEnabled(haveResult && !stale_);
    // The last run's span is not this run's: nothing while one runs (it read "over 279.2 ms"
    // through the next run, its cancel and its failure).
    if (running || !haveResult) timeLabel_->clear();
    else updateTimeLabel();
    if (stale_ && (state == State::Done || running)) {
        status_->setText(running ? tr("Design changed since this run started: its result will be out of date.")
                                 : tr("Design changed since this run: the results below are out of date and their "
                                      "heat was taken off the canvas. Run again to refresh."));
        status_->setStyleSheet(QStringLiteral("QLabel { background: #fff4d6; color: #6b4a00; border-radius: 3px; }"));
        return;
    }
    status_->setText(status);
    status_->setStyleSheet(state == State::Failed
                               ? QStringLiteral("QLabel { background: #fde8e8; color: #8a1020; border-radius: 3px; }")
                               : QString());
}

void SimulationPanel::nodeChanged(model::Id id)
{
    // A drag on the canvas changes only the position, which the simulation does not read.
    const model::Node* now = doc_->design().node(id);
    const auto before = runNodes_.find(id);
    lastChangeWasMove_ = false;
    if (!now || before == runNodes_.end()) return;
    model::Node moved = before->second;
    moved.position = now->position;
    lastChangeWasMove_ = moved == *now;
}

void SimulationPanel::designChanged()
{
    if (std::exchange(lastChangeWasMove_, false)) return;
    if (!designRuns_.empty()) {
        designRuns_.clear();
        emit designRunsChanged();
    }
    int gpus = 0;
    try {
        gpus = gpus_.gpus();
    } catch (const std::exception&) { // hardware the catalog lacks: offer "all" only
    }
    form_->setDesignGpus(gpus);
    if (state_ != State::Running && !result_) return;
    stale_ = true;
    if (heatBox_->isChecked()) heatBox_->setChecked(false); // clears the heat
    setState(state_, statusText());
}

void SimulationPanel::refreshHeat()
{
    if (scene_ && heatShown()) {
        if (!heatOnCanvas_) expandedForHeat_ = expandGroupsWithTraffic(*scene_, *result_);
        heatOnCanvas_ = true;
        applyLinkHeat(*scene_, *result_, heatMeasure(), time_->value() * seriesEnd_s_ / kTimeSteps);
    } else if (scene_ && heatOnCanvas_) {
        clearLinkHeat(*scene_);
        collapseGroups(*scene_, std::exchange(expandedForHeat_, {}));
        heatOnCanvas_ = false;
    }
    const HeatMeasure m = heatMeasure();
    legend_->setCaption(m == HeatMeasure::Peak   ? tr("Peak utilisation")
                        : m == HeatMeasure::Mean ? tr("Mean utilisation")
                                                 : tr("Utilisation at t"));
}

void SimulationPanel::updateTimeLabel()
{
    const bool atTime = heatMeasure() == HeatMeasure::AtTime;
    if (result_ && !(seriesEnd_s_ > 0)) {
        // No cable carried traffic (one GB200 NVL72 rack, one server: NVLink only), so there is no
        // span of link heat to show; it read "over 0 ns".
        timeLabel_->setText(tr("no cable carried traffic"));
        return;
    }
    if (!result_ || !atTime) {
        timeLabel_->setText(result_ ? tr("over %1").arg(QString::fromStdString(model::formatDuration(
                                          model::Duration::seconds(seriesEnd_s_))))
                                    : QString());
        return;
    }
    const double t = time_->value() * seriesEnd_s_ / kTimeSteps;
    timeLabel_->setText(tr("t = %1 / %2").arg(QString::fromStdString(model::formatDuration(model::Duration::seconds(t))),
                                              QString::fromStdString(model::formatDuration(
                                                  model::Duration::seconds(seriesEnd_s_)))));
}

} // namespace views
