// Reading a design checks its cost block (cost::checkCostBlock), with the cost block's own
// messages; the training-run size alone is left to the cost (it refuses the run only).
#include "test_catalog_support.hpp"
#include "model/cost/cost_settings.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace model;

namespace {
/// The default design with analysis.cost = `cost`, written to a temporary file and read back.
Design withCost(const nlohmann::json& cost)
{
    std::ifstream in(defaultDesignPath());
    nlohmann::json d = nlohmann::json::parse(in);
    d["analysis"]["cost"] = cost;
    const auto path = std::filesystem::temp_directory_path() / "cd-test-cost-block.json";
    std::ofstream(path) << d.dump();
    struct Remove {
        std::filesystem::path p;
        ~Remove() { std::filesystem::remove(p); }
    } remove{path};
    return loadDesign(path.string());
}
} // namespace

TEST_CASE("Reading a design refuses a bad price with the cost block's message", "[cost][design]")
{
    for (double bad : {-5000.0, 1e300, 1.01e15}) {
        INFO(bad);
        try {
            (void)withCost({{"prices", {{"qm9700", {{"usd", bad}}}}}});
            FAIL("no InputError");
        } catch (const InputError& e) {
            CHECK(e.entry() == "analysis.cost.prices.qm9700");
            CHECK(e.field() == "usd");
            CHECK(e.problem().rfind("expected a price in US dollars from 0 to 1e15, got ", 0) == 0);
        }
    }
    CHECK_THROWS_AS(withCost({{"power_W", {{"dgx-h100", {{"W", -1}}}}}}), InputError);
    CHECK_THROWS_AS(withCost({{"pue", 0.5}}), InputError);
    // US$ 0 and 1e15 are in range; a run size out of range still reads (the cost refuses the run).
    CHECK(cost::costSettingsOf(withCost({{"prices", {{"qm9700", {{"usd", 0}}}}}})).prices.at("qm9700").value == 0.0);
    CHECK_NOTHROW(withCost({{"prices", {{"qm9700", {{"usd", 1e15}}}}}}));
    CHECK_NOTHROW(withCost({{"tokens", 5}}));
}
