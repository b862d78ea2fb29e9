// Hostile input (issue 13): numbers beyond double range, absurd magnitudes and negatives in
// every numeric field of designs, catalogs and the price table, nesting that would overflow
// the stack, files over the size limit, and the bom crash on a generator kind that is no
// string. Each is refused with an InputError naming file, entry, field and the range, never
// an escaping nlohmann exception.
#include "test_catalog_support.hpp"

#include "model/analysis/training.hpp"
#include "model/catalog/catalog.hpp"
#include "model/cost/price_table.hpp"
#include "model/design/design.hpp"
#include "model/io/json_fields.hpp"
#include "model/results/results_snapshot.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace model;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {
std::string designData(const std::string& name) { return std::string(CD_TEST_DATA_DIR "/design/") + name; }
std::string catalogData(const std::string& name) { return std::string(CD_TEST_DATA_DIR "/catalog/") + name; }
using testsupport::has;

json readJson(const std::string& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

/// Runs `fn`, which must throw InputError; returns it.
template <class Fn>
InputError refusal(Fn&& fn)
{
    try {
        fn();
    } catch (const InputError& e) {
        return e;
    }
    FAIL("no InputError");
    throw std::logic_error("unreachable");
}
} // namespace

TEST_CASE("bom on a design whose generator kind is a number or a boolean: refused on load, never a type_error",
          "[robustness][design][bom]")
{
    // Issue 13: `bom` died with nlohmann's type_error ("type must be string") on these files.
    for (const char* name : {"generator_kind_number.json", "generator_kind_bool.json"}) {
        INFO(name);
        const InputError e = refusal([&] { (void)loadDesign(designData(name)); });
        CHECK(e.file() == designData(name));
        CHECK(e.entry() == "analysis.generator");
        CHECK(e.field() == "kind");
        CHECK(has(e.problem(), "expected a string"));
    }
    // A design built in code (the GUI's analysis settings) with such a kind: the BOM counts
    // racks as owned instead of throwing.
    Design d = loadDesign(designData("good_small.json"));
    for (const json& kind : {json(7), json(true), json(nullptr), json::array()}) {
        d.analysis["generator"] = {{"kind", kind}};
        topology::Bom b;
        REQUIRE_NOTHROW(b = topology::computeBom(d, testsupport::bundledCatalog()));
        CHECK_FALSE(b.rented);
    }
    d.analysis["generator"] = {{"kind", "rented"}};
    CHECK(topology::computeBom(d, testsupport::bundledCatalog()).rented);
}

TEST_CASE("Numbers beyond double range and nesting deeper than the limit are refused naming the file",
          "[robustness][json]")
{
    const InputError overflow = refusal([] { (void)loadDesign(designData("number_overflow.json")); });
    CHECK(overflow.file() == designData("number_overflow.json"));
    CHECK(has(overflow.problem(), "out of range"));

    const InputError far = refusal([] { (void)loadDesign(designData("absurd_coordinate.json")); });
    CHECK(far.entry() == "nodes[0]");
    CHECK(far.field() == "y");
    CHECK(has(far.problem(), "expected a number from -1e+09 to 1e+09, got 1e+300"));

    const InputError deep = refusal([] { (void)loadDesign(designData("deep_nesting.json")); });
    CHECK(has(deep.problem(), "nested deeper than " + std::to_string(io::kMaxJsonDepth)));

    // Exactly at the limit parses; one deeper does not (strings holding brackets do not count).
    const std::string atLimit = std::string(io::kMaxJsonDepth, '[') + "\"[[{{\"" + std::string(io::kMaxJsonDepth, ']');
    CHECK_NOTHROW(io::parseJson(atLimit, "t.json"));
    CHECK_THROWS_AS(io::parseJson("[" + atLimit + "]", "t.json"), InputError);
    CHECK_THROWS_AS(io::parseJson("{\"a\": -1e400}", "t.json"), InputError);
    CHECK_THROWS_AS(io::parseJson("{\"a\": NaN}", "t.json"), InputError);
    CHECK_THROWS_AS(io::parseJson("{\"a\": Infinity}", "t.json"), InputError);
}

