#pragma once
/// @file node_editor.hpp
/// Inspector page for one server or switch: editable name, model (only the catalog models
/// the box may become, model/catalog/server_choices.hpp; read-only text when there is no
/// other), tier, NIC override; the
/// catalog's figures read-only (GPU count, NVLink GB/s bidirectional, NIC Gb/s, ports).
/// Every edit goes to DesignDocument::requestSetNode (one undo step per edit). An empty or
/// blank name is refused with a message naming the field; the name stays.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "views/common/design_document.hpp"

#include <QStringList>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
namespace views {

class CheckedSpinBox;

/// Most compute NICs the inspector lets a server have: 32, the most any server of the catalog
/// has (AWS p5.48xlarge: 32 EFA NICs for 8 GPUs, four per GPU). A catalog model with more (a
/// rack-scale system such as GB200 NVL72, 72) may go up to its own count. Larger values are
/// refused with a message (views/common/checked_spin_box.hpp).
inline constexpr int kMaxNicsPerServer = 32;

class NodeEditor final : public QWidget {
    Q_OBJECT
public:
    explicit NodeEditor(DesignDocument* doc, QWidget* parent = nullptr);
    /// Shows node `id` (0 = none).
    void setNode(model::Id id);
    [[nodiscard]] model::Id node() const { return id_; }
    /// Re-reads the node from the document.
    void refresh();

    /// Read-only catalog figures as shown, e.g. {"GPUs", "8"}; for tests.
    [[nodiscard]] QString figure(const QString& label) const;
    /// Catalog ids the Model choice offers, in order; empty when no choice is shown (a model
    /// with no other of its kind is shown as read-only text). For tests.
    [[nodiscard]] QStringList modelChoices() const;
    /// The last refused Name edit's message (empty when none): an empty or blank name is
    /// refused, reported like an out-of-range value (reportRefusal), and the name stays. For tests.
    [[nodiscard]] QString lastRefusal() const { return lastRefusal_; }

private:
    void commit(const model::Node& changed, const QString& what);
    /// Fills the Model choice for `n`: for a server only the models it may become
    /// (model::interchangeableServers), for a switch every switch.
    void fillModels(const model::Node& n);

    DesignDocument* doc_;
    model::Id id_ = 0;
    QFormLayout* form_;
    QLabel* kind_;
    QLineEdit* name_;
    QComboBox* model_;
    QLabel* modelFixed_;     ///< the model's name when there is no other to choose
    QComboBox* tier_;
    QComboBox* nicModel_;
    CheckedSpinBox* nicCount_;
    QFormLayout* figures_;
    QWidget* figuresBox_;
    QString lastRefusal_;
};

} // namespace views
