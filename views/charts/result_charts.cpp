// Chart specifications built from results (result_charts.hpp). Nothing is computed here but
// unit conversion and the straight lines of money spent over the months.
#include "views/charts/result_charts.hpp"

#include <algorithm>
#include <cmath>

namespace views {

namespace {

QString layerLabel(model::Scope s)
{
    switch (s) {
    case model::Scope::Hbm: return QStringLiteral("HBM");
    case model::Scope::IntraNode: return QStringLiteral("Intra-node");
    case model::Scope::NodeBoundary: return QStringLiteral("Node boundary");
    case model::Scope::Fabric: return QStringLiteral("Fabric");
    default: return QString::fromLatin1(model::toString(s));
    }
}

const model::Scope kLayers[] = {model::Scope::Hbm, model::Scope::IntraNode, model::Scope::NodeBoundary, model::Scope::Fabric};


QList<QPointF> busbwPoints(const model::CollectiveSweep& s)
{
    QList<QPointF> pts;
    for (const auto& p : s.points) pts.append(QPointF(p.bytes, p.busbw.inGBps()));
    return pts;
}

QList<QPointF> scalingPoints(const std::vector<model::ScalingPoint>& v)
{
    QList<QPointF> pts;
    for (const auto& p : v) pts.append(QPointF(p.gpus, p.efficiency * 100.0));
    return pts;
}

ChartSpec scalingAxes(QString title)
{
    ChartSpec c;
    c.title = std::move(title);
    c.xTitle = QStringLiteral("GPUs");
    c.yTitle = QStringLiteral("efficiency (%)");
    c.xScale = AxisScale::Log2;
    c.yLabels = AxisLabels::Percent;
    c.yMin = 0.0;
    return c;
}

/// Money spent after month m (m = 0 .. months): start + m x perMonth.
QList<QPointF> spend(double start, double perMonth, int months)
{
    QList<QPointF> pts;
    for (int m = 0; m <= months; ++m) pts.append(QPointF(m, start + perMonth * m));
    return pts;
}

int horizonMonths(const model::cost::CostResult& c, std::optional<double> breakEven)
{
    int months = static_cast<int>(std::lround(12.0 * c.assumptions.amortisationYears));
    if (breakEven) months = std::max(months, static_cast<int>(std::ceil(*breakEven * 1.3)));
    return std::clamp(months, 12, 240);
}

QString label(const std::vector<std::string>& labels, std::size_t i, const model::compare::DesignResults& d)
{
    return QString::fromStdString(labels[i]) + QStringLiteral(": ") + QString::fromStdString(d.design->name);
}

} // namespace

QString collectiveLabel(model::CollectiveOp op)
{
    switch (op) {
    case model::CollectiveOp::AllReduce: return QStringLiteral("all-reduce");
    case model::CollectiveOp::AllGather: return QStringLiteral("all-gather");
    case model::CollectiveOp::ReduceScatter: return QStringLiteral("reduce-scatter");
    case model::CollectiveOp::AllToAll: return QStringLiteral("all-to-all");
    case model::CollectiveOp::Broadcast: return QStringLiteral("broadcast");
    }
    return {};
}

ChartSpec layersChart(const model::DesignAnalysis& a)
{
    ChartSpec c;
    c.kind = ChartSpec::Kind::HorizontalBars;
    c.title = QStringLiteral("Per-GPU bandwidth of each layer, one direction");
    c.xTitle = QStringLiteral("GB/s per GPU, one direction (log scale)");
    c.xScale = AxisScale::Log10;
    ChartSeries s;
    s.name = QStringLiteral("spec rate");
    s.color = seriesColor(0);
    for (model::Scope scope : kLayers)
        for (const auto& l : a.layers)
            if (l.scope == scope) {
                s.points.append(QPointF(c.categories.size(), l.perGpu.inGBps()));
                c.categories << layerLabel(scope);
            }
    c.series.push_back(s);
    return c;
}

ChartSpec busbwChart(const std::vector<model::CollectiveSweep>& sweeps)
{
    ChartSpec c;
    c.title = QStringLiteral("Bus bandwidth against message size");
    c.xTitle = QStringLiteral("message size (nccl-tests size, bytes)");
    c.yTitle = QStringLiteral("busbw (GB/s)");
    c.xScale = AxisScale::Log2;
    c.xLabels = AxisLabels::Bytes;
    int most = 0;
    for (const auto& s : sweeps) most = std::max(most, s.gpus);
    int colour = 0;
    for (const auto& s : sweeps) {
        if (s.gpus != most) continue;
        c.series.push_back({collectiveLabel(s.op) + QStringLiteral(", ") + QString::number(s.gpus) + QStringLiteral(" GPUs"), seriesColor(colour++),
                            busbwPoints(s), false, false});
    }
    for (const auto& s : sweeps)
        if (s.gpus != most && s.op == model::CollectiveOp::AllReduce)
            c.series.push_back({QStringLiteral("all-reduce, one server (") + QString::number(s.gpus) + QStringLiteral(" GPUs)"),
                                QColor(110, 110, 110), busbwPoints(s), true, false});
    c.note = QStringLiteral("Analytical engine; the algorithm NCCL would pick at each size. busbw as nccl-tests defines it.");
    return c;
}

ChartSpec scalingChart(const model::DesignAnalysis& a)
{
    ChartSpec c = scalingAxes(QStringLiteral("Scaling efficiency of ") + QString::fromStdString(a.workload));
    c.series.push_back({QStringLiteral("weak scaling (batch grows with the GPUs)"), seriesColor(0), scalingPoints(a.scaling), false, true});
    if (!a.scalingStrong.empty())
        c.series.push_back({QStringLiteral("strong scaling (fixed global batch)"), seriesColor(1), scalingPoints(a.scalingStrong), true, true});
    return c;
}

ChartSpec costChart(const model::cost::CostResult& k)
{
    ChartSpec c;
    c.title = QStringLiteral("Money spent, month by month");
    c.xTitle = QStringLiteral("months");
    c.yTitle = QStringLiteral("US$ spent in total");
    c.yLabels = AxisLabels::Usd;
    const int months = horizonMonths(k, k.breakEven.months);
    if (k.build.anyPriced())
        c.series.push_back({QStringLiteral("build: capital, then power and operations") +
                                (k.build.complete() ? QString() : QStringLiteral(" (priced parts only)")),
                            seriesColor(0), spend(k.build.capitalUsd, k.build.monthlyRunningUsd(), months), false, false});
    if (k.rent.any())
        c.series.push_back({QStringLiteral("rent the same GPUs: ") + QString::fromStdString(k.rent.offerText()), seriesColor(1),
                            spend(0, k.rent.monthlyUsd, months), false, false});
    if (k.breakEven.months)
        c.markers.push_back({*k.breakEven.months, QStringLiteral("break-even: month ") + QString::number(*k.breakEven.month()) +
                                                      (k.breakEven.lowerBound ? QStringLiteral(" or later") : QString())});
    return c;
}

ChartSpec busbwOverlay(const std::vector<const model::compare::DesignResults*>& ds, const std::vector<std::string>& labels)
{
    ChartSpec c;
    c.title = QStringLiteral("All-reduce bus bandwidth over all GPUs");
    c.xTitle = QStringLiteral("message size (bytes)");
    c.yTitle = QStringLiteral("busbw (GB/s)");
    c.xScale = AxisScale::Log2;
    c.xLabels = AxisLabels::Bytes;
    for (std::size_t i = 0; i < ds.size(); ++i)
        if (const auto* s = ds[i]->wholeDesignSweep(model::CollectiveOp::AllReduce))
            c.series.push_back({label(labels, i, *ds[i]) + QStringLiteral(" (") + QString::number(s->gpus) + QStringLiteral(" GPUs)"),
                                seriesColor(static_cast<int>(i)), busbwPoints(*s), false, false});
    return c;
}

ChartSpec scalingOverlay(const std::vector<const model::compare::DesignResults*>& ds, const std::vector<std::string>& labels)
{
    ChartSpec c = scalingAxes(QStringLiteral("Weak scaling efficiency"));
    QStringList none;
    for (std::size_t i = 0; i < ds.size(); ++i) {
        if (!ds[i]->analysis) continue;
        // No curve (the workload does not fit in GPU memory, or cannot run): no legend entry
        // for a line that is not there; the small print says why.
        const model::DesignAnalysis& a = *ds[i]->analysis;
        if (a.scaling.empty()) {
            // Short: the note is one line under the plot (the full reason is the design's
            // scalingNote, in its report and the verdict).
            const QString workload = QString::fromStdString(a.workload);
            const QString why = a.hasStep && !a.step.fitsInMemory ? workload + QStringLiteral(" does not fit in GPU memory")
                                : a.bottleneck.scope == model::Scope::None ? QStringLiteral("no GPU servers")
                                                                           : workload + QStringLiteral(" cannot run on it");
            none << QString::fromStdString(labels[i]) + QStringLiteral(" has no curve: ") + why;
            continue;
        }
        c.series.push_back({label(labels, i, *ds[i]), seriesColor(static_cast<int>(i)), scalingPoints(a.scaling), false, true});
    }
    c.note = none.join(QStringLiteral("; "));
    return c;
}

ChartSpec layersOverlay(const std::vector<const model::compare::DesignResults*>& ds, const std::vector<std::string>& labels)
{
    ChartSpec c;
    c.kind = ChartSpec::Kind::HorizontalBars;
    c.title = QStringLiteral("Per-GPU bandwidth of each layer, one direction");
    c.xTitle = QStringLiteral("GB/s per GPU, one direction (log scale)");
    c.xScale = AxisScale::Log10;
    for (model::Scope scope : kLayers) c.categories << layerLabel(scope);
    for (std::size_t i = 0; i < ds.size(); ++i) {
        ChartSeries s;
        s.name = label(labels, i, *ds[i]);
        s.color = seriesColor(static_cast<int>(i));
        if (ds[i]->analysis)
            for (int k = 0; k < 4; ++k)
                for (const auto& l : ds[i]->analysis->layers)
                    if (l.scope == kLayers[k]) s.points.append(QPointF(k, l.perGpu.inGBps()));
        c.series.push_back(s);
    }
    return c;
}

ChartSpec costOverlay(const std::vector<const model::compare::DesignResults*>& ds, const std::vector<std::string>& labels)
{
    ChartSpec c;
    c.title = QStringLiteral("Money spent per GPU, month by month, as each design is paid for");
    c.xTitle = QStringLiteral("months");
    c.yTitle = QStringLiteral("US$ per GPU");
    c.yLabels = AxisLabels::Usd;
    int months = 12;
    for (const auto* d : ds)
        if (d->cost) months = std::max(months, horizonMonths(*d->cost, std::nullopt));
    for (std::size_t i = 0; i < ds.size(); ++i) {
        const auto& k = ds[i]->cost;
        if (!k || k->gpus <= 0) continue;
        const QString name = label(labels, i, *ds[i]);
        if (k->rentedDesign && k->rent.any())
            c.series.push_back({name + QStringLiteral(", rented"), seriesColor(static_cast<int>(i)), spend(0, k->rent.monthlyUsd / k->gpus, months), false, false});
        else if (!k->rentedDesign && k->build.anyPriced())
            c.series.push_back({name + QStringLiteral(", built"), seriesColor(static_cast<int>(i)),
                                spend(k->build.capitalUsd / k->gpus, k->build.monthlyRunningUsd() / k->gpus, months), false, false});
    }
    return c;
}

} // namespace views
