// Generate dialog, generate command (one undoable edit) and BOM panel.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/commands/generate_command.hpp"
#include "model/topology/fat_tree.hpp"
#include "views/bom/bom_panel.hpp"
#include "views/bom/bom_table_model.hpp"
#include "views/generate/generate_dialog.hpp"

using guitest::snapshot;

using guitest::fatTree;

TEST_CASE("generate command replaces the design as one undoable edit", "[generate][undo]")
{
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    const auto before = snapshot(doc);
    const model::Design generated = fatTree("dgx-b200", 64); // 2 SU: 16 leaves, 8 spines
    doc.undoStack()->push(new app::GenerateCommand(&doc, generated));
    CHECK(doc.undoStack()->count() == 1);
    CHECK(doc.design().nodes() == generated.nodes());
    CHECK(doc.design().links() == generated.links());
    doc.undoStack()->undo();
    CHECK(snapshot(doc) == before);
    doc.undoStack()->redo();
    CHECK(doc.design().nodes().size() == 64 + 16 + 8);
    CHECK(doc.design().links() == generated.links());
}

TEST_CASE("generate dialog previews counts and refuses bad input", "[generate]")
{
    views::GenerateDialog dlg(*guitest::catalog());
    dlg.setKind(QStringLiteral("fat-tree"));
    dlg.setServer(QStringLiteral("dgx-b200"));
    dlg.setSwitch(QStringLiteral("qm9700"));
    dlg.setNodes(128);
    REQUIRE(dlg.isValid());
    int leaves = 0, spines = 0;
    for (const auto& [id, n] : dlg.result().nodes()) {
        leaves += n.tier == model::SwitchTier::Leaf;
        spines += n.tier == model::SwitchTier::Spine;
    }
    CHECK(leaves == 32); // SuperPOD B200, 4 SU
    CHECK(spines == 16);
    CHECK(dlg.previewText().contains(QStringLiteral("32 leaf, 16 spine, 0 core")));
    dlg.setOversubscription(QStringLiteral("fast"));
    CHECK_FALSE(dlg.isValid());
    CHECK(dlg.previewText().contains(QStringLiteral("Oversubscription")));
    dlg.setOversubscription(QStringLiteral("2:1"));
    CHECK(dlg.isValid());
}

TEST_CASE("BOM panel follows the document", "[bom]")
{
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    app::AnalysisWorker worker(&doc); // the panel shows the worker's snapshots
    views::BomPanel panel;
    QObject::connect(&worker, &app::AnalysisWorker::snapshotReady, &panel, &views::BomPanel::showSnapshot);
    REQUIRE(guitest::waitForAnalysis(&worker));
    CHECK(panel.bom().cablesBetween("node-leaf") == 256);
    CHECK(panel.tableModel()->rowCount() > 0);
    doc.undoStack()->push(new app::GenerateCommand(&doc, fatTree("dgx-b200", 64)));
    REQUIRE(guitest::waitForAnalysis(&worker));
    CHECK(panel.bom().cablesBetween("node-leaf") == 512);
    CHECK(panel.bom().switchCount(model::SwitchTier::Spine) == 8);
}

#include "views/rules/rules_panel.hpp"

#include <QLabel>
#include <QSignalSpy>

TEST_CASE("rules panel lists findings and asks to select their items", "[rules]")
{
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    app::AnalysisWorker worker(&doc); // the panel shows the worker's snapshots
    views::RulesPanel panel;
    QObject::connect(&worker, &app::AnalysisWorker::snapshotReady, &panel, &views::RulesPanel::showSnapshot);
    REQUIRE(guitest::waitForAnalysis(&worker));
    CHECK(panel.report().findings.empty()); // the template raises no rule
    model::Node lonely;
    lonely.kind = model::NodeKind::Server;
    lonely.model = "dgx-h100";
    lonely.name = "dgx-spare";
    const model::Id id = doc.requestAddNode(lonely);
    REQUIRE(guitest::waitForAnalysis(&worker));
    REQUIRE(panel.report().findings.size() == 1);
    CHECK(panel.report().findings[0].rule == "unconnected");
    // One warning reads "1 warning" (helper-82 saw "1 warnings").
    panel.catchUp(); // off screen the rows wait for it
    const auto* summary = panel.findChild<QLabel*>(QStringLiteral("rulesSummary"));
    REQUIRE(summary);
    CHECK(summary->text() == QStringLiteral("0 errors, 1 warning, 0 waived"));
    QSignalSpy spy(&panel, &views::RulesPanel::selectRequested);
    panel.activateRow(0);
    REQUIRE(spy.count() == 1);
    const auto nodes = spy.at(0).at(0).value<std::vector<model::Id>>();
    REQUIRE(nodes.size() == 1);
    CHECK(nodes[0] == id);
}
