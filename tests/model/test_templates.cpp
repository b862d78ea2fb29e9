// The template list of File > New from Template: every bundled template is listed with its
// title, a one-line description and its GPU count; each picks a workload that fits its
// hardware and opens without an analysis warning; user templates come after the bundled ones.
#include "model/analysis/analysis.hpp"
#include "model/design/templates.hpp"
#include "model/topology/rules.hpp"

#include "test_catalog_support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>

using namespace model;
namespace fs = std::filesystem;

TEST_CASE("the bundled templates are listed in order with title, description and GPU count", "[templates]")
{
    std::vector<InputError> problems;
    const auto list = listTemplates(testsupport::bundledCatalog(), bundledTemplateDirectory(), "", &problems);
    CHECK(problems.empty());
    // title -> GPUs, as the issue names them (shared/reference/reference_architectures.md for the counts).
    const std::vector<std::pair<std::string, int>> expected = {
        {"DGX H100 SuperPOD unit", 256},   {"DGX B200 four-unit system", 1024}, {"GB200 NVL72 rack", 72},
        {"GB200 NVL72 eight-rack unit", 576}, {"8x L40S PCIe server", 8},        {"4x RTX 4090 workstation", 4},
        {"Ethernet RoCE cluster", 512},    {"Rented 64-GPU cluster", 64}};
    REQUIRE(list.size() == expected.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        INFO(list[i].path);
        CHECK(list[i].title == expected[i].first);
        CHECK(list[i].gpus == expected[i].second);
        CHECK(list[i].bundled);
        CHECK(list[i].description.size() > 30);
        CHECK(list[i].description.size() < 140); // one line in the dialog
    }
}

TEST_CASE("every template runs a workload that fits its hardware, without warnings", "[templates]")
{
    const Catalog& catalog = testsupport::bundledCatalog();
    std::map<std::string, std::string> workloads;
    for (const auto& t : listTemplates(catalog, bundledTemplateDirectory(), "")) {
        INFO(t.title);
        const Design d = loadDesign(t.path);
        const DesignAnalysis a = analyzeDesign(d, catalog);
        for (const auto& w : a.warnings) INFO("warning: " << w);
        CHECK(a.warnings.empty());
        CHECK(a.hasStep);
        CHECK(a.gpus == t.gpus);
        CHECK(topology::checkDesign(d, catalog).findings.empty());
        workloads[t.title] = a.workload;
    }
    // The workstation is not handed GPT-3 175B (350 GB of weights on 96 GB of GPU memory).
    CHECK(workloads["4x RTX 4090 workstation"] == "llama3.2-1b");
    CHECK(workloads["DGX H100 SuperPOD unit"] == "gpt3-175b");
    CHECK(workloads["DGX B200 four-unit system"] == "llama3-405b");
}

TEST_CASE("user templates follow the bundled ones, broken files are reported, not thrown", "[templates]")
{
    const fs::path dir = fs::temp_directory_path() / "cd-user-templates-test";
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy_file(fs::path(bundledTemplateDirectory()) / "server-8x-l40s.json", dir / "mine.json");
    {
        // A design without a "template" object is listed under its design name.
        std::ifstream in(dir / "mine.json");
        nlohmann::json j = nlohmann::json::parse(in);
        j.erase("template");
        j["name"] = "My inference box";
        std::ofstream(dir / "mine.json") << j.dump();
    }
    std::ofstream(dir / "broken.json") << "{\"format\": \"cluster-designer-design\", \"nodes\": [";
    std::vector<InputError> problems;
    const auto list = listTemplates(testsupport::bundledCatalog(), bundledTemplateDirectory(), dir.string(), &problems);
    REQUIRE(list.size() == 9);
    CHECK(list.back().title == "My inference box");
    CHECK_FALSE(list.back().bundled);
    CHECK(list.back().gpus == 8);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].file().find("broken.json") != std::string::npos);
    fs::remove_all(dir);
}

TEST_CASE("a path is inside a directory only when it really is", "[templates]")
{
    const std::string dir = bundledTemplateDirectory();
    CHECK(isInsideDirectory(dir + "/superpod-h100-1su.json", dir));
    CHECK(isInsideDirectory(dir + "/../templates/new.json", dir));
    CHECK_FALSE(isInsideDirectory(dir + "/../superpod.json", dir));
    CHECK_FALSE(isInsideDirectory("/tmp/superpod-h100-1su.json", dir));
    CHECK_FALSE(isInsideDirectory("", dir));
}
