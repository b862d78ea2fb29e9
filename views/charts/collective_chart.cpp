#include "views/charts/collective_chart.hpp"

#include "model/simulation/engine_difference.hpp"
#include "views/charts/chart_legend.hpp"
#include "views/common/plural.hpp"

#include <QCategoryAxis>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLegend>
#include <QResizeEvent>
#include <QTimerEvent>

#include "views/common/reflow_label.hpp"
#include <QLineSeries>
#include <QScatterSeries>
#include <QTextDocumentFragment>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace views {

namespace {

/// Colours of the "one server" and "whole design" curves (matplotlib tab10 orange and blue).
const QColor kCurveColors[] = {QColor(0xff, 0x7f, 0x0e), QColor(0x1f, 0x77, 0xb4)};

/// The imported measurement and the prediction at its sizes: told apart by hue (tab10 pink
/// against tab10 green, distinct in the common colour-vision deficiencies too), by line (dashed
/// through large points against a solid line) and by name in the legend. Both were tab10 green,
/// solid and dashed, and read as one colour.
const QPen kMeasuredPen(QColor(0xe3, 0x77, 0xc2), 2.0, Qt::DashLine);
const QPen kPredictedPen(QColor(0x2c, 0xa0, 0x2c), 2.0, Qt::SolidLine);

/// Smallest height of the chart view in normal type, pixels: the unit toggle above the plot,
/// the size axis labels under it, and a plot as tall as the busbw axis title is long (the
/// legend, 25 px of the 210 this was when Qt Charts drew it inside the view, is now under it).
constexpr int kMinChartHeight = 185;

QString sizeLabel(double bytes)
{
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024 && u < 4) { bytes /= 1024; ++u; }
    return QStringLiteral("%1 %2").arg(bytes, 0, 'g', 4).arg(QLatin1String(units[u]));
}

} // namespace

