#include "views/charts/chart_style.hpp"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QFontMetrics>
#include <QLegend>
#include <QScatterSeries>

namespace views::chart_style {

void apply(QChart* chart, bool dark)
{
    const QColor background = dark ? QColor(0x1b, 0x1f, 0x26) : QColor(Qt::white);
    const QColor text = dark ? QColor(0xe8, 0xec, 0xf1) : QColor(0x20, 0x24, 0x2b);
    const QColor subtle = dark ? QColor(0xb4, 0xbd, 0xc9) : QColor(0x3c, 0x44, 0x50);
    const QColor grid = dark ? QColor(0x33, 0x3a, 0x45) : QColor(0xe0, 0xe4, 0xea);
    const QColor line = dark ? QColor(0x6b, 0x76, 0x88) : QColor(0x9a, 0xa3, 0xb0);
    chart->setBackgroundBrush(background);
    chart->setBackgroundPen(Qt::NoPen);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    // Hollow points (the scaling chart's layouts that do not fit in memory) are filled with the
    // background, so they read hollow in either theme.
    for (QAbstractSeries* s : chart->series())
        if (auto* points = qobject_cast<QScatterSeries*>(s); points && points->objectName() == QLatin1String("hollowPoints"))
            points->setColor(background);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsColor(subtle);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setMinorGridLineColor(grid);
        axis->setLinePenColor(line);
    }
}

void setTypeScale(QChart* chart, double factor)
{
    QFont f = QApplication::font();
    f.setPointSizeF(f.pointSizeF() * factor);
    QFont title = f;
    title.setBold(true);
    chart->setTitleFont(title);
    chart->legend()->setFont(f);
    for (QAbstractAxis* axis : chart->axes()) {
        axis->setLabelsFont(f);
        axis->setTitleFont(f);
    }
    // The last tick label is centred on the axis end: room for half of it on the right, or
    // large type cuts "100k" to "100I" and "1024" to "102".
    QMargins m = chart->margins();
    m.setRight(4 + QFontMetrics(f).horizontalAdvance(QStringLiteral("1024")) / 2);
    chart->setMargins(m);
}

} // namespace views::chart_style
