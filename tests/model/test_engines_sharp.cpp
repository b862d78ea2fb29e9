// InfiniBand SHARP (NCCL CollNetDirect) all-reduce in both engines: one pricing
// (collective_pricing.hpp collNetPricing) for the analytical estimate and the simulator's SHARP
// schedule, NCCL's CollNetDirect latency added to the pipelined transfer (not max(latency,
// bandwidth), which dropped the transfer below about 16 MiB). Before, the simulator priced its
// own latencies: 2.6-2.9 x the analytical time at 64 KiB-1 MiB on the SuperPOD template.
// Latencies from tuning.cc at v2.18.5-1 and v2.30.7-1.
#include "test_catalog_support.hpp"
#include "test_engine_agreement.hpp"
#include "model/analysis/nccl_cost.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <vector>

using model::Algorithm;
using model::CollectiveOp;
using model::NcclRelease;
using model::Protocol;

namespace {

model::analysis::NcclShape shape(int ranksPerNode, int nodes, NcclRelease release)
{
    model::analysis::NcclShape s;
    s.ranksPerNode = ranksPerNode;
    s.chainRanks = ranksPerNode;
    s.nodes = nodes;
    s.ranks = ranksPerNode * nodes;
    s.release = release;
    return s;
}

} // namespace

TEST_CASE("CollNetDirect latency as NCCL composes it: 2 (intra + (ppn-1) arity) + network", "[nccl][sharp]")
{
    using model::analysis::ncclLatencyUs;
    // 8 ranks per node: 2 (3.7 + 7 x 0.4) + 31 = 44.0 us; NCCL 2.18 serialised 0.5 us per rank: 45.4.
    CHECK(ncclLatencyUs(Algorithm::CollNet, Protocol::Simple, CollectiveOp::AllReduce, shape(8, 4, NcclRelease::Current)) ==
          Approx(44.0));
    CHECK(ncclLatencyUs(Algorithm::CollNet, Protocol::Simple, CollectiveOp::AllReduce, shape(8, 4, NcclRelease::UpTo2_18)) ==
          Approx(45.4));
    // 4 ranks per node: 2 (3.7 + 3 x 0.4) + 31 = 40.8 us.
    CHECK(ncclLatencyUs(Algorithm::CollNet, Protocol::Simple, CollectiveOp::AllReduce, shape(4, 4, NcclRelease::Current)) ==
          Approx(40.8));
    // One rank per node: no intra-node part, and the current tables take the tree's network hop
    // (Simple 14 us): "with ppn=1 latencies are fully exposed"; NCCL 2.18 kept CollNet's 31 us.
    CHECK(ncclLatencyUs(Algorithm::CollNet, Protocol::Simple, CollectiveOp::AllReduce, shape(1, 4, NcclRelease::Current)) ==
          Approx(14.0));
    CHECK(ncclLatencyUs(Algorithm::CollNet, Protocol::Simple, CollectiveOp::AllReduce, shape(1, 4, NcclRelease::UpTo2_18)) ==
          Approx(31.0));
    // The same rule for the ring's network hop: LL 2.7 us with 8 ranks per node, the tree's 5.0 with one.
    CHECK(model::analysis::ncclNetHopLatencyUs(Algorithm::Ring, Protocol::LL, shape(8, 4, NcclRelease::Current)) == Approx(2.7));
    CHECK(model::analysis::ncclNetHopLatencyUs(Algorithm::Ring, Protocol::LL, shape(1, 4, NcclRelease::Current)) == Approx(5.0));
    CHECK(model::analysis::ncclNetHopLatencyUs(Algorithm::Ring, Protocol::LL, shape(1, 4, NcclRelease::From2_19)) == Approx(2.7));
}

TEST_CASE("sharp all-reduce: simulated and analytical within 2%, 1 KiB to 16 GiB, 2 to 32 DGX H100", "[simulation][sharp]")
{
    const model::Catalog& cat = testsupport::bundledCatalog();
    std::printf("\n%6s %12s %12s %14s %7s\n", "nodes", "bytes", "sim_us", "analytical_us", "ratio");
    for (const int nodes : {2, 4, 16, 32}) {
        const model::Design d = enginetest::fatTree(cat, "dgx-h100", "qm9700", nodes);
        double previousUs = 0, previousAnalyticalUs = 0;
        for (double bytes = 1024; bytes <= 16.0 * 1024 * 1024 * 1024; bytes *= 4) {
            const enginetest::EngineTimes t = enginetest::bothEngines(d, cat, CollectiveOp::AllReduce, Algorithm::CollNet, bytes);
            std::printf("%6d %12.0f %12.2f %14.2f %7.3f\n", nodes, bytes, t.simulatedUs, t.analyticalUs, t.ratio());
            INFO(nodes << " nodes, " << bytes << " B: simulated " << t.simulatedUs << " us, analytical " << t.analyticalUs);
            CHECK(t.ratio() == Approx(1.0).margin(0.02));
            // Latency is paid at every size, transfer on top: never faster for more bytes.
            CHECK(t.analyticalUs >= 44.0);
            CHECK(t.simulatedUs >= previousUs);
            CHECK(t.analyticalUs >= previousAnalyticalUs);
            previousUs = t.simulatedUs;
            previousAnalyticalUs = t.analyticalUs;
        }
    }
}
