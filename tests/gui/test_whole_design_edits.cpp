// Generate Topology replaces the whole design, header included, as one undo step (issue 11
// item 4): a rented cluster generated in the GUI keeps its rental block, the BOM counts 0
// customer racks, and undo/redo bring back exactly the saved JSON of each state.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/commands/generate_command.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/topology/fat_tree.hpp"
#include "views/bom/bom_panel.hpp"
#include "views/generate/generate_dialog.hpp"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

namespace {

/// Saves the window's design to `dir`/`name` and reads the file back as JSON.
nlohmann::json savedJson(app::MainWindow& w, const QTemporaryDir& dir, const QString& name)
{
    const QString path = dir.filePath(name);
    REQUIRE_FALSE(w.document()->saveAs(path).has_value());
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return nlohmann::json::parse(f.readAll().toStdString());
}

QAction* actionNamed(QWidget& w, const QString& text)
{
    for (QAction* a : w.findChildren<QAction*>())
        if (a->text() == text) return a;
    return nullptr;
}

/// Runs File > Generate Topology with `fill` setting the dialog's inputs, then OK.
/// @return the design the dialog generated (empty name when no dialog showed).
model::Design generateInGui(app::MainWindow& w, const std::function<void(views::GenerateDialog&)>& fill)
{
    QAction* generate = actionNamed(w, QObject::tr("&Generate Topology…"));
    REQUIRE(generate != nullptr);
    model::Design generated;
    generated.name.clear();
    QTimer::singleShot(0, &w, [&] {
        auto* dlg = qobject_cast<views::GenerateDialog*>(QApplication::activeModalWidget());
        if (!dlg) return;
        fill(*dlg);
        if (dlg->isValid()) generated = dlg->result();
        dlg->accept();
    });
    generate->trigger(); // exec() returns once the dialog is accepted
    return generated;
}

} // namespace

TEST_CASE("Generate Topology in the GUI: a rented cluster keeps its rental block, undo and redo restore the saved JSON",
          "[gui][generate][undo]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const nlohmann::json before = savedJson(w, dir, QStringLiteral("before.json"));
    const int racksBefore = w.bom()->bom().racks;
    CHECK_FALSE(w.bom()->bom().rented);
    CHECK(racksBefore > 0);
    CHECK_FALSE(before.at("analysis").contains("rental"));

    const model::Design generated = generateInGui(w, [](views::GenerateDialog& dlg) {
        dlg.setKind(QStringLiteral("rented"));
        dlg.setServer(QStringLiteral("dgx-h100"));
        dlg.setNodes(8); // 64 GPUs, the provider's limit; 3,200 Gb/s per node at $3.99 per GPU-hour
    });
    REQUIRE_FALSE(generated.name.empty());
    CHECK(w.document()->undoStack()->count() == 1);
    CHECK(w.document()->undoStack()->undoText() == QStringLiteral("Generate %1").arg(QString::fromStdString(generated.name)));

    // The whole design, header included: the name and the rental block came along.
    const nlohmann::json& rental = w.document()->design().analysis.at("rental");
    CHECK(rental.at("price_per_gpu_hour_USD").get<double>() == Approx(3.99));
    CHECK(rental.at("gpus") == 64);
    CHECK(rental.at("per_node_Gbps").get<double>() == Approx(3200));
    CHECK(w.document()->design().name == generated.name);
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK(w.bom()->bom().rented);
    CHECK(w.bom()->bom().racks == 0);
    CHECK(QString::fromStdString(model::topology::racksText(w.bom()->bom())).startsWith(QStringLiteral("0 (rented")));
    const nlohmann::json afterGenerate = savedJson(w, dir, QStringLiteral("generated.json"));
    CHECK(afterGenerate == model::toJson(generated));

    w.document()->undoStack()->undo();
    CHECK(savedJson(w, dir, QStringLiteral("undone.json")) == before);
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK_FALSE(w.bom()->bom().rented);
    CHECK(w.bom()->bom().racks == racksBefore);

    w.document()->undoStack()->redo();
    CHECK(savedJson(w, dir, QStringLiteral("redone.json")) == afterGenerate);
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK(w.bom()->bom().rented);
    CHECK(w.bom()->bom().racks == 0);
    w.document()->undoStack()->setClean();
}

TEST_CASE("whole-design replacement keeps each generator's header and restores the old one exactly", "[generate][undo]")
{
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    model::Design withSettings = doc.design();
    withSettings.analysis["workload"] = "llama3-70b";
    REQUIRE(doc.requestReplaceDesign(withSettings, QStringLiteral("Settings"))); // a header-only change is an edit too
    const nlohmann::json before = model::toJson(doc.design());
    const model::Id nextBefore = doc.design().peekNextId();

    for (int nodes : {1, 16, 64}) {
        model::topology::FatTreeOptions o;
        o.server = "dgx-b200";
        o.nodes = nodes;
        o.switchModel = "qm9700";
        o.name = "B200 x" + std::to_string(nodes);
        const model::Design generated = model::topology::generateFatTree(*guitest::catalog(), o);
        INFO(nodes << " servers");
        REQUIRE(doc.push(std::make_unique<app::GenerateCommand>(&doc, generated)));
        CHECK(model::toJson(doc.design()) == model::toJson(generated));
        CHECK(doc.design().name == o.name);
        CHECK(doc.design().analysis.at("generator").at("nodes") == nodes);
        CHECK_FALSE(doc.design().analysis.contains("workload"));
        CHECK(doc.design().peekNextId() == generated.peekNextId());
        doc.undoStack()->undo();
        CHECK(model::toJson(doc.design()) == before);
        CHECK(doc.design().peekNextId() == nextBefore); // the next id too: later adds reuse no id
        doc.undoStack()->redo();
        CHECK(model::toJson(doc.design()) == model::toJson(generated));
        doc.undoStack()->undo();
    }
}
