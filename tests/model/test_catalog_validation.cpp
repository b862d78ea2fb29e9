// Broken catalog files (tests/data/catalog/) give an InputError naming the file, the entry,
// the field and what was expected; never a crash. Lenient loading (user catalogs) skips the
// broken entry and keeps the rest.
#include "test_catalog_support.hpp"
#include "model/catalog/catalog.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace model;

namespace {
std::string data(const std::string& name) { return std::string(CD_TEST_DATA_DIR "/catalog/") + name; }

using testsupport::has;

/// Loads `name` strictly and checks each part of the error it must raise.
void expectError(const std::string& name, const std::string& entry, const std::string& field, const std::string& expected)
{
    INFO(name);
    Catalog c;
    try {
        c.loadFile(data(name), CatalogStrictness::Strict);
        FAIL("no InputError for " << name);
    } catch (const InputError& e) {
        INFO(e.what());
        CHECK(e.file() == data(name));
        CHECK(e.entry() == entry);
        CHECK(e.field() == field);
        CHECK(has(e.problem(), expected));
        const std::string what = e.what();
        CHECK(has(what, data(name))); // the message a user sees names every part
        if (!entry.empty()) CHECK(has(what, "\"" + entry + "\""));
        if (!field.empty()) CHECK(has(what, "\"" + field + "\""));
        CHECK(has(what, expected));
    }
}
} // namespace

TEST_CASE("A catalog field of the wrong type names file, entry, field and the expected type", "[catalog][validation]")
{
    expectError("bad_type.json", "gpu-typo", "memory_GB", "expected a number from 0 to 100000, got \"lots\"");
}

TEST_CASE("A missing required catalog field is named", "[catalog][validation]")
{
    expectError("missing_field.json", "sw-noports", "ports", "missing; expected an integer");
}

TEST_CASE("A bad enum value lists the allowed values", "[catalog][validation]")
{
    expectError("bad_enum.json", "gpu-socket", "form_factor", "expected one of \"SXM\", \"PCIe\", \"OAM\", \"superchip\"");
}

TEST_CASE("A field source or default source naming an unknown source id is rejected", "[catalog][validation]")
{
    expectError("unknown_source.json", "gpu-badsrc", "field_sources.tdp_W", "expected the id of a source in \"sources\"");
    expectError("unknown_default_source.json", "gpu-nodefault", "default_source", "names source \"vendor\", not in \"sources\"");
}

TEST_CASE("Files that are not catalogs are rejected by name", "[catalog][validation]")
{
    expectError("not_json.json", "", "", "not valid JSON");
    expectError("empty.json", "", "", "not valid JSON");
    expectError("wrong_format.json", "", "format", "expected \"cluster-designer-catalog\"");
    expectError("section_not_array.json", "gpus", "", "expected an array of entries");
    expectError("entry_without_id.json", "gpus[1]", "id", "missing; expected a string");
    expectError("ib_switch_pfc.json", "ib-pfc", "lossless", "expected \"credit_based\"");
    Catalog c;
    CHECK_THROWS_AS(c.loadFile(data("no_such_file.json")), InputError);
}

TEST_CASE("Lenient loading skips the broken entry, reports it and keeps the rest", "[catalog][validation]")
{
    Catalog c;
    c.loadFile(data("mixed_user.json"), CatalogStrictness::Lenient);
    CHECK(c.gpu("user-gpu-a"));
    CHECK(c.gpu("user-gpu-c"));
    CHECK_FALSE(c.gpu("user-gpu-bad"));
    CHECK(c.nic("user-nic"));
    REQUIRE(c.problems().size() == 1);
    const InputError& p = c.problems().front();
    CHECK(p.file() == data("mixed_user.json"));
    CHECK(p.entry() == "user-gpu-bad");
    CHECK(p.field() == "tdp_W");
    CHECK(has(p.problem(), "expected a number from 0 to 100000, got -5"));

    // A whole broken file is one problem; nothing else is lost.
    c.loadFile(data("not_json.json"), CatalogStrictness::Lenient);
    c.loadFile(data("empty.json"), CatalogStrictness::Lenient);
    CHECK(c.problems().size() == 3);
    CHECK(c.gpus().size() == 2);
}

