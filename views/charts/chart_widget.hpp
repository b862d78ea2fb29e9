#pragma once
/// @file chart_widget.hpp
/// A widget that shows one ChartSpec with the same painter the reports use (chart_painter.hpp),
/// so a chart on screen and in a PDF are drawn by one piece of code. Computes nothing.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "views/charts/chart_painter.hpp"

namespace views {

class ChartWidget final : public QWidget {
    Q_OBJECT
public:
    explicit ChartWidget(QWidget* parent = nullptr);
    /// Shows `spec` (repaints).
    void setSpec(ChartSpec spec);
    [[nodiscard]] const ChartSpec& spec() const { return spec_; }
    [[nodiscard]] QSize sizeHint() const override { return {520, 300}; }
    [[nodiscard]] QSize minimumSizeHint() const override { return {260, 160}; }

protected:
    void paintEvent(QPaintEvent* e) override;

private:
    ChartSpec spec_;
};

} // namespace views
