// Copy/paste of part of a design (links between copied items kept, names/groups/racks made
// unique), align and distribute, and auto-layout in tiers.
#include "model/design/arrange.hpp"
#include "model/design/clipboard.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/tier_layout.hpp"

#include "test_catalog_support.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace model;

namespace {
Node node(NodeKind kind, const std::string& model, const std::string& name, Point at, const std::string& group = {})
{
    Node n;
    n.kind = kind;
    n.model = model;
    n.name = name;
    n.position = at;
    n.group = group;
    n.rack = group.empty() ? std::string() : group + "-rack01";
    if (kind == NodeKind::Switch) n.tier = SwitchTier::Leaf;
    return n;
}
Link cable(Id a, Id b, int count = 1)
{
    Link l;
    l.a = {a, 0};
    l.b = {b, 0};
    l.count = count;
    return l;
}
} // namespace

TEST_CASE("copy keeps the links between copied nodes and drops links to nodes left behind", "[clipboard]")
{
    Design d;
    const Id s1 = d.addNode(node(NodeKind::Server, "dgx-h100", "dgx-01", {0, 650}, "su-1"));
    const Id s2 = d.addNode(node(NodeKind::Server, "dgx-h100", "dgx-02", {130, 650}, "su-1"));
    const Id leaf = d.addNode(node(NodeKind::Switch, "qm9700", "leaf-1", {65, 300}));
    const Id other = d.addNode(node(NodeKind::Switch, "qm9700", "leaf-2", {400, 300}));
    const Id l1 = d.addLink(cable(s1, leaf));
    d.addLink(cable(s2, leaf, 2));
    d.addLink(cable(s1, other)); // other is not copied: this link must not travel
    const auto clip = copySelection(d, {s1, s2, leaf, 999}, {l1});
    CHECK(clip.at("format") == kSelectionFormat);
    CHECK(clip.at("nodes").size() == 3);
    CHECK(clip.at("links").size() == 2);

    const PastePlan p = planPaste(d, clip, {40, 40});
    REQUIRE(p.nodes.size() == 3);
    REQUIRE(p.links.size() == 2);
    // Fresh ids from the design's next id upward, nodes first.
    std::set<Id> ids;
    for (const auto& n : p.nodes) ids.insert(n.id);
    CHECK(*ids.begin() == d.peekNextId());
    CHECK(ids.size() == 3);
    // Each pasted link joins two pasted nodes, with the counts of the originals.
    int cables = 0;
    for (const auto& l : p.links) {
        CHECK(ids.count(l.a.node) == 1);
        CHECK(ids.count(l.b.node) == 1);
        cables += l.count;
    }
    CHECK(cables == 3);
    // Names, group and rack do not clash; positions moved by the offset.
    CHECK(p.nodes[0].name == "dgx-03");
    CHECK(p.nodes[1].name == "dgx-04");
    CHECK(p.nodes[2].name == "leaf-3");
    CHECK(p.nodes[0].group == "su-2");
    CHECK(p.nodes[1].group == "su-2");
    CHECK(p.nodes[0].rack == "su-1-rack02");
    CHECK(p.nodes[0].position == Point{40, 690});
    // The plan applies cleanly to the design.
    for (const auto& n : p.nodes) d.addNode(n);
    for (const auto& l : p.links) d.addLink(l);
    CHECK(d.nodes().size() == 7);
    CHECK(d.links().size() == 5);
}

TEST_CASE("unique names keep zero padding and count on past the last one taken", "[clipboard]")
{
    CHECK(uniqueName("dgx-07", {"dgx-07", "dgx-08"}) == "dgx-09");
    CHECK(uniqueName("dgx-07", {"dgx-01"}) == "dgx-07");
    CHECK(uniqueName("rack9", {"rack9"}) == "rack10");
    CHECK(uniqueName("spine", {"spine", "spine 2"}) == "spine 3");
    CHECK(uniqueName("", {""}) == " 2");
}

TEST_CASE("paste of something that is not a copied selection names the problem", "[clipboard]")
{
    const Design d;
    CHECK_THROWS_AS(planPaste(d, nlohmann::json::array(), {}), InputError);
    CHECK_THROWS_WITH(planPaste(d, {{"format", "other"}, {"nodes", {}}, {"links", {}}}, {}),
                      Catch::Contains("format"));
    nlohmann::json dangling = {{"format", kSelectionFormat}, {"nodes", nlohmann::json::array()},
                               {"links", {{{"id", 5}, {"a", {{"node", 1}}}, {"b", {{"node", 2}}}, {"medium", "infiniband"},
                                           {"lane_speed_Gbps", 400}}}}};
    CHECK_THROWS_WITH(planPaste(d, dangling, {}), Catch::Contains("links[0]") && Catch::Contains("a.node"));
}

