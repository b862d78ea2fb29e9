// Collapsed server groups on the canvas (issue 4 item 3): the default template's 32 DGX H100
// of scalable unit su-1 show as one card with 8 rail bundles of 32 cables each.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "views/canvas/bundle_item.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"

#include <algorithm>

using guitest::snapshot;

namespace {

using guitest::idByName;

/// Visible node symbols of the scene.
int visibleNodes(const app::Document& doc, views::CanvasScene& scene)
{
    int n = 0;
    for (const auto& [id, node] : doc.design().nodes())
        if (const views::NodeItem* item = scene.nodeItem(id); item && item->isVisible()) ++n;
    return n;
}

int visibleLinks(const app::Document& doc, views::CanvasScene& scene)
{
    int n = 0;
    for (const auto& [id, link] : doc.design().links())
        if (const views::LinkItem* item = scene.linkItem(id); item && item->isVisible()) ++n;
    return n;
}

struct Fixture {
    app::Document doc{guitest::catalog()};
    std::unique_ptr<views::CanvasScene> scene;
    Fixture()
    {
        REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
        scene = std::make_unique<views::CanvasScene>(&doc);
    }
};

} // namespace

TEST_CASE("the default template opens with su-1 collapsed into DGX H100 x32 and 8 bundles of 32", "[gui][groups]")
{
    Fixture f;
    const auto groups = f.scene->groupItems();
    REQUIRE(groups.size() == 1);
    const views::GroupItem* g = groups.front();
    CHECK(g->name() == "su-1");
    CHECK(g->label() == QStringLiteral("DGX H100 x32"));
    CHECK(g->members().size() == 32);
    CHECK(g->gpus() == 256); // 32 x 8 H100
    CHECK(f.scene->isCollapsed("su-1"));

    const auto bundles = f.scene->bundleItems();
    REQUIRE(bundles.size() == 8); // one per rail leaf
    for (const views::BundleItem* b : bundles) {
        CHECK(b->cables() == 32);
        CHECK(b->links().size() == 32);
        REQUIRE(b->node() != nullptr);
        CHECK(b->node()->name().startsWith(QStringLiteral("leaf-")));
    }
    // Members and their 256 rail links are hidden; 4 spines + 8 leaves and their 32 bundles show.
    CHECK(visibleNodes(f.doc, *f.scene) == 12);
    CHECK(visibleLinks(f.doc, *f.scene) == 32);
    CHECK(f.scene->nodeItemCount() == 44); // the items stay, hidden: ids keep their mirror
    // The card sits at the centre of the members' bounding box.
    const model::Id first = idByName(f.doc.design(), "dgx-01");
    const model::Id last = idByName(f.doc.design(), "dgx-32");
    const double cx = (f.doc.design().node(first)->position.x + f.doc.design().node(last)->position.x) / 2;
    CHECK(g->pos().x() == Approx(cx));
}

TEST_CASE("expand shows the 32 servers, collapse folds them again, and it is not an edit", "[gui][groups]")
{
    Fixture f;
    f.scene->expandGroup("su-1");
    CHECK(f.scene->groupItems().empty());
    CHECK(f.scene->bundleItems().empty());
    CHECK(visibleNodes(f.doc, *f.scene) == 44);
    CHECK(visibleLinks(f.doc, *f.scene) == 288);
    f.scene->collapseAllGroups();
    REQUIRE(f.scene->groupItems().size() == 1);
    CHECK(f.scene->bundleItems().size() == 8);
    CHECK(visibleNodes(f.doc, *f.scene) == 12);
    f.scene->expandAllGroups();
    CHECK(visibleNodes(f.doc, *f.scene) == 44);
    f.scene->collapseGroup("su-1");
    CHECK(f.scene->groupItem("su-1") != nullptr);
    CHECK(f.doc.undoStack()->count() == 0); // view state only
}

