// The Simulation tab offers, for each operation, only the algorithms the simulator runs for it
// (model::simulatorRunsOp): for alltoall only auto, direct and pairwise; ring, tree and the rest
// stay listed but disabled. Before, ring and tree were offered for alltoall and the run ended in
// an engine error.
#include <catch2/catch.hpp>

#include "model/simulation/simulation.hpp"
#include "views/simulation/simulation_form.hpp"

#include <QComboBox>
#include <QStandardItemModel>

namespace {
QComboBox* comboAt(views::SimulationForm& f, int index) { return f.findChildren<QComboBox*>().at(index); }

/// The enabled entries of the algorithm menu, by their engine names ("" = auto).
QStringList enabledAlgorithms(QComboBox* algorithms)
{
    QStringList out;
    auto* items = qobject_cast<QStandardItemModel*>(algorithms->model());
    for (int i = 0; i < algorithms->count(); ++i)
        if (items->item(i)->isEnabled()) out << algorithms->itemData(i).toString();
    return out;
}
} // namespace

TEST_CASE("simulation form offers only the algorithms the simulator runs for the operation", "[gui][simulation]")
{
    views::SimulationForm form;
    // Combos in construction order: operation, unit, algorithm, routing.
    QComboBox* op = comboAt(form, 0);
    QComboBox* algorithm = comboAt(form, 2);
    REQUIRE(algorithm->findData(QStringLiteral("direct")) >= 0);

    op->setCurrentIndex(op->findData(static_cast<int>(model::CollectiveOp::AllToAll)));
    CHECK(enabledAlgorithms(algorithm) == QStringList({QString(), QStringLiteral("direct"), QStringLiteral("pairwise")}));

    op->setCurrentIndex(op->findData(static_cast<int>(model::CollectiveOp::AllGather)));
    CHECK(enabledAlgorithms(algorithm) == QStringList({QString(), QStringLiteral("ring")}));

    op->setCurrentIndex(op->findData(static_cast<int>(model::CollectiveOp::AllReduce)));
    CHECK(enabledAlgorithms(algorithm) == QStringList({QString(), QStringLiteral("ring"), QStringLiteral("hierarchical"),
                                                       QStringLiteral("tree"), QStringLiteral("nvls"), QStringLiteral("nvls_tree"),
                                                       QStringLiteral("sharp")}));

    // A chosen algorithm the new operation rules out falls back to auto; the request says so.
    algorithm->setCurrentIndex(algorithm->findData(QStringLiteral("tree")));
    op->setCurrentIndex(op->findData(static_cast<int>(model::CollectiveOp::AllToAll)));
    model::CollectiveRequest r;
    model::SimulationOptions o;
    QString error;
    REQUIRE(form.read(r, o, error));
    CHECK(r.op == model::CollectiveOp::AllToAll);
    CHECK(r.algorithm == model::Algorithm::Auto);

    // setRequest with an algorithm the op rules out shows auto, not the impossible pair.
    model::CollectiveRequest bad;
    bad.op = model::CollectiveOp::AllToAll;
    bad.bytes = 1 << 20;
    bad.algorithm = model::Algorithm::Ring;
    form.setRequest(bad);
    REQUIRE(form.read(r, o, error));
    CHECK(r.algorithm == model::Algorithm::Auto);
}
