// DesignCheckpoint: the copy kept current from noted ids equals a full copy after every edit.
#include "model/design/design_checkpoint.hpp"

#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>
#include <vector>

using namespace model;

namespace {

Node node(NodeKind kind, const std::string& model, const std::string& name)
{
    Node n;
    n.kind = kind;
    n.model = model;
    n.name = name;
    if (kind == NodeKind::Switch) n.tier = SwitchTier::Leaf;
    return n;
}

Link cable(Id a, Id b, int port)
{
    Link l;
    l.a = {a, port};
    l.b = {b, port};
    return l;
}

/// Everything a full copy would carry.
void requireSame(const Design& copy, const Design& live)
{
    REQUIRE(copy.nodes() == live.nodes());
    REQUIRE(copy.links() == live.links());
    REQUIRE(copy.name == live.name);
    REQUIRE(copy.analysis == live.analysis);
    REQUIRE(copy.peekNextId() == live.peekNextId());
    for (const auto& [id, n] : live.nodes()) REQUIRE(copy.linksOf(id).size() == live.linksOf(id).size());
}

/// `servers` servers, each cabled to one of `servers / 4 + 1` leaves.
Design star(int servers)
{
    Design d;
    std::vector<Id> leaves;
    for (int i = 0; i <= servers / 4; ++i) leaves.push_back(d.addNode(node(NodeKind::Switch, "qm9700", "leaf" + std::to_string(i))));
    for (int i = 0; i < servers; ++i) {
        const Id s = d.addNode(node(NodeKind::Server, "dgx-h100", "srv" + std::to_string(i)));
        d.addLink(cable(s, leaves[static_cast<std::size_t>(i) / 4], i % 4 + 1));
    }
    return d;
}

} // namespace

TEST_CASE("a checkpoint brought up to date from noted ids equals a full copy after every edit", "[design][checkpoint]")
{
    const int servers = GENERATE(1, 8, 64);
    Design live = star(servers);
    DesignCheckpoint cp;
    cp.reset(live);
    requireSame(cp.design(), live);
    REQUIRE_FALSE(cp.pending());

    std::mt19937 rng(static_cast<unsigned>(servers));
    for (int edit = 0; edit < 60; ++edit) {
        // One edit of one to three primitive changes, each noted as DesignEditor notes it.
        const int changes = 1 + static_cast<int>(rng() % 3);
        for (int c = 0; c < changes; ++c) {
            std::vector<Id> nodeIds, linkIds;
            for (const auto& [id, n] : live.nodes()) nodeIds.push_back(id);
            for (const auto& [id, l] : live.links()) linkIds.push_back(id);
            const Id someNode = nodeIds.empty() ? 0 : nodeIds[rng() % nodeIds.size()];
            const Id otherNode = nodeIds.empty() ? 0 : nodeIds[rng() % nodeIds.size()];
            switch (rng() % 7) {
            case 0: cp.noteNode(live.addNode(node(NodeKind::Server, "dgx-h100", "new"))); break;
            case 1: // a node removed: its links first, one by one, as the editor does
                if (!someNode) break;
                for (const Link* l : live.linksOf(someNode)) cp.noteLink(l->id);
                (void)live.removeNode(someNode);
                cp.noteNode(someNode);
                break;
            case 2:
                if (someNode && otherNode && someNode != otherNode)
                    cp.noteLink(live.addLink(cable(someNode, otherNode, 9 + edit)));
                break;
            case 3:
                if (!linkIds.empty()) {
                    const Id l = linkIds[rng() % linkIds.size()];
                    live.removeLink(l);
                    cp.noteLink(l);
                }
                break;
            case 4:
                if (someNode) {
                    live.moveNode(someNode, {10.0 * edit, 20.0 * c});
                    cp.noteNode(someNode);
                }
                break;
            case 5:
                if (!linkIds.empty()) {
                    Link l = *live.link(linkIds[rng() % linkIds.size()]);
                    l.count = l.count % 4 + 1;
                    live.updateLink(l);
                    cp.noteLink(l.id);
                }
                break;
            default:
                live.name = "design " + std::to_string(edit);
                live.analysis["workload"] = edit;
                cp.noteHeader();
            }
        }
        // A node added and removed again inside one edit: its id stays used, as in a copy.
        if (edit % 10 == 0) {
            const Id gone = live.addNode(node(NodeKind::Server, "dgx-h100", "gone"));
            (void)live.removeNode(gone);
            cp.noteNode(gone);
        }
        cp.commit(live);
        REQUIRE_FALSE(cp.pending());
        requireSame(cp.design(), live);
    }
}

TEST_CASE("a checkpoint restores the design of the last commit when an edit fails half way", "[design][checkpoint]")
{
    const int servers = GENERATE(4, 32);
    Design live = star(servers);
    DesignCheckpoint cp;
    cp.reset(live);
    const Id server = live.nodes().rbegin()->first;
    const Design before = live;
    for (const Link* l : live.linksOf(server)) cp.noteLink(l->id);
    (void)live.removeNode(server);
    cp.noteNode(server);
    // Failed here: the live design goes back to the checkpoint, which forgets the notes.
    requireSame(cp.design(), before);
    live = cp.design();
    cp.discardNoted();
    REQUIRE_FALSE(cp.pending());
    REQUIRE(live.nodes().size() == before.nodes().size());
    REQUIRE(live.links().size() == static_cast<std::size_t>(servers));
    cp.commit(live);
    requireSame(cp.design(), before);
}

TEST_CASE("a checkpoint replaced whole, and one that missed a re-wiring, equal the live design after commit",
          "[design][checkpoint]")
{
    Design live = star(8);
    DesignCheckpoint cp;
    cp.reset(live);
    live = star(16);
    cp.noteWhole();
    cp.commit(live);
    requireSame(cp.design(), live);

    // A link re-wired without a note, then its old end removed (noted): the commit sees the
    // link it would lose, says so and starts over from the live design.
    const Id firstLink = live.links().begin()->first;
    Link l = *live.link(firstLink);
    const Id oldEnd = l.a.node;
    const Id other = live.nodes().rbegin()->first;
    l.a.node = other == l.b.node ? live.nodes().begin()->first : other;
    live.updateLink(l);
    for (const Link* x : live.linksOf(oldEnd)) cp.noteLink(x->id);
    (void)live.removeNode(oldEnd);
    cp.noteNode(oldEnd);
    REQUIRE_THROWS_AS(cp.commit(live), std::invalid_argument);
    requireSame(cp.design(), live);
    REQUIRE_FALSE(cp.pending());
}
