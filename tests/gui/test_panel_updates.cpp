// Results panels update only what a new snapshot changes (issue 11 item 7): the same figures
// leave the BOM table and the rules list as they are (no model reset, same rows), a changed
// count announces only its row; a log axis given the labels it shows already is not touched.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "model/topology/bom.hpp"
#include "model/topology/fat_tree.hpp"
#include "views/bom/bom_table_model.hpp"
#include "views/charts/log_axis.hpp"

#include <QCategoryAxis>

#include <QSignalSpy>

namespace {
model::topology::Bom bomOf(int nodes)
{
    model::topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = nodes;
    o.switchModel = "qm9700";
    return model::topology::computeBom(model::topology::generateFatTree(*guitest::catalog(), o), *guitest::catalog());
}

/// Every cell's text, row by row.
QStringList cells(const views::BomTableModel& m)
{
    QStringList out;
    for (int r = 0; r < m.rowCount(); ++r)
        for (int c = 0; c < m.columnCount(); ++c) out << m.data(m.index(r, c)).toString();
    return out;
}
} // namespace

TEST_CASE("BOM table: the same bill resets nothing, a changed count announces its rows", "[bom][panel]")
{
    for (const int nodes : {32, 64, 256}) {
        CAPTURE(nodes);
        views::BomTableModel model;
        model.setBom(bomOf(nodes));
        const QStringList first = cells(model);
        REQUIRE(model.rowCount() > 3);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changes(&model, &QAbstractItemModel::dataChanged);
        model.setBom(bomOf(nodes));
        CHECK(resets.count() == 0);
        CHECK(changes.count() == 0);
        CHECK(cells(model) == first);

        // Twice the servers: same kinds of lines, other counts. Whatever is announced, the
        // table then reads exactly as a fresh one.
        views::BomTableModel fresh;
        fresh.setBom(bomOf(nodes * 2));
        model.setBom(bomOf(nodes * 2));
        CHECK(cells(model) == cells(fresh));
        if (fresh.rowCount() == static_cast<int>(first.size() / model.columnCount())) {
            CHECK(resets.count() == 0);
            CHECK(changes.count() >= 1);
        } else {
            CHECK(resets.count() == 1);
        }
    }
}

TEST_CASE("log axis: the powers it shows already change nothing, other ones read as on a fresh axis", "[charts][panel]")
{
    for (const int base : {2, 10})
        for (const double px : {60.0, 180.0, 700.0})
            for (const double hi : {1.0, 4.0, 8.0, 14.0}) {
                CAPTURE(base, px, hi);
                QCategoryAxis axis;
                views::log_axis::setPowerLabels(&axis, 0, hi, base, px);
                const QStringList labels = axis.categoriesLabels();
                REQUIRE_FALSE(labels.isEmpty());
                QSignalSpy categories(&axis, &QCategoryAxis::categoriesChanged);
                QSignalSpy range(&axis, &QValueAxis::rangeChanged);
                views::log_axis::setPowerLabels(&axis, 0, hi, base, px);
                CHECK(categories.count() == 0);
                CHECK(range.count() == 0);
                CHECK(axis.categoriesLabels() == labels);
                // Another range (one power more): as a fresh axis would read.
                views::log_axis::setPowerLabels(&axis, 0, hi + 1, base, px);
                QCategoryAxis fresh;
                views::log_axis::setPowerLabels(&fresh, 0, hi + 1, base, px);
                CHECK(axis.categoriesLabels() == fresh.categoriesLabels());
                CHECK(axis.min() == fresh.min());
                CHECK(axis.max() == fresh.max());
                CHECK(axis.startValue() == fresh.startValue());
                for (const QString& l : fresh.categoriesLabels()) CHECK(axis.endValue(l) == fresh.endValue(l));
            }
}
