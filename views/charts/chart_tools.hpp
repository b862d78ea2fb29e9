#pragma once
/// @file chart_tools.hpp
/// What every chart of the Analysis dock offers (shared/design/UX.md): a context menu with
/// Export Image (PNG or SVG), Export Data (CSV, full precision: model/analysis/chart_csv.hpp)
/// and Copy Image; and, on charts with a bandwidth axis, a GB/s / Gb/s toggle button in the
/// chart's corner (also in the menu). The file dialog is a replaceable function so tests run
/// without blocking.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/units/units.hpp"

#include <functional>
#include <memory>
#include <string>

class QChartView;
class QPainter;
class QMenu;
class QToolButton;

namespace views {

class ChartTools final : public QObject {
    Q_OBJECT
public:
    struct Hooks {
        QString name;                                 ///< file name stem, e.g. "layer-bandwidth"
        std::function<std::string()> csv;             ///< the chart's data as CSV
        std::function<model::RateUnit()> unit;        ///< empty: the chart has no bandwidth axis
        std::function<void(model::RateUnit)> setUnit; ///< switches the chart's unit
        QWidget* below = nullptr;                     ///< drawn under the chart in images (a legend of its own), or none
    };
    /// Asks where to save: (parent, caption, suggested file name, filter) -> path, empty = cancel.
    using SavePrompt = std::function<QString(QWidget*, const QString&, const QString&, const QString&)>;

    ChartTools(QChartView* view, Hooks hooks);

    /// The context menu (the caller owns it); object name "chartMenu".
    [[nodiscard]] std::unique_ptr<QMenu> buildMenu();
    /// Writes the chart as a PNG (rendered at twice the screen size, crisp when printed) or an
    /// SVG, chosen by the extension. @return false when the file could not be written.
    bool exportImage(const QString& path) const;
    /// Writes the chart's data as CSV. @return false when the file could not be written.
    bool exportCsv(const QString& path) const;
    /// The unit toggle in the chart's corner (null on charts without a bandwidth axis).
    [[nodiscard]] QToolButton* unitButton() const { return unitButton_; }
    /// Refreshes the toggle's text after the unit was changed elsewhere (the panel's choice).
    void unitChanged();

    /// The file dialog used by every chart; tests replace it.
    static SavePrompt& savePrompt();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The chart and, under it, the widget `Hooks::below` when it is shown: the size of an image.
    [[nodiscard]] QSize pictureSize() const;
    /// Paints the chart and the widget under it at (0, 0), logical pixels.
    void paintPicture(QPainter& p) const;
    void askAndExportImage();
    void askAndExportCsv();
    void placeButton();

    QChartView* view_;
    Hooks hooks_;
    QToolButton* unitButton_ = nullptr;
};

} // namespace views
