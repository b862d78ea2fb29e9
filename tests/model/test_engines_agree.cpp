// Issue 16 item 2: on non-blocking fabrics the simulator and the analytical engine agree within
// 10% for all-reduce, all-gather and reduce-scatter from 1 MiB to 16 GiB and from 8 to 1,024
// GPUs with the same algorithm. Ring: both price a ring step with the same cost model
// (model/analysis/nccl_cost.hpp; the simulator through protocol_plan.hpp), the simulator adding
// what it routes, its ring steps pipelined per rank (collective_schedule.hpp) so that a slice
// pays the network latency only where it crosses servers (1 MiB on 1,024 GPUs: 1.56x with a
// barrier per step). The sweep prints its table; "floor" marks results where both engines sit on
// the shared multi-node size-efficiency floor (agreement there is by construction, not
// simulated). The all-reduce rows of NCCL's other algorithms (tree, nvls, nvls_tree) are held
// too: the simulator prices its tree / NVLS / NVLSTree schedules term by term with the analytical
// engine's own function (model/analysis/collective_pricing.hpp, through protocol_plan.hpp): the
// protocol NCCL picks, NCCL's latency per hop of the simulated trees and chains, the protocol's
// and the tree correction's bandwidth factors, NCCL's pipeline fill and the same measured floor;
// what it simulates is the drain of every edge on the routed links. Rows on the floor in both
// engines agree by construction (marked "floor"); the others by the simulated schedule.
#include "model/analysis/analysis.hpp"
#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/collective_pricing.hpp"
#include "model/simulation/sim_engine.hpp"
#include "model/simulation/simulation.hpp"
#include "test_catalog_support.hpp"
#include "test_simulation_fabrics.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <stdexcept>
#include <vector>

namespace {

struct Row {
    model::Algorithm algorithm;
    model::CollectiveOp op;
};

/// Prints the sweep table's column names (both sweeps print the same columns).
void printTableHeader()
{
    std::printf("\n%-9s %-15s %5s %12s %-7s %12s %13s %7s %s\n", "algorithm", "op", "gpus", "bytes", "proto", "sim_us",
                "analytical_us", "ratio", "floor");
}

/// The non-blocking DGX H100 rail fat tree of `servers` servers (8 GPUs each) the sweeps run on.
model::Design railFabric(const model::Catalog& cat, int servers)
{
    simtest::RailFabric f;
    f.servers = servers;
    return simtest::buildRailFabric(cat, f);
}

using testsupport::kKiB;
using testsupport::kMiB;

/// One simulated all-reduce with its analytical prediction and their ratio.
struct AllReduceRun {
    model::SimulationResult result;
    double ratio = 0; ///< simulated time / analytical time
};

/// Simulates an all-reduce of `bytes` over `gpus` GPUs of `d` (0 = all) with `algorithm` and
/// prints it as one row of printTableHeader's table (the algorithm the simulator ran).
AllReduceRun allReduceRow(const model::Design& d, const model::Catalog& cat, model::Algorithm algorithm, int gpus, double bytes)
{
    model::CollectiveRequest req;
    req.op = model::CollectiveOp::AllReduce;
    req.bytes = bytes;
    req.gpus = gpus;
    req.algorithm = algorithm;
    AllReduceRun run{model::simulateCollective(d, cat, req), 0.0};
    const auto& r = run.result;
    REQUIRE(r.analytical);
    run.ratio = r.collective.time / r.analytical->time;
    std::printf("%-9s %-15s %5d %12.0f %-7s %12.1f %13.1f %7.3f\n", model::toString(r.collective.algorithm), "all_reduce",
                r.collective.gpus, bytes, model::toString(r.collective.protocol), r.collective.time.inMicroseconds(),
                r.analytical->time.inMicroseconds(), run.ratio);
    return run;
}

} // namespace

