// Cross-checks of the simulator against the analytical engine and against hand-worked fabric
// arithmetic (issue 6, item 5). Designs are built with the Design API (test_simulation_fabrics.hpp).
#include "model/simulation/simulation.hpp"
#include "test_engine_agreement.hpp"
#include "test_catalog_support.hpp"
#include "test_simulation_fabrics.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <string>

namespace {

using simtest::ethernetCatalog;

model::CollectiveRequest request(model::CollectiveOp op, double bytes, const std::string& algorithm)
{
    model::CollectiveRequest r;
    r.op = op;
    r.bytes = bytes;
    r.algorithm = model::parseAlgorithm(algorithm);
    return r;
}

using testsupport::kGiB;

void print(const char* what, const model::SimulationResult& r)
{
    std::printf("%-44s sim %10.1f us busbw %7.1f GB/s", what, r.collective.time.inMicroseconds(),
                r.collective.busbw.inGBps());
    if (r.analytical)
        std::printf(" | analytical %10.1f us busbw %7.1f (%s)", r.analytical->time.inMicroseconds(),
                    r.analytical->busbw.inGBps(), model::toString(r.analytical->algorithm));
    std::printf("\n");
}

} // namespace

TEST_CASE("non-blocking fabric: simulated ring all-reduce within 5% of the analytical engine",
          "[simulation][crosscheck]")
{
    for (int servers : {1, 2, 4, 16}) {
        simtest::RailFabric f;
        f.servers = servers;
        const model::Design d = simtest::buildRailFabric(ethernetCatalog(), f);
        const auto r = model::simulateCollective(d, ethernetCatalog(), request(model::CollectiveOp::AllReduce, kGiB, "ring"));
        print(("ring all-reduce 1 GiB, " + std::to_string(servers) + " DGX H100").c_str(), r);
        REQUIRE(r.analytical);
        CHECK(r.collective.time.inSeconds() == Approx(r.analytical->time.inSeconds()).epsilon(0.05));
    }
}

TEST_CASE("2:1 oversubscription with cross-leaf all-to-all: slowed to the leaf uplinks' bound",
          "[simulation][crosscheck]")
{
    // 16 DGX H100, 4 servers per leaf (4 leaf groups x 8 rails), one spine. 1:1 = 4 uplinks per
    // leaf, 2:1 = 2. All-to-all with every peer at once (NCCL's grouped send/recv, "direct"):
    // with PXN, NIC j of a server carries its 8 GPUs' S/128 to GPU j of the 15 other servers,
    // 120 S/128 = 0.9375 S, through GPU j's PCIe at 48 GB/s: 1:1 takes 0.9375 S / 48e9 = 20.97 ms.
    // 12 of those 15 servers are behind other leaves: each leaf sends 4 x 0.9375 S x 12/15 = 3 S
    // up its uplinks; at 2:1, 2 x 48.5 GB/s: 3 S / 97e9 = 33.21 ms. Slowdown 1.5835.
    // (This check used to compare with the analytical engine within 15% while all-to-all was
    // simulated as synchronized pairwise rounds, 1.64; the analytical engine says 1.875, above
    // the physical ratio, its 2:1 time being 1.56 x the uplinks' bound: reported, not changed.)
    simtest::RailFabric f;
    f.servers = 16;
    f.serversPerLeaf = 4;
    f.spines = 1;
    const model::Design flat = simtest::buildRailFabric(ethernetCatalog(), f);
    f.oversubscription = 2.0;
    const model::Design over = simtest::buildRailFabric(ethernetCatalog(), f);
    const auto req = request(model::CollectiveOp::AllToAll, kGiB, "");
    const auto a = model::simulateCollective(flat, ethernetCatalog(), req);
    const auto b = model::simulateCollective(over, ethernetCatalog(), req);
    print("alltoall 1 GiB, 16 DGX H100, 1:1", a);
    print("alltoall 1 GiB, 16 DGX H100, 2:1", b);
    REQUIRE(a.analytical);
    REQUIRE(b.analytical);
    const double simSlowdown = b.collective.time / a.collective.time;
    const double anaSlowdown = b.analytical->time / a.analytical->time;
    std::printf("slowdown 2:1 vs 1:1: simulated %.3f, analytical %.3f\n", simSlowdown, anaSlowdown);
    CHECK(simSlowdown > 1.2);
    // Both at SimAI's measured all-to-all efficiency for 1 GiB on 16 nodes (0.85, ata_ratio.csv),
    // which the simulator applies to the bytes between servers as the analytical engine does.
    CHECK(a.collective.time.inSeconds() == Approx(0.9375 * kGiB / 48e9 / 0.85).epsilon(2e-3));
    CHECK(b.collective.time.inSeconds() == Approx(3.0 * kGiB / 97e9 / 0.85).epsilon(2e-3));
    CHECK(simSlowdown == Approx((3.0 / 97e9) / (0.9375 / 48e9)).epsilon(5e-3));
}

