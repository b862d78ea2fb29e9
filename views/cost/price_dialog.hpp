#pragma once
/// @file price_dialog.hpp
/// Cost panel > Set price: the price of one part for this design, US$ per unit, and where it
/// comes from. The price box refuses a value outside 0 to kMaxUnitPriceUsd with a message
/// naming the field and the range (views/common/checked_spin_box.hpp), never clamping it.

#include <QDialog>

class QLineEdit;

namespace views {

class CheckedDoubleSpinBox;

/// Highest price of one part the panel takes, US$: 100 million. The dearest unit of the bundled
/// price list is a GB200 NVL72 rack near US$ 3 million (catalogs/prices.json), so this leaves
/// 30x room for what a quote may say while refusing a typo such as US$ 999,999,999,999.
inline constexpr double kMaxUnitPriceUsd = 1e8;

class PriceDialog final : public QDialog {
    Q_OBJECT
public:
    /// Asks the price of `item`, starting at `usd` (US$ per unit; the range is widened to hold
    /// a larger price the design already has).
    PriceDialog(const QString& item, double usd, QWidget* parent = nullptr);
    /// US$ per unit.
    [[nodiscard]] double price() const;
    /// The source typed (quote, list, date); may be empty.
    [[nodiscard]] QString source() const;
    [[nodiscard]] CheckedDoubleSpinBox* priceBox() const { return price_; }

private:
    CheckedDoubleSpinBox* price_;
    QLineEdit* source_;
};

} // namespace views
