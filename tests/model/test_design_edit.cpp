// Design edit requests by id (the operations undo commands are built from) and the atomic save.
#include "model/design/design.hpp"
#include "model/design/node_lookup.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <csignal>

#include <sys/resource.h>
#include <unistd.h>

using namespace model;
namespace fs = std::filesystem;

namespace {
Node server(const std::string& name)
{
    Node n;
    n.kind = NodeKind::Server;
    n.model = "dgx-h100";
    n.name = name;
    return n;
}
Node leaf(const std::string& name)
{
    Node n;
    n.kind = NodeKind::Switch;
    n.model = "qm9700";
    n.name = name;
    n.tier = SwitchTier::Leaf;
    return n;
}
Link cable(Id a, Id b, int port)
{
    Link l;
    l.a = {a, port};
    l.b = {b, port};
    l.laneSpeed = Bandwidth::Gbps(400);
    return l;
}
std::string slurp(const fs::path& p)
{
    std::ifstream in(p);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}
} // namespace

TEST_CASE("removeNode returns the attached links and undo restores the same ids", "[design][edit]")
{
    Design d;
    const Id s1 = d.addNode(server("dgx-1"));
    const Id s2 = d.addNode(server("dgx-2"));
    const Id l1 = d.addNode(leaf("leaf-1"));
    const Id c1 = d.addLink(cable(s1, l1, 0));
    const Id c2 = d.addLink(cable(s2, l1, 1));
    const Id c3 = d.addLink(cable(s1, s2, 2));
    CHECK(s1 == 1);
    CHECK(l1 == 3);
    CHECK(c3 == 6);

    // Do: delete the leaf. Its two cables go with it; the server-server cable stays.
    const Node savedLeaf = *d.node(l1);
    const std::vector<Link> removed = d.removeNode(l1);
    REQUIRE(removed.size() == 2);
    CHECK(removed[0].id == c1);
    CHECK(removed[1].id == c2);
    CHECK_FALSE(d.node(l1));
    CHECK_FALSE(d.link(c1));
    CHECK_FALSE(d.link(c2));
    CHECK(d.link(c3));
    CHECK(d.linksOf(s1).size() == 1);

    // Undo: re-add the node and its links under their old ids.
    CHECK(d.addNode(savedLeaf) == l1);
    for (const Link& l : removed) CHECK(d.addLink(l) == l.id);
    CHECK(*d.node(l1) == savedLeaf);
    CHECK(d.linksOf(l1).size() == 2);
    CHECK(d.linksOf(s1).size() == 2);
    // New items never reuse a live id.
    CHECK(d.addNode(server("dgx-3")) == 7);

    // Redo: same result as the first time.
    CHECK(d.removeNode(l1).size() == 2);
    CHECK(d.links().size() == 1);
}

TEST_CASE("linksAt views the same links as linksOf, in id order, through adds and removals", "[design][edit]")
{
    Design d;
    const Id s1 = d.addNode(server("dgx-1")), s2 = d.addNode(server("dgx-2")), l1 = d.addNode(leaf("leaf-1"));
    const Id lone = d.addNode(server("dgx-lone"));
    const auto same = [&d](Id id) {
        const std::vector<const Link*> copy = d.linksOf(id);
        const auto view = d.linksAt(id);
        return std::vector<const Link*>(view.begin(), view.end()) == copy;
    };
    const Id c1 = d.addLink(cable(s1, l1, 0)), c2 = d.addLink(cable(s2, l1, 1)), c3 = d.addLink(cable(s1, s2, 2));
    for (Id id : {s1, s2, l1, lone}) CHECK(same(id));
    REQUIRE(d.linksAt(l1).size() == 2);
    CHECK(d.linksAt(l1)[0]->id == c1);
    CHECK(d.linksAt(l1)[1]->id == c2);
    CHECK(d.linksAt(s1).size() == 2);
    CHECK(d.linksAt(lone).empty());
    CHECK(d.linksAt(999).empty()); // no such node
    d.removeLink(c1);
    CHECK(d.linksAt(s1).size() == 1);
    CHECK(d.linksAt(s1)[0]->id == c3);
    (void)d.removeNode(l1);
    for (Id id : {s1, s2, lone}) CHECK(same(id));
    CHECK(d.linksAt(l1).empty());
    CHECK(d.linksAt(s2).size() == 1);
}

TEST_CASE("Edit requests that cannot be honoured throw and change nothing", "[design][edit]")
{
    Design d;
    const Id a = d.addNode(server("a"));
    const Id b = d.addNode(leaf("b"));
    const Id c = d.addLink(cable(a, b, 0));
    const auto before = toJson(d);
    Node dup = server("dup");
    dup.id = a;
    CHECK_THROWS_AS(d.addNode(dup), std::invalid_argument);
    CHECK_THROWS_AS(d.addLink(cable(a, 42, 0)), std::invalid_argument);
    CHECK_THROWS_AS(d.addLink(cable(a, a, 0)), std::invalid_argument);
    Link zero = cable(a, b, 1);
    zero.count = 0;
    CHECK_THROWS_AS(d.addLink(zero), std::invalid_argument);
    Link taken = cable(a, b, 1);
    taken.id = c;
    CHECK_THROWS_AS(d.addLink(taken), std::invalid_argument);
    CHECK_THROWS_AS(d.removeNode(99), std::invalid_argument);
    CHECK_THROWS_AS(d.removeLink(99), std::invalid_argument);
    CHECK_THROWS_AS(d.moveNode(99, {1, 2}), std::invalid_argument);
    CHECK(toJson(d) == before);

    d.moveNode(a, {120.5, -40});
    CHECK(d.node(a)->position == Point{120.5, -40});
    Link wider = *d.link(c);
    wider.count = 4;
    d.updateLink(wider);
    CHECK(d.link(c)->total().inGbps() == Approx(1600)); // 4 cables x 400 Gb/s
}

