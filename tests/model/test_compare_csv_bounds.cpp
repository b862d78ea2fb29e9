// compare -o FILE.csv keeps the table's lower-bound marks: a flag per design and figure
// (before: "US$ 6,368,000+" in the table, a bare 6368000 in the CSV).
#include "test_catalog_support.hpp"
#include "test_price_support.hpp"
#include "model/compare/comparison.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace model;
using namespace model::compare;

namespace {
DesignResults resultsOf(const std::string& path)
{
    return computeDesignResults(std::make_shared<const Design>(loadDesign(path)), testsupport::bundledCatalog(), testsupport::bundledPrices(), {}, path);
}

/// The fields of the CSV line that starts with `label` + "," (no field of it holds a comma).
std::vector<std::string> lineOf(const std::string& csv, const std::string& label)
{
    std::istringstream in(csv);
    for (std::string line; std::getline(in, line);)
        if (line.rfind(label + ",", 0) == 0) {
            std::vector<std::string> out;
            std::istringstream f(line);
            for (std::string field; std::getline(f, field, ',');) out.push_back(field);
            return out;
        }
    return {};
}
} // namespace

TEST_CASE("Compare CSV flags each lower-bound figure", "[compare][csv]")
{
    const DesignResults su = resultsOf(defaultDesignPath());
    const DesignResults l40s = resultsOf(bundledTemplateDirectory() + "/server-8x-l40s.json");
    const Comparison c = compareDesigns({&su, &l40s});
    REQUIRE(c.row("capital_USD")->cells[0].lowerBound);
    const std::string csv = toCsv(c);
    const std::string header = csv.substr(0, csv.find('\n'));
    CHECK(header.find(",\"A lower bound (true: some price or power is unknown, the true figure is higher)\",\"B lower bound (") != std::string::npos);
    // SuperPOD unit: US$ 6,368,000 of priced parts, switches and optics unpriced.
    const auto capital = lineOf(csv, "Capital cost (to build)");
    REQUIRE(capital.size() == 6);
    CHECK(capital[2] == "6368000");
    CHECK(capital[3] == "n/a"); // the L40S server has no price
    CHECK(capital[4] == "true");
    CHECK(capital[5] == "false");
    const auto gpus = lineOf(csv, "GPUs");
    REQUIRE(gpus.size() == 6);
    CHECK(gpus[4] == "false");
    CHECK(gpus[5] == "false");
    // Every row of the table carries one flag per design, matching the table's cells.
    for (const Row& r : c.rows) {
        if (r.label.find(',') != std::string::npos || r.cells[0].text.find(',') != std::string::npos) continue;
        const auto f = lineOf(csv, r.label);
        INFO(r.label);
        if (f.size() != 6) continue; // a text cell with a comma
        for (std::size_t i = 0; i < 2; ++i) CHECK(f[4 + i] == (r.cells[i].lowerBound ? "true" : "false"));
    }
}