CollectiveChart::CollectiveChart(QWidget* parent) : QWidget(parent)
{
    auto* col = new QVBoxLayout(this);
    col->setContentsMargins(0, 0, 0, 0);
    col->setSpacing(0); // the legend joins the chart above it; 2 px around the rest
    auto* header = new QHBoxLayout;
    header->setContentsMargins(6, 0, 6, 0);
    // Wraps rather than being cut short when the chart is narrow or the type large (presentation).
    auto* title = new QLabel(tr("<b>busbw against message size</b>"), this);
    title->setObjectName(QStringLiteral("collectiveTitle"));
    title->setWordWrap(true);
    header->addWidget(title, 1);
    opBox_ = new QComboBox(this);
    opBox_->setObjectName(QStringLiteral("collectiveOp"));
    opBox_->addItem(tr("all-reduce"), static_cast<int>(model::CollectiveOp::AllReduce));
    opBox_->addItem(tr("all-gather"), static_cast<int>(model::CollectiveOp::AllGather));
    opBox_->addItem(tr("reduce-scatter"), static_cast<int>(model::CollectiveOp::ReduceScatter));
    opBox_->addItem(tr("all-to-all"), static_cast<int>(model::CollectiveOp::AllToAll));
    opBox_->setToolTip(tr("Bus bandwidth as nccl-tests reports it: algbw x 2(n-1)/n for all-reduce, "
                          "x (n-1)/n for all-gather, reduce-scatter and all-to-all"));
    header->addWidget(opBox_);
    col->addLayout(header);
    col->addSpacing(2);

    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 2, 4, 2));
    chart->setBackgroundRoundness(0);
    // Qt Charts' legend keeps one row and elides ("one serve…", "measured…"); ChartLegend below
    // the view wraps instead.
    chart->legend()->hide();
    sizeAxis_ = new QCategoryAxis;
    sizeAxis_->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    sizeAxis_->setRange(3, 34);
    sizeAxis_->setStartValue(3);
    // Binary size labels at 8 B, 1 KiB, 1 MiB and 1 GiB (the axis ends at 16 GiB) (log2 of the size in bytes).
    const std::pair<const char*, int> ticks[] = {{"8 B", 3}, {"1 KiB", 10}, {"1 MiB", 20}, {"1 GiB", 30}};
    for (const auto& [label, at] : ticks) sizeAxis_->append(QLatin1String(label), at);
    // No axis title: the header names the message size, and the height it took left the busbw
    // axis too short for its own title in a low Analysis dock.
    busbwAxis_ = new QValueAxis;
    busbwAxis_->setLabelFormat(QStringLiteral("%.0f"));
    busbwAxis_->setTickCount(5);
    chart->addAxis(sizeAxis_, Qt::AlignBottom);
    chart->addAxis(busbwAxis_, Qt::AlignLeft);
    for (int i = 0; i < 2; ++i) {
        auto* s = new QLineSeries;
        s->setPen(QPen(kCurveColors[i], 2.0));
        s->setPointsVisible(true);
        s->setMarkerSize(4);
        chart->addSeries(s);
        s->attachAxis(sizeAxis_);
        s->attachAxis(busbwAxis_);
        connect(s, &QLineSeries::hovered, this, [this, i](const QPointF& p, bool state) {
            if (!state) { QToolTip::hideText(); return; }
            QToolTip::showText(QCursor::pos(), pointDescription(i, static_cast<int>(std::lround(p.x())) - 3), view_);
        });
        series_.push_back(s);
    }
    // The imported measurement, its prediction at the same sizes, and the error between them.
    errorAxis_ = new QValueAxis;
    errorAxis_->setTitleText(tr("error, %")); // short: it runs up the plot's right side
    errorAxis_->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(errorAxis_, Qt::AlignRight);
    measured_ = new QLineSeries;
    measured_->setPen(kMeasuredPen);
    predictedAt_ = new QLineSeries;
    predictedAt_->setPen(kPredictedPen);
    error_ = new QLineSeries;
    error_->setPen(QPen(QColor(0xd6, 0x27, 0x28), 1.5, Qt::DotLine)); // tab10 red
    for (QLineSeries* s : {measured_, predictedAt_, error_}) {
        s->setPointsVisible(true);
        s->setMarkerSize(s == measured_ ? 5 : 4); // measured: a little larger, the figures that were read
        chart->addSeries(s);
        s->attachAxis(sizeAxis_);
        s->attachAxis(s == error_ ? errorAxis_ : busbwAxis_);
        connect(s, &QLineSeries::hovered, this, [this](const QPointF& p, bool state) {
            if (!state) { QToolTip::hideText(); return; }
            if (!comparison_) return;
            // The nearest measured size to the hovered x (log2 bytes).
            int best = -1;
            double dist = 1e9;
            for (std::size_t k = 0; k < comparison_->points.size(); ++k) {
                const double d = std::fabs(std::log2(comparison_->points[k].bytes) - p.x());
                if (d < dist) { dist = d; best = static_cast<int>(k); }
            }
            QToolTip::showText(QCursor::pos(), measuredDescription(best), view_);
        });
    }
    // This design's simulation runs: diamonds at the simulated busbw (tab10 purple).
    simulated_ = new QScatterSeries;
    simulated_->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    simulated_->setMarkerSize(11);
    simulated_->setColor(QColor(0x94, 0x67, 0xbd));
    simulated_->setBorderColor(QColor(0x40, 0x20, 0x60));
    simulated_->setName(tr("simulated"));
    chart->addSeries(simulated_);
    simulated_->attachAxis(sizeAxis_);
    simulated_->attachAxis(busbwAxis_);
    connect(simulated_, &QScatterSeries::hovered, this, [this](const QPointF& p, bool state) {
        if (!state) { QToolTip::hideText(); return; }
        const auto shown = shownSimulations();
        int best = -1;
        double dist = 1e9;
        for (std::size_t k = 0; k < shown.size(); ++k) {
            const double d = std::fabs(std::log2(shown[k]->collective.bytes) - p.x()) + std::fabs(shown[k]->collective.busbw.inGBps() - p.y()) * 1e-6;
            if (d < dist) { dist = d; best = static_cast<int>(k); }
        }
        QToolTip::showText(QCursor::pos(), simulatedDescription(best), view_);
    });
    view_ = new QChartView(chart, this);
    view_->setRenderHint(QPainter::Antialiasing);
    // Room for the plot with its axis labels and the "busbw, GB/s" title: in a short Analysis
    // dock (the dark window's, a template with three rows of algorithm spans) Qt Charts elided
    // the title to "busbw, G..." and the size labels to "...".
    view_->setMinimumHeight(kMinChartHeight);
    col->addWidget(view_, 1);
    legend_ = new ChartLegend(this);
    legend_->setObjectName(QStringLiteral("collectiveLegend"));
    col->addWidget(legend_);
    // Which algorithm and protocol each curve assumes over which sizes (the engine's choice).
    spansTable_ = new ReflowLabel(this);
    spansTable_->setObjectName(QStringLiteral("algorithmSpans"));
    spansTable_->setTextFormat(Qt::RichText);
    spansTable_->setWordWrap(true);
    spansTable_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    spansTable_->setContentsMargins(6, 0, 6, 2);
    spansTable_->setToolTip(tr("The NCCL algorithm and protocol (LL, LL128, Simple) the analytical engine picks at each "
                               "message size: the fastest it finds, each with the protocol NCCL's tuner chooses. Hover a "
                               "point for its figures, and for the algorithm NCCL itself runs by default where that differs"));
    col->addSpacing(2);
    col->addWidget(spansTable_);

    connect(opBox_, &QComboBox::activated, this,
            [this] { setOp(static_cast<model::CollectiveOp>(opBox_->currentData().toInt())); });
    apply();
}

