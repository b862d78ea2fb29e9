#pragma once
/// @file chart_style.hpp
/// Colours of the charts in the light and the dark theme (backgrounds, titles, axis labels and
/// grid lines; series keep their hues), and the font sizes of presentation mode.

class QChart;

namespace views::chart_style {

/// Paints `chart` for the light or dark theme. Series colours are left as they are.
void apply(QChart* chart, bool dark);

/// Sets the chart's title, axis and legend fonts to `factor` times the application font
/// (presentation mode's large type; 1 = normal).
void setTypeScale(QChart* chart, double factor);

} // namespace views::chart_style
