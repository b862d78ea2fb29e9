#pragma once
/// @file chart_figure.hpp
/// A report figure that paints one of the app's charts (views/charts) at the page's width.

#include "app/report/report_doc.hpp"
#include "views/charts/result_charts.hpp"

#include <QPainter>

namespace app::report {

/// A figure with `caption` whose picture is `spec` drawn by views::paintChart, `aspect` high
/// for each unit of width (0.5: half as high as wide).
[[nodiscard]] inline Figure chartFigure(views::ChartSpec spec, const QString& caption, double aspect = 0.5)
{
    Figure f;
    f.caption = caption;
    f.aspect = aspect;
    f.paint = [spec = std::move(spec)](QPainter& p, const QRectF& r) { views::paintChart(p, r, spec); };
    return f;
}

} // namespace app::report
