#include "views/catalog/spec_sheet_view.hpp"
#include "views/common/qt_string.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace views {

namespace {
} // namespace

SpecSheetView::SpecSheetView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    title_ = new QLabel(this);
    title_->setTextFormat(Qt::PlainText);
    QFont f = title_->font();
    f.setBold(true);
    title_->setFont(f);
    table_ = new QTableWidget(0, 5, this);
    table_->setHorizontalHeaderLabels({tr("Figure"), tr("Value"), tr("Unit"), tr("Source"), tr("Date")});
    table_->verticalHeader()->hide();
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    table_->setWordWrap(false);
    notes_ = new QLabel(this);
    notes_->setWordWrap(true);
    notes_->setTextFormat(Qt::PlainText);
    notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(title_);
    layout->addWidget(table_, 1);
    layout->addWidget(notes_);
}

QString SpecSheetView::title() const { return title_->text(); }

void SpecSheetView::addRow(const QString& figure, const QString& value, const QString& unit, const QString& source,
                           const QString& date, bool unknown)
{
    const int r = table_->rowCount();
    table_->insertRow(r);
    const QStringList cells{figure, value, unit, source, date};
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        if (c == 3) item->setToolTip(source);
        if (unknown) {
            item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            QFont f = item->font();
            f.setItalic(true);
            item->setFont(f);
        }
        table_->setItem(r, c, item);
    }
}

void SpecSheetView::showEntry(const model::EntryView* entry, const model::cost::PriceTable* prices)
{
    table_->setRowCount(0);
    if (!entry) {
        title_->setText(tr("Select an item to see its spec sheet"));
        notes_->clear();
        return;
    }
    title_->setText(QStringLiteral("%1: %2 (%3)").arg(QString::fromUtf8(model::displayName(entry->kind)), q(entry->name), q(entry->id)));
    for (const auto& row : model::specSheet(*entry))
        addRow(q(row.label), row.unknown ? tr("unknown") : q(row.value), q(row.unit),
               row.unknown ? tr("no source: unknown, never guessed") : q(row.citation), q(row.date), row.unknown);
    if (prices) addPriceRows(*entry, *prices);
    auto n = entry->raw->find("notes");
    notes_->setText(n != entry->raw->end() && n->is_string() ? tr("Notes: %1").arg(q(n->get<std::string>())) : QString());
}

void SpecSheetView::addPriceRows(const model::EntryView& entry, const model::cost::PriceTable& prices)
{
    using model::cost::indicativeLabel;
    if (const auto* p = prices.purchaseFor(entry.id)) {
        const QString value = p->usdHigh ? QStringLiteral("%1 - %2").arg(p->usdLow, 0, 'f', 0).arg(*p->usdHigh, 0, 'f', 0)
                                         : QString::number(p->usdLow, 'f', 0);
        addRow(tr("purchase price (%1)").arg(q(indicativeLabel(p->date, ""))), value,
               p->unit == "gpu" ? tr("US$ per GPU") : p->unit == "system" ? tr("US$ per system") : tr("US$ per kit of 8"),
               q(prices.citation(p->sourceId)), q(p->date.value_or("undated")), false);
    }
    if (entry.kind == model::EntryKind::Gpu) {
        const auto rents = prices.rentsFor(entry.id);
        for (std::size_t i = 0; i < rents.size() && i < 3; ++i) { // the three cheapest offers
            const auto* r = rents[i];
            addRow(tr("rent: %1 %2 (%3)").arg(q(r->provider), q(r->offer), q(indicativeLabel(r->date, ""))),
                   QString::number(r->usdPerGpuHour, 'f', 2), tr("US$ per GPU-hour"), q(prices.citation(r->sourceId)),
                   q(r->date.value_or("undated")), false);
        }
    }
    if (const auto* w = prices.powerFor(entry.id))
        addRow(tr("max power (%1)").arg(w->derived ? tr("derived") : tr("published")), QString::number(w->maxW, 'f', 0), tr("W"),
               q(prices.citation(w->sourceId)), QString(), false);
}

} // namespace views