TEST_CASE("A user catalog with a number beyond double range is skipped and reported, not thrown",
          "[robustness][catalog]")
{
    Catalog c = testsupport::bundledCatalog();
    REQUIRE_NOTHROW(c.loadFile(catalogData("number_overflow.json"), CatalogStrictness::Lenient));
    REQUIRE(c.problems().size() == 1);
    CHECK(c.problems()[0].file() == catalogData("number_overflow.json"));
    CHECK(c.gpu("user-gpu-overflow") == nullptr);

    Catalog strict;
    const InputError e = refusal([&] { strict.loadFile(catalogData("absurd_hbm.json")); });
    CHECK(e.entry() == "user-gpu-absurd");
    CHECK(e.field() == "hbm_bandwidth_GBps");
    CHECK(has(e.problem(), "expected a number from 0 to 1000000, got 1e+300"));
}

TEST_CASE("Every numeric field of every bundled catalog entry refuses 1e300 and -1 naming entry and field",
          "[robustness][catalog]")
{
    int checked = 0;
    for (const auto& file : fs::directory_iterator(Catalog::bundledDirectory())) {
        if (file.path().extension() != ".json") continue;
        const json doc = readJson(file.path().string());
        if (doc.value("format", "") != "cluster-designer-catalog") continue;
        for (auto section = doc.begin(); section != doc.end(); ++section) {
            if (!section->is_array()) continue;
            for (const json& entry : *section) {
                for (auto field = entry.begin(); field != entry.end(); ++field) {
                    if (!field->is_number()) continue;
                    for (const double bad : {1e300, -1.0}) {
                        json one = {{"format", "cluster-designer-catalog"}, {"version", 1}, {section.key(), json::array({entry})}};
                        one[section.key()][0][field.key()] = bad;
                        const std::string where = section.key() + " " + entry["id"].get<std::string>() + "." + field.key();
                        INFO(where << " = " << bad);
                        Catalog c;
                        const InputError e = refusal([&] { c.loadJson(one, "hostile.json"); });
                        CHECK(e.file() == "hostile.json");
                        CHECK(e.entry() == entry["id"].get<std::string>());
                        CHECK(e.field() == field.key());
                        CHECK((has(e.problem(), "expected a number from") || has(e.problem(), "expected an integer from") ||
                               has(e.problem(), "expected 0")));
                        ++checked;
                    }
                }
            }
        }
    }
    CHECK(checked > 1000); // every numeric field of about 90 entries, twice
}

TEST_CASE("Every numeric field of a design refuses absurd magnitudes naming entry and field", "[robustness][design]")
{
    const json good = readJson(designData("good_small.json"));
    struct Case { std::string section; int index; std::vector<std::string> path; std::string entry, field; bool negativeMeaningful; };
    const std::vector<Case> cases = {
        {"nodes", 0, {"id"}, "nodes[0]", "id", false},
        {"nodes", 0, {"x"}, "nodes[0]", "x", true}, // canvas coordinates may be negative
        {"nodes", 0, {"y"}, "nodes[0]", "y", true},
        {"nodes", 0, {"nic_count"}, "nodes[0]", "nic_count", false},
        {"links", 0, {"id"}, "links[0]", "id", false},
        {"links", 0, {"lane_speed_Gbps"}, "links[0]", "lane_speed_Gbps", false},
        {"links", 0, {"lanes"}, "links[0]", "lanes", false},
        {"links", 0, {"count"}, "links[0]", "count", false},
        {"links", 0, {"a", "node"}, "links[0].a", "node", false},
        {"links", 0, {"b", "port"}, "links[0].b", "port", false}, // -1 alone means "any port"
    };
    for (const Case& c : cases) {
        for (const double bad : {1e300, -1e300, 1e10, -2.0}) {
            if (bad == -2.0 && c.negativeMeaningful) continue;
            json doc = good;
            json* v = &doc[c.section][c.index];
            for (const auto& p : c.path) v = &(*v)[p];
            *v = bad;
            INFO(c.entry << "." << c.field << " = " << bad);
            const InputError e = refusal([&] { (void)designFromJson(doc, "hostile.json"); });
            CHECK(e.entry() == c.entry);
            CHECK(e.field() == c.field);
            CHECK((has(e.problem(), "expected a number from") || has(e.problem(), "expected an integer from") ||
                   has(e.problem(), "expected at most")));
        }
    }
    // The analysis block keeps extra settings verbatim, but no absurd number among them.
    json doc = good;
    doc["analysis"] = {{"generator", {{"kind", "fat-tree"}, {"nodes", 1e300}}}};
    const InputError e = refusal([&] { (void)designFromJson(doc, "hostile.json"); });
    CHECK(e.entry() == "analysis");
    CHECK(e.field() == "generator.nodes");
}

