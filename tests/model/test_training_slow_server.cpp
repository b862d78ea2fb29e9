// A training step on servers whose networks differ pays the slowest one its GPUs use: the
// fixture is the rented 8 x H100 template (8 NICs a server) with one DGX H100 dragged in and
// wired to leaf-1 by a single 400G cable (helper-95, in the GUI). Before, the 72-GPU step
// priced its pipeline boundaries at the 8-NIC servers' rate (361 ms, as on 64 GPUs) and
// trained at 78,123 tokens/s.
#include "test_analysis_support.hpp"

#include "model/design/design.hpp"

#include <catch2/catch.hpp>

TEST_CASE("pipeline transfers across a server wired with one NIC pay that NIC", "[training][scaling]")
{
    const model::Design d = model::loadDesign(std::string(CD_TEST_DATA_DIR "/design/rented_plus_one_nic_server.json"));
    const model::DesignAnalysis a = model::analyzeDesign(d, golden::catalog());
    REQUIRE(a.hasStep);
    REQUIRE(a.step.tp * a.step.pp * a.step.dp == 72);
    // tp 4 x dp 2 fill one server per stage: every boundary crosses a NIC, and the one-NIC
    // server's GPUs get 50 GB/s / 8 = 6.25 GB/s each, 8 x less than the others'.
    CHECK(a.step.tp == 4);
    CHECK(a.step.pp == 9);
    const model::Design rented = model::loadDesign(std::string(CD_TEST_DATA_DIR "/../../resources/templates/rented-8x-h100-3200g.json"));
    const model::DesignAnalysis base = model::analyzeDesign(rented, golden::catalog());
    REQUIRE(base.hasStep);
    CHECK(base.step.ppTransferS == Approx(0.361).margin(0.001));
    CHECK(a.step.ppTransferS == Approx(8.0 * base.step.ppTransferS).epsilon(0.02));
    CHECK(a.step.tokensPerSecond == Approx(74674).margin(1.0));
}
