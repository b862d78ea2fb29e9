// What-if failures with NCCL's cost model on (the default options): the failure acts on the
// simulated fabric, the protocol, latencies and the measured size ramp stay those of the
// healthy design (simulation.cpp tunerChoice), so a failure never makes a collective faster.
// Before, a failure turned the cost model off: a 1 GiB all-reduce over the 1-SU SuperPOD
// template took 6,016 us healthy and 5,905 us with a switch down.
#include "model/simulation/failure_check.hpp"
#include "model/simulation/simulation.hpp"
#include "test_simulation_fabrics.hpp"

#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <vector>

TEST_CASE("failures with NCCL's cost model: never faster than the healthy fabric", "[simulation][failures]")
{
    const model::Catalog cat = simtest::catalogWithEthernet();
    simtest::RailFabric f; // 4 DGX H100, 2 per leaf group, 2 spines: rings and trees cross them
    f.servers = 4;
    f.serversPerLeaf = 2;
    f.spines = 2;
    const model::Design d = simtest::buildRailFabric(cat, f);
    std::vector<model::Failure> failures;
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != model::NodeKind::Switch) continue;
        model::Failure sw;
        sw.kind = model::Failure::Kind::SwitchDown;
        sw.node = id;
        failures.push_back(sw);
    }
    for (int port : {0, 5}) {
        model::Failure plane;
        plane.kind = model::Failure::Kind::PlaneDown;
        plane.port = port;
        failures.push_back(plane);
    }
    REQUIRE(failures.size() >= 6);
    int compared = 0, slower = 0;
    for (model::Algorithm a : {model::Algorithm::Auto, model::Algorithm::Ring, model::Algorithm::Tree, model::Algorithm::NvlsTree}) {
        for (double bytes : {1.0 * (1 << 20), 64.0 * (1 << 20), 1024.0 * (1 << 20)}) {
            model::CollectiveRequest req;
            req.op = model::CollectiveOp::AllReduce;
            req.bytes = bytes;
            req.algorithm = a;
            model::SimulationOptions o;
            o.compareWithAnalytical = false;
            const double healthy = model::simulateCollective(d, cat, req, o).collective.time.inSeconds();
            for (const model::Failure& fail : failures) {
                model::SimulationOptions broken = o;
                broken.failures = {fail};
                double t = 0;
                try {
                    t = model::simulateCollective(d, cat, req, broken).collective.time.inSeconds();
                } catch (const std::invalid_argument&) {
                    continue; // a leaf that was the only way out of its servers: reported, not run
                }
                ++compared;
                if (t > healthy * (1 + 1e-9)) ++slower;
                if (t < healthy * (1 - 1e-9)) {
                    std::ostringstream why;
                    why << model::toString(a) << " " << bytes << " B with " << model::sim::failureSpec(fail) << ": " << t * 1e6
                        << " us, healthy " << healthy * 1e6 << " us";
                    FAIL_CHECK(why.str());
                }
            }
        }
    }
    CHECK(compared >= 48);
    CHECK(slower > 0); // the planes down do cost time
}
