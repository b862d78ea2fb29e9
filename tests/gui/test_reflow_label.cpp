// Word-wrapped labels set again after every edit (views::ReflowLabel, issue 11 item 7): they
// report exactly the sizes a QLabel reports for the same text, whether they measured it or
// kept the sizes of a text of the same shape; and the panels that use them show the new
// figures after a delete and after its undo. Panels behind another tab (Cost, BOM, Rules) fill
// in when raised.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "views/common/number_text.hpp"
#include "shown_window.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/design/node_lookup.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/bom/bom_panel.hpp"
#include "views/bom/bom_table_model.hpp"
#include "views/cost/cost_panel.hpp"
#include "views/rules/rules_panel.hpp"
#include "views/charts/collective_chart.hpp"
#include "views/common/reflow_label.hpp"
#include "views/inspector/inspector_panel.hpp"

#include <QDockWidget>
#include <QLabel>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>

namespace {
/// A plain QLabel set up as `label` is, holding `text`.
void requireSameSizesAsQLabel(const views::ReflowLabel& label, const QString& text)
{
    QLabel plain;
    plain.setTextFormat(label.textFormat());
    plain.setWordWrap(true);
    plain.setMargin(label.margin());
    plain.setContentsMargins(label.contentsMargins());
    plain.setTextInteractionFlags(label.textInteractionFlags());
    plain.setFont(label.font());
    plain.setText(QStringLiteral("x")); // a QLabel told "" after a text differs from a fresh one
    plain.setText(text);
    INFO(text.toStdString());
    CHECK(label.text() == text);
    CHECK(label.sizeHint() == plain.sizeHint());
    CHECK(label.minimumSizeHint() == plain.minimumSizeHint());
    for (const int width : {40, 120, 211, 333, 500, 900}) {
        CAPTURE(width);
        CHECK(label.heightForWidth(width) == plain.heightForWidth(width));
    }
}
} // namespace

TEST_CASE("a reflowing label reports a QLabel's sizes for every text, kept or measured", "[gui][panel]")
{
    const QString bottleneck = QStringLiteral(
        "<p style='font-size:large'><b>Node boundary (compute NICs)</b></p><p>gradient reduction across the servers' NICs "
        "costs %1% of the step, the largest share after the math (%2%); each GPU has 50 GB/s of NIC against 450 GB/s of "
        "NVLink 4 via NVSwitch</p><p style='color:#555'>%3 GPUs in %4 servers; workload gpt3-175b.</p>");
    // Same shape (other digits, same count), a longer count, fewer digits, plain text, empty.
    const QStringList texts = {bottleneck.arg(23).arg(56).arg(256).arg(32), bottleneck.arg(24).arg(55).arg(248).arg(31),
                               bottleneck.arg(24).arg(55).arg(1016).arg(127), bottleneck.arg(9).arg(5).arg(8).arg(1),
                               QStringLiteral("32 servers, 256 GPUs, 12 switches, 288 links and a rather long line that has to wrap"),
                               QString()};
    for (const int margin : {0, 6}) {
        CAPTURE(margin);
        views::ReflowLabel label;
        label.setMargin(margin);
        for (const QString& t : texts) {
            const bool differs = t != label.text();
            CHECK(label.setTextIfChanged(t) == differs);
            requireSameSizesAsQLabel(label, t);
            CHECK_FALSE(label.setTextIfChanged(t)); // the same text again changes nothing
        }
        // QLabel::setText called directly is followed too.
        label.QLabel::setText(texts[2]);
        requireSameSizesAsQLabel(label, texts[2]);
        label.QLabel::setText(texts[0]);
        requireSameSizesAsQLabel(label, texts[0]);
    }
    CHECK(views::ReflowLabel::shapeOf(QStringLiteral("256 GPUs in 32 servers")) == QStringLiteral("000 GPUs in 00 servers"));
}

TEST_CASE("a reflowing label keeps the sizes of the last shapes it showed, and they stay a QLabel's", "[gui][panel]")
{
    // A delete adds a warning line to the bottleneck box and its undo takes it away: the two
    // shapes alternate. Five shapes in turn (one more than are kept), then two alternating.
    const QString base = QStringLiteral("<p><b>Fabric</b></p><p>%1 GPUs in %2 servers; workload gpt3-175b.</p>");
    const QString warning = QStringLiteral("<p style='color:#a33'>⚠ the workload does not fit in GPU memory: %1 GB per GPU</p>");
    const QStringList shapes = {base.arg(256).arg(32), base.arg(248).arg(31) + warning.arg(95), base.arg(1016).arg(127),
                                base.arg(8).arg(1) + warning.arg(5) + warning.arg(7), QStringLiteral("plain %1 text").arg(3)};
    views::ReflowLabel label;
    for (int round = 0; round < 2; ++round)
        for (const QString& t : shapes) {
            CAPTURE(round);
            label.setTextIfChanged(t);
            requireSameSizesAsQLabel(label, t);
        }
    for (int i = 0; i < 6; ++i) {
        const QString t = i % 2 ? base.arg(248).arg(31) + warning.arg(95) : base.arg(256).arg(32);
        label.setTextIfChanged(t);
        requireSameSizesAsQLabel(label, t);
    }
    // Other contents margins measure again, for every kept shape (QLabel::setMargin is set
    // before the first text: see reflow_label.hpp).
    label.setContentsMargins(9, 4, 9, 4);
    for (const QString& t : shapes) {
        label.setTextIfChanged(t);
        requireSameSizesAsQLabel(label, t);
    }
}

