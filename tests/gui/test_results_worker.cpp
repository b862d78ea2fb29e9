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

#include <atomic>
#include <memory>

namespace {

using guitest::idByName;

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

TEST_CASE("node moves reuse the last results, any other change computes them again", "[gui][snapshot]")
{
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    app::AnalysisWorker worker(&doc);
    requireCurrent(worker, doc);
    // The real engine, counted.
    auto runs = std::make_shared<std::atomic<int>>(0);
    worker.setEngine([runs](const model::Design& d, std::shared_ptr<const model::Catalog> c, quint64 g,
                            const model::StopRequested& stop) {
        ++*runs;
        return model::computeResults(d, std::move(c), g, stop);
    });
    worker.runNow(); // a new engine computes even with nothing changed
    requireCurrent(worker, doc);
    REQUIRE(runs->load() == 1);

    const model::Id a = idByName(doc.design(), "dgx-03"), b = idByName(doc.design(), "spine-2");
    REQUIRE(a != 0);
    REQUIRE(b != 0);
    const model::Point pa = doc.design().node(a)->position, pb = doc.design().node(b)->position;
    // A move of one node, then of two at once, then its undo and redo: no run of the engine,
    // and each snapshot (a new generation each time) equals a fresh computation.
    for (int step = 0; step < 4; ++step) {
        const quint64 before = worker.generation();
        if (step == 0) REQUIRE(doc.requestMove({{a, pa, {pa.x + 40, pa.y}}}));
        if (step == 1) REQUIRE(doc.requestMove({{a, {pa.x + 40, pa.y}, {pa.x, pa.y + 60}}, {b, pb, {pb.x - 80, pb.y}}}));
        if (step == 2) doc.undoStack()->undo();
        if (step == 3) doc.undoStack()->redo();
        requireCurrent(worker, doc);
        CHECK(worker.generation() == before + 1);
        CHECK(runs->load() == 1);
    }
    // A move and a rename in one burst: computed.
    REQUIRE(doc.requestMove({{a, doc.design().node(a)->position, pa}}));
    model::Node renamed = *doc.design().node(a);
    renamed.name = "dgx-renamed";
    REQUIRE(doc.requestSetNode(renamed, QStringLiteral("Name")));
    requireCurrent(worker, doc);
    CHECK(runs->load() == 2);
    // A change that keeps the position but is no move (a NIC count): computed.
    model::Node fewerNics = *doc.design().node(a);
    fewerNics.nicCount = 4;
    REQUIRE(doc.requestSetNode(fewerNics, QStringLiteral("NICs")));
    requireCurrent(worker, doc);
    CHECK(runs->load() == 3);
    CHECK(worker.latest()->analysis.has_value());
    // A delete after moves, and a move after it, then the delete's undo: computed, reused, computed.
    REQUIRE(doc.requestDelete({idByName(doc.design(), "dgx-07")}, {}));
    requireCurrent(worker, doc);
    CHECK(runs->load() == 4);
    REQUIRE(doc.requestMove({{b, doc.design().node(b)->position, pb}}));
    requireCurrent(worker, doc);
    CHECK(runs->load() == 4);
    doc.undoStack()->undo(); // the move
    doc.undoStack()->undo(); // the delete
    requireCurrent(worker, doc);
    CHECK(runs->load() == 5);
    CHECK(worker.latest()->counts.servers == 32);
    doc.undoStack()->setClean();
}