TEST_CASE("A workload number out of its range is refused with the field's own range - not the generic bound",
          "[robustness][design][training]")
{
    // The design loads (the workload dialog can mend it); analysing it names the field's range.
    // The generic bound ("from -1e+15 to 1e+15") spoke first for 1e20 and offered negatives.
    const json good = readJson(designData("good_small.json"));
    struct Case { std::vector<std::string> path; std::string entry, field, range; };
    const std::vector<Case> cases = {
        {{"model", "params"}, "analysis.model", "params", "expected a number from 0 to 1e+15"},
        {{"model", "layers"}, "analysis.model", "layers", "expected an integer from 1 to 10000"},
        {{"tp"}, "analysis", "tp", "expected an integer from 0 to 65536"},
        {{"micro_batch"}, "analysis", "micro_batch", "expected an integer from 1 to 1048576"},
        {{"compute_efficiency"}, "analysis", "compute_efficiency", "expected a number from 0 to 1"},
    };
    const json model = {{"name", "mine"}, {"layers", 4}, {"hidden", 1024}, {"heads", 8}, {"seq_len", 2048}, {"vocab", 32000}};
    for (const Case& c : cases) {
        for (const double bad : {1e20, 1e300, -5.0}) {
            json doc = good;
            doc["analysis"] = {{"model", model}};
            json* v = &doc["analysis"];
            for (const auto& p : c.path) v = &(*v)[p];
            *v = bad;
            INFO(c.entry << "." << c.field << " = " << bad);
            const Design d = designFromJson(doc, "workload.json");
            const InputError e = refusal([&] { (void)analysis::trainingConfigFromJson(d.analysis, "workload.json"); });
            CHECK(e.entry() == c.entry);
            CHECK(e.field() == c.field);
            CHECK(e.problem().rfind(c.range + ", got ", 0) == 0);
        }
    }
    // A number the engine does not read keeps the generic bound.
    json doc = good;
    doc["analysis"] = {{"model", model}, {"note_count", 1e20}};
    doc["analysis"]["model"]["extra"] = 1e20;
    const InputError e = refusal([&] { (void)designFromJson(doc, "hostile.json"); });
    CHECK(e.entry() == "analysis");
    CHECK((e.field() == "model.extra" || e.field() == "note_count"));
}

TEST_CASE("Every numeric field of the price table refuses absurd magnitudes and negatives", "[robustness][prices]")
{
    const json bundled = readJson(cost::bundledPricesPath());
    REQUIRE_NOTHROW(cost::priceTableFromJson(bundled, "prices.json"));
    int checked = 0;
    auto sweep = [&](const std::string& entry, auto locate) {
        json probe = bundled;
        const json row = locate(probe);
        for (auto field = row.begin(); field != row.end(); ++field) {
            if (!field->is_number() || field.key() == "data_year") continue;
            for (const double bad : {1e300, -1.0}) {
                json doc = bundled;
                locate(doc)[field.key()] = bad;
                INFO(entry << "." << field.key() << " = " << bad);
                const InputError e = refusal([&] { (void)cost::priceTableFromJson(doc, "prices.json"); });
                CHECK(e.entry() == entry);
                CHECK(e.field() == field.key());
                CHECK((has(e.problem(), "expected a number from") || has(e.problem(), "expected an integer from")));
                ++checked;
            }
        }
    };
    for (const char* section : {"purchase", "rent", "node_power", "pue"})
        for (std::size_t i = 0; i < bundled[section].size(); ++i)
            sweep(std::string(section) + "[" + std::to_string(i) + "]", [&](json& d) -> json& { return d[section][i]; });
    sweep("electricity.states[0]", [](json& d) -> json& { return d["electricity"]["states"][0]; });
    sweep("defaults", [](json& d) -> json& { return d["defaults"]; });
    CHECK(checked > 200);
}