TEST_CASE("non-blocking fabrics: simulated and analytical ring collectives within 10%, 1 MiB to 16 GiB, 8 to 1,024 GPUs",
          "[simulation][crosscheck][engines]")
{
    const model::Catalog cat = simtest::catalogWithEthernet();
    using model::Algorithm;
    using model::CollectiveOp;
    printTableHeader();
    for (int servers : {1, 2, 8, 128}) {
        const model::Design d = railFabric(cat, servers);
        std::vector<Row> rows = {{Algorithm::Ring, CollectiveOp::AllReduce},
                                 {Algorithm::Ring, CollectiveOp::AllGather},
                                 {Algorithm::Ring, CollectiveOp::ReduceScatter}};
        for (const Row& row : rows)
            for (double bytes : {kMiB, 16 * kMiB, 256 * kMiB, 16384 * kMiB}) {
                model::CollectiveRequest req;
                req.op = row.op;
                req.bytes = bytes;
                req.algorithm = row.algorithm;
                const auto r = model::simulateCollective(d, cat, req);
                REQUIRE(r.analytical);
                const double ratio = r.collective.time / r.analytical->time;
                const bool floored = r.collective.note.find("bounded below") != std::string::npos;
                std::printf("%-9s %-15s %5d %12.0f %-7s %12.1f %13.1f %7.3f %s\n", model::toString(row.algorithm),
                            model::toString(row.op), 8 * servers, bytes, model::toString(r.collective.protocol),
                            r.collective.time.inMicroseconds(), r.analytical->time.inMicroseconds(), ratio,
                            floored ? "floor" : "");
                CHECK(r.collective.protocol == r.analytical->protocol);
                CHECK(ratio == Approx(1.0).epsilon(0.10));
            }
    }
}

TEST_CASE("non-blocking fabrics: simulated and analytical tree, nvls and nvls_tree all-reduce, 1 MiB to 16 GiB, 8 to 1,024 GPUs",
          "[simulation][crosscheck][engines]")
{
    const model::Catalog cat = simtest::catalogWithEthernet();
    using model::Algorithm;
    printTableHeader();
    for (int servers : {1, 2, 8, 128}) {
        const model::Design d = railFabric(cat, servers);
        const model::analysis::ClusterFacts facts = model::analysis::extractFacts(d, cat);
        const std::vector<Algorithm> algorithms =
            servers == 1 ? std::vector<Algorithm>{Algorithm::Tree, Algorithm::Nvls}
                         : std::vector<Algorithm>{Algorithm::Tree, Algorithm::NvlsTree};
        for (Algorithm a : algorithms)
            for (double bytes : {kMiB, 16 * kMiB, 256 * kMiB, 16384 * kMiB}) {
                model::CollectiveRequest req;
                req.op = model::CollectiveOp::AllReduce;
                req.bytes = bytes;
                req.algorithm = a;
                model::SimulationResult r;
                try {
                    r = model::simulateCollective(d, cat, req);
                } catch (const std::exception& e) {
                    std::printf("%-9s %-15s %5d %12.0f not simulated: %s\n", model::toString(a), "all_reduce", 8 * servers,
                                bytes, e.what());
                    continue;
                }
                if (!r.analytical) {
                    std::printf("%-9s %-15s %5d %12.0f no analytical: %s\n", model::toString(a), "all_reduce", 8 * servers,
                                bytes, r.analyticalError.c_str());
                    continue;
                }
                const double ratio = r.collective.time / r.analytical->time;
                const bool floored = r.collective.note.find("bounded below") != std::string::npos;
                // The analytical engine on its floor too: then the row agrees by construction.
                const model::analysis::NcclPricing priced = model::analysis::ncclPricing(
                    a, model::analysis::placeGroup(facts, 8 * servers, false), model::CollectiveOp::AllReduce, bytes);
                const bool analyticalFloored =
                    priced.applicable && model::analysis::pricedTimeUs(priced, bytes) >
                                             priced.latencyUs + priced.bandwidthUs * priced.fillFactor;
                std::printf("%-9s %-15s %5d %12.0f %-7s %12.1f %13.1f %7.3f %s\n", model::toString(a), "all_reduce",
                            8 * servers, bytes, model::toString(r.collective.protocol), r.collective.time.inMicroseconds(),
                            r.analytical->time.inMicroseconds(), ratio,
                            floored && analyticalFloored ? "floor" : floored ? "floor (simulated only)"
                                                                  : analyticalFloored ? "floor (analytical only)" : "");
                CHECK(r.collective.protocol == r.analytical->protocol);
                CHECK(ratio == Approx(1.0).epsilon(0.10));
            }
    }
}

