// Link and node defaults (model/design/link_defaults.hpp): the rules the wire tool, the place
// tool and the generators share. Catalog figures: catalogs/network.json (ConnectX-7 400 Gb/s
// VPI, QM9700 64 x 400 Gb/s InfiniBand, SN5600 64 x 800 Gb/s Ethernet, EFA v4 400 Gb/s).
#include "test_catalog_support.hpp"
#include "model/topology/rules.hpp"

#include "model/design/link_defaults.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

using namespace model;

namespace {
using testsupport::catalog;

Id add(Design& d, NodeKind kind, const std::string& model, const std::string& nic = {}, std::optional<int> nics = {})
{
    Node n;
    n.kind = kind;
    n.model = model;
    n.name = model + "-" + std::to_string(d.nodes().size() + 1);
    n.nicModel = nic;
    n.nicCount = nics;
    return d.addNode(n);
}
} // namespace

TEST_CASE("default link: the switch decides the protocol, the slower end the rate", "[design][defaults]")
{
    struct Case {
        const char* server;
        const char* nic;      // override; empty = the server's (DGX H100: ConnectX-7 400G)
        const char* sw;
        LinkMedium medium;
        double gbps;
    };
    const Case cases[] = {
        {"dgx-h100", "", "qm9700", LinkMedium::InfiniBand, 400},               // IB NIC, IB switch
        {"dgx-h100", "", "sn5600", LinkMedium::Ethernet, 400},                 // VPI NIC on Ethernet: Ethernet, 400 < 800
        {"dgx-h100", "connectx-8-800g", "sn5600", LinkMedium::Ethernet, 800},  // both 800
        {"dgx-h100", "connectx-8-800g", "qm9700", LinkMedium::InfiniBand, 400}, // switch port 400 is slower
        {"dgx-h100", "connectx-6-200g", "qm8700", LinkMedium::InfiniBand, 200},
        {"dgx-h100", "efa-v4-400g", "sn5400", LinkMedium::Ethernet, 400},      // EFA runs over Ethernet
        {"dgx-h100", "", "meta-minipack2", LinkMedium::Ethernet, 400},          // speed and ports unpublished: the NIC rate, any port
    };
    for (const Case& c : cases) {
        INFO(c.server << " " << c.nic << " -> " << c.sw);
        for (bool serverFirst : {true, false}) {
            Design d;
            const Id s = add(d, NodeKind::Server, c.server, c.nic);
            const Id w = add(d, NodeKind::Switch, c.sw);
            const auto l = serverFirst ? defaultLink(d, catalog(), s, w) : defaultLink(d, catalog(), w, s);
            REQUIRE(l.has_value());
            CHECK(l->medium == c.medium);
            CHECK(l->laneSpeed.inGbps() == Approx(c.gbps));
            CHECK(l->lanes == 1);
            CHECK(l->count == 1);
            CHECK(l->id == 0);
            CHECK(l->a.node == (serverFirst ? s : w));
            const Endpoint& atServer = serverFirst ? l->a : l->b;
            const Endpoint& atSwitch = serverFirst ? l->b : l->a;
            CHECK(atServer.port == 0);
            CHECK(atSwitch.port == (catalog().switchModel(c.sw)->ports > 0 ? 0 : -1)); // unknown port count: any port
        }
    }
}

TEST_CASE("default link: servers wired directly, switches together, unknown models", "[design][defaults]")
{
    Design d;
    const Id ib = add(d, NodeKind::Server, "dgx-h100");                        // ConnectX-7, InfiniBand first
    const Id eth = add(d, NodeKind::Server, "dgx-h100", "thor2-400g");         // Ethernet only
    const Id leaf = add(d, NodeKind::Switch, "sn5600");
    const Id spine = add(d, NodeKind::Switch, "qm9700");
    const Id mystery = add(d, NodeKind::Server, "no-such-server");

    // Between servers the first end's NIC decides.
    CHECK(defaultLink(d, catalog(), ib, eth)->medium == LinkMedium::InfiniBand);
    CHECK(defaultLink(d, catalog(), eth, ib)->medium == LinkMedium::Ethernet);
    // Between switches the first end decides; the rate is the slower port.
    CHECK(defaultLink(d, catalog(), leaf, spine)->medium == LinkMedium::Ethernet);
    CHECK(defaultLink(d, catalog(), spine, leaf)->medium == LinkMedium::InfiniBand);
    CHECK(defaultLink(d, catalog(), leaf, spine)->laneSpeed.inGbps() == Approx(400));
    // An unknown model offers nothing: the other end decides; unknown ports are "any" (-1).
    const auto m = defaultLink(d, catalog(), mystery, leaf);
    REQUIRE(m.has_value());
    CHECK(m->medium == LinkMedium::Ethernet);
    CHECK(m->laneSpeed.inGbps() == Approx(800));
    CHECK(m->a.port == -1);
    // Nothing known at either end: InfiniBand at the Link default rate.
    const Id mystery2 = add(d, NodeKind::Server, "no-such-server");
    const auto none = defaultLink(d, catalog(), mystery, mystery2);
    REQUIRE(none.has_value());
    CHECK(none->medium == LinkMedium::InfiniBand);
    CHECK(none->laneSpeed.inGbps() == Approx(Link{}.laneSpeed.inGbps()));
    // Refused: missing node, same node.
    CHECK_FALSE(defaultLink(d, catalog(), ib, 999).has_value());
    CHECK_FALSE(defaultLink(d, catalog(), ib, ib).has_value());
}

