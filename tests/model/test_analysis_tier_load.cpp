// Issue 16 item 3: the analytical engine charges oversubscription only for the traffic that
// crosses the oversubscribed tier (which servers share a rail leaf), cross-checked against the
// simulator, which routes every flow. The oversubscription cost is the slowdown of the same
// collective on a 2:1 or 4:1 fabric against the non-blocking one; the analytical slowdown must be
// within 15% of the simulated one.
#include "model/analysis/analysis.hpp"
#include "model/analysis/double_tree.hpp"
#include "model/simulation/simulation.hpp"
#include "model/topology/fat_tree.hpp"
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
    // Tree and NVLS tree cross a leaf boundary more often than a ring (double_tree.hpp).
    for (const Case c : {Case{model::CollectiveOp::AllToAll, ""}, Case{model::CollectiveOp::AllReduce, "ring"},
                         Case{model::CollectiveOp::AllReduce, "tree"}, Case{model::CollectiveOp::AllReduce, "nvls_tree"}}) {
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
            std::printf("%-10s %-9s 1 GiB, 16 DGX H100, %.0f:1 vs 1:1: simulated x%.3f, analytical x%.3f\n", model::toString(c.op),
                        c.algo, ratio, sim, ana);
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

TEST_CASE("the double binary tree's edges that leave a leaf are counted in busiest servers' worth",
          "[analysis][oversubscription]")
{
    const auto inside = [](int k, int from, int to) {
        std::vector<char> v(static_cast<std::size_t>(k), 0);
        for (int r = from; r < to; ++r) v[static_cast<std::size_t>(r)] = 1;
        return v;
    };
    // 128 servers in scalable units of 43, 43 and 42 (a 43:1 fat tree): 12, 24 and 12 of the
    // two trees' edges cross, the busiest server has 4 edges.
    CHECK(model::analysis::doubleTreeCrossingShare(inside(128, 0, 43)) == Approx(3.0));
    CHECK(model::analysis::doubleTreeCrossingShare(inside(128, 43, 86)) == Approx(6.0));
    CHECK(model::analysis::doubleTreeCrossingShare(inside(128, 86, 128)) == Approx(3.0));
    // Units of 32: the outer ones send a ring's worth, the inner ones 1.5.
    CHECK(model::analysis::doubleTreeCrossingShare(inside(128, 0, 32)) == Approx(1.0));
    CHECK(model::analysis::doubleTreeCrossingShare(inside(128, 32, 64)) == Approx(1.5));
    CHECK(model::analysis::doubleTreeCrossingShare(inside(64, 32, 64)) == Approx(1.0));
    // Everything or nothing behind the leaf: nothing crosses.
    CHECK(model::analysis::doubleTreeCrossingShare(inside(16, 0, 16)) == 0.0);
    CHECK(model::analysis::doubleTreeCrossingShare(inside(16, 0, 0)) == 0.0);
    CHECK(model::analysis::doubleTreeCrossingShare(inside(1, 0, 1)) == 0.0);
}

TEST_CASE("tree all-reduce on a heavily oversubscribed fat tree: both engines slow it the same",
          "[analysis][crosscheck][oversubscription]")
{
    // 128 DGX H100 (1,024 GPUs) from the generator at 16:1 and 43:1 (built 10.75:1 and 43:1):
    // 3 scalable units of 43, 43 and 42 behind leaves with 4 and 1 uplinks. The double binary
    // tree sends 6 servers' worth out of the middle unit's leaves; the analytical engine used to
    // charge a ring's one (366 GB/s busbw at 43:1 against 64.5 simulated).
    using model::topology::FatTreeOptions;
    FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 128;
    o.switchModel = "qm9700";
    const model::Design flat = model::topology::generateFatTree(testsupport::catalog(), o);
    model::CollectiveRequest r = request(model::CollectiveOp::AllReduce, "tree");
    r.bytes = 8.0 * kGiB;
    for (const char* algo : {"tree", "nvls_tree"}) {
        r.algorithm = model::parseAlgorithm(algo);
        const auto base = model::simulateCollective(flat, testsupport::catalog(), r);
        REQUIRE(base.analytical);
        double last = 1.0;
        for (const double ratio : {16.0, 43.0}) {
            o.oversubscription = ratio;
            const model::Design over = model::topology::generateFatTree(testsupport::catalog(), o);
            const auto s = model::simulateCollective(over, testsupport::catalog(), r);
            REQUIRE(s.analytical);
            const double sim = s.collective.time / base.collective.time;
            const double ana = s.analytical->time / base.analytical->time;
            std::printf("all_reduce %-9s 8 GiB, 128 DGX H100, %.0f:1 asked vs 1:1: simulated x%.3f, analytical x%.3f\n", algo, ratio, sim,
                        ana);
            CHECK(ana == Approx(sim).epsilon(0.15));
            CHECK(sim > last); // more oversubscription, slower
            last = sim;
        }
        CHECK(last > 5.0); // 43:1: one uplink per leaf for 6 servers' worth of tree traffic
    }
    // Auto picks the ring there, which leaves each leaf once.
    o.oversubscription = 43.0;
    model::CollectiveRequest a = r;
    a.algorithm = model::parseAlgorithm("auto");
    const model::CollectiveResult picked = model::predictCollective(model::topology::generateFatTree(testsupport::catalog(), o), testsupport::catalog(), a);
    CHECK(picked.algorithm == model::Algorithm::Ring);
    // NCCL's tuner does not see the oversubscription: the note says what NCCL would run and how
    // to get this figure.
    INFO(picked.note);
    CHECK(picked.note.find("NCCL's own tuner does not see the fabric's oversubscription: it would run nvls_tree here") != std::string::npos);
    CHECK(picked.note.find("NCCL_ALGO=Ring gets this figure") != std::string::npos);
    CHECK(model::predictCollective(flat, testsupport::catalog(), a).note.find("does not see") == std::string::npos);
}
