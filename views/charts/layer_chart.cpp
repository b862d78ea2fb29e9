#include "views/charts/layer_chart.hpp"

#include "model/units/number_format.hpp"
#include "views/charts/log_axis.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QGraphicsSimpleTextItem>
#include <QHorizontalBarSeries>

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
    case model::Scope::None: return tr("None");
    case model::Scope::Memory: return tr("GPU memory");
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
    series_->append(set_);
    series_->setLabelsVisible(false); // our own labels: three digits, and "none" for 0
    series_->setBarWidth(0.6);
    chart->addSeries(series_);
    categoryAxis_ = new QBarCategoryAxis;
    valueAxis_ = new QCategoryAxis;
    valueAxis_->setGridLineVisible(true);
    QFont axisTitle = valueAxis_->titleFont();
    axisTitle.setPointSizeF(axisTitle.pointSizeF() * 0.9); // "GB/s per GPU, one direction" fits a narrow chart
    valueAxis_->setTitleFont(axisTitle);
    chart->addAxis(categoryAxis_, Qt::AlignLeft);
    chart->addAxis(valueAxis_, Qt::AlignBottom);
    series_->attachAxis(categoryAxis_);
    series_->attachAxis(valueAxis_);
    setChart(chart);
    setRenderHint(QPainter::Antialiasing);
    connect(chart, &QChart::plotAreaChanged, this, [this] {
        // The plot area settles after a resize: thin the decade labels again if need be.
        if (std::abs(this->chart()->plotArea().width() - axisPx_) > 1.0) apply();
        else placeLabels();
    });
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

void LayerChart::resizeEvent(QResizeEvent* e)
{
    QChartView::resizeEvent(e);
    apply(); // the number of decade labels that fit depends on the width
}

void LayerChart::apply()
{
    const bool gbit = unit_ == model::RateUnit::Gbps;
    valueAxis_->setTitleText(gbit ? tr("Gb/s per GPU, one direction") : tr("GB/s per GPU, one direction"));
    // Horizontal bars list categories bottom-up: reverse so the first layer (HBM) is on top.
    QStringList cats;
    std::vector<double> values;
    for (auto it = layers_.rbegin(); it != layers_.rend(); ++it) {
        cats << scopeLabel(it->scope);
        values.push_back(gbit ? it->perGpu.inGbps() : it->perGpu.inGBps());
    }
    if (categoryAxis_->categories() != cats) categoryAxis_->setCategories(cats);
    // Decades from the smallest layer that exists to above the largest (log10 units).
    double mn = 0, mx = 0;
    for (double v : values) {
        if (!(v > 0)) continue;
        mn = mn > 0 ? std::min(mn, v) : v;
        mx = std::max(mx, v);
    }
    const double lo = mx > 0 ? std::floor(std::log10(mn)) : 0.0;
    const double hi = mx > 0 ? std::max(lo + 1, std::ceil(std::log10(mx) + 0.35)) : 1.0;
    axisLo_ = lo;
    axisPx_ = chart()->plotArea().width();
    log_axis::setPowerLabels(valueAxis_, lo, hi, 10, axisPx_ > 10 ? axisPx_ : width() * 0.6);
    // Bars hold log10 of the value; a layer with no path sits at the axis minimum (no bar).
    absent_.clear();
    for (double v : values) absent_.push_back(!(v > 0));
    while (set_->count() > static_cast<int>(values.size())) set_->remove(set_->count() - 1);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double b = values[i] > 0 ? std::log10(values[i]) : lo;
        if (static_cast<int>(i) < set_->count()) {
            if (set_->at(static_cast<int>(i)) != b) set_->replace(static_cast<int>(i), b); // unchanged: no re-layout
        }
        else set_->append(b);
    }
    // Value labels at the bar ends.
    while (labels_.size() > values.size()) {
        delete labels_.back();
        labels_.pop_back();
    }
    while (labels_.size() < values.size()) labels_.push_back(new QGraphicsSimpleTextItem(chart()));
    for (std::size_t i = 0; i < values.size(); ++i)
        labels_[i]->setText(values[i] > 0 ? QString::fromStdString(model::formatFigure(values[i])) : tr("none"));
    placeLabels();
}

void LayerChart::placeLabels()
{
    const QRectF plot = chart()->plotArea();
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.9);
    const QColor text = chart()->titleBrush().color();
    for (std::size_t i = 0; i < labels_.size(); ++i) {
        QGraphicsSimpleTextItem* l = labels_[i];
        if (l->font() != f) l->setFont(f); // set again, the label re-measured and repainted
        const QPointF end = chart()->mapToPosition(QPointF(set_->at(static_cast<int>(i)), static_cast<double>(i)), series_);
        const QRectF r = l->boundingRect();
        // After the bar end; inside the bar (right-aligned) when it would leave the plot area.
        double x = end.x() + 4;
        const bool inside = x + r.width() > plot.right();
        if (inside) x = end.x() - r.width() - 4;
        l->setBrush(inside ? QColor(Qt::white) : text); // white on the blue bar, the title's colour beside it
        l->setPos(std::max(plot.left() + 2, x), end.y() - r.height() / 2);
        l->setZValue(10);
    }
}

QVector<double> LayerChart::valuesGBps() const
{
    // Read back what the bars hold (bottom-up, log10 of the shown unit), in layer order, in GB/s.
    QVector<double> out;
    for (int i = set_->count() - 1; i >= 0; --i) {
        if (absent_[static_cast<std::size_t>(i)]) {
            out << 0.0;
            continue;
        }
        const double v = std::pow(10.0, set_->at(i));
        out << (unit_ == model::RateUnit::Gbps ? v / 8.0 : v);
    }
    return out;
}

QStringList LayerChart::categories() const
{
    QStringList c = categoryAxis_->categories();
    std::reverse(c.begin(), c.end());
    return c;
}

QStringList LayerChart::valueLabels() const
{
    QStringList out;
    for (auto it = labels_.rbegin(); it != labels_.rend(); ++it) out << (*it)->text();
    return out;
}

QStringList LayerChart::axisLabels() const { return valueAxis_->categoriesLabels(); }

QString LayerChart::axisTitle() const { return valueAxis_->titleText(); }

} // namespace views
