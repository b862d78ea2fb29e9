#pragma once
/// @file chart_painter.hpp
/// Print-quality charts drawn with QPainter alone, so the same chart is vector graphics in a
/// PDF (QPdfWriter), an SVG (QSvgGenerator, inlined in HTML reports) and on screen (the
/// Compare view): line charts with linear, log2 or log10 axes (message sizes in binary units)
/// and horizontal grouped bars. Sizes (fonts, lines, margins) scale with the target rectangle,
/// so a chart looks the same at any resolution. Draws what it is given; computes nothing.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QColor>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

class QPainter;

namespace views {

/// One curve (lines) or one set of bars (one value per category).
struct ChartSeries {
    QString name;                 ///< legend text
    QColor color;
    QList<QPointF> points;        ///< lines: (x, y); bars: x = category index, y = value
    bool dashed = false;
    bool markers = true;          ///< dots at the points (lines)
};

/// How an axis is scaled and labelled.
enum class AxisScale { Linear, Log2, Log10 };
enum class AxisLabels { Number, Bytes, Percent, Usd };

/// A chart to draw.
struct ChartSpec {
    enum class Kind { Lines, HorizontalBars };
    Kind kind = Kind::Lines;
    QString title;
    QString xTitle, yTitle;       ///< axis titles, with units ("busbw (GB/s)")
    AxisScale xScale = AxisScale::Linear;
    AxisScale yScale = AxisScale::Linear;
    AxisLabels xLabels = AxisLabels::Number;
    AxisLabels yLabels = AxisLabels::Number;
    std::optional<double> yMin, yMax;  ///< fixed value-axis range (else from the data)
    QStringList categories;       ///< bars: one per category (top to bottom)
    std::vector<ChartSeries> series;
    QString note;                 ///< small print under the plot (e.g. "dashed: one server")
    /// Vertical marker lines (x value, label), e.g. the break-even month.
    std::vector<std::pair<double, QString>> markers;
};

/// Draws `spec` into `rect` (logical units of `p`). Empty data draws the frame and "no data".
/// Text scales with the rectangle; `minFontPx` (logical units) keeps it legible on screen.
void paintChart(QPainter& p, const QRectF& rect, const ChartSpec& spec, double minFontPx = 0);

/// Where marker labels go: each box of `boxes` (in drawing order) moves down by `rowHeight`
/// while it covers a box placed before it and still fits above `bottom`, so labels of markers
/// close together ("A built vs B rented: month 11", "C ... month 17") stack instead of
/// overprinting. Returns the boxes as placed.
[[nodiscard]] std::vector<QRectF> stackLabelBoxes(std::vector<QRectF> boxes, double rowHeight, double bottom);

/// A colour for series `i` (a palette that stays distinct in print and for colour-blind readers).
[[nodiscard]] QColor seriesColor(int i);

/// Axis tick text: 8 B ... 16 GiB for Bytes, "45%" for Percent, "US$ 1.2M" for Usd, else a number.
[[nodiscard]] QString axisLabel(double v, AxisLabels kind);

} // namespace views
