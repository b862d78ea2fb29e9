#pragma once
/// @file scaling_chart.hpp
/// Line chart of data-parallel scaling efficiency (DesignAnalysis::scaling): GPUs on a log2
/// axis, efficiency in percent (throughput per GPU relative to one GPU). Computes nothing.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/analysis/analysis.hpp"

#include <QChartView>
#include <QList>
#include <QPointF>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace views {

class ScalingChart final : public QChartView {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget* parent = nullptr);

    /// Shows the curve (series updated with replace()). `workload` names the preset.
    void setScaling(const std::vector<model::ScalingPoint>& points, const QString& workload);
    /// The points shown: x = GPUs, y = efficiency in percent.
    [[nodiscard]] QList<QPointF> points() const;

private:
    QLineSeries* line_;
    QScatterSeries* dots_;
    QLogValueAxis* xAxis_;
    QValueAxis* yAxis_;
};

} // namespace views