void CollectiveChart::setSweeps(std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps)
{
    sweeps_ = std::move(sweeps);
    apply();
}

void CollectiveChart::setSimulated(std::vector<std::shared_ptr<const model::SimulationResult>> runs)
{
    runs_ = std::move(runs);
    apply();
}

std::vector<const model::SimulationResult*> CollectiveChart::shownSimulations() const
{
    std::vector<const model::SimulationResult*> out;
    for (const auto& r : runs_)
        if (r && r->scenario == "collective" && r->collective.op == op_ && r->collective.bytes > 0) out.push_back(r.get());
    return out;
}

void CollectiveChart::setOp(model::CollectiveOp op)
{
    op_ = op;
    opBox_->setCurrentIndex(std::max(0, opBox_->findData(static_cast<int>(op))));
    apply();
}

void CollectiveChart::setUnit(model::RateUnit unit)
{
    unit_ = unit;
    apply();
}

namespace {
/// True when two comparisons draw the same overlay (then the chart is not drawn again).
bool sameOverlay(const model::io::CurveComparison* a, const model::io::CurveComparison* b)
{
    if (!a || !b) return a == b;
    if (a->op != b->op || a->gpus != b->gpus || a->points.size() != b->points.size()) return false;
    for (std::size_t i = 0; i < a->points.size(); ++i) {
        const auto& p = a->points[i];
        const auto& q = b->points[i];
        if (p.bytes != q.bytes || p.measuredBusbwGBps != q.measuredBusbwGBps || p.predictedBusbwGBps != q.predictedBusbwGBps ||
            p.line != q.line || p.algorithm != q.algorithm)
            return false;
    }
    return true;
}
} // namespace

void CollectiveChart::setMeasured(std::shared_ptr<const model::io::CurveComparison> comparison)
{
    if (sameOverlay(comparison_.get(), comparison.get())) {
        comparison_ = std::move(comparison); // same figures: keep the newer snapshot alive, draw nothing
        return;
    }
    const std::string before = comparison_ ? comparison_->op : std::string();
    comparison_ = std::move(comparison);
    if (comparison_ && !comparison_->points.empty() && comparison_->op != before) {
        try {
            setOp(model::parseCollectiveOp(comparison_->op)); // calls apply()
            return;
        } catch (const std::invalid_argument&) {
        }
    }
    apply();
}

bool CollectiveChart::measuredShown() const
{
    return comparison_ && !comparison_->points.empty() && comparison_->op == model::toString(op_);
}

std::vector<const model::CollectiveSweep*> CollectiveChart::shownSweeps() const
{
    std::vector<const model::CollectiveSweep*> out;
    if (!sweeps_) return out;
    for (const auto& s : *sweeps_)
        if (s.op == op_ && out.size() < series_.size()) out.push_back(&s);
    return out;
}

