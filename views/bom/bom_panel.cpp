#include "views/bom/bom_panel.hpp"

#include "views/bom/bom_table_model.hpp"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace views {

BomPanel::BomPanel(QWidget* parent)
    : QWidget(parent), model_(new BomTableModel(this)), table_(new QTableView(this)), summary_(new QLabel(this))
{
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(BomTableModel::Item, QHeaderView::Stretch);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    summary_->setText(tr("Counting the parts…"));
    auto* copy = new QPushButton(tr("Copy as CSV"), this);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(QString::fromStdString(model::topology::toCsv(bom()))); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(table_);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(summary_, 1);
    bottom->addWidget(copy, 0, Qt::AlignTop);
    layout->addLayout(bottom);
}

const model::topology::Bom& BomPanel::bom() const
{
    static const model::topology::Bom none;
    return shown_ && shown_->bom ? *shown_->bom : none;
}

std::uint64_t BomPanel::shownGeneration() const { return shown_ ? shown_->generation : 0; }

void BomPanel::showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot)
{
    if (!snapshot || (shown_ && snapshot->generation < shown_->generation)) return;
    shown_ = std::move(snapshot);
    model_->setBom(bom());
    if (!shown_->bom) {
        summary_->setText(QString::fromStdString(shown_->bomError));
        return;
    }
    const model::topology::Bom& b = *shown_->bom;
    QString text = tr("Power %1").arg(QString::fromStdString(model::topology::powerText(b)));
    text += tr("; %1 rack units; racks %2").arg(b.rackUnits).arg(QString::fromStdString(model::topology::racksText(b)));
    if (b.maxRackPowerW > 0) text += tr(" (busiest rack %1 kW)").arg(b.maxRackPowerW / 1000.0, 0, 'f', 1);
    text += QStringLiteral("\n") + QString::fromStdString(b.reachRule);
    summary_->setText(text);
}

} // namespace views