TEST_CASE("A file over the size limit is refused before it is read, naming the limit", "[robustness][json]")
{
    const fs::path dir = fs::temp_directory_path() / ("cd-test-limits-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    // A sparse file one byte over the design limit: refusing it must not need reading it.
    const fs::path big = dir / "huge.json";
    { std::ofstream(big) << ' '; }
    fs::resize_file(big, kMaxDesignFileBytes + 1);
    const InputError e = refusal([&] { (void)loadDesign(big.string()); });
    CHECK(e.file() == big.string());
    CHECK(has(e.problem(), "larger than 64 MiB are refused before reading"));

    // The same rule for catalogs and price tables, with their own limits.
    fs::resize_file(big, Catalog::kMaxFileBytes + 1);
    Catalog c;
    CHECK(has(refusal([&] { c.loadFile(big.string()); }).problem(), "larger than 8 MiB"));
    CHECK(has(refusal([&] { (void)cost::loadPriceTable(big.string()); }).problem(), "larger than 8 MiB"));

    // A small limit applies to a file exactly one byte over it; a folder is no file.
    { std::ofstream(dir / "small.json") << "[1, 2, 3]"; }
    CHECK(io::readJsonFile((dir / "small.json").string(), 9) == json({1, 2, 3}));
    CHECK(has(refusal([&] { (void)io::readJsonFile((dir / "small.json").string(), 8); }).problem(), "larger than 8 bytes"));
    CHECK(has(refusal([&] { (void)io::readJsonFile(dir.string()); }).problem(), "is a folder"));
    fs::remove_all(dir);
}

namespace {
/// Resident memory of this process now (VmRSS) and at its peak (VmHWM), MiB.
std::pair<double, double> residentMiB()
{
    std::ifstream status("/proc/self/status");
    std::string key;
    double rss = 0, hwm = 0, kb = 0;
    while (status >> key) {
        if (key == "VmRSS:" && status >> kb) rss = kb / 1024.0;
        else if (key == "VmHWM:" && status >> kb) hwm = kb / 1024.0;
        status.ignore(4096, '\n');
    }
    return {rss, hwm};
}

/// `servers` DGX H100 servers, one QM9700 leaf per 24 of them and one link each: a design of
/// servers + servers / 24 nodes as its JSON document.
json wideDesign(int servers)
{
    json nodes = json::array(), links = json::array();
    const int leaves = servers / 24;
    Id next = 1;
    for (int i = 0; i < leaves; ++i)
        nodes.push_back({{"id", next++}, {"kind", "switch"}, {"model", "qm9700"}, {"name", "leaf-" + std::to_string(i)},
                         {"tier", "leaf"}, {"x", i * 100.0}, {"y", 0.0}});
    for (int i = 0; i < servers; ++i) {
        const Id server = next++;
        nodes.push_back({{"id", server}, {"kind", "server"}, {"model", "dgx-h100"}, {"name", "dgx-" + std::to_string(i)},
                         {"x", i * 10.0}, {"y", 400.0}});
        links.push_back({{"id", 10000000 + server}, {"a", {{"node", server}, {"port", 0}}},
                         {"b", {{"node", 1 + i / 24}, {"port", i % 24}}}, {"medium", "infiniband"},
                         {"lane_speed_Gbps", 400.0}, {"lanes", 1}});
    }
    return {{"format", "cluster-designer-design"}, {"version", 1}, {"name", "wide"}, {"nodes", nodes}, {"links", links}};
}
} // namespace

TEST_CASE("A design of 100000 nodes loads in bounded memory and one node more is refused naming the limit",
          "[robustness][design][size]")
{
    REQUIRE(kMaxDesignNodes == 100000);
    const fs::path dir = fs::temp_directory_path() / ("cd-test-wide-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const std::string path = (dir / "wide.json").string();
    {
        const json doc = wideDesign(96000); // 96,000 servers + 4,000 leaves = 100,000 nodes
        REQUIRE(doc["nodes"].size() == kMaxDesignNodes);
        std::ofstream(path) << doc.dump(1);
    }
    const double fileMiB = static_cast<double>(fs::file_size(path)) / (1 << 20);
    CHECK(fileMiB < static_cast<double>(kMaxDesignFileBytes >> 20));

    // Loaded in a fresh process (this test binary, hidden test below), so its peak memory is
    // its own: growth of VmHWM over VmRSS before the load.
    const std::string self = fs::read_symlink("/proc/self/exe").string();
    ::setenv("CD_TEST_WIDE_DESIGN", path.c_str(), 1);
    FILE* child = ::popen(("'" + self + "' '[.load-wide-design]' 2>&1").c_str(), "r");
    REQUIRE(child != nullptr);
    std::string out;
    char buf[512];
    while (std::fgets(buf, sizeof buf, child)) out += buf;
    ::pclose(child);
    ::unsetenv("CD_TEST_WIDE_DESIGN");
    double result[3] = {0, 0, 0};
    const auto at = out.find("LOADED ");
    INFO(out);
    REQUIRE(at != std::string::npos);
    std::istringstream(out.substr(at + 7)) >> result[0] >> result[1] >> result[2];
    INFO("file " << fileMiB << " MiB, peak growth while loading " << result[2] << " MiB");
    CHECK(result[0] == 100000);
    CHECK(result[1] == 96000);
    // Measured: 30 MiB of text and 240 MiB at the peak (the parsed document plus the design,
    // RelWithDebInfo); AddressSanitizer adds its shadow memory and redzones. The bounds stay
    // far from exhausting a machine that runs the app.
#if defined(__SANITIZE_ADDRESS__)
    CHECK(result[2] < 2048);
#else
    CHECK(result[2] < 768);
#endif
    fs::remove_all(dir);

    // One node more is refused before any node is read, naming the limit.
    json over = {{"format", "cluster-designer-design"}, {"version", 1}, {"nodes", json::array()}, {"links", json::array()}};
    over["nodes"] = json::array();
    for (std::size_t i = 0; i <= kMaxDesignNodes; ++i) over["nodes"].push_back(nullptr);
    const InputError e = refusal([&] { (void)designFromJson(over, "huge.json"); });
    CHECK(e.field() == "nodes");
    CHECK(has(e.problem(), "holds 100001 nodes; a design may hold at most 100000"));
    json links = {{"format", "cluster-designer-design"}, {"version", 1}, {"nodes", json::array()}, {"links", json::array()}};
    for (std::size_t i = 0; i <= kMaxDesignLinks; ++i) links["links"].push_back(nullptr);
    CHECK(has(refusal([&] { (void)designFromJson(links, "huge.json"); }).problem(), "a design may hold at most 400000"));
}

// Run by the test above in a fresh process: loads and validates the design named by
// $CD_TEST_WIDE_DESIGN and prints "LOADED nodes links peak-growth-MiB".
TEST_CASE("load a wide design and report its peak memory", "[.load-wide-design]")
{
    const char* path = std::getenv("CD_TEST_WIDE_DESIGN");
    REQUIRE(path != nullptr);
    const Catalog& catalog = testsupport::bundledCatalog();
    const double base = residentMiB().first;
    const Design d = loadDesign(path);
    d.validateAgainst(catalog, path);
    std::printf("LOADED %zu %zu %.1f\n", d.nodes().size(), d.links().size(), residentMiB().second - base);
}

TEST_CASE("A refused input inside the results is its part's error, not an unexpected one", "[robustness][results]")
{
    // computeResults keeps each part's failure in its error text; only a failure that is not
    // refused input (a bug) is also an unexpectedError, which the app shows in a dialog.
    auto d = std::make_shared<Design>(loadDesign(designData("good_small.json")));
    d->analysis["rule_waivers"] = "all of them"; // malformed: an InputError of checkDesign
    auto catalog = std::make_shared<const Catalog>(testsupport::bundledCatalog());
    const auto s = computeResults(*d, catalog);
    REQUIRE(s != nullptr);
    CHECK_FALSE(s->rules.has_value());
    CHECK(has(s->rulesError, "rule_waivers"));
    CHECK(s->analysis.has_value());
    CHECK(s->bom.has_value());
    CHECK(s->unexpectedError.empty());
}

TEST_CASE("Generators refuse counts they cannot build before planning anything", "[generators][limits]")
{
    using namespace model::topology;
    const Catalog& cat = testsupport::bundledCatalog();
    const auto problem = [](const auto& build) -> std::string {
        try {
            (void)build();
        } catch (const InputError& e) {
            return e.field() + ": " + e.problem();
        }
        return "accepted";
    };
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.switchModel = "qm9700";
    // Before: 2,147,483,647 nodes took 8 s and 775 MB before the planner refused them.
    o.nodes = 2147483647;
    CHECK(problem([&] { return generateFatTree(cat, o); }) ==
          "--nodes: expected at most 8192 nodes: three tiers of 64-port switches hold 65536 endpoints per plane (P^3/4), "
          "and a fourth tier is not built; got 2147483647");
    o.nodes = 8193;
    CHECK(problem([&] { return generateFatTree(cat, o); }).rfind("--nodes: expected at most 8192 nodes", 0) == 0);
    // Before: accepted silently and clamped to the 8 rails.
    o.nodes = 8;
    o.railsPerLeaf = 100;
    CHECK(problem([&] { return generateFatTree(cat, o); }) == "--rails-per-leaf: expected 0 (automatic) or 1 to 8 (the rails of one plane), got 100");
    o.railsPerLeaf = 8;
    CHECK(problem([&] { return generateFatTree(cat, o); }) == "accepted");
    RackScaleOptions r;
    r.racks = 100000;
    CHECK(problem([&] { return generateRackScale(cat, r); }).rfind("--racks: expected at most 910 racks", 0) == 0);
    // Before: a design of one UFM appliance and 0 GPUs.
    CHECK(problem([&] { return generateSingleServer(cat, {"ufm-appliance", ""}); }).rfind("--server: expected a GPU server; \"ufm-appliance\"", 0) == 0);
    // Every generator: fat-tree, roce, rented and gb200-nvl72 wrote 0-GPU designs of appliances.
    FatTreeOptions ufm;
    ufm.server = "ufm-appliance";
    ufm.nodes = 4;
    ufm.switchModel = "qm9700";
    CHECK(problem([&] { return generateFatTree(cat, ufm); }).rfind("--server: expected a GPU server", 0) == 0);
    ufm.switchModel = "sn5600";
    CHECK(problem([&] { return generateRoceFabric(cat, ufm); }).rfind("--server: expected a GPU server", 0) == 0);
    RentedOptions rented;
    rented.server = "ufm-appliance";
    rented.nodes = 2;
    rented.perNodeGbps = 1600;
    rented.pricePerGpuHourUsd = 2;
    CHECK(problem([&] { return generateRented(cat, rented); }).rfind("--server: expected a GPU server", 0) == 0);
    // 6400 Gb/s over 8 NICs needs 800G ports: the rented fabric takes a switch that has them
    // (it blamed "--link-gbps", an option of the fat tree the user never gave), or names --switch.
    RentedOptions fast;
    fast.server = "hgx-h100-8gpu";
    fast.nodes = 2;
    fast.perNodeGbps = 6400;
    fast.pricePerGpuHourUsd = 2;
    const Design d = generateRented(cat, fast);
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Switch) CHECK(cat.switchModel(n.model)->portSpeed.inGbps() >= 800);
    // 800 Gb/s per node over 8 NICs: the server's own ConnectX-7 cabled at 100G, not AWS's EFA v1
    // (the only 100G adapter in the catalog, which named one provider's A100 instance).
    RentedOptions slow = fast;
    slow.perNodeGbps = 800;
    const Design s800 = generateRented(cat, slow);
    for (const auto& [id, n] : s800.nodes())
        if (n.kind == NodeKind::Server) CHECK((n.nicModel.empty() || n.nicModel == "connectx-7-400g"));
    for (const auto& [id, l] : s800.links()) CHECK(l.perCable().inGbps() == Approx(100.0));
    fast.switchModel = "qm9700";
    CHECK(problem([&] { return generateRented(cat, fast); }).find("--switch: ") == 0);
    CHECK(problem([&] { return generateRented(cat, fast); }).find("has 400 Gb/s ports; 6400 Gb/s per node over 8 NICs needs 800 Gb/s ports") != std::string::npos);
    RackScaleOptions rack;
    rack.server = "ufm-appliance";
    rack.racks = 1;
    CHECK(problem([&] { return generateRackScale(cat, rack); }).rfind("--server: expected a GPU server", 0) == 0);
}
