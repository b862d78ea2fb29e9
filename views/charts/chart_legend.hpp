#pragma once
/// @file chart_legend.hpp
/// The legend of a line chart as a widget of its own, under the plot: each entry is a short
/// sample of its curve (colour, line style and point marker, as drawn) followed by its name,
/// left to right, wrapping onto another row when the chart is narrow (height for width).
/// Qt Charts' own legend keeps one row and elides the names ("one serve…", "measured…") and,
/// in a short chart, was drawn into the plot or under the table below it; this one never cuts
/// a name and never overlaps the curves. Draws what it is given; computes nothing.
///
///     legend->setEntries({{tr("measured, 16 GPUs"), QPen(pink, 2, Qt::DashLine), LegendEntry::Marker::Circle, pink}});

#include <QColor>
#include <QPen>
#include <QRect>
#include <QString>
#include <QWidget>

#include <vector>

namespace views {

/// One curve as the legend shows it.
struct LegendEntry {
    enum class Marker { None, Circle, Diamond };
    QString name;
    QPen pen = QPen(Qt::NoPen); ///< the curve's line (Qt::NoPen: points only)
    Marker marker = Marker::None;
    QColor markerColor;         ///< fill of the marker (the line's colour when invalid)

    bool operator==(const LegendEntry& o) const
    {
        return name == o.name && pen == o.pen && marker == o.marker && markerColor == o.markerColor;
    }
};

class ChartLegend final : public QWidget {
    Q_OBJECT
public:
    explicit ChartLegend(QWidget* parent = nullptr);

    /// Shows `entries` in this order (nothing is done when they are the ones on screen).
    void setEntries(std::vector<LegendEntry> entries);
    [[nodiscard]] const std::vector<LegendEntry>& entries() const { return entries_; }
    /// Background and text colours (the chart's, so the legend reads as part of it).
    void setColors(const QColor& background, const QColor& text);

    /// Where the name of entry `i` is drawn at the current width, widget pixels (empty when out of range).
    [[nodiscard]] QRect textRect(int i) const;

    [[nodiscard]] bool hasHeightForWidth() const override { return true; }
    /// Rows needed at `width` pixels times the row height, plus the margins.
    [[nodiscard]] int heightForWidth(int width) const override;
    /// All entries on one row.
    [[nodiscard]] QSize sizeHint() const override;
    /// As wide as the widest entry, one row high.
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* e) override;
    void changeEvent(QEvent* e) override;

private:
    /// One entry laid out: the sample's rectangle and the name's.
    struct Placed {
        QRect sample, text;
    };
    /// Lays the entries out left to right at `width`, wrapping; returns the height used.
    int place(int width, std::vector<Placed>* out) const;
    [[nodiscard]] int sampleWidth() const;
    [[nodiscard]] int rowHeight() const;

    std::vector<LegendEntry> entries_;
    QColor background_, text_;
};

} // namespace views
