// All-to-all as NCCL runs it (every peer at once, "direct") against the synchronized pairwise
// rounds, and the checks of --fail specs against the design.
#include "test_alltoall_support.hpp"
#include "test_catalog_support.hpp"
#include "model/design/node_lookup.hpp"
#include "model/io/input_error.hpp"
#include "model/analysis/analysis.hpp"
#include "model/simulation/simulation.hpp"

#include <catch2/catch.hpp>

namespace {

using testsupport::kGiB;

using testsupport::catalog;

model::Id firstServer(const model::Design& d)
{
    return model::firstNode(d, [](const model::Node& n) { return n.kind == model::NodeKind::Server; });
}

} // namespace

TEST_CASE("all-to-all on 2 DGX H100: concurrent peers reach the NIC bound", "[simulation][alltoall]")
{
    // 16 GPUs on 2 DGX H100. Each GPU sends S/16 to each of the 8 GPUs of the other server:
    // 8/16 S = 536,870,912 bytes leave it through the network. With PXN every flow to rail j
    // crosses GPU j's PCIe link (Gen5 x16 x 0.75 = 48 GB/s) and NIC j (48.5 GB/s practical):
    // 536,870,912 / 48e9 = 11,184.8 us, + 6 us send overhead + path latency = 11,191.9 us.
    // The NIC bound alone is 536,870,912 / 48.5e9 = 11,069.5 us; the simulation must not beat it.
    // These are the flow mechanics alone (ncclStepCost off); the priced default is checked below.
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    o.ncclStepCost = false;
    const auto direct = model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, ""), o);
    CHECK(direct.collective.algorithm == model::Algorithm::Direct);
    CHECK(direct.collective.time.inMicroseconds() == Approx(11191.89).epsilon(1e-4));
    CHECK(direct.collective.time.inSeconds() >= 0.5 * kGiB / 48.5e9);
    REQUIRE(!direct.mostCongested.empty());
    CHECK(direct.mostCongested.front().mean > 0.98);
    // The explicit synchronized rounds: 15 rounds, the 7 mostly-NVLink ones charged at their own
    // time but the 8 NIC rounds serialised: 21,078 us (the old default, 1.75 x slower).
    const auto pairwise = model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, "pairwise"), o);
    CHECK(pairwise.collective.algorithm == model::Algorithm::Pairwise);
    CHECK(pairwise.collective.time.inMicroseconds() == Approx(21078.0).epsilon(2e-3));
    // Priced as the analytical engine prices its pairwise exchange (the default): the bytes
    // between servers at SimAI's measured all-to-all efficiency for 1 GiB on 2 nodes (0.81,
    // ata_ratio.csv) and NCCL's Simple base (8.4 us) + network hop latency once:
    // 11,184.8 / 0.81 + 22.4 = 13,830.8 us, and the analytical engine within 2%.
    model::SimulationOptions priced;
    const auto nccl = model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, ""), priced);
    CHECK(nccl.collective.time.inMicroseconds() == Approx(11184.8 / 0.81 + 22.4).epsilon(1e-3));
    REQUIRE(nccl.analytical);
    CHECK(nccl.collective.time.inSeconds() == Approx(nccl.analytical->time.inSeconds()).epsilon(0.02));
    // One name for one algorithm in both engines: the analytical engine's all-to-all is "direct"
    // (it was called "pairwise" there, so a forced "pairwise" gave the simulator's rounds, 40 x
    // slower at 1 MiB over 96 GPUs, beside the analytical direct figure under the same name).
    CHECK(nccl.analytical->algorithm == model::Algorithm::Direct);
    model::CollectiveRequest forcedDirect = testsupport::allToAllGiB(16, "direct");
    CHECK(model::predictCollective(testsupport::superpodTemplate(), catalog(), forcedDirect).time.inMicroseconds() ==
          Approx(nccl.analytical->time.inMicroseconds()));
    try {
        (void)model::predictCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, "pairwise"));
        FAIL("the analytical engine took \"pairwise\"");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("\"pairwise\" (n-1 synchronized rounds) is simulated only") != std::string::npos);
    }
    // The simulated rounds carry no analytical figure to compare with, and say why.
    const auto rounds = model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, "pairwise"), priced);
    CHECK_FALSE(rounds.analytical.has_value());
    CHECK(rounds.analyticalError.find("simulated only") != std::string::npos);
}

