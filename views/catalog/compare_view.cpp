#include "views/catalog/compare_view.hpp"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace views {

CompareView::CompareView(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    hint_ = new QLabel(this);
    hint_->setWordWrap(true);
    table_ = new QTableWidget(this);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(hint_);
    layout->addWidget(table_, 1);
    compare({});
}

QString CompareView::hint() const { return hint_->text(); }

void CompareView::compare(const std::vector<model::EntryView>& entries)
{
    table_->clear();
    const int n = static_cast<int>(entries.size());
    if (n < kMinItems || n > kMaxItems) {
        table_->setRowCount(0);
        table_->setColumnCount(0);
        hint_->setText(tr("Select %1 to %2 items in the list (Ctrl+click) to compare them side by side; %3 selected.")
                           .arg(kMinItems)
                           .arg(kMaxItems)
                           .arg(n));
        return;
    }
    hint_->setText(tr("Highlighted rows differ. Figures are as the catalog gives them; sources are on each item's spec sheet."));
    const auto fields = model::comparisonFields(entries);
    table_->setColumnCount(n + 1);
    table_->setRowCount(static_cast<int>(fields.size()));
    QStringList headers{tr("Figure")};
    for (const auto& e : entries) headers << QString::fromStdString(e.id);
    table_->setHorizontalHeaderLabels(headers);
    const QColor differ = palette().color(QPalette::Highlight).lighter(170);
    for (int r = 0; r < static_cast<int>(fields.size()); ++r) {
        const std::string& f = fields[r];
        const std::string unit = model::fieldUnit(f);
        const QString label = QString::fromStdString(model::fieldLabel(f) + (unit.empty() ? "" : " (" + unit + ")"));
        table_->setItem(r, 0, new QTableWidgetItem(label));
        bool same = true;
        const std::string first = model::formatField(entries[0], f);
        for (int c = 0; c < n; ++c) {
            const std::string v = model::formatField(entries[c], f);
            same = same && v == first;
            table_->setItem(r, c + 1, new QTableWidgetItem(v.empty() ? QStringLiteral("-") : QString::fromStdString(v)));
        }
        if (!same)
            for (int c = 0; c <= n; ++c) table_->item(r, c)->setBackground(differ);
    }
}

} // namespace views
