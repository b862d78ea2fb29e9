#pragma once
/// @file bom_table_model.hpp
/// Table model over a model::topology::Bom: one row per line of the bill of materials
/// (servers, switches by tier, NICs, cables by tiers and kind, transceivers), with the
/// columns Category, Item, Detail, Count. It only shows; the BOM is computed in model/.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QAbstractTableModel>

#include "model/topology/bom.hpp"

#include <QString>

#include <vector>

namespace views {

class BomTableModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Category, Item, Detail, Count, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    /// Shows the rows of `bom`. Only what differs is announced: nothing when every row is as
    /// shown (most edits: a move, a rename), dataChanged for the rows that differ when the
    /// row count is the same (a cable count), a model reset otherwise. A reset made the view
    /// measure and lay out every row again, and drop its selection, after each edit.
    void setBom(const model::topology::Bom& bom);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] int columnCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    [[nodiscard]] QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString category, item, detail;
        qlonglong count = 0;
        bool operator==(const Row&) const = default;
    };
    std::vector<Row> rows_;
};

} // namespace views