TEST_CASE("default link: each new link takes the next free port, -1 once all are taken", "[design][defaults]")
{
    for (int nics : {1, 2, 8}) {
        INFO(nics << " NICs");
        Design d;
        const Id s = add(d, NodeKind::Server, "dgx-h100", "", nics);
        const Id w = add(d, NodeKind::Switch, "qm9700");
        for (int i = 0; i < nics + 2; ++i) {
            const auto l = defaultLink(d, catalog(), s, w);
            REQUIRE(l.has_value());
            CHECK(l->a.port == (i < nics ? i : -1)); // the server's port is its NIC, its rail
            CHECK(l->b.port == i);                   // the QM9700 has 64 ports
            d.addLink(*l);
        }
        CHECK(nextFreePort(d, w, 64) == nics + 2);
        CHECK(nextFreePort(d, w, 0) == -1);
    }
}

TEST_CASE("a bundle that grows keeps clear of its neighbours' ports", "[design][defaults]")
{
    // helper-80: two DGX H100 wired to one leaf (leaf ports 0 and 1); link 1 set to 8 cables took
    // leaf ports 0-7 and clashed with link 2 on port 1, a port the inspector could not change.
    Design d;
    const Id s1 = add(d, NodeKind::Server, "dgx-h100"), s2 = add(d, NodeKind::Server, "dgx-h100");
    const Id leaf = add(d, NodeKind::Switch, "qm9700");
    const Id l1 = d.addLink(*defaultLink(d, catalog(), s1, leaf));
    const Id l2 = d.addLink(*defaultLink(d, catalog(), s2, leaf));
    REQUIRE(d.link(l1)->b.port == 0);
    REQUIRE(d.link(l2)->b.port == 1);
    CHECK(portRunFor(d, leaf, 0, 64, 1, l1) == 0);   // one cable: its own port
    CHECK(portRunFor(d, leaf, 0, 64, 8, l1) == 2);   // eight: the first free run, 2-9
    CHECK(portRunFor(d, s1, 0, 8, 8, l1) == 0);      // the server's 8 NICs hold all eight
    CHECK(portRunFor(d, leaf, 1, 64, 63, l2) == 1);  // 1-63 is free of link 1 (port 0)
    CHECK(portRunFor(d, leaf, 0, 64, 64, l1) == 0);  // no free run of 64: unchanged, the rules say so
    CHECK(portRunFor(d, leaf, -1, 64, 8, l1) == -1); // "any port" stays
    CHECK(portRunFor(d, leaf, 0, 0, 8, l1) == 0);    // ports unknown: unchanged
    Link grown = *d.link(l1);
    grown.count = 8;
    grown.b.port = portRunFor(d, leaf, grown.b.port, 64, 8, l1);
    d.updateLink(grown);
    CHECK_FALSE([&] {
        for (const auto& f : topology::checkDesign(d, catalog()).findings)
            if (f.rule == "switch-port-conflict") return true;
        return false;
    }());
}

