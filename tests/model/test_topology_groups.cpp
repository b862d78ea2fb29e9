// Collapsed server groups and their bundles on the default SuperPOD template.
#include "model/topology/groups.hpp"

#include <catch2/catch.hpp>

using namespace model;
using namespace model::topology;

TEST_CASE("the SuperPOD scalable unit collapses to one DGX H100 x32 item with 8 bundles", "[topology][groups]")
{
    const Catalog catalog = Catalog::loadBundled();
    const Design d = loadDesign(defaultDesignPath());
    const auto groups = groupsOf(d, catalog);
    REQUIRE(groups.size() == 1);
    const NodeGroup& g = groups[0];
    CHECK(g.name == "su-1");
    CHECK(g.label == "DGX H100 x32");
    CHECK(g.members.size() == 32);
    CHECK(g.gpus == 256);
    CHECK(g.topLeft.y == Approx(650));
    CHECK(g.bottomRight.x > g.topLeft.x);
    const auto bundles = bundlesOf(d, g);
    REQUIRE(bundles.size() == 8); // one per rail leaf
    for (const GroupBundle& b : bundles) {
        CHECK(d.node(b.outside)->tier == SwitchTier::Leaf);
        CHECK(b.cables == 32); // every DGX sends one cable to each rail leaf
        CHECK(b.links.size() == 32);
    }
}

TEST_CASE("groups ignore lone members and count mixed models", "[topology][groups]")
{
    const Catalog catalog = Catalog::loadBundled();
    Design d;
    Node n;
    n.kind = NodeKind::Server;
    n.model = "dgx-h100";
    n.group = "a";
    d.addNode(n);
    n.model = "dgx-b200";
    d.addNode(n);
    n.group = "solo";
    d.addNode(n);
    const auto groups = groupsOf(d, catalog);
    REQUIRE(groups.size() == 1);
    CHECK(groups[0].label == "mixed x2");
    CHECK(groups[0].gpus == 16);
    CHECK(bundlesOf(d, groups[0]).empty());
}