TEST_CASE("after a delete and its undo the bottleneck box, the spans and the inspector read the new counts", "[gui][panel]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(guitest::openShown(w));
    auto* summary = w.findChild<views::ReflowLabel*>(QStringLiteral("inspectorSummary"));
    auto* spans = w.charts()->collectiveChart()->findChild<QLabel*>(QStringLiteral("algorithmSpans"));
    REQUIRE(summary);
    REQUIRE(spans);
    const auto check = [&](int servers, int nodes, int links) {
        QCoreApplication::processEvents();
        const QString gpus = QString::number(servers * 8);
        CHECK(w.charts()->bottleneckText().contains(QStringLiteral("%1 GPUs in %2 servers").arg(gpus).arg(servers)));
        CHECK(spans->text().contains(QStringLiteral("all %1 GPUs").arg(gpus)));
        CHECK(summary->text().contains(QStringLiteral("%1 nodes, %2 links, %3 GPUs").arg(nodes).arg(links).arg(gpus)));
        // What the layouts were told matches what a QLabel would measure for the text shown.
        requireSameSizesAsQLabel(*summary, summary->text());
    };
    check(32, 44, 288);
    const model::Id server = model::nodeNamed(w.document()->design(), "dgx-01");
    REQUIRE(server != 0);
    REQUIRE(w.document()->requestDelete({server}, {}));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    check(31, 43, 280);
    w.document()->undoStack()->undo();
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    check(32, 44, 288);
}

TEST_CASE("the Cost tab behind the Analysis tab fills in when it is raised, with the newest snapshot", "[gui][panel][cost]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(guitest::openShown(w));
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("costDock"));
    auto* summary = w.cost()->findChild<QLabel*>(QStringLiteral("costSummary"));
    REQUIRE(dock);
    REQUIRE(summary);
    w.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->raise();
    // A tab behind another stays "visible" to Qt, with nothing of it on screen.
    const auto onScreen = [&] { return w.cost()->isVisible() && !w.cost()->visibleRegion().isEmpty(); };
    REQUIRE(QTest::qWaitFor([&] { return !onScreen(); }, 5000)); // the Analysis tab is raised
    const QString first = summary->text();
    // Two edits while hidden: the panel keeps the snapshot and leaves its widgets alone.
    for (const char* name : {"dgx-01", "dgx-02"}) {
        REQUIRE(w.document()->requestDelete({model::nodeNamed(w.document()->design(), name)}, {}));
        REQUIRE(guitest::waitForAnalysis(w.worker()));
    }
    CHECK(w.cost()->shownGeneration() == w.worker()->generation());
    CHECK(summary->text() == first);
    // Raised: it shows the newest snapshot, as a panel that was visible all along does.
    dock->raise();
    REQUIRE(QTest::qWaitFor(onScreen, 5000));
    CHECK(summary->text() != first);
    views::CostPanel fresh(w.document());
    fresh.showSnapshot(w.worker()->latest());
    CHECK(fresh.summaryText() == w.cost()->summaryText());
    CHECK(fresh.table()->rowCount() == w.cost()->table()->rowCount());
    for (int r = 0; r < fresh.table()->rowCount(); ++r)
        for (int c = 0; c < fresh.table()->columnCount(); ++c) CHECK(fresh.table()->item(r, c)->text() == w.cost()->table()->item(r, c)->text());
    // Hidden again, an undo: readers still get the newest figures.
    w.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->raise();
    REQUIRE(QTest::qWaitFor([&] { return !onScreen(); }, 5000));
    const QString beforeUndo = summary->text();
    w.document()->undoStack()->undo();
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    views::CostPanel afterUndo(w.document());
    afterUndo.showSnapshot(w.worker()->latest());
    CHECK(summary->text() == beforeUndo); // not filled while hidden
    CHECK(w.cost()->summaryText() == afterUndo.summaryText()); // but a reader gets the newest
    CHECK(w.cost()->summaryText() != fresh.summaryText());
}

