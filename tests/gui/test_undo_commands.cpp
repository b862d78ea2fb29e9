// Every undo command: do -> check the model; undo -> the design equals the state before
// (compared as JSON, ids included); redo -> check again (shared/design/STYLE.md item 14).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "views/canvas/canvas_scene.hpp"

#include <QTemporaryDir>

using guitest::snapshot;

namespace {
struct Fixture {
    app::Document doc{guitest::catalog()};
    Fixture() { REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value()); }
    QUndoStack& undo() { return *doc.undoStack(); }
};

using guitest::idByName;
} // namespace

TEST_CASE("the template opens with 44 nodes and 288 links and an empty history", "[undo]")
{
    Fixture f;
    CHECK(f.doc.design().nodes().size() == 44); // 32 DGX + 8 leaves + 4 spines
    CHECK(f.doc.design().links().size() == 288); // 32 x 8 rails + 8 x 4 leaf-spine bundles
    CHECK(f.undo().count() == 0);
    CHECK_FALSE(f.doc.isModified());
}

TEST_CASE("add node: do, undo, redo", "[undo]")
{
    Fixture f;
    const auto before = snapshot(f.doc);
    model::Node n;
    n.kind = model::NodeKind::Server;
    n.model = "dgx-h100";
    n.name = "dgx-33";
    n.position = {4160, 650};
    const model::Id id = f.doc.requestAddNode(n);
    REQUIRE(id != 0);
    REQUIRE(f.doc.design().node(id) != nullptr);
    CHECK(f.doc.design().node(id)->name == "dgx-33");
    CHECK(f.doc.design().nodes().size() == 45);
    CHECK(f.doc.isModified());
    const auto after = snapshot(f.doc);

    f.undo().undo();
    CHECK(snapshot(f.doc) == before);
    CHECK_FALSE(f.doc.isModified());
    f.undo().redo();
    CHECK(snapshot(f.doc) == after);
    CHECK(f.doc.design().node(id)->position == model::Point{4160, 650});
}

TEST_CASE("add link: do, undo, redo", "[undo]")
{
    Fixture f;
    const auto before = snapshot(f.doc);
    model::Link l;
    l.a = {idByName(f.doc.design(), "dgx-01"), 8};
    l.b = {idByName(f.doc.design(), "spine-1"), 63};
    l.laneSpeed = model::Bandwidth::Gbps(400);
    const model::Id id = f.doc.requestAddLink(l);
    REQUIRE(id != 0);
    CHECK(f.doc.design().links().size() == 289);
    const auto after = snapshot(f.doc);
    f.undo().undo();
    CHECK(snapshot(f.doc) == before);
    f.undo().redo();
    CHECK(snapshot(f.doc) == after);
    REQUIRE(f.doc.design().link(id) != nullptr);
    CHECK(f.doc.design().link(id)->laneSpeed.inGbps() == Approx(400));

    // A link from a node to itself is refused and changes nothing.
    model::Link self = l;
    self.b = self.a;
    CHECK(f.doc.requestAddLink(self) == 0);
    CHECK(snapshot(f.doc) == after);
}

TEST_CASE("delete a server with its 8 rail links: undo restores the same ids", "[undo]")
{
    Fixture f;
    views::CanvasScene scene(&f.doc); // the canvas follows every step by id
    const auto before = snapshot(f.doc);
    const model::Id dgx = idByName(f.doc.design(), "dgx-01");
    std::vector<model::Id> railLinks;
    for (const model::Link* l : f.doc.design().linksOf(dgx)) railLinks.push_back(l->id);
    REQUIRE(railLinks.size() == 8);

    f.doc.requestDelete({dgx}, {});
    CHECK(f.doc.design().node(dgx) == nullptr);
    for (model::Id id : railLinks) CHECK(f.doc.design().link(id) == nullptr);
    CHECK(f.doc.design().links().size() == 280);
    CHECK(scene.nodeItemCount() == 43);
    CHECK(scene.linkItemCount() == 280);
    const auto after = snapshot(f.doc);

    f.undo().undo();
    CHECK(snapshot(f.doc) == before); // same ids, ports, speeds, positions
    for (model::Id id : railLinks) CHECK(f.doc.design().link(id) != nullptr);
    CHECK(scene.nodeItemCount() == 44);
    CHECK(scene.linkItemCount() == 288);

    f.undo().redo();
    CHECK(snapshot(f.doc) == after);
    CHECK(scene.linkItemCount() == 280);
}

