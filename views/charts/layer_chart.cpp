#include "views/charts/layer_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QHorizontalBarSeries>
#include <QLogValueAxis>

#include <algorithm>
#include <cmath>

namespace views {

QString LayerChart::scopeLabel(model::Scope s)
{
    switch (s) {
    case model::Scope::Hbm: return tr("HBM");
    case model::Scope::IntraNode: return tr("Intra-node");
    case model::Scope::NodeBoundary: return tr("Node boundary");
    case model::Scope::Fabric: return tr("Fabric");
    case model::Scope::Compute: return tr("Compute");
    case model::Scope::PipelineBubble: return tr("Pipeline bubble");
    case model::Scope::Latency: return tr("Latency");
    }
    return {};
}

LayerChart::LayerChart(QWidget* parent) : QChartView(parent)
{
    auto* chart = new QChart;
    chart->setTitle(tr("Bandwidth per GPU, by layer"));
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    series_ = new QHorizontalBarSeries;
    set_ = new QBarSet(tr("per GPU"));
    set_->setColor(QColor(0x1f, 0x77, 0xb4));
    set_->setLabelColor(QColor(0x20, 0x24, 0x2b));
    series_->append(set_);
    series_->setLabelsVisible(true);
    series_->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series_->setLabelsFormat(QStringLiteral("@value"));
    series_->setBarWidth(0.6);
    chart->addSeries(series_);
    categoryAxis_ = new QBarCategoryAxis;
    valueAxis_ = new QLogValueAxis;
    valueAxis_->setBase(10);
    valueAxis_->setLabelFormat(QStringLiteral("%g"));
    valueAxis_->setMinorTickCount(-1);
    chart->addAxis(categoryAxis_, Qt::AlignLeft);
    chart->addAxis(valueAxis_, Qt::AlignBottom);
    series_->attachAxis(categoryAxis_);
    series_->attachAxis(valueAxis_);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    apply();
}

void LayerChart::setLayers(const std::vector<model::LayerBandwidth>& layers)
{
    layers_ = layers;
    apply();
}

void LayerChart::setUnit(model::RateUnit unit)
{
    unit_ = unit;
    apply();
}

void LayerChart::apply()
{
    const bool gbit = unit_ == model::RateUnit::Gbps;
    valueAxis_->setTitleText(gbit ? tr("Gb/s per GPU, one direction") : tr("GB/s per GPU, one direction"));
    // Horizontal bars list categories bottom-up: reverse so the first layer (HBM) is on top.
    QStringList cats;
    QList<qreal> values;
    for (auto it = layers_.rbegin(); it != layers_.rend(); ++it) {
        cats << scopeLabel(it->scope);
        values << (gbit ? it->perGpu.inGbps() : it->perGpu.inGBps());
    }
    if (categoryAxis_->categories() != cats) {
        categoryAxis_->setCategories(cats);
    }
    // Update values in place (QBarSet::replace); grow or shrink only when the layer count changes.
    while (set_->count() > values.size()) set_->remove(set_->count() - 1);
    for (int i = 0; i < values.size(); ++i) {
        if (i < set_->count()) set_->replace(i, values[i]);
        else set_->append(values[i]);
    }
    // Decades from the smallest layer that exists to above the largest; a layer with no path
    // (0, e.g. no NIC on a lone server) has no bar and must not stretch the axis to 0.001.
    double lo = 1, hi = 10, mn = 0, mx = 0;
    for (double v : values) {
        if (v <= 0) continue;
        mn = mn > 0 ? std::min(mn, v) : v;
        mx = std::max(mx, v);
    }
    if (mx > 0) {
        lo = std::pow(10.0, std::floor(std::log10(mn)));
        hi = std::pow(10.0, std::ceil(std::log10(mx) + 0.3));
    }
    valueAxis_->setRange(lo, hi);
}

QVector<double> LayerChart::valuesGBps() const
{
    // Read back what the bars hold (bottom-up), in layer order, in GB/s.
    QVector<double> out;
    for (int i = set_->count() - 1; i >= 0; --i)
        out << (unit_ == model::RateUnit::Gbps ? set_->at(i) / 8.0 : set_->at(i));
    return out;
}

QStringList LayerChart::categories() const
{
    QStringList c = categoryAxis_->categories();
    std::reverse(c.begin(), c.end());
    return c;
}

QString LayerChart::axisTitle() const { return valueAxis_->titleText(); }

} // namespace views