TEST_CASE("A user catalog entry overrides the bundled entry with the same id", "[catalog][validation]")
{
    Catalog c = Catalog::loadBundled();
    const std::size_t before = c.gpus().size();
    REQUIRE(c.gpu("l40s")->tdpW == Approx(350));
    c.loadFile(data("override_user.json"), CatalogStrictness::Lenient);
    CHECK(c.problems().empty());
    CHECK(c.gpus().size() == before);
    CHECK(c.gpu("l40s")->tdpW == Approx(325));
    CHECK(c.gpu("l40s")->name == "L40S (my lab's measured card)");
}

TEST_CASE("Lenient loading of a whole directory keeps the good files and entries", "[catalog][validation]")
{
    Catalog c;
    c.loadDirectory(std::string(CD_TEST_DATA_DIR "/catalog"), CatalogStrictness::Lenient);
    CHECK(c.gpu("user-gpu-a"));
    CHECK(c.gpu("l40s"));      // from override_user.json
    CHECK(c.gpu("gpu-ok-1"));  // the good entry beside one without an id
    CHECK(c.problems().size() >= 14); // one per broken file or entry above
    for (const auto& p : c.problems()) CHECK_FALSE(p.file().empty());
    Catalog strict;
    CHECK_THROWS_AS(strict.loadDirectory(std::string(CD_TEST_DATA_DIR "/catalog")), InputError);
    CHECK_THROWS_AS(strict.loadDirectory(std::string(CD_TEST_DATA_DIR "/no-such-dir")), InputError);
}

TEST_CASE("A user server naming a GPU nobody has is reported and dropped while the rest stays", "[catalog][validation]")
{
    Catalog c = Catalog::loadBundled();
    const std::size_t servers = c.servers().size();
    c.loadFile(data("user_servers_refs.json"), CatalogStrictness::Lenient);
    CHECK_THROWS_AS(c.validateReferences(), InputError);
    CHECK(c.dropBrokenReferences() == 1);
    c.validateReferences();
    CHECK(c.server("my-box"));
    CHECK_FALSE(c.server("ghost-box"));
    CHECK(c.servers().size() == servers + 1);
    REQUIRE(c.problems().size() == 1);
    CHECK(c.problems()[0].entry() == "ghost-box");
    CHECK(c.problems()[0].field() == "gpu");
    CHECK(has(c.problems()[0].problem(), "\"h900\""));
}

TEST_CASE("Only an appliance may have 0 GPUs, and an appliance has none", "[catalog][validation]")
{
    expectError("zero_gpu_server.json", "box-nogpu", "gpu_count", "only kind \"appliance\" may have 0 GPUs");
    expectError("appliance_with_gpus.json", "box-gpus", "gpu_count", "expected 0 for kind \"appliance\", got 8");

    // The bundled UFM appliance loads as a GPU-less server with its 4 ConnectX-7 fabric links.
    const Catalog c = Catalog::loadBundled();
    const ServerSpec* ufm = c.server("ufm-appliance");
    REQUIRE(ufm);
    CHECK(ufm->kind == "appliance");
    CHECK(ufm->isAppliance());
    CHECK(ufm->gpuCount == 0);
    CHECK(ufm->gpuId.empty());
    CHECK(ufm->computeNicId == "connectx-7-400g");
    CHECK(ufm->computeNicCount == 4);
    CHECK_FALSE(ufm->powerW);
    CHECK_FALSE(ufm->rackUnits);
}

TEST_CASE("A bad compute_nic_ports_per_cage names file, server, field and the range", "[catalog][validation][cages]")
{
    // Server cages (catalogs/README.md): an integer from 1 (one module per NIC port) to 8.
    expectError("bad_nic_cages.json", "box-cages", "compute_nic_ports_per_cage", "expected an integer from 1 to 8, got \"two\"");
    expectError("zero_nic_cages.json", "box-nocage", "compute_nic_ports_per_cage", "expected an integer from 1 to 8, got 0");
    // In a user catalog the entry is skipped and listed; the bundled servers keep their cages.
    Catalog c = Catalog::loadBundled();
    c.loadFile(data("bad_nic_cages.json"), CatalogStrictness::Lenient);
    CHECK_FALSE(c.server("box-cages"));
    REQUIRE(c.problems().size() == 1);
    CHECK(c.problems().front().field() == "compute_nic_ports_per_cage");
    CHECK(c.server("dgx-h100")->nicPortsPerCage() == 2);
    CHECK(c.server("dgx-a100")->nicPortsPerCage() == 1);
}
