// Broadcast in both engines: the simulator's pipelined chain is priced with the cost model the
// analytical engine uses (protocol_plan.hpp, collective_schedule.cpp): NCCL's base latency and n
// ring-step latencies (k-1 of them between servers), plus the bytes at the simulated rate. Before,
// the simulator let the first 512 KiB chunk cross every hop whole: 2.9 x the analytical time on
// 8 x L40S at 354,294 B (134.4 against 46.8 us), and a 1.5 x smaller message took longer than a
// larger one on some designs.
#include "test_catalog_support.hpp"
#include "test_engine_agreement.hpp"
#include "model/simulation/sim_graph.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using testsupport::catalog;

model::Design oneServer(const char* server)
{
    model::topology::SingleServerOptions o;
    o.server = server;
    return model::topology::generateSingleServer(catalog(), o);
}

} // namespace

TEST_CASE("broadcast: simulated and analytical within 2%, 1 KiB to 4 GiB, one server to 32 servers", "[simulation][broadcast]")
{
    struct Case {
        const char* name;
        model::Design design;
    };
    const std::vector<Case> cases = {
        {"8 x L40S PCIe", oneServer("pcie-2-8-5-l40s")},
        {"1 x DGX H100", oneServer("dgx-h100")},
        {"4 x DGX H100 IB", enginetest::fatTree(catalog(), "dgx-h100", "qm9700", 4)},
        {"32 x DGX H100 IB", enginetest::fatTree(catalog(), "dgx-h100", "qm9700", 32)},
        {"8 x DGX H100 RoCE", enginetest::roceFabric(catalog(), "dgx-h100", "sn5600", 8)},
    };
    std::printf("\n%-18s %12s %12s %14s %7s\n", "design", "bytes", "sim_us", "analytical_us", "ratio");
    for (const Case& c : cases) {
        double previousUs = 0;
        // 1 KiB to 4 GiB in steps of x 3^(1/2): sizes that fall between chunk boundaries too.
        for (double bytes = 1024; bytes <= 4.0 * 1024 * 1024 * 1024; bytes *= 1.7320508) {
            const double b = std::floor(bytes);
            const enginetest::EngineTimes t =
                enginetest::bothEngines(c.design, catalog(), model::CollectiveOp::Broadcast, model::Algorithm::Auto, b);
            std::printf("%-18s %12.0f %12.2f %14.2f %7.3f\n", c.name, b, t.simulatedUs, t.analyticalUs, t.ratio());
            INFO(c.name << ", " << b << " B: simulated " << t.simulatedUs << " us, analytical " << t.analyticalUs << " us");
            CHECK(t.ratio() == Approx(1.0).margin(0.02));
            CHECK(t.simulatedUs >= previousUs);
            previousUs = t.simulatedUs;
        }
    }
}

TEST_CASE("broadcast on one PCIe server: 354,294 B simulates at the analytical 46.8 us, not 134 us", "[simulation][broadcast]")
{
    // 8 x L40S, ring LL (nccl_cost.hpp): 14.6 us of latency + 354,294 B at the LL rate of the
    // 22 GB/s PCIe path (32.2 us) = 46.81 us in both engines.
    const enginetest::EngineTimes t = enginetest::bothEngines(oneServer("pcie-2-8-5-l40s"), catalog(),
                                                              model::CollectiveOp::Broadcast, model::Algorithm::Auto, 354294);
    CHECK(t.analyticalUs == Approx(46.81).margin(0.01));
    CHECK(t.simulatedUs == Approx(46.81).margin(0.05));
    model::CollectiveRequest q;
    q.op = model::CollectiveOp::Broadcast;
    q.bytes = 354294;
    const model::SimulationResult r = model::simulateCollective(oneServer("pcie-2-8-5-l40s"), catalog(), q);
    CHECK_THAT(r.collective.note, Catch::Contains("the broadcast chain pays NCCL's base and 8 ring-step latencies once"));
}

TEST_CASE("NIC notes: a stand-alone server has none, a partly wired one names its idle NIC", "[simulation][graph]")
{
    const model::Design single = oneServer("pcie-2-8-5-l40s");
    const model::sim::NetworkGraph g = model::sim::buildNetworkGraph(single, catalog(), model::SimulationOptions{});
    for (const std::string& n : g.notes) CHECK(n.find("no link") == std::string::npos);
    // 2 DGX H100 on a rail fat tree, NIC port 3 of every server unplugged: each server names
    // that idle port.
    model::Design half = enginetest::fatTree(catalog(), "dgx-h100", "qm9700", 2);
    std::vector<model::Id> unplug;
    for (const auto& [id, l] : half.links())
        for (const model::Endpoint& e : {l.a, l.b})
            if (e.port == 3 && half.node(e.node) && half.node(e.node)->kind == model::NodeKind::Server) unplug.push_back(id);
    REQUIRE(unplug.size() == 2);
    for (const model::Id id : unplug) half.removeLink(id);
    const model::sim::NetworkGraph h = model::sim::buildNetworkGraph(half, catalog(), model::SimulationOptions{});
    int idle = 0;
    for (const std::string& n : h.notes) idle += n.find(" NIC 3 has no link: its GPUs reach the fabric through another NIC") != std::string::npos;
    CHECK(idle == 2);
    CHECK(h.notes.size() == 2);
}