TEST_CASE("deleting a member updates the card to x31 and undo restores x32", "[gui][groups][undo]")
{
    Fixture f;
    // The history names what a delete took: one link alone reads "Delete 1 link" (it read
    // "Delete 0 nodes, 1 link"), a server with its cables both.
    const model::Id anyLink = f.doc.design().links().begin()->first;
    REQUIRE(f.doc.requestDelete({}, {anyLink}));
    CHECK(f.doc.undoStack()->text(f.doc.undoStack()->count() - 1) == QStringLiteral("Delete 1 link"));
    f.doc.undoStack()->undo();
    f.doc.requestDelete({idByName(f.doc.design(), "dgx-07")}, {});
    CHECK(f.doc.undoStack()->text(f.doc.undoStack()->count() - 1) == QStringLiteral("Delete 1 node, 8 links"));
    views::GroupItem* g = f.scene->groupItem("su-1");
    REQUIRE(g != nullptr);
    CHECK(g->label() == QStringLiteral("DGX H100 x31"));
    CHECK(g->gpus() == 248);
    for (const views::BundleItem* b : f.scene->bundleItems()) CHECK(b->cables() == 31);
    f.doc.undoStack()->undo();
    g = f.scene->groupItem("su-1");
    REQUIRE(g != nullptr);
    CHECK(g->label() == QStringLiteral("DGX H100 x32"));
    for (const views::BundleItem* b : f.scene->bundleItems()) CHECK(b->cables() == 32);
    // The restored server is hidden in the card like its peers.
    CHECK_FALSE(f.scene->nodeItem(idByName(f.doc.design(), "dgx-07"))->isVisible());
}

TEST_CASE("a selected group card stands for its members: delete is one undo step", "[gui][groups][undo]")
{
    Fixture f;
    const auto before = snapshot(f.doc);
    views::GroupItem* g = f.scene->groupItem("su-1");
    REQUIRE(g != nullptr);
    g->setSelected(true);
    CHECK(f.scene->selectedNodeIds().size() == 32);
    f.scene->deleteSelection();
    CHECK(f.doc.design().nodes().size() == 12);
    CHECK(f.doc.design().links().size() == 32); // the leaf-spine bundles
    CHECK(f.scene->groupItems().empty());
    CHECK(f.scene->bundleItems().empty());
    CHECK(f.doc.undoStack()->count() == 1);
    f.doc.undoStack()->undo();
    CHECK(snapshot(f.doc) == before);
    REQUIRE(f.scene->groupItems().size() == 1);
    CHECK(f.scene->bundleItems().size() == 8);
}

TEST_CASE("moving the group card moves every member as one undoable move", "[gui][groups][undo]")
{
    Fixture f;
    views::GroupItem* g = f.scene->groupItem("su-1");
    REQUIRE(g != nullptr);
    const model::Id m = g->members().front();
    const model::Point start = f.doc.design().node(m)->position;
    // What the select tool does around a drag: the card moves, the hidden members follow,
    // and on release the members' new positions become one move request.
    std::vector<views::NodeMove> moves;
    std::map<model::Id, model::Point> from;
    g->setSelected(true);
    for (model::Id id : f.scene->selectedNodeIds()) from[id] = f.doc.design().node(id)->position;
    g->setPos(g->pos() + QPointF(200, 100));
    for (const auto& [id, p] : from) {
        const QPointF now = f.scene->nodeItem(id)->pos();
        moves.push_back({id, p, {now.x(), now.y()}});
    }
    REQUIRE(moves.size() == 32);
    f.doc.requestMove(moves);
    CHECK(f.doc.undoStack()->count() == 1);
    CHECK(f.doc.design().node(m)->position == model::Point{start.x + 200, start.y + 100});
    f.doc.undoStack()->undo();
    CHECK(f.doc.design().node(m)->position == start);
    g = f.scene->groupItem("su-1");
    REQUIRE(g != nullptr);
    CHECK_FALSE(f.scene->nodeItem(m)->isVisible());
}

TEST_CASE("a rule finding on a hidden server selects its group card", "[gui][groups]")
{
    Fixture f;
    f.scene->selectIds({idByName(f.doc.design(), "dgx-03")}, {});
    views::GroupItem* g = f.scene->groupItem("su-1");
    REQUIRE(g != nullptr);
    CHECK(g->isSelected());
}

TEST_CASE("small groups stay expanded when a design opens", "[gui][groups]")
{
    app::Document doc(guitest::catalog());
    const QString rented = QStringLiteral(CD_TEST_DATA_DIR "/../../resources/templates/rented-8x-h100-3200g.json");
    REQUIRE_FALSE(doc.open(rented).has_value());
    views::CanvasScene scene(&doc);
    CHECK(scene.groupItems().empty()); // 8 nodes < kCollapseAtMembers
    scene.collapseAllGroups();
    REQUIRE(scene.groupItems().size() == 1);
    CHECK(scene.groupItems().front()->members().size() == 8);
}
