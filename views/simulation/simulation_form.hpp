#pragma once
/// @file simulation_form.hpp
/// The inputs of one simulated collective: operation, message size with its unit, GPU count
/// (0 = every GPU of the design), algorithm, routing policy and an optional list of what-if
/// failures ("link:ID, switch:ID, plane:PORT, nic:NODE:PORT:GBPS", model::parseFailure). It
/// only reads widgets into a model::CollectiveRequest and model::SimulationOptions.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QWidget>

#include "model/simulation/simulation.hpp"

#include <QString>

class QComboBox;
class QKeyEvent;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace views {

class SimulationForm final : public QWidget {
    Q_OBJECT
public:
    /// Defaults: all_reduce, 1 GiB, all GPUs, auto algorithm, rail-aware routing, no failures.
    explicit SimulationForm(QWidget* parent = nullptr);

    /// Sets the largest GPU count offered (the design's GPUs); the "all" entry names it.
    void setDesignGpus(int gpus);
    /// Shows `request` in the widgets (the size in the largest binary unit that keeps it whole).
    void setRequest(const model::CollectiveRequest& request);
    /// Shows `specs` (comma separated, parseFailure forms) in the failure field.
    void setFailureText(const QString& specs);

    /// Reads the widgets. @return false with `error` set (a sentence naming the field) when an
    /// input is invalid: a zero size or an unparsable failure spec.
    [[nodiscard]] bool read(model::CollectiveRequest& request, model::SimulationOptions& options,
                            QString& error) const;

signals:
    /// Return or Enter pressed in a field of the form (size, GPUs, failures): the user asks to
    /// run with what the form holds, as the panel's Run button does.
    void runRequested();

protected:
    /// Return / Enter that a field passed on (spin boxes and line edits leave it to their
    /// parent, as in a dialog with a default button) becomes runRequested.
    void keyPressEvent(QKeyEvent* event) override;

private:
    /// Enables only the algorithms the simulator runs for the chosen operation
    /// (model::simulatorRunsOp); a selection it rules out falls back to auto.
    void offerAlgorithmsForOp();

    QComboBox* op_;
    QDoubleSpinBox* size_;
    QComboBox* unit_;
    QSpinBox* gpus_;
    int wantedGpus_ = 0;    ///< the GPU count asked for (0 = all), kept while a smaller design caps the box
    bool adjusting_ = false; ///< setDesignGpus is moving the box, not the user
    QComboBox* algorithm_;
    QComboBox* routing_;
    QLineEdit* failures_;
};

} // namespace views
