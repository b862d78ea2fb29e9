#pragma once
/// @file simulation_result_view.hpp
/// Shows one model::SimulationResult: the simulated completion time, algbw and busbw (GB/s,
/// decimal) with the analytical prediction beside and the difference in percent, the
/// engine's notes, and the most congested links (description, peak %, mean %). Activating a
/// row emits linkActivated with that link's id.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/simulation/simulation.hpp"

class QLabel;
class QTableWidget;

namespace views {

class SimulationResultView final : public QWidget {
    Q_OBJECT
public:
    explicit SimulationResultView(QWidget* parent = nullptr);

    /// Shows `result` (copied into the widgets; the view keeps no reference).
    void showResult(const model::SimulationResult& result);
    /// Empties every field.
    void clear();

    /// Text of the simulated completion time, e.g. "1.234 ms" (model::formatDuration).
    [[nodiscard]] QString simulatedTimeText() const;
    /// Text of the analytical time, "-" when the engine gave none.
    [[nodiscard]] QString analyticalTimeText() const;
    /// Text of the difference row, e.g. "+3.2 % simulated vs analytical" (with a word on why
    /// the engines agree where they do).
    [[nodiscard]] QString differenceText() const;
    /// The congested-links table (rows in the order of result.mostCongested).
    [[nodiscard]] QTableWidget* congestedTable() const { return table_; }
    /// Emits linkActivated for row `row` of the table (as a click does); ignored out of range.
    void activateRow(int row);

signals:
    /// A congested link's row was clicked.
    void linkActivated(model::Id link);

private:
    QLabel* simTime_;
    QLabel* simAlgbw_;
    QLabel* simBusbw_;
    QLabel* simAlgorithm_;
    QLabel* anaTime_;
    QLabel* anaAlgbw_;
    QLabel* anaBusbw_;
    QLabel* anaAlgorithm_;
    QLabel* difference_;
    QLabel* stats_;
    QLabel* notes_;
    QTableWidget* table_;
};

} // namespace views
