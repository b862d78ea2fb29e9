// The Cost dock: shows the snapshot's cost with each price's source, names parts without a
// price, and sets a price or an assumption for the design as one undoable edit that the next
// snapshot reflects and the design file keeps.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/cost/cost_settings.hpp"
#include "views/cost/cost_panel.hpp"

#include <QDockWidget>
#include <QTableWidget>
#include <QTest>
#include <QTemporaryDir>
#include <QUndoStack>

namespace {
/// Waits for the snapshot of the newest edit and returns its cost.
model::cost::CostResult costAfterEdit(app::MainWindow& w)
{
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    REQUIRE(w.worker()->latest()->cost);
    return *w.worker()->latest()->cost;
}

int rowOf(QTableWidget* t, const QString& key)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0)->data(Qt::UserRole).toString() == key) return r;
    return -1;
}
} // namespace

TEST_CASE("Cost dock: sources, missing prices, a price set for the design, undo", "[gui][cost]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    const model::cost::CostResult before = costAfterEdit(w);
    views::CostPanel* panel = w.cost();
    REQUIRE(panel);
    CHECK(panel->shownGeneration() == w.worker()->latest()->generation);
    CHECK(panel->summaryText().contains(QStringLiteral("US$ 6,368,000")));
    CHECK(panel->summaryText().contains(QStringLiteral("5 parts without a price")));
    // Parts without a price leave the monthly figures short too: marked, as the capital is.
    CHECK(panel->summaryText().contains(QStringLiteral(" or more a month (amortisation ")));
    CHECK(panel->summaryText().contains(QStringLiteral(" or more per delivered GPU-hour.")));
    CHECK(panel->summaryText().contains(QStringLiteral("Training run (gpt3-175b, 3500 billion tokens): ")));
    const int dgx = rowOf(panel->table(), QStringLiteral("dgx-h100"));
    REQUIRE(dgx >= 0);
    CHECK(panel->table()->item(dgx, 4)->text().contains(QStringLiteral("supercluster.blog")));
    const int leaf = rowOf(panel->table(), QStringLiteral("qm9700"));
    REQUIRE(leaf >= 0);
    CHECK(panel->table()->item(leaf, 2)->text() == QStringLiteral("no price"));

    // A price for the QM9700 (a test figure): 12 switches x 30,000 more capital.
    REQUIRE(panel->setPrice("qm9700", 30000.0, QStringLiteral("test quote")));
    const double capital = costAfterEdit(w).build.capitalUsd;
    CHECK(capital == Approx(before.build.capitalUsd + 12 * 30000.0));
    CHECK(model::cost::costSettingsOf(w.document()->design()).prices.at("qm9700").value == 30000.0);
    CHECK(panel->table()->item(rowOf(panel->table(), QStringLiteral("qm9700")), 4)->text().contains(QStringLiteral("set in this design: test quote")));

    // An assumption: PUE 1.3 instead of 1.58 scales the power cost.
    REQUIRE(panel->setAssumption("pue", 1.3));
    CHECK(costAfterEdit(w).build.monthlyPowerUsd == Approx(before.build.monthlyPowerUsd * 1.3 / 1.58));

    // To look at it: CD_SHOT_DIR=/tmp/shots build/tests/gui_tests "[cost]" saves the window
    // with the Cost dock in front.
    if (const QString shots = qEnvironmentVariable("CD_SHOT_DIR"); !shots.isEmpty()) {
        w.resize(1600, 1000);
        w.show();
        if (auto* dock = w.findChild<QDockWidget*>(QStringLiteral("costDock"))) dock->raise();
        QTest::qWait(300);
        CHECK(w.grab().save(shots + QStringLiteral("/cost-dock.png")));
    }

    // Saved with the design file.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("priced.json"));
    REQUIRE(w.files()->saveTo(path));
    CHECK(model::cost::costSettingsOf(model::loadDesign(path.toStdString())).pue == 1.3);

    // Undo twice: back to the catalog's prices and the default PUE; the canvas kept its items.
    const auto items = w.document()->design().nodes().size();
    w.document()->undoStack()->undo();
    w.document()->undoStack()->undo();
    const model::cost::CostResult after = costAfterEdit(w);
    CHECK(after.build.capitalUsd == Approx(before.build.capitalUsd));
    CHECK(after.assumptions.pue == Approx(1.58));
    CHECK(w.document()->design().nodes().size() == items);
    CHECK_FALSE(w.document()->design().analysis.contains("cost"));
}

TEST_CASE("Cost dock: a training run that cannot be priced keeps its line, with the reason", "[gui][cost]")
{
    // GPT-3 175B on one DGX H100: 8 x 80 GB cannot hold its weights, gradients and optimizer
    // state, so the run has no price; the summary says so instead of leaving the line out.
    model::Design d = guitest::fatTree("dgx-h100", 1);
    d.analysis = {{"workload", "gpt3-175b"}};
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("one-dgx.json"));
    model::saveDesign(d, path.toStdString());
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(path));
    const model::cost::CostResult c = costAfterEdit(w);
    REQUIRE_FALSE(c.run.available);
    REQUIRE_FALSE(c.run.whyNot.empty());
    const QString text = w.cost()->summaryText();
    CHECK(text.contains(QStringLiteral("Training run (gpt3-175b): not priced: the workload does not fit in GPU memory")));
    CHECK(text.contains(QString::fromStdString(c.run.whyNot)));
}