TEST_CASE("align puts edges and centres on the common bounding box", "[arrange]")
{
    const std::vector<ArrangeBox> boxes = {{1, {0, 0}, 100, 50}, {2, {300, 100}, 300, 50}, {3, {120, 400}, 20, 20}};
    // Bounding box: left -50, right 450, top -25, bottom 410.
    const auto left = align(boxes, Alignment::Left);
    CHECK(left[0].centre.x == -50 + 50);
    CHECK(left[1].centre.x == -50 + 150);
    CHECK(left[2].centre.x == -50 + 10);
    CHECK(left[1].centre.y == 100); // the other axis stays
    const auto right = align(boxes, Alignment::Right);
    CHECK(right[0].centre.x == 450 - 50);
    CHECK(right[2].centre.x == 450 - 10);
    const auto hc = align(boxes, Alignment::HCenter);
    for (const auto& b : hc) CHECK(b.centre.x == 200);
    const auto top = align(boxes, Alignment::Top);
    CHECK(top[2].centre.y == -25 + 10);
    const auto bottom = align(boxes, Alignment::Bottom);
    CHECK(bottom[0].centre.y == 410 - 25);
    const auto vc = align(boxes, Alignment::VCenter);
    for (const auto& b : vc) CHECK(b.centre.y == Approx((410 - 25) / 2.0));
    CHECK(align({boxes[0]}, Alignment::Left)[0].centre.x == 0); // one box: unchanged
}

TEST_CASE("distribute leaves equal gaps and keeps the outermost boxes", "[arrange]")
{
    // Widths 100, 20, 60; outer edges -50 .. 830; gaps (880 - 180) / 2 = 350.
    std::vector<ArrangeBox> boxes = {{1, {0, 0}, 100, 10}, {2, {800, 0}, 60, 10}, {3, {100, 0}, 20, 10}};
    const auto out = distribute(boxes, Distribution::Horizontal);
    CHECK(out[0].centre.x == 0);
    CHECK(out[1].centre.x == 800);
    CHECK(out[2].centre.x == Approx(-50 + 100 + 350 + 10));
    // Overlapping boxes: equal spacing of centres.
    std::vector<ArrangeBox> tight = {{1, {0, 0}, 10, 100}, {2, {0, 50}, 10, 100}, {3, {0, 60}, 10, 100}, {4, {0, 90}, 10, 100}};
    const auto v = distribute(tight, Distribution::Vertical);
    CHECK(v[1].centre.y == Approx(30));
    CHECK(v[2].centre.y == Approx(60));
    CHECK(v[3].centre.y == 90);
}

TEST_CASE("auto-layout puts servers, leaves, spines and cores in their rows without overlap", "[layout]")
{
    const Catalog& catalog = testsupport::bundledCatalog();
    for (int nodes : {4, 32, 128, 512}) {
        topology::FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = nodes;
        o.switchModel = "qm9700";
        Design d = topology::generateFatTree(catalog, o);
        // Scramble every position, then lay out again.
        std::vector<Id> ids;
        for (const auto& [id, n] : d.nodes()) ids.push_back(id);
        for (Id id : ids) d.moveNode(id, {static_cast<double>(id % 7) * 11.0, 5.0});
        const auto pos = topology::tierLayout(d);
        INFO(nodes << " nodes");
        REQUIRE(pos.size() == d.nodes().size());
        std::map<double, std::vector<double>> rows;
        for (const auto& [id, p] : pos) {
            const Node& n = *d.node(id);
            const double wantY = n.kind == NodeKind::Server ? -1
                                 : n.tier == SwitchTier::Leaf ? 300 : n.tier == SwitchTier::Spine ? 0 : -350;
            if (n.kind == NodeKind::Server) CHECK(p.y >= 650);
            else CHECK(p.y == wantY);
            rows[p.y].push_back(p.x);
        }
        // Within each row, items keep a pitch that stops their symbols from overlapping.
        for (auto& [y, xs] : rows) {
            std::sort(xs.begin(), xs.end());
            const double pitch = y >= 650 ? 130.0 : 340.0;
            for (std::size_t i = 1; i < xs.size(); ++i) CHECK(xs[i] - xs[i - 1] >= pitch - 1e-9);
        }
    }
}
