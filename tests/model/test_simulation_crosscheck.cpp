// Cross-checks of the simulator against the analytical engine and against hand-worked fabric
// arithmetic (issue 6, item 5). Designs are built with the Design API (test_simulation_fabrics.hpp).
#include "model/simulation/simulation.hpp"
#include "test_simulation_fabrics.hpp"

#include <catch2/catch.hpp>

#include <cstdio>

namespace {

const model::Catalog& catalog()
{
    static const model::Catalog c = simtest::catalogWithEthernet();
    return c;
}

model::CollectiveRequest request(model::CollectiveOp op, double bytes, const std::string& algorithm)
{
    model::CollectiveRequest r;
    r.op = op;
    r.bytes = bytes;
    r.algorithm = algorithm;
    return r;
}

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

void print(const char* what, const model::SimulationResult& r)
{
    std::printf("%-44s sim %10.1f us busbw %7.1f GB/s", what, r.collective.time.inMicroseconds(),
                r.collective.busbw.inGBps());
    if (r.analytical)
        std::printf(" | analytical %10.1f us busbw %7.1f (%s)", r.analytical->time.inMicroseconds(),
                    r.analytical->busbw.inGBps(), r.analytical->algorithm.c_str());
    std::printf("\n");
}

} // namespace

TEST_CASE("non-blocking fabric: simulated ring all-reduce within 5% of the analytical engine",
          "[simulation][crosscheck]")
{
    for (int servers : {1, 2, 4, 16}) {
        simtest::RailFabric f;
        f.servers = servers;
        const model::Design d = simtest::buildRailFabric(catalog(), f);
        const auto r = model::simulateCollective(d, catalog(), request(model::CollectiveOp::AllReduce, kGiB, "ring"));
        print(("ring all-reduce 1 GiB, " + std::to_string(servers) + " DGX H100").c_str(), r);
        REQUIRE(r.analytical);
        CHECK(r.collective.time.inSeconds() == Approx(r.analytical->time.inSeconds()).epsilon(0.05));
    }
}
