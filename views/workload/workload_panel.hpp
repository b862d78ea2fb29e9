#pragma once
/// @file workload_panel.hpp
/// Workload dock: the training run the analysis times on this design (design.analysis, keys of
/// analysis::trainingConfigFromJson): the model (a preset or the design's own), precision, the
/// tensor x pipeline x data-parallel layout (each "auto": the engine's choice, shown beside it
/// from the newest results), micro-batch, global batch, recompute and the Megatron switches.
/// Each change is one undoable edit of the design's analysis settings
/// (DesignDocument::requestSetAnalysis), saved with the design file. Computes nothing: the
/// layout the engine chose comes from the worker's snapshot.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/results/results_snapshot.hpp"

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace views {

class CheckedSpinBox;
class DesignDocument;

class WorkloadPanel final : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadPanel(DesignDocument* doc, QWidget* parent = nullptr);

    /// Sets analysis key `key` (a trainingConfigFromJson field: "tp", "micro_batch",
    /// "precision", "sequence_parallel", ...) to `value`; null removes it (the engine's
    /// default). One undoable edit named after the field. @return false when nothing changed.
    bool setSetting(const std::string& key, const nlohmann::json& value);
    /// Trains preset or own model `name` (analysis::settingsWithWorkload: another model drops
    /// the layout chosen for the old one). @return false when nothing changed or the name is
    /// neither a preset nor the design's own model.
    bool setWorkload(const std::string& name);

    /// The form's widgets, for tests.
    [[nodiscard]] QComboBox* workloadBox() const { return workload_; }
    [[nodiscard]] CheckedSpinBox* layoutBox(const std::string& key) const;
    /// The line under the form: the layout and batch the engine times, or why there is none.
    [[nodiscard]] QString chosenText() const;

public slots:
    /// Shows what the engine chose for `snapshot` (ignores null and older snapshots).
    void showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot);

private:
    void refreshFromDesign();
    void refreshChosen();

    DesignDocument* doc_;
    std::shared_ptr<const model::ResultsSnapshot> shown_;
    QComboBox* workload_;
    QComboBox* precision_;
    QComboBox* recompute_;
    std::vector<std::pair<std::string, CheckedSpinBox*>> numbers_;
    std::vector<std::pair<std::string, QCheckBox*>> switches_;
    QPushButton* autoLayout_;
    QLabel* chosen_;
};

} // namespace views
