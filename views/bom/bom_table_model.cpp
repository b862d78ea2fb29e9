#include "views/bom/bom_table_model.hpp"
#include "views/common/qt_string.hpp"

namespace views {

void BomTableModel::setBom(const model::topology::Bom& bom)
{
    std::vector<Row> rows;
    for (const auto& s : bom.servers)
        rows.push_back(s.appliance ? Row{tr("Appliance"), q(s.name), tr("no GPUs"), s.count}
                                   : Row{tr("Server"), q(s.name), tr("%1 GPUs").arg(s.gpus), s.count});
    for (const auto& s : bom.switches) rows.push_back({tr("Switch"), q(s.name), q(model::toString(s.tier)), s.count});
    for (const auto& n : bom.nics) rows.push_back({tr("Compute NIC"), q(n.name), q(n.model), n.count});
    for (const auto& c : bom.cables) {
        // The kind of cable is the item, where it runs the detail, as the report's table has them.
        if (c.dac) rows.push_back({tr("Cable"), tr("copper DAC"), tr("%1, within a rack").arg(q(c.between)), c.dac});
        if (c.optical) rows.push_back({tr("Cable"), tr("optical"), tr("%1, between racks").arg(q(c.between)), c.optical});
    }
    for (const auto& t : bom.transceivers)
        rows.push_back({tr("Transceiver"), q(t.form()), tr("%1 end").arg(q(t.end)), t.count});
    if (rows.size() != rows_.size()) {
        beginResetModel();
        rows_ = std::move(rows);
        endResetModel();
        return;
    }
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r] == rows_[r]) continue;
        rows_[r] = std::move(rows[r]);
        const int row = static_cast<int>(r);
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
}

int BomTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int BomTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BomTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(rows_.size())) return {};
    const Row& r = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() == Count) return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Category: return r.category;
    case Item: return r.item;
    case Detail: return r.detail;
    case Count: return r.count;
    }
    return {};
}

QVariant BomTableModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Category: return tr("Category");
    case Item: return tr("Item");
    case Detail: return tr("Detail");
    case Count: return tr("Count");
    }
    return {};
}

} // namespace views
