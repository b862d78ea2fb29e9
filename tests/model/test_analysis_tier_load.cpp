// Issue 16 item 3: the analytical engine charges oversubscription only for the traffic that
// crosses the oversubscribed tier (which servers share a rail leaf), cross-checked against the
// simulator, which routes every flow. The oversubscription cost is the slowdown of the same
// collective on a 2:1 or 4:1 fabric against the non-blocking one; the analytical slowdown must be
// within 15% of the simulated one.
#include "model/analysis/analysis.hpp"
#include "model/simulation/simulation.hpp"
#include "test_catalog_support.hpp"
#include "test_simulation_fabrics.hpp"

#include <catch2/catch.hpp>

#include <cstdio>

namespace {

using testsupport::kGiB;

using simtest::ethernetCatalog;

model::CollectiveRequest request(model::CollectiveOp op, const std::string& algorithm)
{
    model::CollectiveRequest r;
    r.op = op;
    r.bytes = kGiB;
    r.algorithm = model::parseAlgorithm(algorithm);
    return r;
}

} // namespace

TEST_CASE("oversubscription costs what crosses it: analytical slowdown within 15% of the simulated one",
          "[analysis][crosscheck][oversubscription]")
{
    // 16 DGX H100, 4 servers per rail leaf (4 scalable units x 8 rails), one spine.
    struct Case { model::CollectiveOp op; const char* algo; };
    for (const Case c : {Case{model::CollectiveOp::AllToAll, ""}, Case{model::CollectiveOp::AllReduce, "ring"}}) {
        simtest::RailFabric f;
        f.servers = 16;
        f.serversPerLeaf = 4;
        f.spines = 1;
        const auto base = model::simulateCollective(simtest::buildRailFabric(ethernetCatalog(), f), ethernetCatalog(), request(c.op, c.algo));
        REQUIRE(base.analytical);
        for (double ratio : {2.0, 4.0}) {
            f.oversubscription = ratio;
            const auto over = model::simulateCollective(simtest::buildRailFabric(ethernetCatalog(), f), ethernetCatalog(), request(c.op, c.algo));
            REQUIRE(over.analytical);
            const double sim = over.collective.time / base.collective.time;
            const double ana = over.analytical->time / base.analytical->time;
            std::printf("%-10s 1 GiB, 16 DGX H100, %.0f:1 vs 1:1: simulated x%.3f, analytical x%.3f\n", model::toString(c.op),
                        ratio, sim, ana);
            CHECK(ana == Approx(sim).epsilon(0.15));
        }
    }
}

TEST_CASE("all-to-all over two scalable units on 2:1: only the half that crosses the spines pays",
          "[analysis][oversubscription]")
{
    // Issue 16: 1 GiB all-to-all over 512 GPUs (64 DGX H100, 32 per rail leaf, 2 scalable
    // units) on a 2:1 fat tree. Half the inter-server traffic goes to the other unit, which 2:1
    // carries exactly: the simulator measured 1.11x of non-blocking (the analytical engine used
    // to say 1.88x). Analytical only here: simulating 512 GPUs is too slow for a unit test.
    simtest::RailFabric f;
    f.servers = 64;
    f.serversPerLeaf = 32;
    const model::Design flat = simtest::buildRailFabric(ethernetCatalog(), f);
    f.oversubscription = 2.0;
    const model::Design over = simtest::buildRailFabric(ethernetCatalog(), f);
    model::CollectiveRequest r = request(model::CollectiveOp::AllToAll, "");
    const double slowdown = model::predictCollective(over, ethernetCatalog(), r).time / model::predictCollective(flat, ethernetCatalog(), r).time;
    std::printf("alltoall 1 GiB, 64 DGX H100, 2:1 vs 1:1: analytical x%.3f (simulated x1.11 in issue 16)\n", slowdown);
    CHECK(slowdown == Approx(1.11).epsilon(0.15));
}
