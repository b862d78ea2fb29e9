// Print-quality QPainter charts (chart_painter.hpp).
#include "views/charts/chart_painter.hpp"

#include "model/units/number_format.hpp"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <vector>

namespace views {

namespace {

/// One axis: maps values to [0, 1] and lists its ticks.
struct Axis {
    AxisScale scale = AxisScale::Linear;
    double lo = 0, hi = 1;
    std::vector<double> ticks;

    [[nodiscard]] double t(double v) const
    {
        if (scale == AxisScale::Linear) return hi > lo ? (v - lo) / (hi - lo) : 0.5;
        const double base = scale == AxisScale::Log2 ? 2.0 : 10.0;
        const auto lg = [base](double x) { return std::log(std::max(x, 1e-300)) / std::log(base); };
        return hi > lo ? (lg(v) - lg(lo)) / (lg(hi) - lg(lo)) : 0.5;
    }
};

double niceStep(double span, int target)
{
    const double raw = span / std::max(1, target);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * mag >= raw) return m * mag;
    return 10 * mag;
}

Axis makeAxis(AxisScale scale, double lo, double hi, std::optional<double> fixedLo, std::optional<double> fixedHi, bool fromZero)
{
    Axis a;
    a.scale = scale;
    if (scale == AxisScale::Linear) {
        if (fromZero) lo = std::min(lo, 0.0);
        if (hi <= lo) hi = lo + 1;
        const double step = niceStep(hi - lo, 5);
        a.lo = fixedLo.value_or(std::floor(lo / step) * step);
        a.hi = fixedHi.value_or(std::ceil(hi / step - 1e-9) * step);
        for (double v = a.lo; v <= a.hi + step * 1e-6; v += step) a.ticks.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
        return a;
    }
    const double base = scale == AxisScale::Log2 ? 2.0 : 10.0;
    lo = std::max(lo, 1e-12);
    hi = std::max(hi, lo * base);
    const int e0 = static_cast<int>(std::floor(std::log(lo) / std::log(base) + 1e-9));
    const int e1 = static_cast<int>(std::ceil(std::log(hi) / std::log(base) - 1e-9));
    a.lo = fixedLo.value_or(std::pow(base, e0));
    a.hi = fixedHi.value_or(std::pow(base, e1));
    const int span = e1 - e0;
    const int every = span <= 10 ? 1 : (span + 8) / 9;
    for (int e = e0; e <= e1; e += every) a.ticks.push_back(std::pow(base, e));
    return a;
}

QString trimmed(double v, int decimals)
{
    QString s = QString::number(v, 'f', decimals);
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0'))) s.chop(1);
        if (s.endsWith(QLatin1Char('.'))) s.chop(1);
    }
    return s;
}

struct Fonts {
    QFont body, small, title;
};

Fonts fontsFor(const QRectF& r, double minFontPx)
{
    const double px = std::clamp(std::max(minFontPx, std::min(r.width() / 62.0, r.height() / 26.0)), 1.0, 1e6);
    Fonts f;
    f.body.setFamily(QStringLiteral("DejaVu Sans"));
    f.body.setPixelSize(std::max(1, static_cast<int>(std::lround(px))));
    f.small = f.body;
    f.small.setPixelSize(std::max(1, static_cast<int>(std::lround(px * 0.85))));
    f.title = f.body;
    f.title.setPixelSize(std::max(1, static_cast<int>(std::lround(px * 1.2))));
    f.title.setBold(true);
    return f;
}

