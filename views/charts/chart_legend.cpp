#include "views/charts/chart_legend.hpp"

#include <QEvent>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace views {

namespace {
constexpr int kMarginX = 6; ///< left and right margin, pixels
constexpr int kMarginY = 2; ///< top and bottom margin, pixels
} // namespace

ChartLegend::ChartLegend(QWidget* parent) : QWidget(parent)
{
    // Not Fixed vertically: a layout caps a Fixed widget at its size hint (one row), whatever
    // height it needs for its width.
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ChartLegend::setEntries(std::vector<LegendEntry> entries)
{
    if (entries == entries_) return;
    entries_ = std::move(entries);
    updateGeometry();
    update();
}

void ChartLegend::setColors(const QColor& background, const QColor& text)
{
    background_ = background;
    text_ = text;
    update();
}

int ChartLegend::sampleWidth() const { return fontMetrics().height() * 5 / 2; }

int ChartLegend::rowHeight() const { return fontMetrics().height() + 2; }

int ChartLegend::place(int width, std::vector<Placed>* out) const
{
    if (entries_.empty()) return 0;
    const QFontMetrics fm = fontMetrics();
    const int gapIn = fm.height() / 3;  // between a sample and its name
    const int gapOut = fm.height();     // between two entries
    const int row = rowHeight();
    const int right = std::max(kMarginX + 1, width - kMarginX);
    int x = kMarginX, y = kMarginY;
    for (const LegendEntry& e : entries_) {
        const int textW = fm.horizontalAdvance(e.name) + 1;
        const int w = sampleWidth() + gapIn + textW;
        if (x > kMarginX && x + w > right) { // does not fit after the previous entry: next row
            x = kMarginX;
            y += row;
        }
        if (out) out->push_back({QRect(x, y, sampleWidth(), row), QRect(x + sampleWidth() + gapIn, y, textW, row)});
        x += w + gapOut;
    }
    return y + row + kMarginY;
}

QRect ChartLegend::textRect(int i) const
{
    std::vector<Placed> placed;
    place(width(), &placed);
    return i >= 0 && i < static_cast<int>(placed.size()) ? placed[static_cast<std::size_t>(i)].text : QRect();
}

int ChartLegend::heightForWidth(int width) const { return place(width, nullptr); }

QSize ChartLegend::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    int w = 2 * kMarginX;
    for (const LegendEntry& e : entries_) w += sampleWidth() + fm.height() / 3 + fm.horizontalAdvance(e.name) + 1 + fm.height();
    return {w, place(w, nullptr)};
}

QSize ChartLegend::minimumSizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    int widest = 0;
    for (const LegendEntry& e : entries_) widest = std::max(widest, sampleWidth() + fm.height() / 3 + fm.horizontalAdvance(e.name) + 1);
    return {widest + 2 * kMarginX, entries_.empty() ? 0 : rowHeight() + 2 * kMarginY};
}

void ChartLegend::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::FontChange || e->type() == QEvent::StyleChange) updateGeometry();
    QWidget::changeEvent(e);
}

void ChartLegend::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    if (background_.isValid()) p.fillRect(rect(), background_);
    p.setRenderHint(QPainter::Antialiasing);
    std::vector<Placed> placed;
    place(width(), &placed);
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const LegendEntry& e = entries_[i];
        const QRect& s = placed[i].sample;
        const QPointF mid(s.center().x() + 0.5, s.center().y() + 0.5);
        if (e.pen.style() != Qt::NoPen) {
            p.setPen(e.pen);
            p.drawLine(QPointF(s.left() + 1, mid.y()), QPointF(s.right() - 1, mid.y()));
        }
        const QColor fill = e.markerColor.isValid() ? e.markerColor : e.pen.color();
        const double r = std::max(2.5, fontMetrics().height() * 0.22);
        p.setPen(Qt::NoPen);
        p.setBrush(fill);
        if (e.marker == LegendEntry::Marker::Circle) {
            p.drawEllipse(mid, r, r);
        } else if (e.marker == LegendEntry::Marker::Diamond) {
            QPainterPath d;
            d.moveTo(mid.x(), mid.y() - r * 1.5);
            d.lineTo(mid.x() + r * 1.5, mid.y());
            d.lineTo(mid.x(), mid.y() + r * 1.5);
            d.lineTo(mid.x() - r * 1.5, mid.y());
            d.closeSubpath();
            p.drawPath(d);
        }
        p.setPen(text_.isValid() ? text_ : palette().color(QPalette::WindowText));
        p.drawText(placed[i].text, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, e.name);
    }
}

} // namespace views
