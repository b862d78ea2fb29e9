// The Compare window: designs added from the open document and from files are analysed off
// the UI thread; the table, verdict and overlaid charts follow; exports write PDF and CSV.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/compare_window.hpp"
#include "model/results/results_snapshot.hpp"
#include "views/charts/chart_widget.hpp"
#include "views/compare/design_compare_view.hpp"

#include <QFile>
#include <QTableWidget>
#include <QTemporaryDir>

TEST_CASE("Compare window: open design against the rented template", "[gui][compare]")
{
    const auto open = std::make_shared<const model::Design>(model::loadDesign(model::defaultDesignPath()));
    app::CompareWindow w(guitest::catalog());
    CHECK(w.comparison() == nullptr);
    CHECK(w.view()->table()->rowCount() == 0);

    // The open design comes from the app's results snapshot, cost included.
    const auto snapshot = model::computeResults(*open, guitest::catalog());
    REQUIRE(snapshot->cost);
    w.setOpenDesign(snapshot, open, QString());
    emit w.view()->addOpenDesignRequested();
    CHECK_FALSE(w.addOpenDesign()); // once
    REQUIRE(w.addFile(QString::fromStdString(model::bundledTemplateDirectory()) + QStringLiteral("/rented-8x-h100-3200g.json")));
    CHECK(w.isBusy());
    REQUIRE(QTest::qWaitFor([&w] { return !w.isBusy(); }, 60000));
    REQUIRE(w.comparison());
    const auto& c = *w.comparison();
    CHECK(w.view()->table()->columnCount() == 2);
    CHECK(w.view()->table()->rowCount() == static_cast<int>(c.rows.size()));
    CHECK(w.view()->verdictText().contains(QStringLiteral("costs less than building A until month 11")));
    // The GPUs row differs (256 against 64) and is highlighted.
    int gpusRow = -1;
    for (int r = 0; r < static_cast<int>(c.rows.size()); ++r)
        if (c.rows[static_cast<std::size_t>(r)].key == "gpus") gpusRow = r;
    REQUIRE(gpusRow >= 0);
    CHECK(w.view()->table()->item(gpusRow, 0)->text() == QStringLiteral("256"));
    CHECK(w.view()->table()->item(gpusRow, 1)->text() == QStringLiteral("64"));
    CHECK(w.view()->table()->item(gpusRow, 0)->background().color() == QColor(0xff, 0xf4, 0xcc));
    // Overlaid charts: one curve per design.
    REQUIRE(w.view()->charts().size() == 4);
    CHECK(w.view()->charts()[0]->spec().series.size() == 2);
    CHECK(w.view()->charts()[3]->spec().series.size() == 2);

    QTemporaryDir dir;
    CHECK(w.exportReportTo(dir.filePath(QStringLiteral("c.pdf"))).isEmpty());
    CHECK(QFile(dir.filePath(QStringLiteral("c.pdf"))).size() > 10000);
    CHECK(w.exportCsvTo(dir.filePath(QStringLiteral("csv"))).isEmpty());
    CHECK(QFile::exists(dir.filePath(QStringLiteral("csv/compare.csv"))));
    CHECK(QFile::exists(dir.filePath(QStringLiteral("csv/B-cost.csv"))));

    // The open design's column follows its snapshots: 16 DGX H100 instead of 32.
    model::Design half = *open;
    std::vector<model::Id> drop;
    for (const auto& [id, n] : half.nodes())
        if (n.model == "dgx-h100" && drop.size() < 16) drop.push_back(id);
    for (model::Id id : drop) (void)half.removeNode(id);
    w.setOpenDesign(model::computeResults(half, guitest::catalog()), std::make_shared<const model::Design>(half), QStringLiteral("half.json"));
    CHECK(w.comparison()->row("gpus")->cells[0].value == 128.0);

    // A bad file is reported, not added; removing a design leaves nothing to compare.
    CHECK_FALSE(w.addFile(dir.filePath(QStringLiteral("missing.json"))));
    w.removeDesign(1);
    CHECK(w.comparison() == nullptr);
}
