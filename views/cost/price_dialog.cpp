#include "views/cost/price_dialog.hpp"

#include "model/cost/cost_settings.hpp"
#include "views/common/checked_spin_box.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <algorithm>

namespace views {

PriceDialog::PriceDialog(const QString& item, double usd, QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Set price"));
    auto* form = new QFormLayout(this);
    price_ = new CheckedDoubleSpinBox(tr("US$ per unit"), 0.0, std::max(model::cost::kMaxUnitPriceUsd, usd), 2, this);
    price_->setObjectName(QStringLiteral("price"));
    price_->setValue(usd);
    initial_ = usd;
    shown_ = price_->value();
    source_ = new QLineEdit(this);
    source_->setObjectName(QStringLiteral("source"));
    source_->setPlaceholderText(tr("quote, list, date"));
    auto* what = new QLabel(item, this);
    what->setWordWrap(true);
    form->addRow(tr("Part"), what);
    form->addRow(tr("US$ per unit"), price_);
    form->addRow(tr("Source of this price"), source_);
    auto* hint = new QLabel(this);
    hint->setObjectName(QStringLiteral("priceHint"));
    hint->setWordWrap(true);
    form->addRow(hint);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    ok_ = buttons->button(QDialogButtonBox::Ok);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
    // A price of US$ 0 counts the part as free: it takes a source that says why, so a stray
    // Enter on an unpriced part never makes it free.
    const auto check = [this, hint] {
        const bool free = !(price() > 0.0);
        const bool ok = !free || !source_->text().trimmed().isEmpty();
        ok_->setEnabled(ok);
        hint->setText(ok ? QString() : tr("A price of US$ 0 counts this part as free: enter its price, or say in the source why it costs nothing."));
        hint->setVisible(!ok);
    };
    connect(price_, &QDoubleSpinBox::valueChanged, this, check);
    connect(source_, &QLineEdit::textChanged, this, check);
    check();
}

bool PriceDialog::canAccept() const { return ok_->isEnabled(); }

double PriceDialog::price() const { return price_->value() == shown_ ? initial_ : price_->value(); }

QString PriceDialog::source() const { return source_->text(); }

} // namespace views
