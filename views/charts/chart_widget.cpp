#include "views/charts/chart_widget.hpp"

#include <QFontInfo>
#include <QPainter>

namespace views {

ChartWidget::ChartWidget(QWidget* parent) : QWidget(parent) { setAttribute(Qt::WA_OpaquePaintEvent); }

void ChartWidget::setSpec(ChartSpec spec)
{
    spec_ = std::move(spec);
    update();
}

void ChartWidget::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    // Text scales with the chart; on screen it never goes below the UI font's size.
    paintChart(p, QRectF(rect()), spec_, QFontInfo(font()).pixelSize());
}

} // namespace views
