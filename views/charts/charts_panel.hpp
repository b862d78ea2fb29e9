#pragma once
/// @file charts_panel.hpp
/// The charts dock: per-layer bandwidth bars, busbw against message size for the collectives,
/// the scaling-efficiency line, and the bottleneck
/// scope with its explanation in words, read from the worker's immutable results snapshots
/// (model::ResultsSnapshot: its analysis and sweeps). A busy hint shows while a newer snapshot
/// is computed; the last complete result stays on screen meanwhile. Computes nothing.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/analysis/analysis.hpp"
#include "model/results/results_snapshot.hpp"

#include <QList>
#include <QPointF>
#include <QVector>
#include <QWidget>

#include <array>
#include <memory>
#include <string>

class QComboBox;
class QLabel;

namespace views {

class ChartTools;
class CollectiveChart;
class LayerChart;
class ReflowLabel;
class ScalingChart;

class ChartsPanel final : public QWidget {
    Q_OBJECT
public:
    explicit ChartsPanel(QWidget* parent = nullptr);

    /// Values on screen, for tests and exports.
    [[nodiscard]] QVector<double> layerValuesGBps() const;   ///< per GPU, one direction, GB/s, layer order
    [[nodiscard]] QStringList layerCategories() const;
    [[nodiscard]] QList<QPointF> scalingPoints() const;       ///< x = GPUs, y = efficiency in %
    [[nodiscard]] QString bottleneckText() const;            ///< plain text of the bottleneck box
    [[nodiscard]] bool busyShown() const;
    [[nodiscard]] LayerChart* layerChart() const { return layers_; }
    [[nodiscard]] CollectiveChart* collectiveChart() const { return collectives_; }
    [[nodiscard]] ScalingChart* scalingChart() const { return scaling_; }
    /// Context menu, export and unit toggle of chart `i` (0 layers, 1 busbw, 2 scaling).
    [[nodiscard]] ChartTools* tools(int i) const { return tools_[static_cast<std::size_t>(i)]; }
    /// The snapshot on screen (null before the first result).
    [[nodiscard]] std::shared_ptr<const model::DesignAnalysis> shown() const { return shown_; }
    /// Generation of the snapshot on screen (0 before the first one).
    [[nodiscard]] std::uint64_t shownGeneration() const { return generation_; }

    /// Text shown for a bottleneck: "Bottleneck: <scope>" and the explanation.
    [[nodiscard]] static QString bottleneckTitle(model::Scope s);

public slots:
    /// Shows the analysis and sweeps of `snapshot`, or its analysis error (the charts of the
    /// last result stay). Ignores null and snapshots older than the one on screen.
    void showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot);
    void showAnalysis(std::shared_ptr<const model::DesignAnalysis> analysis);
    /// The engine could not analyse the design: say why, keep the charts of the last result.
    void showError(const QString& message);
    /// Shows the busbw-against-size curves computed with the analysis (null: none).
    void showSweeps(std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps);
    void setBusy(bool busy);
    void setUnit(model::RateUnit unit);
    /// Light or dark chart colours (app/theme.hpp).
    void setDark(bool dark);
    /// Chart type `factor` times the normal size (presentation mode).
    void setTypeScale(double factor);

private:
    LayerChart* layers_;
    CollectiveChart* collectives_;
    ScalingChart* scaling_;
    QLabel* title_;
    ReflowLabel* bottleneck_;
    QLabel* busy_;
    QComboBox* unit_;
    std::shared_ptr<const model::DesignAnalysis> shown_;
    /// Catalog kind the design's servers share (model::PartCounts::serverKind), for their noun.
    std::string serverKind_ = "node";
    std::shared_ptr<const std::vector<model::CollectiveSweep>> shownSweeps_;
    bool errorShown_ = false; ///< the bottleneck box says why the design cannot be analysed
    std::uint64_t generation_ = 0;
    std::array<ChartTools*, 3> tools_{};
};

} // namespace views