/// Legend entries left to right, wrapping; returns the height used.
double paintLegend(QPainter& p, const QRectF& area, const std::vector<ChartSeries>& series, const QFont& font, bool bars, bool draw)
{
    const QFontMetricsF fm(font);
    const double swatch = fm.height() * 1.4, gap = fm.height() * 0.9;
    double x = area.left(), y = area.top();
    p.setFont(font);
    for (const auto& s : series) {
        const double w = swatch + fm.height() * 0.35 + fm.horizontalAdvance(s.name);
        if (x > area.left() && x + w > area.right()) {
            x = area.left();
            y += fm.height() * 1.3;
        }
        if (draw) {
            const double cy = y + fm.height() / 2;
            if (bars) {
                p.fillRect(QRectF(x, cy - fm.height() * 0.3, swatch, fm.height() * 0.6), s.color);
            } else {
                QPen pen(s.color, std::max(1.0, fm.height() * 0.12));
                if (s.dashed) pen.setStyle(Qt::DashLine);
                p.setPen(pen);
                p.drawLine(QPointF(x, cy), QPointF(x + swatch, cy));
            }
            p.setPen(QColor(40, 40, 40));
            p.drawText(QRectF(x + swatch + fm.height() * 0.35, y, w, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, s.name);
        }
        x += w + gap;
    }
    return series.empty() ? 0.0 : y - area.top() + fm.height() * 1.3;
}

void dataRange(const ChartSpec& s, double& xlo, double& xhi, double& ylo, double& yhi)
{
    xlo = ylo = 1e300;
    xhi = yhi = -1e300;
    const bool logX = s.xScale != AxisScale::Linear, logY = s.yScale != AxisScale::Linear;
    for (const auto& se : s.series)
        for (const QPointF& pt : se.points) {
            if ((logX && pt.x() <= 0) || (logY && pt.y() <= 0) || !std::isfinite(pt.x()) || !std::isfinite(pt.y())) continue;
            xlo = std::min(xlo, pt.x());
            xhi = std::max(xhi, pt.x());
            ylo = std::min(ylo, pt.y());
            yhi = std::max(yhi, pt.y());
        }
    for (const auto& m : s.markers) {
        xlo = std::min(xlo, m.first);
        xhi = std::max(xhi, m.first);
    }
}

void paintFrameAndTitle(QPainter& p, const QRectF& rect, const ChartSpec& s, const Fonts& f, QRectF& inner)
{
    p.fillRect(rect, Qt::white);
    const QFontMetricsF fm(f.title);
    inner = rect.adjusted(rect.width() * 0.01, rect.height() * 0.02, -rect.width() * 0.02, -rect.height() * 0.02);
    if (!s.title.isEmpty()) {
        p.setFont(f.title);
        p.setPen(QColor(20, 20, 20));
        p.drawText(QRectF(inner.left(), inner.top(), inner.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter, s.title);
        inner.setTop(inner.top() + fm.height() * 1.35);
    }
    const bool bars = s.kind == ChartSpec::Kind::HorizontalBars;
    const double legendH = paintLegend(p, inner, s.series, f.small, bars, true);
    inner.setTop(inner.top() + legendH + QFontMetricsF(f.small).height() * 0.3);
    if (!s.note.isEmpty()) {
        const QFontMetricsF sm(f.small);
        p.setFont(f.small);
        p.setPen(QColor(90, 90, 90));
        p.drawText(QRectF(inner.left(), inner.bottom() - sm.height(), inner.width(), sm.height()), Qt::AlignLeft | Qt::AlignVCenter, s.note);
        inner.setBottom(inner.bottom() - sm.height() * 1.3);
    }
}

void paintNoData(QPainter& p, const QRectF& plot, const Fonts& f)
{
    p.setFont(f.body);
    p.setPen(QColor(120, 120, 120));
    p.drawText(plot, Qt::AlignCenter, QStringLiteral("no data"));
}

QPen gridPen(const QRectF& plot)
{
    QPen pen(QColor(225, 225, 225));
    pen.setWidthF(std::max(0.5, plot.height() / 900.0));
    return pen;
}

void paintValueAxisY(QPainter& p, const QRectF& plot, const Axis& a, AxisLabels labels, const Fonts& f)
{
    const QFontMetricsF fm(f.small);
    p.setFont(f.small);
    for (double v : a.ticks) {
        const double y = plot.bottom() - a.t(v) * plot.height();
        p.setPen(gridPen(plot));
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
        p.setPen(QColor(60, 60, 60));
        p.drawText(QRectF(plot.left() - fm.height() * 8, y - fm.height() / 2, fm.height() * 7.6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   axisLabel(v, labels));
    }
}

void paintAxisX(QPainter& p, const QRectF& plot, const Axis& a, AxisLabels labels, const Fonts& f, bool grid)
{
    const QFontMetricsF fm(f.small);
    p.setFont(f.small);
    for (double v : a.ticks) {
        const double x = plot.left() + a.t(v) * plot.width();
        if (grid) {
            p.setPen(gridPen(plot));
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        }
        p.setPen(QColor(60, 60, 60));
        p.drawText(QRectF(x - fm.height() * 4, plot.bottom() + fm.height() * 0.3, fm.height() * 8, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   axisLabel(v, labels));
    }
}

void paintAxisTitles(QPainter& p, const QRectF& plot, const QRectF& inner, const ChartSpec& s, const Fonts& f)
{
    const QFontMetricsF fm(f.small);
    p.setFont(f.small);
    p.setPen(QColor(40, 40, 40));
    p.drawText(QRectF(plot.left(), plot.bottom() + fm.height() * 1.5, plot.width(), fm.height()), Qt::AlignHCenter | Qt::AlignTop, s.xTitle);
    if (s.kind == ChartSpec::Kind::Lines && !s.yTitle.isEmpty()) {
        // Along the plot's height: a title longer than that shrinks (to 70 %) before it is
        // elided, so it never runs off both ends ("caling efficiency (%" in a short chart).
        QFont font = f.small;
        const double size = font.pointSizeF() > 0 ? font.pointSizeF() : font.pixelSize();
        for (double k = 1.0; k > 0.7 && QFontMetricsF(font).horizontalAdvance(s.yTitle) > plot.height(); k -= 0.05) {
            if (font.pointSizeF() > 0) font.setPointSizeF(size * (k - 0.05));
            else font.setPixelSize(std::max(1, static_cast<int>(size * (k - 0.05))));
        }
        const QFontMetricsF tm(font);
        p.save();
        p.setFont(font);
        p.translate(inner.left() + fm.height() * 0.1, plot.center().y());
        p.rotate(-90);
        p.drawText(QRectF(-plot.height() / 2, 0, plot.height(), tm.height()), Qt::AlignHCenter | Qt::AlignTop,
                   tm.elidedText(s.yTitle, Qt::ElideRight, plot.height()));
        p.restore();
    }
}

void paintMarkers(QPainter& p, const QRectF& plot, const Axis& x, const ChartSpec& s, const Fonts& f)
{
    const QFontMetricsF fm(f.small);
    std::vector<QRectF> boxes;
    for (const auto& [v, label] : s.markers) {
        const double px = plot.left() + x.t(v) * plot.width();
        const double w = fm.horizontalAdvance(label) + fm.height() * 0.5;
        boxes.emplace_back(std::min(px + fm.height() * 0.25, plot.right() - w), plot.top() + fm.height() * 0.2, w, fm.height());
    }
    boxes = stackLabelBoxes(std::move(boxes), fm.height() * 1.15, plot.bottom());
    std::size_t i = 0;
    for (const auto& [v, label] : s.markers) {
        const double px = plot.left() + x.t(v) * plot.width();
        QPen pen(QColor(90, 90, 90), std::max(0.8, plot.height() / 500.0), Qt::DashLine);
        p.setPen(pen);
        p.drawLine(QPointF(px, plot.top()), QPointF(px, plot.bottom()));
        p.setFont(f.small);
        p.setPen(QColor(40, 40, 40));
        const QRectF& box = boxes[i++];
        p.fillRect(box, QColor(255, 255, 255, 220));
        p.drawText(box, Qt::AlignCenter, label);
    }
}

} // namespace

std::vector<QRectF> stackLabelBoxes(std::vector<QRectF> boxes, double rowHeight, double bottom)
{
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        QRectF& box = boxes[i];
        const auto covers = [&box](const QRectF& r) { return r.intersects(box); };
        while (std::any_of(boxes.begin(), boxes.begin() + static_cast<std::ptrdiff_t>(i), covers) && box.bottom() + rowHeight < bottom)
            box.translate(0, rowHeight);
    }
    return boxes;
}

namespace {

void paintLines(QPainter& p, const QRectF& rect, const ChartSpec& s, double minFontPx)
{
    const Fonts f = fontsFor(rect, minFontPx);
    QRectF inner;
    paintFrameAndTitle(p, rect, s, f, inner);
    double xlo, xhi, ylo, yhi;
    dataRange(s, xlo, xhi, ylo, yhi);
    const QFontMetricsF fm(f.small);
    const QRectF plot = inner.adjusted(fm.height() * 6.2, fm.height() * 0.4, -fm.height() * 0.6, -fm.height() * 2.8);
    if (xlo > xhi) {
        paintNoData(p, plot, f);
        return;
    }
    const Axis x = makeAxis(s.xScale, xlo, xhi, std::nullopt, std::nullopt, false);
    const Axis y = makeAxis(s.yScale, ylo, yhi * (s.yScale == AxisScale::Linear ? 1.04 : 1.0), s.yMin, s.yMax, true);
    paintValueAxisY(p, plot, y, s.yLabels, f);
    paintAxisX(p, plot, x, s.xLabels, f, true);
    paintAxisTitles(p, plot, inner, s, f);
    p.setPen(QPen(QColor(150, 150, 150), std::max(0.6, plot.height() / 700.0)));
    p.drawRect(plot);
    p.save();
    p.setClipRect(plot.adjusted(-fm.height(), -fm.height(), fm.height(), fm.height()));
    const double lw = std::max(1.0, plot.height() / 260.0);
    for (const auto& se : s.series) {
        QPainterPath path;
        bool started = false;
        for (const QPointF& pt : se.points) {
            if ((s.xScale != AxisScale::Linear && pt.x() <= 0) || (s.yScale != AxisScale::Linear && pt.y() <= 0)) continue;
            const QPointF q(plot.left() + x.t(pt.x()) * plot.width(), plot.bottom() - y.t(pt.y()) * plot.height());
            if (!started) path.moveTo(q);
            else path.lineTo(q);
            started = true;
        }
        QPen pen(se.color, lw);
        pen.setStyle(se.dashed ? Qt::DashLine : Qt::SolidLine);
        pen.setJoinStyle(Qt::RoundJoin);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
        if (!se.markers) continue;
        p.setPen(Qt::NoPen);
        p.setBrush(se.color);
        for (const QPointF& pt : se.points) {
            if ((s.xScale != AxisScale::Linear && pt.x() <= 0) || (s.yScale != AxisScale::Linear && pt.y() <= 0)) continue;
            p.drawEllipse(QPointF(plot.left() + x.t(pt.x()) * plot.width(), plot.bottom() - y.t(pt.y()) * plot.height()), lw * 1.3, lw * 1.3);
        }
    }
    p.restore();
    paintMarkers(p, plot, x, s, f);
}

void paintBars(QPainter& p, const QRectF& rect, const ChartSpec& s, double minFontPx)
{
    const Fonts f = fontsFor(rect, minFontPx);
    QRectF inner;
    paintFrameAndTitle(p, rect, s, f, inner);
    const QFontMetricsF fm(f.small);
    double labelW = 0;
    for (const QString& c : s.categories) labelW = std::max(labelW, fm.horizontalAdvance(c));
    const QRectF plot = inner.adjusted(labelW + fm.height() * 0.8, fm.height() * 0.2, -fm.height() * 3.5, -fm.height() * 2.8);
    double lo = 1e300, hi = -1e300;
    for (const auto& se : s.series)
        for (const QPointF& pt : se.points)
            if (pt.y() > 0 || s.xScale == AxisScale::Linear) {
                lo = std::min(lo, pt.y());
                hi = std::max(hi, pt.y());
            }
    if (s.categories.isEmpty() || lo > hi) {
        paintNoData(p, plot, f);
        return;
    }
    const Axis v = makeAxis(s.xScale, lo, hi, s.yMin, s.yMax, true);
    paintAxisX(p, plot, v, s.xLabels, f, true);
    paintAxisTitles(p, plot, inner, s, f);
    const double band = plot.height() / s.categories.size();
    const int n = std::max<int>(1, static_cast<int>(s.series.size()));
    const double barH = band * 0.72 / n;
    // Value labels as tall as the bars at most (down to 60 % of the small font): three designs'
    // bars are thinner than a line of text, and their labels ran into each other ("3,350" x 3).
    QFont valueFont = f.small;
    const double smallSize = valueFont.pointSizeF() > 0 ? valueFont.pointSizeF() : valueFont.pixelSize();
    for (double k = 0.95; k >= 0.6 && QFontMetricsF(valueFont).height() > barH; k -= 0.05) {
        if (valueFont.pointSizeF() > 0) valueFont.setPointSizeF(smallSize * k);
        else valueFont.setPixelSize(std::max(1, static_cast<int>(smallSize * k)));
    }
    const bool valuesFit = QFontMetricsF(valueFont).height() <= barH * 1.1;
    const bool plain = s.xLabels == AxisLabels::Bytes || s.xLabels == AxisLabels::Number;
    const auto valueText = [&](double y) { return plain ? QString::fromStdString(model::formatFigure(y)) : axisLabel(y, s.xLabels); };
    for (int c = 0; c < s.categories.size(); ++c) {
        const double top = plot.top() + c * band;
        p.setFont(f.small);
        p.setPen(QColor(40, 40, 40));
        p.drawText(QRectF(inner.left(), top, labelW, band), Qt::AlignRight | Qt::AlignVCenter, s.categories[c]);
        std::vector<std::pair<QRectF, double>> bars; // each bar of this category and its value
        for (int i = 0; i < n && i < static_cast<int>(s.series.size()); ++i)
            for (const QPointF& pt : s.series[static_cast<std::size_t>(i)].points) {
                if (static_cast<int>(std::lround(pt.x())) != c || (s.xScale != AxisScale::Linear && pt.y() <= 0)) continue;
                const double w = std::clamp(v.t(pt.y()), 0.0, 1.0) * plot.width();
                const QRectF bar(plot.left(), top + band * 0.14 + i * barH, w, barH * 0.92);
                p.fillRect(bar, s.series[static_cast<std::size_t>(i)].color);
                bars.emplace_back(bar, pt.y());
            }
        // A bar's value as the tables beside the chart print it ("3,350", "50.0"); where the bars
        // are too thin for their own labels and all read the same, one label for the group.
        p.setPen(QColor(40, 40, 40));
        const bool same = !bars.empty() && std::all_of(bars.begin(), bars.end(), [&](const auto& b) { return valueText(b.second) == valueText(bars.front().second); });
        if (!valuesFit && same) {
            double right = 0;
            for (const auto& b : bars) right = std::max(right, b.first.right());
            p.setFont(f.small);
            p.drawText(QRectF(right + fm.height() * 0.25, bars.front().first.top(), fm.height() * 6, bars.back().first.bottom() - bars.front().first.top()),
                       Qt::AlignLeft | Qt::AlignVCenter, valueText(bars.front().second));
            continue;
        }
        p.setFont(valueFont);
        for (const auto& [bar, y] : bars)
            p.drawText(QRectF(bar.right() + fm.height() * 0.25, bar.top(), fm.height() * 6, bar.height()), Qt::AlignLeft | Qt::AlignVCenter, valueText(y));
    }
    p.setPen(QPen(QColor(150, 150, 150), std::max(0.6, plot.height() / 700.0)));
    p.drawLine(plot.topLeft(), plot.bottomLeft());
}

} // namespace

QColor seriesColor(int i)
{
    // Okabe-Ito palette (distinct for colour-blind readers), darker tones first.
    static const QColor palette[] = {QColor(0, 114, 178), QColor(213, 94, 0), QColor(0, 158, 115), QColor(204, 121, 167),
                                     QColor(86, 180, 233), QColor(230, 159, 0), QColor(120, 120, 120), QColor(240, 228, 66)};
    return palette[static_cast<std::size_t>(std::abs(i)) % (sizeof palette / sizeof palette[0])];
}

QString axisLabel(double v, AxisLabels kind)
{
    switch (kind) {
    case AxisLabels::Bytes: {
        static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        while (v >= 1024 && u < 4) {
            v /= 1024;
            ++u;
        }
        return trimmed(v, 1) + QLatin1Char(' ') + QLatin1String(units[u]);
    }
    case AxisLabels::Percent: return trimmed(v, 1) + QLatin1Char('%');
    case AxisLabels::Usd: {
        const double a = std::abs(v);
        if (a >= 1e9) return QStringLiteral("$") + trimmed(v / 1e9, 2) + QLatin1Char('B');
        if (a >= 1e6) return QStringLiteral("$") + trimmed(v / 1e6, 2) + QLatin1Char('M');
        if (a >= 1e3) return QStringLiteral("$") + trimmed(v / 1e3, 1) + QLatin1Char('k');
        return QStringLiteral("$") + trimmed(v, 2);
    }
    case AxisLabels::Number: break;
    }
    const double a = std::abs(v);
    if (a >= 1e6 || (a > 0 && a < 1e-3)) return QString::number(v, 'g', 3);
    if (a >= 1000) return QString::fromStdString(model::formatCount(v)); // "10,000", as the tables
    return trimmed(v, a >= 100 ? 0 : a >= 1 ? 2 : 4);
}

void paintChart(QPainter& p, const QRectF& rect, const ChartSpec& spec, double minFontPx)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    if (spec.kind == ChartSpec::Kind::HorizontalBars) paintBars(p, rect, spec, minFontPx);
    else paintLines(p, rect, spec, minFontPx);
    p.restore();
}

} // namespace views
