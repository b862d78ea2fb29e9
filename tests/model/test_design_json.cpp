// Design files: JSON round-trip of the bundled default template with stable ids, and
// malformed designs (tests/data/design/) that must give an InputError naming the file, the
// entry and the field, never a crash.
#include "test_catalog_support.hpp"
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

using namespace model;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {
std::string data(const std::string& name) { return std::string(CD_TEST_DATA_DIR "/design/") + name; }
using testsupport::has;

/// A fresh empty directory under the system temp folder, removed when the test ends.
struct TempDir {
    fs::path path;
    explicit TempDir(const std::string& tag)
    {
        path = fs::temp_directory_path() / ("cd-test-" + tag + "-" + std::to_string(::getpid()));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir()
    {
        std::error_code ec;
        fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
        fs::remove_all(path, ec);
    }
};

void expectDesignError(const std::string& name, const std::string& entry, const std::string& field, const std::string& expected)
{
    INFO(name);
    try {
        (void)loadDesign(data(name));
        FAIL("no InputError for " << name);
    } catch (const InputError& e) {
        INFO(e.what());
        CHECK(e.file() == data(name));
        CHECK(e.entry() == entry);
        CHECK(e.field() == field);
        CHECK(has(e.problem(), expected));
        CHECK(has(e.what(), data(name)));
    }
}

std::set<Id> nodeIds(const Design& d)
{
    std::set<Id> s;
    for (const auto& [id, n] : d.nodes()) s.insert(id);
    return s;
}
} // namespace

TEST_CASE("The default template survives load -> save -> load unchanged, ids included", "[design][json]")
{
    const Design original = loadDesign(defaultDesignPath());
    const json first = toJson(original);
    // One scalable unit: 32 DGX H100, 8 rail leaves, 4 spines.
    int servers = 0, switches = 0;
    for (const auto& [id, n] : original.nodes()) (n.kind == NodeKind::Server ? servers : switches)++;
    CHECK(servers == 32);
    CHECK(switches == 12);
    original.validateAgainst(Catalog::loadBundled(), defaultDesignPath());
    CHECK(original.gpuCount(Catalog::loadBundled()) == 256);

    TempDir dir("roundtrip");
    const std::string path = (dir.path / "copy.json").string();
    saveDesign(original, path);
    const Design again = loadDesign(path);
    CHECK(toJson(again) == first);
    CHECK(nodeIds(again) == nodeIds(original));
    for (const auto& [id, l] : original.links()) {
        REQUIRE(again.link(id));
        CHECK(*again.link(id) == l);
    }
    CHECK(again.peekNextId() == original.peekNextId());
    // The file on disk is exactly that JSON with the format name and version.
    std::ifstream in(path);
    const json onDisk = json::parse(in);
    CHECK(onDisk == first);
    CHECK(onDisk["format"] == "cluster-designer-design");
    CHECK(onDisk["version"] == 1);
    CHECK_FALSE(fs::exists(path + ".saving~")); // no temporary left behind
    CHECK(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator()) == 1);
}

TEST_CASE("A small design keeps node fields and link rates through JSON", "[design][json]")
{
    const Design d = loadDesign(data("good_small.json"));
    REQUIRE(d.node(2));
    CHECK(d.node(2)->tier == SwitchTier::Leaf);
    CHECK(d.node(2)->pfcEcn); // default: PFC/ECN configured (only matters on Ethernet)
    REQUIRE(d.link(3));
    CHECK(d.link(3)->perCable().inGbps() == Approx(400));
    CHECK(d.link(3)->perCable().inGBps() == Approx(50));
    CHECK(designFromJson(toJson(d), "mem").nodes().size() == 2);
}

TEST_CASE("Malformed designs name file, entry, field and what was expected", "[design][json][validation]")
{
    expectDesignError("bad_format.json", "", "format", "expected \"cluster-designer-design\"");
    // A newer file says so (it said "expected an integer from 1 to 1, got 2").
    expectDesignError("version2.json", "", "version",
                      "this file was saved by a newer Cluster Designer (design format version 2; this one reads version 1): open it with "
                      "that version or a later one");
    expectDesignError("link_to_missing_node.json", "links[0]", "b.node", "expected the id of a node in \"nodes\", got 99");
    expectDesignError("duplicate_id.json", "nodes[1]", "id", "expected a unique id");
    expectDesignError("link_id_taken.json", "links[0]", "id", "expected a unique id");
    expectDesignError("self_link.json", "links[0]", "b.node", "itself");
    expectDesignError("wrong_type_position.json", "nodes[0]", "x", "expected a number");
    expectDesignError("wrong_type_lanes.json", "links[0]", "lanes", "expected an integer from 1 to 1024, got \"four\"");
    expectDesignError("absurd_lane_speed.json", "links[0]", "lane_speed_Gbps", "expected at most 10000 Gb/s per lane, got 1000000");
    expectDesignError("text_lane_speed.json", "links[0]", "lane_speed_Gbps", "expected a number from 0.001 to 10000, got \"fast\"");
    expectDesignError("bad_kind.json", "nodes[1]", "kind", "expected one of \"server\", \"switch\"");
    expectDesignError("nodes_not_array.json", "", "nodes", "expected an array");
    CHECK_THROWS_AS(loadDesign(data("no_such_design.json")), InputError);
    CHECK_THROWS_AS(loadDesign(std::string(CD_TEST_DATA_DIR "/catalog/empty.json")), InputError);
}

TEST_CASE("A design naming hardware the catalog lacks is rejected by node and field", "[design][validation]")
{
    const Design d = loadDesign(data("unknown_model.json"));
    try {
        d.validateAgainst(Catalog::loadBundled(), data("unknown_model.json"));
        FAIL("no InputError");
    } catch (const InputError& e) {
        CHECK(e.file() == data("unknown_model.json"));
        CHECK(e.entry() == "dgx-1");
        CHECK(e.field() == "model");
        CHECK(has(e.problem(), "dgx-h999"));
    }
}
