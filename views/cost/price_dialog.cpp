#include "views/cost/price_dialog.hpp"

#include "model/cost/cost_settings.hpp"
#include "views/common/checked_spin_box.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

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
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

double PriceDialog::price() const { return price_->value() == shown_ ? initial_ : price_->value(); }

QString PriceDialog::source() const { return source_->text(); }

} // namespace views