TEST_CASE("A refused link update leaves the link as it was, re-wired or not", "[design][edit]")
{
    Design d;
    const Id a = d.addNode(server("a"));
    const Id b = d.addNode(leaf("b"));
    const Id other = d.addNode(leaf("other"));
    const Id c = d.addLink(cable(a, b, 0));
    const auto before = toJson(d);
    Link toMissing = *d.link(c);
    toMissing.b.node = 42; // re-wired to a node that does not exist
    CHECK_THROWS_AS(d.updateLink(toMissing), std::invalid_argument);
    Link toSelf = *d.link(c);
    toSelf.b.node = a;
    CHECK_THROWS_AS(d.updateLink(toSelf), std::invalid_argument);
    for (int bad : {0, -1}) {
        Link rewired = *d.link(c);
        rewired.b.node = other;
        rewired.count = bad;
        CHECK_THROWS_AS(d.updateLink(rewired), std::invalid_argument);
        Link same = *d.link(c);
        same.lanes = bad;
        CHECK_THROWS_AS(d.updateLink(same), std::invalid_argument);
    }
    CHECK(toJson(d) == before);
    CHECK(d.linksOf(b).size() == 1);
    Link rewired = *d.link(c); // a valid re-wiring keeps the id
    rewired.b = {other, 3};
    d.updateLink(rewired);
    CHECK(d.link(c)->b.node == other);
    CHECK(d.linksOf(b).empty());
    CHECK(d.linksOf(other).size() == 1);
}

TEST_CASE("An atomic save that cannot write leaves the old file intact", "[design][save]")
{
    const fs::path dir = fs::temp_directory_path() / ("cd-test-save-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path target = dir / "design.json";
    Design original;
    original.name = "original";
    original.addNode(server("dgx-1"));
    saveDesign(original, target.string());
    const std::string before = slurp(target);
    REQUIRE(before.find("\"original\"") != std::string::npos);

    Design changed = original;
    changed.name = "changed";
    changed.addNode(leaf("leaf-1"));

    SECTION("writing the temporary file beside the target fails")
    {
        // A file size limit makes write(2) fail with EFBIG, even as root (the temporary file
        // has a fresh random name, so nothing can squat on it).
        std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit old {};
        REQUIRE(::getrlimit(RLIMIT_FSIZE, &old) == 0);
        struct rlimit tiny = old;
        tiny.rlim_cur = 64;
        REQUIRE(::setrlimit(RLIMIT_FSIZE, &tiny) == 0);
        CHECK_THROWS_AS(saveDesign(changed, target.string()), std::runtime_error);
        REQUIRE(::setrlimit(RLIMIT_FSIZE, &old) == 0);
        std::signal(SIGXFSZ, SIG_DFL);
        CHECK(slurp(target) == before);
        CHECK(loadDesign(target.string()).name == "original");
        CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1); // temporary removed
    }
    SECTION("the target directory is not writable")
    {
        fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
        if (::geteuid() == 0) {
            WARN("running as root: directory permissions do not stop root; covered by the other section");
        } else {
            CHECK_THROWS_AS(saveDesign(changed, target.string()), std::runtime_error);
            CHECK(slurp(target) == before);
            CHECK_FALSE(fs::exists(target.string() + ".saving~"));
        }
        fs::permissions(dir, fs::perms::owner_all);
    }
    SECTION("a successful save replaces the file")
    {
        saveDesign(changed, target.string());
        CHECK(loadDesign(target.string()).name == "changed");
        CHECK_FALSE(fs::exists(target.string() + ".saving~"));
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("nodes found by name, kind or tier: the first in id order, 0 when none", "[design]")
{
    Design d;
    const Id s1 = d.addNode(server("dgx-01"));
    const Id l1 = d.addNode(leaf("leaf-1"));
    const Id s2 = d.addNode(server("dgx-02"));
    const Id twin = d.addNode(server("dgx-01")); // names need not be unique
    CHECK(nodeNamed(d, "dgx-01") == s1);
    CHECK(nodeNamed(d, "dgx-02") == s2);
    CHECK(nodeNamed(d, "leaf-1") == l1);
    CHECK(nodeNamed(d, "dgx-03") == 0);
    CHECK(nodeNamed(d, "") == 0);
    CHECK(twin != s1);
    CHECK(firstNode(d, [](const Node& n) { return n.tier == SwitchTier::Leaf; }) == l1);
    CHECK(firstNode(d, [](const Node& n) { return n.kind == NodeKind::Server; }) == s1);
    CHECK(firstNode(d, [](const Node& n) { return n.tier == SwitchTier::Spine; }) == 0);
    CHECK(nodeNamed(Design{}, "dgx-01") == 0);
}
