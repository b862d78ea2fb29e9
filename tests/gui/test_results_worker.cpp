// The results worker (issue 11 item 1): its thread computes on a mirror of the design that
// follows the document's change signals. After every kind of edit, undo and redo, and whole
// design replacements, the snapshot it delivers equals model::computeResults on the
// document's own design, and it is the only computation (one run per burst of edits).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/commands/generate_command.hpp"
#include "model/design/link_defaults.hpp"
#include "model/results/results_snapshot.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/rules.hpp"

namespace {

model::Id idByName(const model::Design& d, const std::string& name)
{
    for (const auto& [id, n] : d.nodes())
        if (n.name == name) return id;
    return 0;
}

/// Waits for the worker, then checks its snapshot against a fresh computation on the
/// document's design.
void requireCurrent(app::AnalysisWorker& worker, const app::Document& doc)
{
    REQUIRE(guitest::waitForAnalysis(&worker));
    const app::SnapshotPtr got = worker.latest();
    REQUIRE(got != nullptr);
    CHECK(got->generation == worker.generation());
    const auto want = model::computeResults(doc.design(), doc.sharedCatalog());
    CHECK(got->counts == want->counts);
    REQUIRE(got->bom.has_value() == want->bom.has_value());
    if (want->bom) CHECK(model::topology::toJson(*got->bom) == model::topology::toJson(*want->bom));
    REQUIRE(got->rules.has_value() == want->rules.has_value());
    if (want->rules) CHECK(model::topology::toJson(*got->rules) == model::topology::toJson(*want->rules));
    REQUIRE(got->analysis.has_value() == want->analysis.has_value());
    if (want->analysis) {
        CHECK(got->analysis->gpus == want->analysis->gpus);
        REQUIRE(got->analysis->layers.size() == want->analysis->layers.size());
        for (std::size_t i = 0; i < want->analysis->layers.size(); ++i)
            CHECK(got->analysis->layers[i].perGpu.inGBps() == Approx(want->analysis->layers[i].perGpu.inGBps()));
        CHECK(got->analysis->bottleneck.explanation == want->analysis->bottleneck.explanation);
    }
}

} // namespace

TEST_CASE("the worker's snapshot follows every kind of edit, undo, redo and replacement", "[gui][snapshot]")
{
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    app::AnalysisWorker worker(&doc);
    requireCurrent(worker, doc);
    QUndoStack& undo = *doc.undoStack();

    // Add a server and wire it to a leaf with the wire tool's defaults.
    const model::Id leaf = idByName(doc.design(), "leaf-1 (rail 0)");
    REQUIRE(leaf != 0);
    const model::Id spare = doc.requestAddNode(model::defaultNode(doc.design(), model::NodeKind::Server, "dgx-h100", {0, 900}));
    REQUIRE(spare != 0);
    requireCurrent(worker, doc);
    const model::Id cable = doc.requestAddLink(*model::defaultLink(doc.design(), doc.catalog(), spare, leaf));
    REQUIRE(cable != 0);
    requireCurrent(worker, doc);

    // Re-wire it to another leaf, widen it, move the server, rename it.
    model::Link l = *doc.design().link(cable);
    l.b.node = idByName(doc.design(), "leaf-2 (rail 1)");
    l.count = 3;
    REQUIRE(doc.requestSetLink(l, QStringLiteral("Wire")));
    requireCurrent(worker, doc);
    REQUIRE(doc.requestMove({{spare, {0, 900}, {130, 900}}}));
    model::Node n = *doc.design().node(spare);
    n.name = "dgx-spare";
    n.nicCount = 2;
    REQUIRE(doc.requestSetNode(n, QStringLiteral("NICs")));
    requireCurrent(worker, doc);

    // Delete a spine with its bundles and a server with its rails; undo and redo each.
    REQUIRE(doc.requestDelete({idByName(doc.design(), "spine-1"), idByName(doc.design(), "dgx-05")}, {}));
    requireCurrent(worker, doc);
    undo.undo();
    requireCurrent(worker, doc);
    undo.redo();
    requireCurrent(worker, doc);

    // A whole-design replacement and its undo.
    model::topology::FatTreeOptions o;
    o.server = "dgx-b200";
    o.nodes = 64;
    o.switchModel = "qm9700";
    REQUIRE(doc.push(std::make_unique<app::GenerateCommand>(&doc, model::topology::generateFatTree(*guitest::catalog(), o))));
    requireCurrent(worker, doc);
    CHECK(worker.latest()->counts.servers == 64);
    undo.undo();
    requireCurrent(worker, doc);
    CHECK(worker.latest()->counts.servers == 32); // the template's 32, plus the spare, less dgx-05

    // Back to the start step by step: every state on the way is mirrored.
    while (undo.canUndo()) {
        undo.undo();
        requireCurrent(worker, doc);
    }
    CHECK(worker.latest()->counts.servers == 32);
    CHECK(worker.latest()->counts.links == 288);

    // Opening a file resets the mirror too.
    REQUIRE_FALSE(doc.open(QStringLiteral(CD_TEST_DATA_DIR "/../../resources/templates/rented-8x-h100-3200g.json")).has_value());
    requireCurrent(worker, doc);
    CHECK(worker.latest()->bom->rented);
}
