#pragma once
/// @file collective_chart.hpp
/// busbw against message size, the way nccl-tests reports a sweep (`-b 8 -e 16G -f 2`), for
/// the collective the user picks (all-reduce, all-gather, reduce-scatter, all-to-all): one
/// curve for the GPUs of one server and one for the whole design, from
/// model::chartSweeps computed on the analysis thread. The size axis is log2 with binary
/// labels (8 B ... 16 GiB); the busbw axis states its unit (GB/s or Gb/s, as chosen).
/// Hovering a point shows its size, busbw, algbw, time and the algorithm NCCL would pick.
/// A measured curve imported into the design (File > Import of nccl-tests output) overlays
/// the chart for its collective: the measured busbw, the prediction at the same sizes and
/// rank count, and the error at every size on a second axis (percent, right).
/// Under the chart, a table names the algorithm and NCCL protocol each curve assumes over each
/// run of sizes (model::algorithmSpans of the engine's per-point choices). Simulations run on
/// the design as it is (the Simulation dock) overlay the chart as diamonds: the simulated busbw
/// at its size, the tooltip giving both engines' figures and their difference.
/// The legend is a ChartLegend under the plot (Qt Charts' own, one elided row, is hidden): every
/// name whole, wrapping onto more rows in a narrow chart. The widget asks for the height its
/// plot, legend and table need at the width it settled on (minimumSizeHint), so a short dock or presentation
/// mode's large type gives it that room instead of drawing the table over the legend.
/// Computes nothing: it shows CollectiveResult figures converted to the display unit.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/analysis/analysis.hpp"
#include "model/analysis/sweep_spans.hpp"
#include "model/simulation/simulation.hpp"
#include "model/io/import/advisor.hpp"

#include <QBasicTimer>
#include <QList>
#include <QPointF>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

class QCategoryAxis;
class QChartView;
class QComboBox;
class QLabel;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace views {

class ChartLegend;
class ReflowLabel;

class CollectiveChart final : public QWidget {
    Q_OBJECT
public:
    explicit CollectiveChart(QWidget* parent = nullptr);

    /// Shows the curves of `sweeps` for the chosen collective (null or empty: "no curve").
    void setSweeps(std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps);
    /// Chooses the collective shown (all_reduce by default).
    void setOp(model::CollectiveOp op);
    [[nodiscard]] model::CollectiveOp op() const { return op_; }
    /// Display unit of the busbw axis: GB/s (default) or Gb/s.
    void setUnit(model::RateUnit unit);
    /// Overlays a measured curve beside its prediction (null: none). A new comparison of another
    /// collective switches the chart to that collective.
    void setMeasured(std::shared_ptr<const model::io::CurveComparison> comparison);

    /// Curve names on screen, e.g. "one server, 8 GPUs", "all 256 GPUs".
    [[nodiscard]] QStringList curveNames() const;
    /// Points of curve `i`: x = message size in bytes, y = busbw in GB/s (whatever the unit shown).
    [[nodiscard]] QList<QPointF> curvePointsGBps(int i) const;
    /// The busbw axis title (states the unit).
    [[nodiscard]] QString valueAxisTitle() const;
    /// The sweeps shown (null before the first result), for the CSV export.
    [[nodiscard]] std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps() const { return sweeps_; }
    [[nodiscard]] model::RateUnit unit() const { return unit_; }
    /// The chart itself (context menu, export).
    [[nodiscard]] QChartView* chartView() const { return view_; }
    /// Tooltip text for point `index` of curve `curve` (empty when out of range).
    [[nodiscard]] QString pointDescription(int curve, int index) const;
    /// The measured overlay on screen: x = message size in bytes, y = measured busbw in GB/s
    /// (empty when none is shown, e.g. another collective is chosen).
    [[nodiscard]] QList<QPointF> measuredPointsGBps() const;
    /// The error at every measured size: x = bytes, y = (measured - predicted) / predicted.
    [[nodiscard]] QList<QPointF> errorPoints() const;
    /// Tooltip text for measured point `index` (empty when out of range).
    [[nodiscard]] QString measuredDescription(int index) const;

    /// Simulation results of the design as it is (each a collective; the newest per op, size
    /// and rank count first or last, any order): those of the chosen collective are drawn.
    void setSimulated(std::vector<std::shared_ptr<const model::SimulationResult>> runs);
    /// The simulated points on screen: x = message size in bytes, y = simulated busbw in GB/s.
    [[nodiscard]] QList<QPointF> simulatedPointsGBps() const;
    /// Tooltip text for simulated point `index`: both engines' busbw, time, algorithm and
    /// protocol, and their difference (empty when out of range).
    [[nodiscard]] QString simulatedDescription(int index) const;
    /// Algorithm/protocol runs of curve `i` as the table under the chart lists them.
    [[nodiscard]] std::vector<model::AlgorithmSpan> spans(int i) const;
    /// Plain text of the table under the chart (one line per curve).
    [[nodiscard]] QString spansText() const;
    /// The legend under the plot: one entry per curve on screen.
    [[nodiscard]] ChartLegend* legend() const { return legend_; }
    /// Takes the chart's colours and fonts (after chart_style::apply or setTypeScale) into the
    /// legend, and the plot's smallest height from the busbw axis title's length.
    void syncStyle();

    /// The height that header, plot, legend and table need at the current width (pixels).
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* e) override;
    void showEvent(QShowEvent* e) override;
    void timerEvent(QTimerEvent* e) override;

private:
    void apply();
    /// The legend's entries: the curves on screen, in the order they are drawn.
    void updateLegend();
    [[nodiscard]] std::vector<const model::SimulationResult*> shownSimulations() const;
    [[nodiscard]] std::vector<const model::CollectiveSweep*> shownSweeps() const;

    QComboBox* opBox_;
    QChartView* view_;
    QCategoryAxis* sizeAxis_;
    QValueAxis* busbwAxis_;
    std::vector<QLineSeries*> series_;   ///< one per scope, at most two
    QLineSeries* measured_ = nullptr;    ///< imported measurement
    QLineSeries* predictedAt_ = nullptr; ///< the prediction at the measured sizes and rank count
    QLineSeries* error_ = nullptr;       ///< error at each measured size, percent (right axis)
    QValueAxis* errorAxis_ = nullptr;
    QScatterSeries* simulated_ = nullptr; ///< simulated busbw of this design's simulation runs
    ReflowLabel* spansTable_ = nullptr;        ///< algorithm and protocol per run of sizes, per curve
    ChartLegend* legend_ = nullptr;            ///< names of the curves, under the plot
    int settledWidth_ = -1;     ///< the width minimumSizeHint answers for (-1: none yet, the plain minimum)
    QBasicTimer settleTimer_;   ///< runs from a resize until the layouts above have settled
    std::vector<std::shared_ptr<const model::SimulationResult>> runs_;
    std::shared_ptr<const model::io::CurveComparison> comparison_;
    [[nodiscard]] bool measuredShown() const;
    std::shared_ptr<const std::vector<model::CollectiveSweep>> sweeps_;
    model::CollectiveOp op_ = model::CollectiveOp::AllReduce;
    model::RateUnit unit_ = model::RateUnit::GBps;
    double shownBound_ = -1; ///< the busbw bound (GB/s or Gb/s) the axis range was made from; -1: none yet
    std::pair<double, double> shownRange_{0, 0}; ///< the round range applyNiceNumbers made of it
};

} // namespace views
