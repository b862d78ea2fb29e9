#include "views/charts/scaling_chart.hpp"

#include "views/charts/log_axis.hpp"

#include <QCategoryAxis>
#include <QFontMetrics>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace views {

ScalingChart::ScalingChart(QWidget* parent) : QChartView(parent)
{
    auto* chart = new QChart;
    chart->setTitle(tr("Data-parallel scaling efficiency"));
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    line_ = new QLineSeries;
    line_->setPen(QPen(QColor(0x2c, 0xa0, 0x2c), 2.0));
    dots_ = new QScatterSeries;
    dots_->setMarkerSize(7);
    dots_->setColor(QColor(0x2c, 0xa0, 0x2c));
    dots_->setBorderColor(Qt::white);
    hollow_ = new QScatterSeries;
    hollow_->setName(tr("hollow: would not fit in GPU memory"));
    hollow_->setMarkerSize(7);
    hollow_->setObjectName(QStringLiteral("hollowPoints")); // filled with the chart's background (chart_style::apply)
    hollow_->setColor(Qt::white);
    hollow_->setBorderColor(QColor(0x2c, 0xa0, 0x2c));
    chart->addSeries(line_);
    chart->addSeries(dots_);
    chart->addSeries(hollow_);
    chart->legend()->setAlignment(Qt::AlignBottom);
    xAxis_ = new QCategoryAxis;
    xAxis_->setTitleText(tr("GPUs (log2 scale)"));
    xAxis_->setGridLineVisible(true);
    yAxis_ = new QValueAxis;
    // A little above 100 %: a design that scales perfectly (one server, compute-bound) draws
    // its line inside the plot, not on the plot's top border where it could not be seen.
    // Ticks stay at 0, 20, ... 100.
    yAxis_->setRange(0, 105);
    yAxis_->setLabelFormat(QStringLiteral("%d"));
    yAxis_->setTickType(QValueAxis::TicksDynamic);
    yAxis_->setTickAnchor(0);
    yAxis_->setTickInterval(20);
    yAxis_->setTitleText(tr("Efficiency (%)"));
    chart->addAxis(xAxis_, Qt::AlignBottom);
    chart->addAxis(yAxis_, Qt::AlignLeft);
    for (QXYSeries* s : {static_cast<QXYSeries*>(line_), static_cast<QXYSeries*>(dots_), static_cast<QXYSeries*>(hollow_)}) {
        s->attachAxis(xAxis_);
        s->attachAxis(yAxis_);
    }
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    note_ = new QGraphicsTextItem(chart);
    note_->setZValue(10);
    note_->hide();
    connect(chart, &QChart::plotAreaChanged, this, [this] {
        if (std::abs(this->chart()->plotArea().width() - axisPx_) > 1.0) applyAxis();
        placeNote();
    });
    applyAxis();
}

void ScalingChart::setScaling(const std::vector<model::ScalingPoint>& points, const QString& workload, const QString& emptyNote)
{
    const QString note = points.empty() ? emptyNote : QString();
    if (note != note_->toPlainText()) note_->setPlainText(note);
    note_->setVisible(!note.isEmpty());
    note_->setDefaultTextColor(chart()->titleBrush().color()); // follows the theme
    placeNote();
    scaling_ = points;
    QList<QPointF> pts, fit, unfit;
    pts.reserve(static_cast<qsizetype>(points.size()));
    for (const auto& p : points) {
        if (p.gpus < 1) continue; // a log axis cannot show 0 GPUs
        const QPointF at(std::log2(static_cast<double>(p.gpus)), p.efficiency * 100.0);
        pts.append(at);
        (p.fitsInMemory ? fit : unfit).append(at);
    }
    line_->replace(pts);
    dots_->replace(fit);
    hollow_->replace(unfit);
    // The legend says what a hollow point is, only while one is shown.
    chart()->legend()->setVisible(!unfit.isEmpty());
    for (QLegendMarker* m : chart()->legend()->markers()) m->setVisible(m->series() == hollow_);
    applyAxis();
    const QString title = workload.isEmpty() ? tr("Data-parallel scaling efficiency") : tr("Data-parallel scaling, %1").arg(workload);
    if (title != chart()->title()) chart()->setTitle(title); // set again, the whole chart was repainted
}

void ScalingChart::applyAxis()
{
    int maxGpus = 1;
    for (const auto& p : scaling_) maxGpus = std::max(maxGpus, p.gpus);
    const double hi = std::max(1.0, std::ceil(std::log2(static_cast<double>(maxGpus))));
    // The last label ("16384") is centred on the axis end: room for its half on the right, or
    // it is cut to "1638" (helper-89, 2,048 servers). Set only when it changes: the margin moves
    // the plot, which calls this again.
    QMargins m = chart()->margins();
    const int room = 4 + QFontMetrics(xAxis_->labelsFont()).horizontalAdvance(QString::number(std::exp2(hi), 'f', 0)) / 2 + 2;
    if (m.right() < room) {
        m.setRight(room);
        chart()->setMargins(m);
    }
    axisPx_ = chart()->plotArea().width();
    log_axis::setPowerLabels(xAxis_, 0.0, hi, 2, axisPx_ > 10 ? axisPx_ : width() * 0.7);
}

void ScalingChart::placeNote()
{
    if (!note_->isVisible()) return;
    const QRectF plot = chart()->plotArea();
    note_->setTextWidth(std::max(40.0, plot.width() - 12.0));
    const QRectF box = note_->boundingRect();
    note_->setPos(plot.left() + (plot.width() - box.width()) / 2, plot.top() + std::max(0.0, (plot.height() - box.height()) / 2));
}

QString ScalingChart::emptyNote() const { return note_->isVisible() ? note_->toPlainText() : QString(); }

void ScalingChart::resizeEvent(QResizeEvent* e)
{
    QChartView::resizeEvent(e);
    applyAxis();
    placeNote();
}

QList<QPointF> ScalingChart::points() const
{
    // x back to GPUs (the series holds log2 of the count).
    QList<QPointF> out;
    for (const QPointF& p : line_->points()) out.append(QPointF(std::round(std::exp2(p.x())), p.y()));
    return out;
}

QStringList ScalingChart::axisLabels() const { return xAxis_->categoriesLabels(); }

int ScalingChart::hollowPoints() const { return static_cast<int>(hollow_->count()); }

} // namespace views
