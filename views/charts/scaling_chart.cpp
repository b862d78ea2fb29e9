#include "views/charts/scaling_chart.hpp"

#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <cmath>

namespace views {

ScalingChart::ScalingChart(QWidget* parent) : QChartView(parent)
{
    auto* chart = new QChart;
    chart->setTitle(tr("Data-parallel scaling efficiency"));
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    line_ = new QLineSeries;
    line_->setPen(QPen(QColor(0x2c, 0xa0, 0x2c), 2.0));
    dots_ = new QScatterSeries;
    dots_->setMarkerSize(7);
    dots_->setColor(QColor(0x2c, 0xa0, 0x2c));
    dots_->setBorderColor(Qt::white);
    chart->addSeries(line_);
    chart->addSeries(dots_);
    xAxis_ = new QLogValueAxis;
    xAxis_->setBase(2);
    xAxis_->setLabelFormat(QStringLiteral("%d"));
    xAxis_->setTitleText(tr("GPUs (log2 scale)"));
    yAxis_ = new QValueAxis;
    yAxis_->setRange(0, 100);
    yAxis_->setLabelFormat(QStringLiteral("%d"));
    yAxis_->setTickCount(6);
    yAxis_->setTitleText(tr("Efficiency (%)"));
    chart->addAxis(xAxis_, Qt::AlignBottom);
    chart->addAxis(yAxis_, Qt::AlignLeft);
    for (QXYSeries* s : {static_cast<QXYSeries*>(line_), static_cast<QXYSeries*>(dots_)}) {
        s->attachAxis(xAxis_);
        s->attachAxis(yAxis_);
    }
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
}

void ScalingChart::setScaling(const std::vector<model::ScalingPoint>& points, const QString& workload)
{
    QList<QPointF> pts;
    pts.reserve(static_cast<qsizetype>(points.size()));
    int maxGpus = 1;
    for (const auto& p : points) {
        if (p.gpus < 1) continue; // a log axis cannot show 0 GPUs
        pts.append(QPointF(p.gpus, p.efficiency * 100.0));
        maxGpus = std::max(maxGpus, p.gpus);
    }
    line_->replace(pts);
    dots_->replace(pts);
    const double hi = std::pow(2.0, std::ceil(std::log2(static_cast<double>(maxGpus))));
    xAxis_->setRange(1, std::max(2.0, hi));
    chart()->setTitle(workload.isEmpty() ? tr("Data-parallel scaling efficiency")
                                         : tr("Data-parallel scaling efficiency (%1)").arg(workload));
}

QList<QPointF> ScalingChart::points() const { return line_->points(); }

} // namespace views
