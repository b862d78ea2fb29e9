#pragma once
/// @file spec_sheet_view.hpp
/// The spec sheet of one catalog entry: each figure with its unit and its source and date
/// ("unknown" in grey where no source gives it), plus the entry's notes and, for GPUs and
/// servers, indicative prices labelled as such.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/catalog/spec_sheet.hpp"
#include "model/cost/price_table.hpp"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace views {

class SpecSheetView : public QWidget {
    Q_OBJECT
public:
    explicit SpecSheetView(QWidget* parent = nullptr);

    /// Shows `entry` (nullptr clears). `prices` may be null (no price rows).
    void showEntry(const model::EntryView* entry, const model::cost::PriceTable* prices);

    /// The table: columns Figure, Value, Unit, Source, Date (for tests).
    [[nodiscard]] QTableWidget* table() const noexcept { return table_; }
    [[nodiscard]] QString title() const;

private:
    void addPriceRows(const model::EntryView& entry, const model::cost::PriceTable& prices);
    void addRow(const QString& figure, const QString& value, const QString& unit, const QString& source,
                const QString& date, bool unknown);

    QLabel* title_ = nullptr;
    QLabel* notes_ = nullptr;
    QTableWidget* table_ = nullptr;
};

} // namespace views