TEST_CASE("a per-rank pipelined ring adds the latency of the slowest chain of consecutive hops once",
          "[simulation][engines]")
{
    using model::sim::pipelinedRingSeconds;
    // Two rings of 4 hops; the first has one slow hop (5 s). 6 steps = one lap (8 s) and the
    // 2 consecutive hops holding the slow one (6 s): 6 x 2 s drain + 14 s.
    const std::vector<double> lat = {1, 1, 1, 5, 0, 0, 0, 0};
    CHECK(pipelinedRingSeconds(lat, 4, 6, 2.0) == Approx(26.0));
    // 3 steps: the window of 3 hops around the slow one, 7 s; no laps.
    CHECK(pipelinedRingSeconds(lat, 4, 3, 0.0) == Approx(7.0));
    // 8 steps: two whole laps, 16 s.
    CHECK(pipelinedRingSeconds(lat, 4, 8, 1.0) == Approx(24.0));
    // Equal hops: every window the same; steps x (drain + latency).
    CHECK(pipelinedRingSeconds(std::vector<double>(8, 0.5), 8, 14, 1.0) == Approx(14 * 1.5));
    CHECK_THROWS_AS(pipelinedRingSeconds(lat, 3, 6, 1.0), std::invalid_argument);
    CHECK_THROWS_AS(pipelinedRingSeconds(lat, 0, 6, 1.0), std::invalid_argument);
}

TEST_CASE("auto all-reduce: the simulator runs the algorithm the analytical engine picks and times it the same",
          "[simulation][crosscheck][engines][auto]")
{
    // NCCL picks the algorithm with its tuner before anything runs; the simulator follows the
    // shared cost model's pick instead of simulating every candidate and keeping the fastest.
    // Before, auto on the SuperPOD template (32 DGX H100) reported nvls_tree for 1 GiB over 256
    // GPUs at 5,905 us, 0.645 x the analytical 9,148 us, while a forced nvls_tree gave 9,148 us;
    // 24 KiB over 8 GPUs named nvls at 18.3 us, neither ring's 15.3 nor nvls's own 25.3 us.
    const model::Catalog cat = simtest::catalogWithEthernet();
    printTableHeader();
    // Whole servers, odd and even counts, part of the design in whole servers (8 fewer GPUs
    // than all) or half of one server, and groups that end inside a server (8 + 4, 8 + 1).
    for (int servers : {1, 2, 3, 4, 5, 32}) {
        const model::Design d = railFabric(cat, servers);
        std::vector<int> counts = {8 * servers, servers == 1 ? 4 : 8 * servers - 8};
        if (servers > 1) {
            counts.push_back(8 * servers - 4);
            counts.push_back(8 * servers - 7);
        }
        for (int gpus : counts)
            for (double bytes : {24 * kKiB, kMiB, 3 * kMiB, 96 * kMiB, 1024 * kMiB, 5120 * kMiB}) {
                // 8 + 1 below 1 MiB (outside item 2's range): a latency-bound ring whose one
                // remote rank both receives and sends across the network. NCCL's model charges
                // 2(k - 1) network steps; the simulator's pipelined ring charges the slowest chain
                // of 2(n - 1) consecutive hops, which passes the two adjacent network hops twice
                // (24 KiB over 9 GPUs: 31.2 us simulated, 27.8 us analytical, 1.12x).
                if (gpus % 8 == 1 && gpus > 8 && bytes < kMiB) continue;
                const AllReduceRun run = allReduceRow(d, cat, model::Algorithm::Auto, gpus, bytes);
                const model::CollectiveResult& sim = run.result.collective;
                CHECK(sim.algorithm == run.result.analytical->algorithm);
                CHECK(sim.protocol == run.result.analytical->protocol);
                CHECK(run.ratio == Approx(1.0).epsilon(0.10));
                // The same request with that algorithm forced gives the same simulated time.
                const AllReduceRun forced = allReduceRow(d, cat, sim.algorithm, gpus, bytes);
                CHECK(forced.result.collective.time.inMicroseconds() == Approx(sim.time.inMicroseconds()).epsilon(1e-9));
            }
    }
}

TEST_CASE("odd server counts: simulated and analytical tree and nvls_tree all-reduce within 10%, 24 KiB to 16 GiB",
          "[simulation][crosscheck][engines]")
{
    // NCCL's second tree is the first shifted by one rank on an odd count and mirrored on an even
    // one (trees.cc ncclGetDtree); the simulator had them the other way round, so on 5 or more
    // odd servers one server was inside both trees (1.5x the NIC traffic): nvls_tree 1 GiB over
    // 40 GPUs 1.399x the analytical time, 1.115x at 19 servers. And the tree is ceil(log2 k) deep
    // (5 servers: 3 hops), which both engines now charge: 3 MiB tree over 40 GPUs 1.27x before.
    const model::Catalog cat = simtest::catalogWithEthernet();
    printTableHeader();
    for (int servers : {3, 5, 7, 9, 19, 31}) {
        const model::Design d = railFabric(cat, servers);
        for (model::Algorithm a : {model::Algorithm::Tree, model::Algorithm::NvlsTree})
            for (double bytes : {24 * kKiB, kMiB, 3 * kMiB, 96 * kMiB, 1024 * kMiB, 16384 * kMiB}) {
                CHECK(allReduceRow(d, cat, a, 0, bytes).ratio == Approx(1.0).epsilon(0.10));
            }
    }
}