TEST_CASE("all-to-all on 256 GPUs: one concurrent pattern of every pair", "[simulation][alltoall]")
{
    // 32 DGX H100: 248/256 of S leave each GPU, 1,040,187,392 bytes over its rail's PCIe + NIC
    // at 48 GB/s = 21,670.6 us, + overhead and latency = 21,677.7 us. 256 x 255 = 65,280 flows,
    // below SimulationOptions::maxConcurrentFlows: one pattern.
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    o.ncclStepCost = false; // the flow mechanics alone
    const auto r = model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(256, "direct"), o);
    CHECK(r.flowsSimulated == 65280);
    CHECK(r.phases.size() == 1);
    CHECK(r.collective.time.inMicroseconds() == Approx(21677.65).epsilon(1e-4));
    // Batched (5 batches of strided offsets: an odd count, analysis::allToAllBatches) it stays
    // near the bound: the batches mix peers alike.
    o.maxConcurrentFlows = 65280 / 5;
    const auto b = model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(256, "direct"), o);
    CHECK(b.phases.front().repeats == 5);
    CHECK(b.collective.time.inSeconds() >= 1040187392.0 / 48e9);
    CHECK(b.collective.time.inSeconds() < 1.05 * r.collective.time.inSeconds());
    // Priced (the default), batches are one exchange split to bound memory: its latency is paid
    // once, so 5 batches of 64 KiB cost what one pattern does (before: 5 x the 22.4 us latency).
    model::SimulationOptions priced;
    priced.compareWithAnalytical = false;
    model::CollectiveRequest small = testsupport::allToAllGiB(256, "direct");
    small.bytes = 64.0 * 1024;
    const double one = model::simulateCollective(testsupport::superpodTemplate(), catalog(), small, priced).collective.time.inMicroseconds();
    priced.maxConcurrentFlows = 65280 / 5;
    const auto batched = model::simulateCollective(testsupport::superpodTemplate(), catalog(), small, priced);
    CHECK(batched.phases.front().repeats == 5);
    CHECK(batched.collective.time.inMicroseconds() == Approx(one).epsilon(0.02));
}

TEST_CASE("all-to-all on the 8x L40S server: the shared inter-socket link bounds it", "[simulation][alltoall]")
{
    // 8 L40S, 4 per CPU socket, no NVLink. Each GPU sends S/8 to each of the 4 GPUs on the other
    // socket: 4 x 4 x S/8 = 2 S = 2,147,483,648 bytes cross the inter-socket link each way at
    // NCCL's 22 GB/s (calibration kInterSocketGBps): 97,613 us, + latency. The analytical
    // engine charges the same link (collective_alltoall.cpp); before, it charged 22 GB/s per GPU
    // instead of per socket link: 42,720 us, 0.44x the simulated time.
    model::SimulationOptions o;
    const model::Design l40s = model::loadDesign(model::bundledTemplateDirectory() + "/server-8x-l40s.json");
    const auto r = model::simulateCollective(l40s, catalog(), testsupport::allToAllGiB(0, ""), o);
    CHECK(r.collective.time.inSeconds() >= 2 * kGiB / 22e9);
    CHECK(r.collective.time.inMicroseconds() == Approx(97626.99).epsilon(1e-4));
    REQUIRE(r.analytical);
    CHECK(r.analytical->time.inMicroseconds() == Approx(2 * kGiB / 22e9 * 1e6).epsilon(1e-3));
}

