#pragma once
/// @file layer_chart.hpp
/// Bar chart of the per-layer bandwidth one GPU can send in one direction (HBM, intra-node,
/// node boundary, fabric), from DesignAnalysis::layers. Logarithmic value axis (HBM is ~100x
/// a NIC); the axis title states the unit, GB/s or Gb/s as the user chooses. Computes nothing:
/// it shows LayerBandwidth::perGpu converted to the display unit.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/analysis/analysis.hpp"

#include <QChartView>
#include <QStringList>
#include <QVector>

class QBarSet;
class QBarCategoryAxis;
class QHorizontalBarSeries;
class QLogValueAxis;

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

    /// The values the bars show, converted back to GB/s, in category order.
    [[nodiscard]] QVector<double> valuesGBps() const;
    /// Category labels, e.g. "HBM", "Intra-node".
    [[nodiscard]] QStringList categories() const;
    /// The value axis title (states the unit).
    [[nodiscard]] QString axisTitle() const;

    /// Display name of a layer scope ("HBM", "Intra-node", "Node boundary", "Fabric").
    [[nodiscard]] static QString scopeLabel(model::Scope s);

private:
    void apply();

    QHorizontalBarSeries* series_;
    QBarSet* set_;
    QBarCategoryAxis* categoryAxis_;
    QLogValueAxis* valueAxis_;
    model::RateUnit unit_ = model::RateUnit::GBps;
    std::vector<model::LayerBandwidth> layers_;
};

} // namespace views