TEST_CASE("groups that end inside a server: simulated and analytical ring all-gather and reduce-scatter within 10%",
          "[simulation][crosscheck][engines]")
{
    // 12 GPUs on two DGX H100 are 8 + 4: the second server sends through the 4 NICs next to its
    // 4 GPUs (NCCL's nearest-NIC choice, rail to rail), so both engines give the group 4 NICs'
    // worth across the boundary. Before, the analytical engine counted the server's 8: ring
    // all-gather of 1 GiB over 12 GPUs 2,885 us analytical against 5,220 us simulated (1.81x),
    // tree all-reduce over 20 GPUs 1.58x.
    const model::Catalog cat = simtest::catalogWithEthernet();
    printTableHeader();
    for (int servers : {2, 3, 5, 16}) {
        const model::Design d = railFabric(cat, servers);
        for (int gpus : {8 * servers - 4, 8 * servers - 7, 8 * servers - 1})
            for (model::CollectiveOp op : {model::CollectiveOp::AllGather, model::CollectiveOp::ReduceScatter})
                for (double bytes : {kMiB, 16 * kMiB, 256 * kMiB, 1024 * kMiB, 16384 * kMiB}) {
                    model::CollectiveRequest req;
                    req.op = op;
                    req.bytes = bytes;
                    req.gpus = gpus;
                    req.algorithm = model::Algorithm::Ring;
                    const auto r = model::simulateCollective(d, cat, req);
                    REQUIRE(r.analytical);
                    const double ratio = r.collective.time / r.analytical->time;
                    std::printf("%-9s %-15s %5d %12.0f %-7s %12.1f %13.1f %7.3f\n", "ring", model::toString(op), gpus, bytes,
                                model::toString(r.collective.protocol), r.collective.time.inMicroseconds(),
                                r.analytical->time.inMicroseconds(), ratio);
                    CHECK(r.collective.protocol == r.analytical->protocol);
                    CHECK(ratio == Approx(1.0).epsilon(0.10));
                }
    }
}

TEST_CASE("all-to-all: simulated and analytical within 10% on 1:1, 2:1 and 4:1 fat trees, 64 KiB to 4 GiB",
          "[simulation][crosscheck][engines][alltoall]")
{
    // Both price the exchange alike (protocol_plan.hpp allToAllProtocolPlan): NCCL's Simple base
    // and hop latency, and between servers SimAI's measured all-to-all efficiency; the
    // simulator routes the flows, oversubscribed uplinks included. Before, the simulator ran the
    // flow mechanics alone: 1 MiB over 16 GPUs 18.0 us against 43.2 us analytical (0.42x), 1 GiB
    // 0.82x, and batched patterns paid the latency once per batch (64 KiB over 512 GPUs 3.7x).
    const model::Catalog cat = simtest::catalogWithEthernet();
    std::printf("\n%-6s %7s %5s %12s %12s %13s %7s\n", "fabric", "servers", "gpus", "bytes", "sim_us", "analytical_us", "ratio");
    for (double over : {1.0, 2.0, 4.0}) {
        simtest::RailFabric f;
        f.servers = 16;
        f.serversPerLeaf = 4;
        f.oversubscription = over;
        f.spines = 1;
        const model::Design d = simtest::buildRailFabric(cat, f);
        for (int gpus : {8, 16, 36, 64, 128})
            for (double bytes : {64 * kKiB, kMiB, 64 * kMiB, 1024 * kMiB, 4096 * kMiB}) {
                model::CollectiveRequest req;
                req.op = model::CollectiveOp::AllToAll;
                req.bytes = bytes;
                req.gpus = gpus;
                const auto r = model::simulateCollective(d, cat, req);
                REQUIRE(r.analytical);
                const double ratio = r.collective.time / r.analytical->time;
                std::printf("%4.0f:1 %7d %5d %12.0f %12.1f %13.1f %7.3f\n", over, f.servers, gpus, bytes,
                            r.collective.time.inMicroseconds(), r.analytical->time.inMicroseconds(), ratio);
                CHECK(ratio == Approx(1.0).epsilon(0.10));
            }
    }
}