TEST_CASE("delete a mixed selection (a spine, a bundle, a link of the spine) is one step", "[undo]")
{
    Fixture f;
    const auto before = snapshot(f.doc);
    const model::Id spine = idByName(f.doc.design(), "spine-1");
    const model::Id leaf8 = idByName(f.doc.design(), "leaf-8 (rail 7)");
    model::Id leafToSpine2 = 0, leafToSpine1 = 0;
    for (const model::Link* l : f.doc.design().linksOf(leaf8)) {
        if (l->b.node == idByName(f.doc.design(), "spine-2")) leafToSpine2 = l->id;
        if (l->b.node == spine) leafToSpine1 = l->id;
    }
    REQUIRE(leafToSpine2 != 0);
    REQUIRE(leafToSpine1 != 0);
    const int steps = f.undo().count();
    f.doc.requestDelete({spine}, {leafToSpine2, leafToSpine1});
    CHECK(f.undo().count() == steps + 1);
    CHECK(f.doc.design().nodes().size() == 43);
    CHECK(f.doc.design().links().size() == 288 - 8 - 1); // spine-1's 8 bundles + one to spine-2
    f.undo().undo();
    CHECK(snapshot(f.doc) == before);
    f.undo().redo();
    CHECK(f.doc.design().links().size() == 279);
}

TEST_CASE("move: one step per drag, repeated moves of the same nodes merge", "[undo]")
{
    Fixture f;
    const auto before = snapshot(f.doc);
    const model::Id a = idByName(f.doc.design(), "dgx-01");
    const model::Id b = idByName(f.doc.design(), "dgx-02");
    const model::Point a0 = f.doc.design().node(a)->position, b0 = f.doc.design().node(b)->position;

    f.doc.requestMove({{a, a0, {a0.x, a0.y + 100}}, {b, b0, {b0.x, b0.y + 100}}});
    CHECK(f.doc.design().node(a)->position == model::Point{a0.x, a0.y + 100});
    CHECK(f.undo().count() == 1);
    f.doc.requestMove({{a, {a0.x, a0.y + 100}, {a0.x + 50, a0.y + 200}}, {b, {b0.x, b0.y + 100}, {b0.x + 50, b0.y + 200}}});
    CHECK(f.undo().count() == 1); // merged with the previous move of the same two nodes
    const auto after = snapshot(f.doc);
    CHECK(f.doc.design().node(b)->position == model::Point{b0.x + 50, b0.y + 200});

    f.undo().undo();
    CHECK(snapshot(f.doc) == before);
    f.undo().redo();
    CHECK(snapshot(f.doc) == after);

    // A "move" to the same place is not an edit.
    f.doc.requestMove({{a, f.doc.design().node(a)->position, f.doc.design().node(a)->position}});
    CHECK(f.undo().count() == 1);
}

TEST_CASE("property command: rename a switch, change a bundle's count", "[undo]")
{
    Fixture f;
    const auto before = snapshot(f.doc);
    const model::Id spine = idByName(f.doc.design(), "spine-1");
    model::Node n = *f.doc.design().node(spine);
    n.name = "spine-A";
    f.doc.requestSetNode(n, "Rename");
    n.name = "spine-AB";
    f.doc.requestSetNode(n, "Rename");
    CHECK(f.undo().count() == 1); // typing merged into one step
    CHECK(f.doc.design().node(spine)->name == "spine-AB");
    f.undo().undo();
    CHECK(snapshot(f.doc) == before);
    f.undo().redo();
    CHECK(f.doc.design().node(spine)->name == "spine-AB");

    const auto beforeLink = snapshot(f.doc);
    const model::Link* bundle = f.doc.design().linksOf(spine).front();
    REQUIRE(bundle->count == 8);
    model::Link l = *bundle;
    l.count = 4;
    f.doc.requestSetLink(l, "Cable count");
    CHECK(f.doc.design().link(l.id)->count == 4);
    CHECK(f.doc.design().link(l.id)->total().inGbps() == Approx(1600)); // 4 x 400 Gb/s
    CHECK(f.undo().count() == 2); // a different property: its own step
    f.undo().undo();
    CHECK(snapshot(f.doc) == beforeLink);
    CHECK(f.doc.design().link(l.id)->total().inGbps() == Approx(3200)); // 8 x 400 Gb/s
    f.undo().redo();
    CHECK(f.doc.design().link(l.id)->count == 4);

    // A count below 1 is refused: nothing changes, no step.
    l.count = 0;
    f.doc.requestSetLink(l, "Cable count");
    CHECK(f.doc.design().link(l.id)->count == 4);
    CHECK(f.undo().count() == 2);
}

TEST_CASE("saving marks the document clean and undo past the save marks it modified", "[undo]")
{
    Fixture f;
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const model::Id spine = idByName(f.doc.design(), "spine-2");
    model::Node n = *f.doc.design().node(spine);
    n.name = "renamed";
    f.doc.requestSetNode(n, "Rename");
    CHECK(f.doc.isModified());
    const QString path = dir.filePath(QStringLiteral("saved.json"));
    REQUIRE_FALSE(f.doc.saveAs(path).has_value());
    CHECK_FALSE(f.doc.isModified());
    CHECK(f.doc.filePath() == path);
    CHECK(model::toJson(model::loadDesign(path.toStdString())) == snapshot(f.doc));
    f.undo().undo();
    CHECK(f.doc.isModified());
}