void CollectiveChart::apply()
{
    const bool gbit = unit_ == model::RateUnit::Gbps;
    busbwAxis_->setTitleText(gbit ? tr("busbw, Gb/s") : tr("busbw, GB/s"));
    const auto shown = shownSweeps();
    double top = 0;
    for (std::size_t i = 0; i < series_.size(); ++i) {
        QList<QPointF> pts;
        if (i < shown.size()) {
            const model::CollectiveSweep& s = *shown[i];
            for (const auto& r : s.points) {
                const double v = gbit ? r.busbw.inGbps() : r.busbw.inGBps();
                pts.append(QPointF(std::log2(r.bytes), v));
                top = std::max(top, v);
            }
            const QString gpus = countOf(s.gpus, tr("GPU"), tr("GPUs"));
            series_[i]->setName(s.scope == "one server"       ? tr("one server, %1").arg(gpus)
                                : s.scope == "largest island" ? tr("largest island, %1").arg(gpus)
                                                              : tr("all %1").arg(gpus));
        }
        series_[i]->replace(pts);
        series_[i]->setVisible(i < shown.size());
    }
    QList<QPointF> sim;
    for (const model::SimulationResult* r : shownSimulations()) {
        const double v = gbit ? r->collective.busbw.inGbps() : r->collective.busbw.inGBps();
        sim.append(QPointF(std::log2(r->collective.bytes), v));
        top = std::max(top, v);
    }
    simulated_->replace(sim);
    simulated_->setVisible(!sim.isEmpty());
    QString table;
    for (std::size_t i = 0; i < shown.size() && i < series_.size(); ++i) {
        table += QStringLiteral("<tr><td style='color:%1; padding-right:6px'><b>%2</b></td><td>")
                     .arg(kCurveColors[i].name(), series_[i]->name().toHtmlEscaped());
        QStringList cells;
        for (const model::AlgorithmSpan& sp : model::algorithmSpans(*shown[i])) {
            const QString range = sp.fromBytes == sp.toBytes ? sizeLabel(sp.fromBytes)
                                                             : QStringLiteral("%1–%2").arg(sizeLabel(sp.fromBytes), sizeLabel(sp.toBytes));
            cells << QStringLiteral("%1: <b>%2</b> %3").arg(range, QString::fromLatin1(model::toString(sp.algorithm)),
                                                           QString::fromLatin1(model::toString(sp.protocol)));
        }
        table += cells.join(QStringLiteral(" &nbsp;│&nbsp; ")) + QStringLiteral("</td></tr>");
    }
    spansTable_->setTextIfChanged(table.isEmpty() ? QString() : QStringLiteral("<table cellspacing='0'>") + table + QStringLiteral("</table>"));
    spansTable_->setVisible(!table.isEmpty());
    QList<QPointF> meas, pred, err;
    double lowErr = 0, highErr = 0, maxLog = 34;
    if (measuredShown()) {
        for (const auto& p : comparison_->points) {
            const double x = std::log2(p.bytes);
            const double m = gbit ? p.measuredBusbwGBps * 8 : p.measuredBusbwGBps;
            const double q = gbit ? p.predictedBusbwGBps * 8 : p.predictedBusbwGBps;
            meas.append(QPointF(x, m));
            pred.append(QPointF(x, q));
            err.append(QPointF(x, p.error * 100.0));
            top = std::max({top, m, q});
            lowErr = std::min(lowErr, p.error * 100.0);
            highErr = std::max(highErr, p.error * 100.0);
            maxLog = std::max(maxLog, std::ceil(x));
        }
        measured_->setName(tr("measured, %1").arg(countOf(comparison_->gpus, tr("GPU"), tr("GPUs"))));
        predictedAt_->setName(tr("predicted, %1").arg(countOf(comparison_->gpus, tr("GPU"), tr("GPUs"))));
        error_->setName(tr("error vs predicted, % (right axis)"));
    }
    measured_->replace(meas);
    predictedAt_->replace(pred);
    error_->replace(err);
    for (QLineSeries* s : {measured_, predictedAt_, error_}) s->setVisible(!meas.isEmpty());
    updateLegend(); // every curve's visibility is set
    errorAxis_->setVisible(!meas.isEmpty());
    errorAxis_->setRange(std::floor(std::min(-10.0, lowErr) / 10.0) * 10.0, std::ceil(std::max(10.0, highErr) / 10.0) * 10.0);
    errorAxis_->applyNiceNumbers(); // round ticks (-80, -60, ... 20), not -80, -58, -35, -13, 10
    sizeAxis_->setRange(3, maxLog);
    // A round upper bound (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 x 10^k) at least 5 % above the highest point.
    double bound = 1;
    if (top > 0) {
        const double mag = std::pow(10.0, std::floor(std::log10(top)));
        for (double m : {1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
            if (m * mag >= top * 1.05) { bound = m * mag; break; }
    }
    // The same bound gives the same round range and label format as the ones on screen: set
    // again, the axis moved to the raw bound and back (two re-layouts of the chart), and a label
    // format set again re-laid the chart out once more, after every edit that kept the bound.
    if (bound == shownBound_ && busbwAxis_->min() == shownRange_.first && busbwAxis_->max() == shownRange_.second) return;
    busbwAxis_->setRange(0, bound);
    // From the same tick count every time: applyNiceNumbers adjusts the count it starts from, so
    // the range once shown would decide this one (0-1000 for the SuperPOD after an L40S
    // design, 0-600 at start).
    busbwAxis_->setTickCount(5);
    busbwAxis_->applyNiceNumbers(); // round tick values (0, 5, 10, ... not 6.25, 12.5)
    shownBound_ = bound;
    shownRange_ = {busbwAxis_->min(), busbwAxis_->max()};
    // As many decimals as the tick step needs, so small ranges never repeat "0 0 1 1".
    const double step = (busbwAxis_->max() - busbwAxis_->min()) / std::max(1, busbwAxis_->tickCount() - 1);
    const int decimals = step > 0 ? std::clamp(static_cast<int>(std::ceil(-std::log10(step) - 1e-9)), 0, 3) : 0;
    const QString format = QStringLiteral("%.") + QString::number(decimals) + QStringLiteral("f");
    if (format != busbwAxis_->labelFormat()) busbwAxis_->setLabelFormat(format);
}

void CollectiveChart::updateLegend()
{
    std::vector<LegendEntry> entries;
    auto add = [&entries](const QXYSeries* s, LegendEntry::Marker marker, const QColor& fill) {
        if (s->isVisible()) entries.push_back({s->name(), s->pen(), marker, fill});
    };
    for (QLineSeries* s : series_) add(s, LegendEntry::Marker::Circle, s->pen().color());
    add(measured_, LegendEntry::Marker::Circle, measured_->pen().color());
    add(predictedAt_, LegendEntry::Marker::Circle, predictedAt_->pen().color());
    add(error_, LegendEntry::Marker::Circle, error_->pen().color());
    if (simulated_->isVisible()) entries.push_back({simulated_->name(), QPen(Qt::NoPen), LegendEntry::Marker::Diamond, simulated_->color()});
    legend_->setEntries(std::move(entries));
    legend_->setVisible(!legend_->entries().empty());
}

void CollectiveChart::syncStyle()
{
    QChart* chart = view_->chart();
    legend_->setFont(chart->legend()->font());
    // The light theme's background is a (white to white) gradient, the dark one's a colour.
    const QBrush bg = chart->backgroundBrush();
    legend_->setColors(bg.gradient() && !bg.gradient()->stops().isEmpty() ? bg.gradient()->stops().first().second : bg.color(),
                       chart->legend()->labelColor());
    // The busbw title runs up the plot's left side: the plot at least as tall as it is long,
    // or Qt Charts elides it to "busbw, ..." (presentation type). Above the plot the unit toggle
    // (the chart's top margin), under it the size labels.
    const QFontMetrics title(busbwAxis_->titleFont());
    const QFontMetrics labels(sizeAxis_->labelsFont());
    const int titleLength = std::max(title.horizontalAdvance(busbwAxis_->titleText()), title.horizontalAdvance(errorAxis_->titleText()));
    const int need = chart->margins().top() + chart->margins().bottom() + titleLength + 2 * labels.height() + 24;
    view_->setMinimumHeight(std::max(kMinChartHeight, need));
}

QSize CollectiveChart::minimumSizeHint() const
{
    QSize s = QWidget::minimumSizeHint();
    // The legend and the table wrap: at the width the layout settled on they need more than one
    // row each. Not at any width the widget passes through while a window is shown: a new widget
    // is 100 px wide, and a full-screen window first laid out at a screen narrower than its
    // smallest width gives the chart 200 px; the heights for those grew a presentation window
    // to 1,150 px.
    if (layout() && settledWidth_ > 0) s.setHeight(std::max(s.height(), layout()->minimumHeightForWidth(settledWidth_)));
    return s;
}

void CollectiveChart::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    // Another width wraps the legend and the table onto another number of rows: asked again
    // once the layouts above have settled (a zero timer runs after the resizes of this turn).
    if (e->size().width() != settledWidth_ && !settleTimer_.isActive()) settleTimer_.start(0, this);
}

void CollectiveChart::timerEvent(QTimerEvent* e)
{
    if (e->timerId() != settleTimer_.timerId()) {
        QWidget::timerEvent(e);
        return;
    }
    settleTimer_.stop();
    if (width() == settledWidth_) return;
    settledWidth_ = width();
    updateGeometry();
}

void CollectiveChart::showEvent(QShowEvent* e)
{
    syncStyle(); // the unit toggle's room above the plot is known once the chart tools exist
    QWidget::showEvent(e);
}

QStringList CollectiveChart::curveNames() const
{
    QStringList names;
    for (QLineSeries* s : series_)
        if (s->isVisible()) names << s->name();
    return names;
}

QList<QPointF> CollectiveChart::curvePointsGBps(int i) const
{
    QList<QPointF> pts;
    const auto shown = shownSweeps();
    if (i < 0 || i >= static_cast<int>(shown.size())) return pts;
    for (const auto& r : shown[static_cast<std::size_t>(i)]->points) pts.append(QPointF(r.bytes, r.busbw.inGBps()));
    return pts;
}

QList<QPointF> CollectiveChart::simulatedPointsGBps() const
{
    QList<QPointF> pts;
    for (const model::SimulationResult* r : shownSimulations()) pts.append(QPointF(r->collective.bytes, r->collective.busbw.inGBps()));
    return pts;
}

QString CollectiveChart::simulatedDescription(int index) const
{
    const auto shown = shownSimulations();
    if (index < 0 || index >= static_cast<int>(shown.size())) return {};
    const model::SimulationResult& s = *shown[static_cast<std::size_t>(index)];
    const model::CollectiveResult& c = s.collective;
    const model::RateUnit u = unit_;
    QString text = tr("%1 %2 on %3 GPUs\nsimulated: busbw %4, time %5, %6 (%7)")
                       .arg(sizeLabel(c.bytes), QString::fromLatin1(model::toString(c.op)))
                       .arg(c.gpus)
                       .arg(QString::fromStdString(model::formatBandwidth(c.busbw, u)), QString::fromStdString(model::formatDuration(c.time)),
                            QString::fromLatin1(model::toString(c.algorithm)), QString::fromLatin1(model::toString(c.protocol)));
    if (s.analytical) {
        const model::CollectiveResult& a = *s.analytical;
        text += tr("\nanalytical: busbw %1, time %2, %3 (%4)")
                    .arg(QString::fromStdString(model::formatBandwidth(a.busbw, u)), QString::fromStdString(model::formatDuration(a.time)),
                         QString::fromLatin1(model::toString(a.algorithm)), QString::fromLatin1(model::toString(a.protocol)));
        if (const auto d = model::busbwDifference(s))
            text += tr("\ndifference: simulated busbw %1%2 % against analytical")
                        .arg(*d >= 0 ? QStringLiteral("+") : QString())
                        .arg(*d * 100.0, 0, 'f', 1);
    } else if (!s.analyticalError.empty()) {
        text += tr("\nanalytical: %1").arg(QString::fromStdString(s.analyticalError));
    }
    return text;
}

std::vector<model::AlgorithmSpan> CollectiveChart::spans(int i) const
{
    const auto shown = shownSweeps();
    if (i < 0 || i >= static_cast<int>(shown.size())) return {};
    return model::algorithmSpans(*shown[static_cast<std::size_t>(i)]);
}

QString CollectiveChart::spansText() const
{
    return QTextDocumentFragment::fromHtml(spansTable_->text()).toPlainText();
}

QString CollectiveChart::valueAxisTitle() const { return busbwAxis_->titleText(); }

QList<QPointF> CollectiveChart::measuredPointsGBps() const
{
    QList<QPointF> pts;
    if (!measuredShown()) return pts;
    for (const auto& p : comparison_->points) pts.append(QPointF(p.bytes, p.measuredBusbwGBps));
    return pts;
}

QList<QPointF> CollectiveChart::errorPoints() const
{
    QList<QPointF> pts;
    if (!measuredShown()) return pts;
    for (const auto& p : comparison_->points) pts.append(QPointF(p.bytes, p.error));
    return pts;
}

QString CollectiveChart::measuredDescription(int index) const
{
    if (!comparison_ || index < 0 || index >= static_cast<int>(comparison_->points.size())) return {};
    const auto& p = comparison_->points[static_cast<std::size_t>(index)];
    const model::RateUnit u = unit_;
    return tr("%1 %2 on %3 (line %4 of the file)\nmeasured %5, predicted %6 (%7)\nerror %8 %")
        .arg(sizeLabel(p.bytes), QString::fromStdString(comparison_->op), countOf(comparison_->gpus, tr("GPU"), tr("GPUs")))
        .arg(p.line)
        .arg(QString::fromStdString(model::formatBandwidth(model::Bandwidth::GBps(p.measuredBusbwGBps), u)),
             QString::fromStdString(model::formatBandwidth(model::Bandwidth::GBps(p.predictedBusbwGBps), u)),
             QString::fromStdString(p.algorithm))
        .arg(p.error * 100.0, 0, 'f', 1);
}

QString CollectiveChart::pointDescription(int curve, int index) const
{
    const auto shown = shownSweeps();
    if (curve < 0 || curve >= static_cast<int>(shown.size())) return {};
    const auto& pts = shown[static_cast<std::size_t>(curve)]->points;
    if (index < 0 || index >= static_cast<int>(pts.size())) return {};
    const model::CollectiveResult& r = pts[static_cast<std::size_t>(index)];
    const model::RateUnit u = unit_;
    QString text = tr("%1 %2 on %3\nbusbw %4, algbw %5\ntime %6, %7 (%8)")
                       .arg(sizeLabel(r.bytes), QString::fromLatin1(model::toString(r.op)), countOf(r.gpus, tr("GPU"), tr("GPUs")))
                       .arg(QString::fromStdString(model::formatBandwidth(r.busbw, u)), QString::fromStdString(model::formatBandwidth(r.algbw, u)))
                       .arg(QString::fromStdString(model::formatDuration(r.time)))
                       .arg(QString::fromLatin1(model::toString(r.algorithm)), QString::fromLatin1(model::toString(r.protocol)));
    // Where NCCL's own tuner ranks another algorithm first, a default run takes that one's time.
    if (r.ncclDefaultTime.inMicroseconds() > 0 && r.ncclDefaultAlgorithm != r.algorithm)
        text += tr("\nNCCL's default here: %1, %2 (its tuner ranks it first; NCCL_ALGO gets the figure above)")
                    .arg(QString::fromLatin1(model::toString(r.ncclDefaultAlgorithm)), QString::fromStdString(model::formatDuration(r.ncclDefaultTime)));
    // A simulation of this very point (same size and ranks): both engines' figures.
    const auto sims = shownSimulations();
    for (std::size_t k = sims.size(); k-- > 0;) {
        const model::SimulationResult& s = *sims[k];
        if (s.collective.bytes != r.bytes || s.collective.gpus != r.gpus) continue;
        text += tr("\nsimulated: busbw %1, %2").arg(QString::fromStdString(model::formatBandwidth(s.collective.busbw, u)),
                                                    QString::fromLatin1(model::toString(s.collective.algorithm)));
        if (const auto d = model::busbwDifference(s))
            text += tr(" (%1%2 %)").arg(*d >= 0 ? QStringLiteral("+") : QString()).arg(*d * 100.0, 0, 'f', 1);
        break;
    }
    return text;
}

} // namespace views
