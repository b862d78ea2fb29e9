#pragma once
/// @file generate_dialog.hpp
/// Dialog for the topology generators (model/topology): pick a kind (single server, fat
/// tree, GB200 NVL72 racks, RoCE fabric, rented cluster), fill its inputs, see the switch
/// and cable counts and the design-rule summary update as you type, and accept. The caller
/// applies result() as ONE undoable edit that replaces the whole design, header included
/// (app::GenerateCommand):
///
///     views::GenerateDialog dlg(doc->catalog(), window);
///     if (dlg.exec() == QDialog::Accepted)
///         doc->push(std::make_unique<app::GenerateCommand>(doc, dlg.result()));

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QDialog>

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace views {

class CheckedSpinBox;
class CheckedDoubleSpinBox;

/// Highest leaf down:up ratio the dialog takes, 64:1. A leaf keeps at least one uplink, so on
/// a 64-port switch any ratio above 63:1 builds the same fabric: a larger figure would be
/// silently clamped. Real fabrics run 1:1 to 4:1. Larger ratios are refused with a message
/// naming the field; so are the dialog's counts out of their ranges (CheckedSpinBox).
inline constexpr double kMaxOversubscription = 64.0;

class GenerateDialog final : public QDialog {
    Q_OBJECT
public:
    explicit GenerateDialog(const model::Catalog& catalog, QWidget* parent = nullptr);

    /// The generated design for the current inputs (empty when the inputs are invalid).
    [[nodiscard]] const model::Design& result() const { return design_; }
    /// True when the current inputs produced a design (OK is enabled).
    [[nodiscard]] bool isValid() const { return valid_; }
    /// The preview text: counts and rule summary, or the input error.
    [[nodiscard]] QString previewText() const;

    /// Test and scripting hooks: set inputs as a user would (each regenerates the preview).
    void setKind(const QString& kind);      ///< "server", "fat-tree", "gb200-nvl72", "roce", "rented"
    void setServer(const QString& id);
    void setSwitch(const QString& id);
    void setNodes(int n);
    void setOversubscription(const QString& ratio); ///< "1:1", "2:1", "3"

private:
    void regenerate();
    void updateRows();
    [[nodiscard]] model::Design generate() const;

    const model::Catalog& catalog_;
    model::Design design_;
    bool valid_ = false;
    QFormLayout* form_ = nullptr;
    QComboBox* kind_ = nullptr;
    QComboBox* server_ = nullptr;
    QComboBox* switch_ = nullptr;
    QComboBox* nic_ = nullptr;
    CheckedSpinBox* nodes_ = nullptr;
    CheckedSpinBox* racks_ = nullptr;
    CheckedSpinBox* nicsPerNode_ = nullptr;
    CheckedSpinBox* planes_ = nullptr;
    QLineEdit* oversub_ = nullptr;
    QCheckBox* ufm_ = nullptr;
    QCheckBox* lossless_ = nullptr;
    CheckedDoubleSpinBox* perNode_ = nullptr;
    CheckedDoubleSpinBox* price_ = nullptr;
    QLineEdit* provider_ = nullptr;
    QLineEdit* name_ = nullptr;
    QLabel* preview_ = nullptr;
    QDialogButtonBox* buttons_ = nullptr;
};

} // namespace views