TEST_CASE("the BOM and Rules tabs behind the Analysis tab fill in when raised, with the newest snapshot", "[gui][panel][bom][rules]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(guitest::openShown(w));
    auto* bomDock = w.findChild<QDockWidget*>(QStringLiteral("bomDock"));
    auto* rulesDock = w.findChild<QDockWidget*>(QStringLiteral("rulesDock"));
    auto* bomSummary = w.bom()->findChild<QLabel*>(QStringLiteral("bomSummary"));
    auto* rulesSummary = w.rules()->findChild<QLabel*>(QStringLiteral("rulesSummary"));
    auto* rulesList = w.rules()->findChild<QTreeWidget*>(QStringLiteral("rulesList"));
    REQUIRE(bomDock);
    REQUIRE(rulesDock);
    REQUIRE(bomSummary);
    REQUIRE(rulesSummary);
    REQUIRE(rulesList);
    const auto onScreen = [](QWidget* p) { return p->isVisible() && !p->visibleRegion().isEmpty(); };
    const auto raiseCharts = [&] {
        w.findChild<QDockWidget*>(QStringLiteral("chartsDock"))->raise();
        REQUIRE(QTest::qWaitFor([&] { return !onScreen(w.bom()) && !onScreen(w.rules()); }, 5000));
    };
    raiseCharts();
    const QString bomFirst = bomSummary->text();
    const QString rulesFirst = rulesSummary->text();
    REQUIRE(rulesList->topLevelItemCount() == 0); // the template raises no rule
    // While hidden: a server deleted (other power, racks) and a lone server added (a finding).
    REQUIRE(w.document()->requestDelete({model::nodeNamed(w.document()->design(), "dgx-01")}, {}));
    model::Node lonely;
    lonely.kind = model::NodeKind::Server;
    lonely.model = "dgx-h100";
    lonely.name = "dgx-spare";
    REQUIRE(w.document()->requestAddNode(lonely) != 0);
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK(w.bom()->shownGeneration() == w.worker()->generation());
    CHECK(w.rules()->shownGeneration() == w.worker()->generation());
    CHECK(w.rules()->report().findings.size() == 1); // readers get the newest report
    CHECK(bomSummary->text() == bomFirst);            // the widgets wait
    CHECK(rulesList->topLevelItemCount() == 0);
    // Raised: each shows the newest snapshot, as a panel that was visible all along does.
    views::BomPanel freshBom;
    freshBom.showSnapshot(w.worker()->latest());
    bomDock->raise();
    REQUIRE(QTest::qWaitFor([&] { return onScreen(w.bom()); }, 5000));
    CHECK(bomSummary->text() != bomFirst);
    CHECK(bomSummary->text() == freshBom.summaryText());
    REQUIRE(w.bom()->tableModel()->rowCount() == freshBom.tableModel()->rowCount());
    for (int r = 0; r < freshBom.tableModel()->rowCount(); ++r)
        for (int c = 0; c < freshBom.tableModel()->columnCount(); ++c)
            CHECK(w.bom()->tableModel()->index(r, c).data() == freshBom.tableModel()->index(r, c).data());
    rulesDock->raise();
    REQUIRE(QTest::qWaitFor([&] { return onScreen(w.rules()); }, 5000));
    REQUIRE(rulesList->topLevelItemCount() == 1);
    CHECK(rulesList->topLevelItem(0)->text(1) == QStringLiteral("unconnected"));
    CHECK(rulesSummary->text() != rulesFirst);
    const auto freshRulesSummary = [&] {
        views::RulesPanel fresh;
        fresh.showSnapshot(w.worker()->latest());
        fresh.catchUp();
        return fresh.findChild<QLabel*>(QStringLiteral("rulesSummary"))->text();
    };
    CHECK(rulesSummary->text() == freshRulesSummary());
    // Hidden again, an undo (the lone server goes): the list waits, then follows when raised.
    raiseCharts();
    w.document()->undoStack()->undo();
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK(w.rules()->report().findings.empty());
    CHECK(rulesList->topLevelItemCount() == 1);
    rulesDock->raise();
    REQUIRE(QTest::qWaitFor([&] { return onScreen(w.rules()); }, 5000));
    CHECK(rulesList->topLevelItemCount() == 0);
    CHECK(rulesSummary->text() == freshRulesSummary());
}

TEST_CASE("a number and its unit never part at a line break in the Bottleneck box", "[gui][charts]")
{
    // The default design's sentence wrapped as "... after the math (78.1" / "%)".
    CHECK(views::keepUnitsWithNumbers(QStringLiteral("cost 18.3 % of the step (78.1 %); 50 GB/s of NIC, 400 Gb/s, 32.1 GB per GPU, 8 servers")) ==
          QStringLiteral("cost 18.3\u00a0% of the step (78.1\u00a0%); 50\u00a0GB/s of NIC, 400\u00a0Gb/s, 32.1\u00a0GB per GPU, 8 servers"));
    CHECK(views::keepUnitsWithNumbers(QStringLiteral("step 22.0 s, 842 ms, 42.0 us")) ==
          QStringLiteral("step 22.0\u00a0s, 842\u00a0ms, 42.0\u00a0us"));
    // The step line wrapped as "103,579" / "tokens/s".
    CHECK(views::keepUnitsWithNumbers(QStringLiteral("MFU 44.0 % · 103,579 tokens/s")) ==
          QStringLiteral("MFU 44.0\u00a0% · 103,579\u00a0tokens/s"));
}
