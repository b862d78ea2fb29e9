#pragma once
/// @file scaling_chart.hpp
/// Line chart of data-parallel scaling efficiency (DesignAnalysis::scaling): GPUs on a log2
/// axis (a category axis over log2 of the count, labels "1" ... "16k" thinned to the width,
/// views/charts/log_axis.hpp), efficiency in percent (throughput per GPU relative to one GPU).
/// A point whose layout does not fit in GPU memory (ScalingPoint::fitsInMemory: 175 B
/// parameters on one GPU) is drawn hollow, with a legend saying so while any is shown.
/// Computes nothing.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/analysis/analysis.hpp"

#include <QChartView>
#include <QList>
#include <QPointF>
#include <QStringList>

class QGraphicsTextItem;
class QLineSeries;
class QCategoryAxis;
class QScatterSeries;
class QValueAxis;

namespace views {

class ScalingChart final : public QChartView {
    Q_OBJECT
public:
    explicit ScalingChart(QWidget* parent = nullptr);

    /// Shows the curve (series updated with replace()). `workload` names the preset. With no
    /// points, `emptyNote` (DesignAnalysis::scalingNote: why there is no curve, e.g. the
    /// workload does not fit in GPU memory) is written across the empty plot.
    void setScaling(const std::vector<model::ScalingPoint>& points, const QString& workload, const QString& emptyNote = {});
    /// The words written across an empty plot ("" while a curve is shown).
    [[nodiscard]] QString emptyNote() const;
    /// The points shown: x = GPUs, y = efficiency in percent.
    [[nodiscard]] QList<QPointF> points() const;
    /// The points as the engine gave them (for the CSV export).
    [[nodiscard]] const std::vector<model::ScalingPoint>& scaling() const { return scaling_; }
    /// The GPU-count labels on the x axis, left to right.
    [[nodiscard]] QStringList axisLabels() const;
    /// Points drawn hollow (their layout does not fit in GPU memory).
    [[nodiscard]] int hollowPoints() const;

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    QLineSeries* line_;
    QScatterSeries* dots_;
    QScatterSeries* hollow_; ///< points whose layout does not fit in GPU memory
    void applyAxis();
    void placeNote();        ///< wraps the empty-plot note to the plot area and centres it there
    QGraphicsTextItem* note_; ///< why the plot is empty; hidden while a curve is shown
    QCategoryAxis* xAxis_;   ///< log2 of the GPU count, labels thinned to the width
    QValueAxis* yAxis_;
    std::vector<model::ScalingPoint> scaling_;
    double axisPx_ = 0.0; ///< plot width the GPU-count labels were thinned for
};

} // namespace views
