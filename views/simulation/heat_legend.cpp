#include "views/simulation/heat_legend.hpp"

#include "views/canvas/link_item.hpp"

#include <QLinearGradient>
#include <QPainter>

#include <algorithm>

namespace views {

HeatLegend::HeatLegend(QWidget* parent) : QWidget(parent), caption_(tr("Utilisation"))
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setMinimumWidth(380);
    setMaximumWidth(460);
}

void HeatLegend::setCaption(const QString& caption)
{
    caption_ = caption;
    update();
}

QSize HeatLegend::sizeHint() const { return {420, fontMetrics().height() * 2 + 10}; }

void HeatLegend::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm = fontMetrics();
    const int barH = 10, top = 3;
    const QColor text = palette().color(QPalette::WindowText);

    // Caption, then the bar with 0/50/100 % ticks under it, then the no-traffic swatch.
    int x = 0;
    p.setPen(text);
    p.drawText(QRect(x, top - 2, fm.horizontalAdvance(caption_) + 2, barH + 6), Qt::AlignVCenter, caption_);
    x += fm.horizontalAdvance(caption_) + 10;
    const QString none = tr("no traffic");
    const int swatchW = 18 + 6 + fm.horizontalAdvance(none);
    const int barW = std::max(60, width() - x - swatchW - 28);
    QLinearGradient g(x, 0, x + barW, 0);
    for (double s : {0.0, 0.25, 0.5, 0.75, 1.0}) g.setColorAt(s, LinkItem::heatColor(s));
    p.setPen(Qt::NoPen);
    p.setBrush(g);
    p.drawRoundedRect(QRectF(x, top, barW, barH), 3, 3);
    p.setPen(text);
    for (int pct : {0, 50, 100}) {
        const QString label = QStringLiteral("%1 %").arg(pct);
        const int cx = x + barW * pct / 100;
        const int w = fm.horizontalAdvance(label);
        const int lx = pct == 0 ? cx : (pct == 100 ? cx - w : cx - w / 2);
        p.drawLine(cx, top + barH, cx, top + barH + 2);
        p.drawText(lx, top + barH + 3 + fm.ascent(), label);
    }
    x += barW + 24;
    p.setPen(Qt::NoPen);
    p.setBrush(LinkItem::noTrafficColor());
    p.drawRoundedRect(QRectF(x, top, 18, barH), 3, 3);
    p.setPen(text);
    p.drawText(QRect(x + 24, top - 2, fm.horizontalAdvance(none) + 2, barH + 6), Qt::AlignVCenter, none);
}

} // namespace views
