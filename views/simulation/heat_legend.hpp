#pragma once
/// @file heat_legend.hpp
/// The legend of the link heat: a 0-100 % utilisation bar in LinkItem::heatColor's colours
/// and a grey swatch for links without traffic, with a caption naming the measure shown.

#include <QWidget>

namespace views {

class HeatLegend final : public QWidget {
    Q_OBJECT
public:
    explicit HeatLegend(QWidget* parent = nullptr);
    /// Caption drawn before the bar, e.g. "Peak utilisation".
    void setCaption(const QString& caption);
    [[nodiscard]] QString caption() const { return caption_; }
    /// About 420 x two text lines (pixels): caption, bar with its tick labels, swatch.
    [[nodiscard]] QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString caption_;
};

} // namespace views
