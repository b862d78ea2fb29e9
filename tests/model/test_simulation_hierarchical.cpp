// Hierarchical all-reduce in both engines: the simulator's schedule (intra-node reduce-scatter,
// per-rail ring all-reduce, intra-node all-gather) is priced with the terms the analytical
// engine sums (model/analysis/hierarchical_pricing.hpp): NCCL's Simple ring base latency once,
// 2(g-1) NVLink and 2(k-1) network ring-step latencies, and the slower phase's bytes, the rail
// phase's divided by the measured size efficiency. What the simulator adds is the drain of
// those bytes on the routed links. Before, the simulator charged every phase's first chunk its
// steps' latency in series with 6 us per step and no size efficiency, the analytical engine
// took the max of the phases with their latencies inside it: 1.1 to 2.9 x apart.
#include "test_catalog_support.hpp"
#include "test_engine_agreement.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using testsupport::catalog;

} // namespace

TEST_CASE("hierarchical all-reduce: simulated and analytical within 10%, 1 KiB to 4 GiB, 2 to 32 DGX H100",
          "[simulation][hierarchical]")
{
    std::printf("\n%-16s %12s %12s %14s %7s\n", "design", "bytes", "sim_us", "analytical_us", "ratio");
    for (int nodes : {2, 4, 8, 32}) {
        const model::Design d = enginetest::fatTree(catalog(), "dgx-h100", "qm9700", nodes);
        const std::string name = std::to_string(nodes) + " x DGX H100";
        double previousUs = 0;
        // 1 KiB to 4 GiB in steps of x 4: sizes on both sides of the ramp and chunk boundaries.
        for (double bytes = 1024; bytes <= 4.0 * 1024 * 1024 * 1024; bytes *= 4) {
            const enginetest::EngineTimes t = enginetest::bothEngines(d, catalog(), model::CollectiveOp::AllReduce,
                                                                      model::Algorithm::Hierarchical, bytes);
            std::printf("%-16s %12.0f %12.2f %14.2f %7.3f\n", name.c_str(), bytes, t.simulatedUs, t.analyticalUs, t.ratio());
            INFO(name << ", " << bytes << " B: simulated " << t.simulatedUs << " us, analytical " << t.analyticalUs << " us");
            CHECK(t.ratio() == Approx(1.0).margin(0.10));
            CHECK(t.simulatedUs >= previousUs);
            CHECK(t.analyticalUs > 0);
            previousUs = t.simulatedUs;
        }
    }
}

TEST_CASE("hierarchical all-reduce: the phases' latencies add up, their transfers overlap", "[collective][hierarchical]")
{
    // 4 DGX H100, 1 KiB: latency 8.4 (base) + 2 x 7 x 3.4 (NVLink steps) + 2 x 3 x 14 (network
    // steps) = 140.0 us, which the bytes barely add to; before, the analytical engine took the
    // larger of the NVLink phases (47.6 us) and the network phase (84 us): 84.0 us.
    const model::Design d = enginetest::fatTree(catalog(), "dgx-h100", "qm9700", 4);
    model::CollectiveRequest q;
    q.op = model::CollectiveOp::AllReduce;
    q.bytes = 1024;
    q.algorithm = model::Algorithm::Hierarchical;
    const model::CollectiveResult r = model::predictCollective(d, catalog(), q);
    CHECK(r.time.inMicroseconds() == Approx(140.0).margin(0.1));
}
