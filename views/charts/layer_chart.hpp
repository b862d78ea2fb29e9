#pragma once
/// @file layer_chart.hpp
/// Bar chart of the per-layer bandwidth one GPU can send in one direction (HBM, intra-node,
/// node boundary, fabric), from DesignAnalysis::layers. The value axis is logarithmic (HBM is
/// ~100x a NIC), drawn as a category axis over log10 of the value with compact decade labels
/// thinned to the chart's width (views/charts/log_axis.hpp). Each bar carries its value with
/// three significant digits; a layer with no path (0, e.g. the NIC layer of a lone
/// workstation) has no bar and reads "none". The axis title states the unit, GB/s or Gb/s,
/// switched from the panel, the chart's toggle or its context menu. Computes nothing: it shows
/// LayerBandwidth::perGpu converted to the display unit.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/analysis/analysis.hpp"

#include <QChartView>
#include <QStringList>
#include <QVector>

#include <vector>

class QBarSet;
class QBarCategoryAxis;
class QCategoryAxis;
class QGraphicsSimpleTextItem;
class QHorizontalBarSeries;

namespace views {

class LayerChart final : public QChartView {
    Q_OBJECT
public:
    explicit LayerChart(QWidget* parent = nullptr);

    /// Shows `layers` (replacing the previous values in place when the scopes are the same).
    void setLayers(const std::vector<model::LayerBandwidth>& layers);
    /// Display unit: GB/s (default) or Gb/s.
    void setUnit(model::RateUnit unit);
    [[nodiscard]] model::RateUnit unit() const { return unit_; }
    /// The layers shown (for the CSV export).
    [[nodiscard]] const std::vector<model::LayerBandwidth>& layers() const { return layers_; }

    /// The values shown, converted back to GB/s, in category order (0 for a layer with no path).
    [[nodiscard]] QVector<double> valuesGBps() const;
    /// Category labels, e.g. "HBM", "Intra-node".
    [[nodiscard]] QStringList categories() const;
    /// The value axis title (states the unit).
    [[nodiscard]] QString axisTitle() const;
    /// The value labels at the bar ends, in category order ("3350", "none").
    [[nodiscard]] QStringList valueLabels() const;
    /// The decade labels of the value axis, left to right.
    [[nodiscard]] QStringList axisLabels() const;

    /// Display name of a layer scope ("HBM", "Intra-node", "Node boundary", "Fabric").
    [[nodiscard]] static QString scopeLabel(model::Scope s);

signals:
    /// The user switched the unit on this chart (toggle or context menu).
    void unitRequested(model::RateUnit unit);

protected:
    void resizeEvent(QResizeEvent* e) override;

private:
    void apply();
    void placeLabels();

    QHorizontalBarSeries* series_;
    QBarSet* set_;
    QBarCategoryAxis* categoryAxis_;
    QCategoryAxis* valueAxis_;
    std::vector<QGraphicsSimpleTextItem*> labels_; ///< value labels, category order bottom-up
    model::RateUnit unit_ = model::RateUnit::GBps;
    std::vector<model::LayerBandwidth> layers_;
    double axisLo_ = 0.0; ///< log10 of the axis minimum (where an absent layer's bar ends)
    double axisPx_ = 0.0;      ///< plot width the decade labels were thinned for
    std::vector<bool> absent_; ///< per bar (bottom-up): the layer has no path (0)
};

} // namespace views
