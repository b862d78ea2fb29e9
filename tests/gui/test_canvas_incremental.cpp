// The canvas re-derives after an edit only the groups and bundles the edit touched (issue 11
// item 7, speed on large designs). Whatever the edit, the scene must then show exactly what a
// scene built afresh on the same design shows: the same cards, bundles (links, cables, rail,
// where they are drawn) and hidden symbols.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "model/design/node_lookup.hpp"
#include "model/topology/fat_tree.hpp"
#include "views/canvas/bundle_item.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"

#include <algorithm>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string rect(const QRectF& r)
{
    std::ostringstream s;
    s << qRound(r.x()) << ',' << qRound(r.y()) << ',' << qRound(r.width()) << ',' << qRound(r.height());
    return s.str();
}

/// Everything the collapsed groups decide, one sorted line per card, bundle and shown item.
std::vector<std::string> picture(const app::Document& doc, views::CanvasScene& scene)
{
    std::vector<std::string> out;
    for (const views::GroupItem* g : scene.groupItems()) {
        std::ostringstream s;
        s << "card " << g->name() << ' ' << g->label().toStdString() << " gpus " << g->gpus() << " at "
          << rect(g->sceneBoundingRect()) << " members";
        for (model::Id m : g->members()) s << ' ' << m;
        s << " tip " << g->toolTip().toStdString();
        out.push_back(s.str());
    }
    for (const views::BundleItem* b : scene.bundleItems()) {
        std::ostringstream s;
        const std::string a = b->group()->name();
        const std::string far = b->node() ? "node " + std::to_string(b->node()->id()) : "card " + b->otherGroup()->name();
        s << "bundle " << std::min(a, far) << " - " << std::max(a, far) << " cables " << b->cables() << " rail "
          << b->rail() << " at " << rect(b->sceneBoundingRect()) << " links";
        for (model::Id l : b->links()) s << ' ' << l;
        s << " tip " << b->toolTip().toStdString();
        out.push_back(s.str());
    }
    for (const auto& [id, n] : doc.design().nodes())
        if (const views::NodeItem* item = scene.nodeItem(id); item && item->isVisible())
            out.push_back("node " + std::to_string(id) + " at " + rect(item->sceneBoundingRect()));
    for (const auto& [id, l] : doc.design().links())
        if (const views::LinkItem* item = scene.linkItem(id); item && item->isVisible())
            out.push_back("link " + std::to_string(id));
    std::sort(out.begin(), out.end());
    return out;
}

/// A leaf switch of the design (the far end of a group's rail bundle).
model::Id aLeaf(const model::Design& d)
{
    return model::firstNode(d, [](const model::Node& n) { return n.tier == model::SwitchTier::Leaf; });
}

} // namespace

TEST_CASE("after each edit the canvas groups equal those of a scene built afresh", "[gui][groups]")
{
    for (int servers : {64, 96}) {
        app::Document doc{guitest::catalog()};
        doc.newDesign(guitest::fatTree("dgx-h100", servers));
        views::CanvasScene scene(&doc);
        REQUIRE(scene.groupItems().size() == static_cast<std::size_t>((servers + 31) / 32));
        const model::Id server = model::nodeNamed(doc.design(), "dgx-0001") ? model::nodeNamed(doc.design(), "dgx-0001")
                                                                     : model::nodeNamed(doc.design(), "dgx-01");
        const model::Id leaf = aLeaf(doc.design());
        REQUIRE(server != 0);
        REQUIRE(leaf != 0);
        const model::Id rail = doc.design().linksOf(server).front()->id;

        const std::vector<std::pair<const char*, std::function<bool()>>> edits = {
            {"move a member", [&] {
                 const model::Point p = doc.design().node(server)->position;
                 return doc.requestMove({{server, p, {p.x + 500, p.y + 40}}});
             }},
            {"move a leaf", [&] {
                 const model::Point p = doc.design().node(leaf)->position;
                 return doc.requestMove({{leaf, p, {p.x - 3000, p.y}}});
             }},
            {"cable count of a rail", [&] {
                 model::Link l = *doc.design().link(rail);
                 l.count += 2;
                 return doc.requestSetLink(l, QStringLiteral("Link count"));
             }},
            {"member to another group", [&] {
                 model::Node n = *doc.design().node(server);
                 n.group = "su-2";
                 return doc.requestSetNode(n, QStringLiteral("Group"));
             }},
            {"member out of every group", [&] {
                 model::Node n = *doc.design().node(server);
                 n.group.clear();
                 return doc.requestSetNode(n, QStringLiteral("Group"));
             }},
            {"delete a member with its rails", [&] { return doc.requestDelete({server}, {}); }},
            {"delete a rail", [&] {
                 for (const auto& [id, l] : doc.design().links())
                     if (doc.design().node(l.a.node)->group == "su-2" || doc.design().node(l.b.node)->group == "su-2")
                         return doc.requestDelete({}, {id});
                 return false;
             }},
            {"delete a leaf", [&] { return doc.requestDelete({leaf}, {}); }},
        };
        for (const auto& [name, edit] : edits) {
            INFO(servers << " servers, edit: " << name);
            REQUIRE(edit());
            views::CanvasScene fresh(&doc);
            CHECK(picture(doc, scene) == picture(doc, fresh));
        }
        // Undo every edit, then redo them: each step still equals a fresh scene.
        for (std::size_t k = 0; k < edits.size(); ++k) {
            doc.undoStack()->undo();
            INFO(servers << " servers, undo " << k);
            views::CanvasScene fresh(&doc);
            CHECK(picture(doc, scene) == picture(doc, fresh));
        }
        for (std::size_t k = 0; k < edits.size(); ++k) {
            doc.undoStack()->redo();
            INFO(servers << " servers, redo " << k);
            views::CanvasScene fresh(&doc);
            CHECK(picture(doc, scene) == picture(doc, fresh));
        }
    }
}
