// Chart data as CSV at full precision: every number read back equals the double the chart
// shows, on designs of several sizes.
#include "model/analysis/chart_csv.hpp"
#include "model/design/design.hpp"

#include "test_catalog_support.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace model;

namespace {
std::vector<std::vector<std::string>> parse(const std::string& csv)
{
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(csv);
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') { cell += '"'; ++i; }
            else if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) { cells.push_back(cell); cell.clear(); }
            else cell += c;
        }
        cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}
} // namespace

TEST_CASE("chart CSVs read back to the very doubles the charts show", "[csv]")
{
    for (const char* name : {"superpod-h100-1su.json", "server-8x-l40s.json", "roce-sn5600-hgx-h100-64.json"}) {
        INFO(name);
        const Design d = loadDesign(bundledTemplateDirectory() + "/" + name);
        const DesignAnalysis a = analyzeDesign(d, testsupport::bundledCatalog());
        const auto layers = parse(layersCsv(a.layers));
        REQUIRE(layers.size() == a.layers.size() + 1);
        CHECK(layers[0] == std::vector<std::string>{"layer", "technology", "per_gpu_GBps", "per_gpu_Gbps"});
        for (std::size_t i = 0; i < a.layers.size(); ++i) {
            CHECK(std::stod(layers[i + 1][2]) == a.layers[i].perGpu.inGBps()); // exact, not approximate
            CHECK(std::stod(layers[i + 1][3]) == a.layers[i].perGpu.inGbps());
            CHECK(layers[i + 1][1] == a.layers[i].technology);
        }
        const auto scaling = parse(scalingCsv(a.scaling));
        REQUIRE(scaling.size() == a.scaling.size() + 1);
        for (std::size_t i = 0; i < a.scaling.size(); ++i) CHECK(std::stod(scaling[i + 1][1]) == a.scaling[i].efficiency);

        const auto sweeps = chartSweeps(d, testsupport::bundledCatalog());
        const auto rows = parse(sweepsCsv(sweeps));
        std::size_t points = 0;
        for (const auto& s : sweeps) points += s.points.size();
        REQUIRE(rows.size() == points + 1);
        std::size_t r = 1;
        for (const auto& s : sweeps)
            for (const auto& p : s.points) {
                CHECK(std::stod(rows[r][3]) == p.bytes);
                CHECK(std::stod(rows[r][4]) == p.time.inSeconds());
                CHECK(std::stod(rows[r][6]) == p.busbw.inGBps());
                CHECK(rows[r][1] == s.scope);
                ++r;
            }
    }
}

TEST_CASE("CSV fields with commas or quotes are quoted", "[csv]")
{
    LayerBandwidth l;
    l.scope = Scope::IntraNode;
    l.technology = "4x PCIe Gen4 x16, \"shared\" switch";
    l.perGpu = Bandwidth::GBps(32);
    const auto rows = parse(layersCsv({l}));
    REQUIRE(rows.size() == 2);
    CHECK(rows[1][1] == l.technology);
    CHECK(rows[1][2] == "32");
    CHECK(rows[1][3] == "256");
}
