#pragma once
/// @file price_dialog.hpp
/// Cost panel > Set price: the price of one part for this design, US$ per unit, and where it
/// comes from. The price box refuses a value outside 0 to model::cost::kMaxUnitPriceUsd (the
/// bound a design file's prices have, one constant for both) with a message naming the field
/// and the range (views/common/checked_spin_box.hpp), never clamping it.

#include <QDialog>

class QLineEdit;
class QPushButton;

namespace views {

class CheckedDoubleSpinBox;

class PriceDialog final : public QDialog {
    Q_OBJECT
public:
    /// Asks the price of `item`, starting at `usd` (US$ per unit, 0 to
    /// model::cost::kMaxUnitPriceUsd: any price a design file holds; the range is widened to
    /// hold a larger one rather than clip it).
    PriceDialog(const QString& item, double usd, QWidget* parent = nullptr);
    /// US$ per unit: the value in the box, or exactly the starting `usd` while the box still
    /// shows it (the box shows cents, so US$ 0.125 is not turned into 0.13 by pressing OK).
    [[nodiscard]] double price() const;
    /// The source typed (quote, list, date); may be empty.
    [[nodiscard]] QString source() const;
    [[nodiscard]] CheckedDoubleSpinBox* priceBox() const { return price_; }
    [[nodiscard]] QLineEdit* sourceBox() const { return source_; }
    /// Whether OK is enabled: a price above US$ 0, or US$ 0 with a source saying why (a stray
    /// Enter on an unpriced part, which starts at 0, must not make it free).
    [[nodiscard]] bool canAccept() const;

private:
    QPushButton* ok_ = nullptr;
    CheckedDoubleSpinBox* price_;
    QLineEdit* source_;
    double initial_ = 0.0; ///< the starting price, as given
    double shown_ = 0.0;   ///< the starting price as the box holds it (rounded to cents)
};

} // namespace views
