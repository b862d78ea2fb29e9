#pragma once
/// @file cost_panel.hpp
/// Cost dock: build against rent for the newest results snapshot (model::ResultsSnapshot::cost,
/// computed off the UI thread by the app's worker). A summary (capital, monthly cost each way,
/// cost per delivered GPU-hour, break-even month, training run), every capital line with its
/// unit price and the price's date and source (lines without a price in red, named, never
/// zero), and the assumptions with their sources. Prices and assumptions can be set for this
/// design: each change is one undoable edit of the design's analysis["cost"] settings
/// (DesignDocument::requestSetAnalysis), saved with the design file. Computes nothing.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/results/results_snapshot.hpp"

#include <memory>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace views {

class DesignDocument;
class ReflowLabel;

class CostPanel final : public QWidget {
    Q_OBJECT
public:
    explicit CostPanel(DesignDocument* doc, QWidget* parent = nullptr);

    /// The summary on screen, as plain text.
    /// The summary on screen, as plain text (brought up to date first when the panel is hidden).
    [[nodiscard]] QString summaryText() const;
    /// The capital lines (brought up to date first when the panel is hidden).
    [[nodiscard]] QTableWidget* table() const;
    /// Generation of the snapshot on screen (0 before the first one).
    [[nodiscard]] std::uint64_t shownGeneration() const;

    /// Sets the price of part `key` (a capital line's key) for this design, US$ per unit,
    /// with its source; nullopt removes the design's price. One undoable edit.
    /// @return false when nothing changed, or when `usd` is outside 0 to
    /// model::cost::kMaxUnitPriceUsd (the design file's bound), which is refused.
    bool setPrice(const std::string& key, std::optional<double> usd, const QString& source);
    /// Sets assumption `key` (an analysis["cost"] field: pue, utilisation, ...) in the unit the
    /// panel shows (percent for shares); nullopt returns it to its default. One undoable edit.
    bool setAssumption(const std::string& key, std::optional<double> shownValue);

public slots:
    /// Shows the cost of `snapshot`, or why it could not be computed. Ignores null and
    /// snapshots older than the one on screen. While nothing of the panel is on screen (a tab
    /// behind the Analysis tab, a window not shown yet) only the snapshot is kept: the
    /// summary, the lines and the assumptions are filled by catchUp(), when the panel is
    /// shown or its tab raised, or when summaryText() or table() is asked.
    void showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot);

    /// Fills the widgets from the newest snapshot when it came while the panel was hidden;
    /// nothing otherwise. The main window calls it when the Cost tab is raised.
    void catchUp();

protected:
    void showEvent(QShowEvent* e) override;

private:
    void fillLines(const model::cost::CostResult& c);
    void fillAssumptions(const model::cost::CostResult& c);
    void editSelectedPrice();
    bool requestSettings(const model::cost::CostSettings& s, const QString& what);

    DesignDocument* doc_;
    std::shared_ptr<const model::ResultsSnapshot> shown_;
    bool behind_ = false; ///< shown_ is newer than what the widgets show (it came while hidden)
    ReflowLabel* summary_;
    QTableWidget* lines_;
    QPushButton* setPrice_;
    QPushButton* clearPrice_;
    std::vector<std::pair<std::string, QDoubleSpinBox*>> assumptions_;
};

} // namespace views
