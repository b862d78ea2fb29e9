#pragma once
/// @file design_compare_view.hpp
/// The Compare view (issue 12 item 2): two to four designs side by side. A table of every
/// figure (the rows of model::compare::Comparison) with the rows where the designs differ
/// highlighted and the better figure in bold (each column titled "A: name", shortened at its
/// end to the column's width by an ElidedHeader, whole in its tooltip), the verdict in words,
/// and overlaid charts (busbw against size, scaling, per-layer bandwidth, money spent per GPU
/// over the months).
/// Shows what it is given; computes nothing (app::CompareWindow computes off the UI thread).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QSize>
#include <QWidget>

#include "model/compare/comparison.hpp"

#include <memory>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace views {

class ChartWidget;

class DesignCompareView final : public QWidget {
    Q_OBJECT
public:
    explicit DesignCompareView(QWidget* parent = nullptr);

    /// Least size of each of the four charts, pixels: below it they scroll in their pane.
    static constexpr QSize kMinChartSize{420, 260};

    /// The designs being compared, as "A: name (file)" lines (before results arrive too).
    void setDesignList(const QStringList& lines);
    /// The lines the design list shows.
    [[nodiscard]] QStringList designList() const;
    /// Shows a comparison of `designs` (null `c`: fewer than two designs, nothing to compare).
    void showComparison(std::shared_ptr<const model::compare::Comparison> c,
                        std::vector<std::shared_ptr<const model::compare::DesignResults>> designs);
    /// A hint while results are computed (the last comparison stays on screen).
    void setBusy(bool busy);
    /// A message under the list (an error loading a file, "add a second design").
    void setMessage(const QString& text);

    [[nodiscard]] QTableWidget* table() const { return table_; }
    [[nodiscard]] QString verdictText() const;
    [[nodiscard]] const std::vector<ChartWidget*>& charts() const { return charts_; }
    [[nodiscard]] int selectedDesign() const;
    [[nodiscard]] std::shared_ptr<const model::compare::Comparison> comparison() const { return comparison_; }

signals:
    void addFileRequested();
    void addOpenDesignRequested();
    void removeRequested(int index);
    void exportReportRequested();
    void exportCsvRequested();

protected:
    /// A theme switch (palette change) re-colours the verdict and the table.
    void changeEvent(QEvent* e) override;

private:
    void fillTable();
    /// Verdict banner colours for the current palette (light or dark).
    void styleVerdict();
    /// Whether the window's palette is dark (its window colour's lightness below half).
    [[nodiscard]] bool darkPalette() const;

    QListWidget* list_;
    QPushButton* remove_;
    QPushButton* exportReport_;
    QPushButton* exportCsv_;
    QLabel* message_;
    QLabel* busy_;
    QLabel* verdict_;
    QTableWidget* table_;
    std::vector<ChartWidget*> charts_;
    std::shared_ptr<const model::compare::Comparison> comparison_;
    std::vector<std::shared_ptr<const model::compare::DesignResults>> designs_;
};

} // namespace views