TEST_CASE("generated fabrics follow the same link rules as the wire tool", "[design][defaults][generate]")
{
    using namespace topology;
    std::vector<std::pair<std::string, Design>> designs;
    for (const char* sw : {"qm9700", "qm8700", "q3400"}) {
        FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = 8;
        o.switchModel = sw;
        designs.emplace_back(std::string("fat tree on ") + sw, generateFatTree(catalog(), o));
    }
    FatTreeOptions roce;
    roce.server = "hgx-h100-8gpu";
    roce.nodes = 16;
    roce.switchModel = "sn5600";
    roce.nicModel = "bluefield-3-400g";
    designs.emplace_back("roce on sn5600", generateRoceFabric(catalog(), roce));
    RentedOptions rented;
    rented.server = "hgx-h100-8gpu";
    rented.nodes = 8;
    rented.perNodeGbps = 3200;
    rented.pricePerGpuHourUsd = 3;
    designs.emplace_back("rented", generateRented(catalog(), rented));

    for (const auto& [what, d] : designs) {
        INFO(what);
        int checked = 0;
        for (const auto& [id, l] : d.links()) {
            const Node* a = d.node(l.a.node);
            const Node* b = d.node(l.b.node);
            if (a->kind != NodeKind::Server && b->kind != NodeKind::Server) continue; // bundles between switches
            const auto drawn = defaultLink(d, catalog(), l.a.node, l.b.node);
            REQUIRE(drawn.has_value());
            CHECK(drawn->medium == l.medium);
            CHECK(drawn->laneSpeed.inGbps() == Approx(l.laneSpeed.inGbps()));
            ++checked;
        }
        CHECK(checked > 0);
    }
}

TEST_CASE("default node: unique names per kind and model, leaf tier for switches", "[design][defaults]")
{
    Design d;
    const Node first = defaultNode(d, NodeKind::Server, "dgx-h100", {10, 20});
    CHECK(first.name == "dgx-h100-01");
    CHECK(first.position == Point{10, 20});
    CHECK(first.tier == SwitchTier::None);
    CHECK(first.nicModel.empty());
    CHECK_FALSE(first.nicCount.has_value());
    d.addNode(first);
    CHECK(defaultNode(d, NodeKind::Server, "dgx-h100", {}).name == "dgx-h100-02");
    CHECK(defaultNode(d, NodeKind::Server, "dgx-b200", {}).name == "dgx-b200-01");
    const Node leaf = defaultNode(d, NodeKind::Switch, "qm9700", {});
    CHECK(leaf.name == "leaf-01");
    CHECK(leaf.tier == SwitchTier::Leaf);
    CHECK(leaf.pfcEcn);
    // A name already taken by hand is skipped.
    Node taken = defaultNode(d, NodeKind::Server, "dgx-h100", {});
    taken.name = "dgx-h100-02";
    d.addNode(taken);
    Node other = taken;
    other.id = 0;
    other.name = "dgx-h100-03";
    d.addNode(other);
    CHECK(uniqueNodeName(d, NodeKind::Server, "dgx-h100") == "dgx-h100-04");
    for (int i = 0; i < 12; ++i) d.addNode(defaultNode(d, NodeKind::Switch, "sn5600", {}));
    CHECK(uniqueNodeName(d, NodeKind::Switch, "qm9700") == "leaf-13");
}

TEST_CASE("a switch dropped on a generated fabric is the next leaf in its style - not counted with the spines",
          "[design][names]")
{
    // The SuperPOD unit's 8 leaves and 4 spines made a dropped QM9700 "leaf-13".
    const Design d = loadDesign(bundledTemplateDirectory() + "/superpod-h100-1su.json");
    CHECK(uniqueNodeName(d, NodeKind::Switch, "qm9700") == "leaf-9");
    Design more = d;
    Node spine = defaultNode(d, NodeKind::Switch, "qm9700", {});
    spine.name = "spine-9";
    spine.tier = SwitchTier::Spine;
    more.addNode(spine);
    CHECK(uniqueNodeName(more, NodeKind::Switch, "qm9700") == "leaf-9");
    more.addNode(defaultNode(more, NodeKind::Switch, "qm9700", {}));
    CHECK(uniqueNodeName(more, NodeKind::Switch, "qm9700") == "leaf-10");
    // No leaf numbered yet: one more than the leaves placed, two digits.
    Design spinesOnly;
    spinesOnly.addNode(spine);
    CHECK(uniqueNodeName(spinesOnly, NodeKind::Switch, "qm9700") == "leaf-01");
    // Names that merely start like one ("leaf-2a", "leaf-") are not numbers of the series.
    Node odd = spine;
    odd.name = "leaf-2a";
    odd.tier = SwitchTier::Leaf;
    spinesOnly.addNode(odd);
    CHECK(uniqueNodeName(spinesOnly, NodeKind::Switch, "qm9700") == "leaf-02");
}