TEST_CASE("failure specs that name nothing in the design are errors", "[simulation][failures]")
{
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    auto run = [&](const std::string& spec) {
        o.failures = {model::parseFailure(spec)};
        (void)model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, ""), o);
    };
    const std::string server = std::to_string(firstServer(testsupport::superpodTemplate()));
    // DGX H100: 8 compute NICs, ports (rails) 0-7.
    CHECK_THROWS_AS(run("plane:8"), model::InputError);
    CHECK_THROWS_WITH(run("plane:8"), Catch::Contains("plane:8") && Catch::Contains("0-7"));
    CHECK_NOTHROW(run("plane:7"));
    // ConnectX-7 runs at 400 Gb/s: 800 is no degradation.
    CHECK_THROWS_WITH(run("nic:" + server + ":0:800"), Catch::Contains("line rate") && Catch::Contains("400"));
    CHECK_NOTHROW(run("nic:" + server + ":0:200"));
    CHECK_THROWS_WITH(run("nic:" + server + ":8:200"), Catch::Contains("NIC port"));
    CHECK_THROWS_WITH(run("nic:999999:0:200"), Catch::Contains("GPU server"));
    CHECK_THROWS_WITH(run("link:999999"), Catch::Contains("link:999999"));
    CHECK_THROWS_WITH(run("switch:" + server), Catch::Contains("not a switch"));
}

TEST_CASE("pipelined broadcast: the first chunk's fill costs each hop its own time", "[simulation][broadcast]")
{
    // 1 GiB from rank 0 to 256 GPUs (32 DGX H100): 8 rings, 256 chunks of 512 KiB per ring.
    // The first chunk crosses the chain's 255 hops one after another, each alone on its hop:
    //   224 intra-node hops: 6 us overhead + 2 x 25 ns + 512 KiB / 370.8 GB/s (1.41 us) = 7.464 us;
    //    31 inter-node hops: 512 KiB / 48 GB/s PCIe (10.92 us) + 6 us + path latency = 18.003 us,
    //   the last one counted as the steady-state step (all rings at once, 18.391 us);
    // then 255 further chunks each add the steady step's drain, 11.311 us as simulated:
    //   224 x 7.464 + 30 x 18.003 + 18.391 + 255 x 11.311 = 5,114.8 us.
    // (Before, every one of the 255 fill hops was charged the slowest step, 18.391 us: 7,574 us.
    // The analytical engine says 4,786 us: its multi-node Simple rule keeps max(latency,
    // bandwidth) where the pipeline fill adds to the transfer.)
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    o.ncclStepCost = false; // the flow mechanics with SimAI's 6 us per step
    model::CollectiveRequest req;
    req.op = model::CollectiveOp::Broadcast;
    req.bytes = kGiB;
    req.gpus = 256;
    const auto r = model::simulateCollective(testsupport::superpodTemplate(), catalog(), req, o);
    CHECK(r.collective.time.inMicroseconds() == Approx(5114.83).epsilon(1e-4));
    REQUIRE(r.phases.size() == 3);
    CHECK(r.phases[1].repeats == 224);
    CHECK(r.phases[1].timePerRepeat.inMicroseconds() == Approx(7.4639).epsilon(1e-4));
    CHECK(r.phases[2].repeats == 30);
    // Bandwidth bound alone: each ring's S/8 through one 48 GB/s hop.
    CHECK(r.collective.time.inSeconds() > kGiB / 8 / 48e9);
}

TEST_CASE("all-to-all: an algorithm other than direct or pairwise is refused by both engines", "[simulation][alltoall]")
{
    // The simulator ran `--algo ring` for alltoall as direct, exit 0, where the analytical
    // engine refused it.
    for (const char* a : {"ring", "tree", "nvls", "hierarchical"}) {
        INFO(a);
        CHECK_THROWS_WITH(model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, a)),
                          Catch::Contains("cannot run alltoall: all-to-all runs direct"));
        CHECK_THROWS_AS(model::predictCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, a)), std::invalid_argument);
    }
    CHECK_NOTHROW(model::simulateCollective(testsupport::superpodTemplate(), catalog(), testsupport::allToAllGiB(16, "direct")));
}
