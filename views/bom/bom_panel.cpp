#include "views/bom/bom_panel.hpp"

#include "views/bom/bom_table_model.hpp"
#include "views/common/design_document.hpp"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace views {

BomPanel::BomPanel(DesignDocument* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), model_(new BomTableModel(this)), table_(new QTableView(this)),
      summary_(new QLabel(this)), timer_(new QTimer(this))
{
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(BomTableModel::Item, QHeaderView::Stretch);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* copy = new QPushButton(tr("Copy as CSV"), this);
    connect(copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(QString::fromStdString(model::topology::toCsv(bom_))); });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(table_);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(summary_, 1);
    bottom->addWidget(copy, 0, Qt::AlignTop);
    layout->addLayout(bottom);

    timer_->setSingleShot(true);
    timer_->setInterval(150);
    connect(timer_, &QTimer::timeout, this, &BomPanel::refresh);
    connect(doc_, &DesignDocument::changed, timer_, qOverload<>(&QTimer::start));
    connect(doc_, &DesignDocument::designReset, timer_, qOverload<>(&QTimer::start));
    refresh();
}

void BomPanel::refresh()
{
    bom_ = model::topology::computeBom(doc_->design(), doc_->catalog());
    model_->setBom(bom_);
    QString text = tr("Power %1").arg(QString::fromStdString(model::topology::powerText(bom_)));
    text += tr("; %1 rack units; racks %2").arg(bom_.rackUnits).arg(QString::fromStdString(model::topology::racksText(bom_)));
    if (bom_.maxRackPowerW > 0) text += tr(" (busiest rack %1 kW)").arg(bom_.maxRackPowerW / 1000.0, 0, 'f', 1);
    text += QStringLiteral("\n") + QString::fromStdString(bom_.reachRule);
    summary_->setText(text);
}

} // namespace views
