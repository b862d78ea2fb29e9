// Where the bundled catalogs and templates are found (model/catalog/data_dirs.hpp): beside an
// installed or unpacked binary, the source tree only for a binary inside its build tree, and a
// clear error naming every folder searched when none exists (issue 10, "Bad input").
#include "model/catalog/data_dirs.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace fs = std::filesystem;

namespace {
const model::DataDirSpec kSpec{"hardware catalogs", "CD_TEST_DATA_DIR_OVERRIDE", "catalogs", "/src/tree/catalogs"};

/// Unsets the override variable for the test's scope (and restores nothing: tests own it).
struct NoOverride {
    NoOverride() { unsetenv(kSpec.envVar); }
    ~NoOverride() { unsetenv(kSpec.envVar); }
};
} // namespace

TEST_CASE("An installed binary reads PREFIX/share/cluster-designer and never the source tree", "[data_dirs]")
{
    NoOverride guard;
    const auto c = model::dataDirCandidates(kSpec, "/usr/bin/cluster-designer", "/home/dev/project/build");
    REQUIRE(c.size() == 1);
    CHECK(c[0] == "/usr/share/cluster-designer/catalogs");

    const auto unpacked = model::dataDirCandidates(kSpec, "/tmp/root.x1/usr/bin/cluster-designer", "/tmp/b");
    REQUIRE(unpacked.size() == 1);
    CHECK(unpacked[0] == "/tmp/root.x1/usr/share/cluster-designer/catalogs");
}

TEST_CASE("A binary inside its build tree falls back to the source tree", "[data_dirs]")
{
    NoOverride guard;
    const auto c = model::dataDirCandidates(kSpec, "/home/dev/project/build/app/cluster-designer", "/home/dev/project/build");
    REQUIRE(c.size() == 2);
    CHECK(c[0] == "/home/dev/project/build/share/cluster-designer/catalogs");
    CHECK(c[1] == "/src/tree/catalogs");
    // A sibling folder whose name merely starts with the build folder's name is not inside it.
    CHECK(model::dataDirCandidates(kSpec, "/home/dev/project/build-release/app/cluster-designer",
                                   "/home/dev/project/build")
              .size() == 1);
}

TEST_CASE("The environment variable overrides every other place", "[data_dirs]")
{
    NoOverride guard;
    setenv(kSpec.envVar, "/opt/my-catalogs", 1);
    const auto c = model::dataDirCandidates(kSpec, "/usr/bin/cluster-designer", "/home/dev/project/build");
    REQUIRE(c.size() == 1);
    CHECK(c[0] == "/opt/my-catalogs");
}

TEST_CASE("A missing data folder is an error naming every folder searched", "[data_dirs]")
{
    NoOverride guard;
    const fs::path missing = fs::temp_directory_path() / "cd-test-no-such-catalogs";
    fs::remove_all(missing);
    setenv(kSpec.envVar, missing.c_str(), 1);
    try {
        (void)model::findDataDir(kSpec);
        FAIL("findDataDir returned a folder that does not exist");
    } catch (const model::DataDirNotFound& e) {
        const std::string what = e.what();
        CHECK(what.find("hardware catalogs were not found") != std::string::npos);
        CHECK(what.find(missing.string()) != std::string::npos);
        CHECK(what.find("CD_TEST_DATA_DIR_OVERRIDE") != std::string::npos);
    }
}

TEST_CASE("The test binary, inside the build tree, finds the source tree's catalogs and templates", "[data_dirs]")
{
    unsetenv("CLUSTER_DESIGNER_CATALOGS");
    unsetenv("CLUSTER_DESIGNER_TEMPLATES");
    CHECK(fs::exists(fs::path(model::bundledCatalogDirectory()) / "gpus.json"));
    CHECK(fs::exists(fs::path(model::bundledTemplatesDirectory()) / "superpod-h100-1su.json"));
}
