#include "views/bom/bom_panel.hpp"

#include "views/bom/bom_table_model.hpp"
#include "views/common/hidden_tab.hpp"

#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QShowEvent>
#include <QTableView>
#include <QVBoxLayout>

namespace views {

BomPanel::BomPanel(QWidget* parent)
    : QWidget(parent), model_(new BomTableModel(this)), table_(new QTableView(this)), summary_(new QLabel(this))
{
    table_->setModel(model_);
    table_->verticalHeader()->hide();
    // Category, detail and count as wide as their text, the item name takes the rest (the detail
    // was a 100 px column cut to "optical (between …"). Rows grow when a narrow dock wraps a name.
    QHeaderView* header = table_->horizontalHeader();
    header->setStretchLastSection(false);
    for (int c : {BomTableModel::Category, BomTableModel::Detail, BomTableModel::Count})
        header->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    header->setSectionResizeMode(BomTableModel::Item, QHeaderView::Stretch);
    table_->setWordWrap(true);
    table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    summary_->setObjectName(QStringLiteral("bomSummary"));
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

BomTableModel* BomPanel::tableModel() const
{
    const_cast<BomPanel*>(this)->catchUp(); // a reader sees the newest snapshot, shown or not
    return model_;
}

QString BomPanel::summaryText() const
{
    const_cast<BomPanel*>(this)->catchUp();
    return summary_->text();
}

void BomPanel::showSnapshot(std::shared_ptr<const model::ResultsSnapshot> snapshot)
{
    // Hidden behind another bottom tab: nothing on screen to change. Resetting the table and
    // re-measuring the word-wrapped summary re-laid out the hidden panel after every edit
    // (about 2 ms of a server delete on the default design, issue 11 item 7).
    if (keepNewestSnapshot(shown_, std::move(snapshot), behind_, *this)) catchUp();
}

void BomPanel::showEvent(QShowEvent* e)
{
    catchUp();
    QWidget::showEvent(e);
}

void BomPanel::catchUp()
{
    if (!shown_ || !behind_) return;
    behind_ = false;
    model_->setBom(bom());
    if (!shown_->bom) {
        summary_->setText(QString::fromStdString(shown_->bomError));
        return;
    }
    const model::topology::Bom& b = *shown_->bom;
    QString text = tr("Power %1").arg(QString::fromStdString(model::topology::powerText(b)));
    text += tr("; %1; racks %2").arg(QString::fromStdString(model::topology::rackUnitsText(b)), QString::fromStdString(model::topology::racksText(b)));
    if (b.maxRackPowerW > 0) text += tr(" (busiest rack %1 kW)").arg(b.maxRackPowerW / 1000.0, 0, 'f', 1);
    text += QStringLiteral("\n") + QString::fromStdString(b.reachRule);
    summary_->setText(text);
}

} // namespace views
