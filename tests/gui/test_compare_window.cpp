// The Compare window: designs added from the open document and from files are analysed off
// the UI thread; the table, verdict and overlaid charts follow; exports write PDF and CSV.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/compare_window.hpp"
#include "model/results/results_snapshot.hpp"
#include "views/charts/chart_widget.hpp"
#include "views/common/elided_header.hpp"
#include "views/compare/design_compare_view.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"

#include <QDialogButtonBox>
#include <QFile>
#include <QHeaderView>
#include <QPushButton>
#include <QStyle>
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
    // The unsaved open design's line says "open design" once (it read "(open design)  [open
    // design: follows your edits]").
    const QStringList list = w.view()->designList();
    REQUIRE(list.size() == 2);
    CHECK(list[0] == QStringLiteral("A: ") + QString::fromStdString(open->name) + QStringLiteral("  [open design: follows your edits]"));
    CHECK(list[1].startsWith(QStringLiteral("B: ")));
    CHECK(list[1].endsWith(QStringLiteral("rented-8x-h100-3200g.json)")));
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
    // The same file again is refused: identical columns compare nothing and their curves hide
    // each other (helper-91).
    REQUIRE(w.comparison());
    const std::size_t before = w.comparison()->labels.size();
    CHECK_FALSE(w.addFile(QString::fromStdString(model::bundledTemplateDirectory()) + QStringLiteral("/rented-8x-h100-3200g.json")));
    REQUIRE(w.comparison());
    CHECK(w.comparison()->labels.size() == before);
    w.removeDesign(1);
    CHECK(w.comparison() == nullptr);
}

TEST_CASE("Compare window: a first design whose workload cannot be read passes none to the others", "[gui][compare]")
{
    // Before: its "gpt5" went to every design added after it, so none timed a training step.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString bad = guitest::designWithWorkload(dir.path(), QStringLiteral("gpt5.json"), "gpt5");
    app::CompareWindow w(guitest::catalog());
    REQUIRE(w.addFile(bad));
    REQUIRE(QTest::qWaitFor([&w] { return !w.isBusy(); }, 60000));
    REQUIRE(w.addFile(QString::fromStdString(model::bundledTemplateDirectory()) + QStringLiteral("/rented-8x-h100-3200g.json")));
    REQUIRE(QTest::qWaitFor([&w] { return !w.isBusy(); }, 60000));
    REQUIRE(w.comparison());
    const model::compare::Row* tokens = w.comparison()->row("tokens_per_second");
    REQUIRE(tokens);
    REQUIRE(tokens->cells.size() == 2);
    CHECK_FALSE(tokens->cells[0].value.has_value()); // A: no step, its workload unreadable
    REQUIRE(tokens->cells[1].value.has_value());     // B: its own workload, timed
    CHECK(*tokens->cells[1].value > 0);
}

namespace {
/// Checks every column title of `view`'s table: whole in its item and tooltip ("A: name"),
/// drawn whole or cut at its end with "…" (never at its start: it was drawn centred and clipped
/// at both ends), and no wider than its column leaves room for in bold (the current cell's
/// column title is drawn bold).
void checkColumnTitles(views::DesignCompareView* view, const QStringList& names)
{
    QTableWidget* t = view->table();
    auto* header = qobject_cast<views::ElidedHeader*>(t->horizontalHeader());
    REQUIRE(header != nullptr);
    REQUIRE(t->columnCount() == names.size());
    QFont bold = header->font();
    bold.setBold(true);
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    for (int i = 0; i < t->columnCount(); ++i) {
        const QTableWidgetItem* h = t->horizontalHeaderItem(i);
        REQUIRE(h != nullptr);
        const QString whole = QStringLiteral("%1: %2").arg(QChar('A' + i)).arg(names[i]);
        const QString shown = header->shownText(i);
        INFO("column " << i << " shows \"" << shown.toStdString() << "\", " << header->sectionSize(i) << " px wide");
        CHECK(h->text() == whole);
        CHECK(h->toolTip() == whole);
        CHECK(shown.startsWith(QStringLiteral("%1: ").arg(QChar('A' + i))));
        if (shown != whole) {
            CHECK(shown.endsWith(QChar(0x2026)));
            CHECK(whole.startsWith(shown.chopped(1)));
        }
        CHECK(QFontMetrics(bold).horizontalAdvance(shown) <= header->sectionSize(i) - 2 * margin);
    }
}
} // namespace

TEST_CASE("Compare window: Close button, Esc and Ctrl+W close it, column titles cut at their end, whole in the tooltip",
          "[gui][compare]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    app::CompareWindow* c = w.showCompare();
    REQUIRE(QTest::qWaitForWindowExposed(c));
    REQUIRE(c->addFile(QString::fromStdString(model::bundledTemplateDirectory()) + QStringLiteral("/dgx-b200-4su.json")));
    REQUIRE(QTest::qWaitFor([c] { return !c->isBusy(); }, 60000));
    REQUIRE(c->comparison());
    const QStringList names = {QString::fromStdString(w.document()->design().name),
                               QString::fromStdString(c->comparison()->names[1])};
    REQUIRE(names[0].size() > 50); // "DGX SuperPOD H100 - one scalable unit (32 DGX H100, rail-optimized NDR)"

    // Column titles at the window's width, narrower, and wide enough for the whole titles.
    c->resize(1200, 900);
    QTest::qWait(20);
    c->view()->table()->setCurrentCell(0, 0); // that column's title is drawn bold
    checkColumnTitles(c->view(), names);
    auto* header = qobject_cast<views::ElidedHeader*>(c->view()->table()->horizontalHeader());
    REQUIRE(header != nullptr);
    CHECK(header->shownText(0) != QStringLiteral("A: ") + names[0]); // it is cut here
    c->resize(700, 900);
    QTest::qWait(20);
    checkColumnTitles(c->view(), names);
    c->resize(3000, 900);
    QTest::qWait(20);
    checkColumnTitles(c->view(), names);
    CHECK(header->shownText(0) == QStringLiteral("A: ") + names[0]);
    c->resize(1200, 900);

    // A Close button closes it.
    auto* box = c->findChild<QDialogButtonBox*>();
    REQUIRE(box != nullptr);
    QPushButton* close = box->button(QDialogButtonBox::Close);
    REQUIRE(close != nullptr);
    CHECK(close->isVisible());
    QTest::mouseClick(close, Qt::LeftButton);
    CHECK_FALSE(c->isVisible());

    // So do Esc and Ctrl+W, the window active.
    for (const QKeySequence& keys : {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W)}) {
        INFO("keys " << keys.toString().toStdString());
        CHECK(w.showCompare() == c);
        c->activateWindow();
        REQUIRE(QTest::qWaitForWindowActive(c));
        CHECK(c->isVisible());
        QTest::keySequence(c->view()->table(), keys);
        CHECK_FALSE(c->isVisible());
    }

    // Shown again, with its designs, the open one as it is now (edited while the window was closed).
    model::Design half = w.document()->design();
    std::vector<model::Id> drop;
    for (const auto& [id, n] : half.nodes())
        if (n.model == "dgx-h100" && drop.size() < 16) drop.push_back(id);
    REQUIRE(drop.size() == 16);
    for (model::Id id : drop) (void)half.removeNode(id);
    REQUIRE(w.document()->requestReplaceDesign(half, QStringLiteral("half")));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK(w.showCompare() == c);
    CHECK(c->isVisible());
    REQUIRE(c->comparison());
    CHECK(c->comparison()->row("gpus")->cells[0].value == 128.0);
    w.document()->undoStack()->setClean();
}