TEST_CASE("hierarchical all-reduce: phases add up to the hand-computed closed form", "[simulation][crosscheck]")
{
    // 2 DGX H100 on one leaf group, one pipeline chunk (phases in series, section 4 of
    // engine_formulas.md):
    //   reduce-scatter: 7 steps, each GPU sends S/8 over NVLink at 370.8 GB/s,
    //                   + 6 us overhead + 2 x 25 ns NVSwitch hops;
    //   inter-node:     2 steps per rail, each GPU sends S/16 at 48 GB/s (PCIe Gen5 x16 x 0.75,
    //                   below the NIC's 48.5), + 6 us + PCIe 0.1 + NIC 0.5 + leaf + PCIe 0.1 us;
    //   all-gather:     as the reduce-scatter.
    simtest::RailFabric f;
    f.servers = 2;
    const model::Design d = simtest::buildRailFabric(ethernetCatalog(), f);
    // The simulator's own step mechanics (NCCL pricing off; priced, the schedule takes the
    // analytical engine's latency terms, test_simulation_hierarchical.cpp).
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    o.maxPipelineChunks = 1;
    o.ncclStepCost = false;
    const double S = kGiB;
    const auto r = model::simulateCollective(d, ethernetCatalog(), request(model::CollectiveOp::AllReduce, S, "hierarchical"), o);
    const double leaf = *ethernetCatalog().switchModel("qm9700")->latencyNs * 1e-9;
    const double rs = 7 * (S / 8 / 370.8e9 + 6e-6 + 50e-9);
    const double inter = 2 * (S / 16 / 48e9 + 6e-6 + 0.7e-6 + leaf);
    CHECK(r.collective.algorithm == model::Algorithm::Hierarchical);
    CHECK(r.collective.time.inSeconds() == Approx(2 * rs + inter).epsilon(1e-6));
    // Pipelined (default chunks), the network phase hides under the NVLink phases.
    model::SimulationOptions pipedOptions;
    pipedOptions.ncclStepCost = false;
    const auto piped = model::simulateCollective(d, ethernetCatalog(), request(model::CollectiveOp::AllReduce, S, "hierarchical"), pipedOptions);
    CHECK(piped.collective.time.inSeconds() < r.collective.time.inSeconds());
    CHECK(piped.collective.time.inSeconds() > 2 * 7 * S / 8 / 370.8e9);
}

TEST_CASE("simulation JSON says where its phases do not add up to its time", "[simulation]")
{
    // helper-85: a broadcast's phases summed to 64,985 us against 24,856 us, unexplained. The
    // phases are single steps; a pipelined schedule overlaps them.
    const model::Catalog cat = model::Catalog::loadBundled();
    const model::Design d = enginetest::fatTree(cat, "dgx-h100", "qm9700", 4);
    model::CollectiveRequest q;
    q.op = model::CollectiveOp::Broadcast;
    q.bytes = 1 << 30;
    const nlohmann::json j = model::toJson(model::simulateCollective(d, cat, q));
    double sum = 0;
    for (const auto& p : j["phases"]) sum += p["time_per_repeat_us"].get<double>() * p["repeats"].get<double>();
    const double total = j["time_us"].get<double>();
    INFO("phases " << sum << " us, time " << total << " us");
    if (std::abs(sum - total) > 0.01 * total) {
        REQUIRE(j.contains("phases_note"));
        CHECK(j["phases_note"].get<std::string>().find(std::to_string(static_cast<long long>(std::llround(sum))) + " us, not time_us") !=
              std::string::npos);
    } else {
        CHECK_FALSE(j.contains("phases_note"));
    }
    CHECK(sum > total); // the broadcast chain overlaps its chunks' steps
}
