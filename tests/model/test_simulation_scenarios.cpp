// Simulation scenarios: incast on InfiniBand, lossy Ethernet and RoCE/PFC; what-if failures;
// the communication of a training step; progress/cancel; JSON keys. Expected values are worked
// out by hand from the modelled rates: NIC 400G x 48.5/50 = 48.5 GB/s, PCIe Gen5 x16 x 0.75 =
// 48 GB/s, H100 NVLink 18 x 20.6 = 370.8 GB/s (model/analysis/calibration.hpp).
#include "model/simulation/flow_sim.hpp"
#include "model/simulation/training_comm.hpp"
#include "model/simulation/sim_graph.hpp"
#include "model/simulation/sim_routing.hpp"
#include "model/simulation/simulation.hpp"
#include "test_catalog_support.hpp"
#include "test_simulation_fabrics.hpp"

#include <catch2/catch.hpp>

#include <cstdio>

namespace {

using simtest::ethernetCatalog;

using testsupport::kMiB;
constexpr double kNic = 48.5e9;
using testsupport::kPcieGen5UsableBytesPerS;

/// Latency of a flow between two servers on one leaf: 6 us send overhead + PCIe 0.1 + NIC
/// 0.5 + leaf port-to-port (catalog; 500 ns for the test Ethernet switch) + PCIe 0.1 us.
double leafPathLatency(const std::string& sw)
{
    const auto* s = ethernetCatalog().switchModel(sw);
    const double leafNs = s && s->latencyNs ? *s->latencyNs : 500.0;
    return 6e-6 + (100 + 500 + leafNs + 100) * 1e-9;
}

model::Design fabric(int servers, int perLeaf, const std::string& sw = "qm9700", bool pfc = true, int spines = 0)
{
    simtest::RailFabric f;
    f.servers = servers;
    f.serversPerLeaf = perLeaf;
    f.spines = spines;
    f.switchModel = sw;
    f.pfcEcn = pfc;
    if (sw != "qm9700") f.medium = model::LinkMedium::Ethernet;
    return simtest::buildRailFabric(ethernetCatalog(), f);
}

model::SimulationOptions noAnalytical()
{
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    o.ncclStepCost = false; // these cases check the flow mechanics with SimAI's 6 us per step
    return o;
}

model::Id linkNamed(const model::Design& d, const std::string& a, const std::string& b)
{
    for (const auto& [id, l] : d.links()) {
        const std::string na = d.node(l.a.node)->name, nb = d.node(l.b.node)->name;
        if ((na == a && nb == b) || (na == b && nb == a)) return id;
    }
    return 0;
}

model::Id nodeNamed(const model::Design& d, const std::string& name)
{
    for (const auto& [id, n] : d.nodes())
        if (n.name == name) return id;
    return 0;
}

} // namespace

TEST_CASE("network graph: capacities of the expanded DGX H100 fabric", "[simulation][graph]")
{
    const model::Design d = fabric(2, 32);
    const auto g = model::sim::buildNetworkGraph(d, ethernetCatalog(), noAnalytical());
    REQUIRE(g.gpus.size() == 16);
    REQUIRE(g.servers.size() == 2);
    CHECK(g.servers[0].nvlink);
    const auto& s0 = g.servers[0];
    const int gpu0 = g.gpus[0].vertex;
    CHECK(g.channels[g.channelBetween(gpu0, s0.hub)].capacity == Approx(370.8e9));
    CHECK(g.channels[g.channelBetween(gpu0, s0.nicVertex[0])].capacity == Approx(48e9));
    const int leaf = g.channels[g.out[s0.nicVertex[0]].back()].to;
    CHECK(g.vertices[leaf].kind == model::sim::VertexKind::Switch);
    CHECK(g.channels[g.channelBetween(s0.nicVertex[0], leaf)].capacity == Approx(kNic));
    CHECK(g.channels[g.channelBetween(leaf, s0.nicVertex[0])].capacity == Approx(kNic)); // full duplex
}

TEST_CASE("routing: rail-aware stays on the rail's leaf, shortest crosses the spine", "[simulation][routing]")
{
    const model::Design d = fabric(2, 32);
    const auto g = model::sim::buildNetworkGraph(d, ethernetCatalog(), noAnalytical());
    auto countSwitches = [&](const std::vector<int>& path) {
        int n = 0;
        for (int c : path) n += g.vertices[g.channels[c].to].kind == model::sim::VertexKind::Switch;
        return n;
    };
    // GPU 2 of server 0 to GPU 3 of server 1 (rails 2 and 3).
    model::sim::Router rail(g, model::RoutingPolicy::RailAware);
    const auto p1 = rail.route(2, 8 + 3, 7);
    CHECK(countSwitches(p1) == 1);          // leaf of rail 3 only
    CHECK(p1.size() == 6);                  // GPU2>hub>GPU3>NIC3>leaf>NIC3>GPU3
    model::sim::Router shortest(g, model::RoutingPolicy::Shortest);
    const auto p2 = shortest.route(2, 8 + 3, 7);
    CHECK(countSwitches(p2) == 3);          // leaf rail 2 > spine > leaf rail 3
    CHECK(p2.size() == 6);                  // GPU2>NIC2>leaf>spine>leaf>NIC3>GPU3
    // Same GPU pair inside a server: through the NVSwitch hub.
    CHECK(rail.route(0, 1, 1).size() == 2);
}

TEST_CASE("routing: PXN relays only through a GPU of the same communicator", "[simulation][routing]")
{
    const model::Design d = fabric(2, 32);
    const auto g = model::sim::buildNetworkGraph(d, ethernetCatalog(), noAnalytical());
    const auto& s0 = g.servers[0];
    auto leavesThrough = [&](const std::vector<int>& path, int port) {
        for (int c : path)
            if (g.channels[c].from == s0.nicVertex[port]) return true;
        return false;
    };
    // Server 0 holds GPUs 0-3 of a 12-rank communicator (8 + 4, the last server partly used,
    // here the first). GPU 2 to GPU 5 of server 1 (rail 5): GPU 5 of server 0 is not a rank,
    // so NCCL's PXN cannot hand it the data; the flow leaves by GPU 2's own NIC (rail 2).
    model::sim::Router rail(g, model::RoutingPolicy::RailAware);
    std::vector<int> ranks{0, 1, 2, 3};
    for (int k = 8; k < 16; ++k) ranks.push_back(k);
    rail.setCommunicators({ranks});
    const auto partly = rail.route(2, 8 + 5, 7);
    CHECK(leavesThrough(partly, 2));
    CHECK_FALSE(leavesThrough(partly, 5));
    // To GPU 3 of server 1 (rail 3): GPU 3 of server 0 is a rank, so PXN relays through it.
    const auto relayed = rail.route(2, 8 + 3, 7);
    CHECK(leavesThrough(relayed, 3));
    // Every GPU a rank (and the default, no communicator named): rail 5's NIC, as before.
    rail.setCommunicators({});
    CHECK(leavesThrough(rail.route(2, 8 + 5, 7), 5));
    std::vector<int> all;
    for (int k = 0; k < 16; ++k) all.push_back(k);
    rail.setCommunicators({all});
    CHECK(leavesThrough(rail.route(2, 8 + 5, 7), 5));
    // Two communicators (data-parallel pairs of GPUs 2 and 5 of each server): GPU 5 of server
    // 0 belongs to the other one, so GPU 2 sends from its own NIC.
    rail.setCommunicators({{2, 10}, {5, 13}});
    CHECK(leavesThrough(rail.route(2, 8 + 5, 7), 2));
}

TEST_CASE("incast: InfiniBand shares the receiver's port, lossy Ethernet collapses", "[simulation][fabric]")
{
    // 8 senders (GPU 0 of servers 1..8, all on the rail-0 leaf) send 64 MiB each to server 0 GPU 0.
    // InfiniBand: the receiver's NIC->GPU PCIe (48 GB/s, below the port's 48.5) carries
    // 8 x 64 MiB: 11.18 ms, plus one flow's latency.
    const double bytes = 64 * kMiB;
    const auto ib = model::simulateIncast(fabric(9, 32), ethernetCatalog(), 8, bytes, noAnalytical());
    CHECK(ib.collective.time.inSeconds() == Approx(8 * bytes / kPcieGen5UsableBytesPerS + leafPathLatency("qm9700")).epsilon(0.001));
    REQUIRE(!ib.mostCongested.empty());
    CHECK(ib.mostCongested.front().peak == Approx(kPcieGen5UsableBytesPerS / kNic));

    // RoCE with PFC and no victim flows behaves like InfiniBand.
    const auto roce = model::simulateIncast(fabric(9, 32, "test-eth-400g", true), ethernetCatalog(), 8, bytes, noAnalytical());
    CHECK(roce.collective.time.inSeconds() ==
          Approx(8 * bytes / kPcieGen5UsableBytesPerS + leafPathLatency("test-eth-400g")).epsilon(0.001));

    // Lossy Ethernet: the overloaded port is the leaf's egress to the receiver (48.5 GB/s):
    // share 48.5/8 = 6.06 GB/s, RTT 2 x 1.2 us = 2.4 us, MSS 4096 B: Mathis loss rate
    // p = 1.5 (4096 / (2.4e-6 x 6.06e9))^2 = 0.119; PFTK goodput with T0 = 200 us:
    // 4096 / (2.4e-6 sqrt(2p/3) + 200e-6 x 0.634 x p x (1 + 32 p^2)) = 0.181 GB/s per flow,
    // so the incast takes 64 MiB / 0.181 GB/s = 0.37 s: about 33x the InfiniBand time.
    const auto lossy = model::simulateIncast(fabric(9, 32, "test-eth-400g", false), ethernetCatalog(), 8, bytes, noAnalytical());
    std::printf("incast 8 x 64 MiB: IB %.3f ms, RoCE %.3f ms, lossy Ethernet %.3f ms\n",
                ib.collective.time.inMilliseconds(), roce.collective.time.inMilliseconds(),
                lossy.collective.time.inMilliseconds());
    CHECK(lossy.collective.time.inSeconds() > 10 * ib.collective.time.inSeconds());
    const double p = model::sim::aimdLossRate(kNic / 8, 2.4e-6, 4096);
    CHECK(p == Approx(0.119).epsilon(0.01));
    CHECK(lossy.collective.time.inSeconds() ==
          Approx(bytes / model::sim::pftkGoodput(p, 2.4e-6, 200e-6, 4096) + leafPathLatency("test-eth-400g"))
              .epsilon(0.001));
}

TEST_CASE("RoCE PFC: a victim flow sharing a paused ingress is slowed, InfiniBand's is not", "[simulation][fabric]")
{
    // 8 senders incast into server 0 GPU 0 (held to 48/8 = 6 GB/s each by the receiver's PCIe);
    // server 1 GPU 0 also sends to server 9 GPU 0 over the same PCIe, NIC and leaf ingress.
    // Max-min: the victim gets 48 - 6 = 42 GB/s. With PFC the leaf's egress to the receiver is
    // overloaded (7 senders offer 48 GB/s each, server 1's congested flow 24: its GPU's PCIe is
    // shared by its two flows) and pauses the ingress from server 1, which drains its congested
    // flow at 6 of the 24 GB/s it offers: unpaused 1/4 of the time, and while unpaused the victim
    // sends at its own 24 GB/s share, so it gets 24/4 = 6 GB/s = 48/8, 7x slower than on
    // InfiniBand. (Until the demand rule counted the sender's shared PCIe, fabric_behaviour.hpp,
    // the congested flow was taken to offer the full 48 GB/s beside the victim's 42, more than
    // the PCIe carries, and the victim came out at 42/8 = 5.25 GB/s.)
    auto victimRate = [&](const model::Design& d) {
        const model::SimulationOptions o = noAnalytical();
        const auto g = model::sim::buildNetworkGraph(d, ethernetCatalog(), o);
        model::sim::Router router(g, o.routing);
        model::sim::FlowSimulator sim(g, o);
        for (int s = 1; s <= 8; ++s) sim.add({router.route(s * 8, 0, s), 64 * kMiB, 0.0, 0.0});
        const double victimBytes = 1 * kMiB; // finishes long before the incast
        const int v = sim.add({router.route(8, 9 * 8, 99), victimBytes, 0.0, 0.0});
        sim.run();
        return victimBytes / sim.finishTimes()[v];
    };
    const double ib = victimRate(fabric(10, 32));
    const double roce = victimRate(fabric(10, 32, "test-eth-400g", true));
    CHECK(ib == Approx(kPcieGen5UsableBytesPerS * 7 / 8).epsilon(0.001));
    CHECK(roce == Approx(kPcieGen5UsableBytesPerS / 8).epsilon(0.001));
    CHECK(roce < ib / 5); // head-of-line blocking, not a rounding difference
}

TEST_CASE("failures: traffic reroutes and the job still completes", "[simulation][failures]")
{
    // 4 DGX H100, 2 per leaf group, so rings cross the spines; 2 spines, one cable each.
    const model::Design d = fabric(4, 2, "qm9700", true, 2);
    model::CollectiveRequest req;
    req.op = model::CollectiveOp::AllReduce;
    req.bytes = 256 * kMiB;
    req.algorithm = model::Algorithm::Ring;
    const auto base = model::simulateCollective(d, ethernetCatalog(), req, noAnalytical());

    SECTION("a leaf-spine link down")
    {
        const model::Id l = linkNamed(d, "leaf-g0-r0", "spine-0");
        REQUIRE(l != 0);
        model::SimulationOptions o = noAnalytical();
        model::Failure f;
        f.kind = model::Failure::Kind::LinkDown;
        f.link = l;
        o.failures.push_back(f);
        const auto r = model::simulateCollective(d, ethernetCatalog(), req, o);
        CHECK(r.collective.time.inSeconds() > 0);
        CHECK(r.collective.time.inSeconds() >= base.collective.time.inSeconds() * 0.999);
        for (const auto& lu : r.links) CHECK(lu.link != l); // the failed link carries nothing
    }
    SECTION("a whole plane (rail 0) down: flows move to other NICs")
    {
        model::SimulationOptions o = noAnalytical();
        model::Failure f;
        f.kind = model::Failure::Kind::PlaneDown;
        f.port = 0;
        o.failures.push_back(f);
        const auto r = model::simulateCollective(d, ethernetCatalog(), req, o);
        CHECK(r.reroutedFlows > 0);
        CHECK(r.collective.time.inSeconds() > base.collective.time.inSeconds());
    }
    SECTION("a spine down")
    {
        model::SimulationOptions o = noAnalytical();
        model::Failure f;
        f.kind = model::Failure::Kind::SwitchDown;
        f.node = nodeNamed(d, "spine-0");
        o.failures.push_back(f);
        const auto r = model::simulateCollective(d, ethernetCatalog(), req, o);
        CHECK(r.collective.time.inSeconds() > 0);
    }
    SECTION("a NIC degraded to 100G slows the ring to that NIC's rate")
    {
        // Ring 0's inter-server flow into server 1 uses NIC 0: 100G x 23.5/25 = 11.75 GB/s per
        // direction instead of 46.35 GB/s (NVLink share), so the bandwidth term grows ~3.9x.
        model::SimulationOptions o = noAnalytical();
        model::Failure f;
        f.kind = model::Failure::Kind::NicDegraded;
        f.node = nodeNamed(d, "s-1");
        f.port = 0;
        f.speed = model::Bandwidth::Gbps(100);
        o.failures.push_back(f);
        const auto r = model::simulateCollective(d, ethernetCatalog(), req, o);
        const double steps = 2 * 31;
        const double perStep = req.bytes / (8 * 32);
        const double expected = steps * (perStep / 11.75e9) + (base.collective.time.inSeconds() - steps * perStep / 46.35e9);
        CHECK(r.collective.time.inSeconds() == Approx(expected).epsilon(0.01));
    }
    SECTION("failures that disconnect the fabric are reported")
    {
        model::SimulationOptions o = noAnalytical();
        for (const auto& [id, n] : d.nodes())
            if (n.tier == model::SwitchTier::Spine) {
                model::Failure f;
                f.kind = model::Failure::Kind::SwitchDown;
                f.node = id;
                o.failures.push_back(f);
            }
        CHECK_THROWS_AS(model::simulateCollective(d, ethernetCatalog(), req, o), std::invalid_argument);
    }
}

TEST_CASE("training step: phases run back to back, groups concurrently", "[simulation][step]")
{
    // 2 DGX H100. TP all-reduce of 64 MiB inside each server (groups of 8), 4 times; DP
    // all-reduce of 256 MiB between the servers (8 groups of 2 GPUs, one per rail).
    const model::Design d = fabric(2, 32);
    model::CommPhase tp;
    tp.label = "TP";
    tp.request.op = model::CollectiveOp::AllReduce;
    tp.request.bytes = 64 * kMiB;
    tp.request.algorithm = model::Algorithm::Ring;
    tp.groupSize = 8;
    tp.repeat = 4;
    model::CommPhase dp;
    dp.label = "DP";
    dp.request.op = model::CollectiveOp::AllReduce;
    dp.request.bytes = 256 * kMiB;
    dp.request.algorithm = model::Algorithm::Ring;
    dp.groupSize = 2;
    dp.groupStride = 8;
    const auto step = model::simulateTrainingStep(d, ethernetCatalog(), {tp, dp}, noAnalytical());
    // TP alone on one server: same time (the other server's NVLink is separate).
    model::CollectiveRequest one = tp.request;
    one.gpus = 8;
    const double tpTime = model::simulateCollective(d, ethernetCatalog(), one, noAnalytical()).collective.time.inSeconds();
    // DP by hand: 2 steps of 128 MiB per GPU pair at 48 GB/s (PCIe GPU->NIC is the narrowest),
    // plus 7.2 us latency per step.
    const double dpTime = 2 * (128 * kMiB / 48e9 + 7.2e-6);
    CHECK(step.collective.time.inSeconds() == Approx(4 * tpTime + dpTime).epsilon(0.001));
    CHECK(step.scenario == "training_step");
    CHECK(step.phases.size() == 2);
}

TEST_CASE("progress is reported and cancel stops the run", "[simulation][api]")
{
    const model::Design d = fabric(2, 32);
    model::CollectiveRequest req;
    req.op = model::CollectiveOp::AllReduce;
    req.bytes = 64 * kMiB;
    std::vector<double> seen;
    const auto done = model::simulateCollective(d, ethernetCatalog(), req, noAnalytical(), [&](double p) {
        seen.push_back(p);
        return true;
    });
    REQUIRE(!seen.empty());
    CHECK(seen.back() == 1.0);
    CHECK(!done.cancelled);
    const auto stopped = model::simulateCollective(d, ethernetCatalog(), req, noAnalytical(), [](double) { return false; });
    CHECK(stopped.cancelled);
}

TEST_CASE("simulation JSON carries the collective keys and the congested links", "[simulation][api]")
{
    const model::Design d = fabric(2, 32);
    model::CollectiveRequest req;
    req.op = model::CollectiveOp::AllGather;
    req.bytes = 64 * kMiB;
    const auto r = model::simulateCollective(d, ethernetCatalog(), req);
    const auto j = model::toJson(r, true);
    for (const char* key : {"op", "bytes", "gpus", "engine", "algorithm", "time_us", "algbw_GBps", "busbw_GBps",
                            "analytical", "most_congested_links", "links", "phases"})
        CHECK(j.contains(key));
    CHECK(j["engine"] == "simulation");
    CHECK(j["op"] == "all_gather");
    CHECK(j["gpus"] == 16);
    CHECK(j["algbw_GBps"].get<double>() == Approx(64 * kMiB / r.collective.time.inSeconds() / 1e9));
}

TEST_CASE("bad input is rejected with the reason", "[simulation][api]")
{
    const model::Design d = fabric(1, 32);
    model::CollectiveRequest req;
    req.bytes = 1024;
    req.gpus = 9;
    CHECK_THROWS_AS(model::simulateCollective(d, ethernetCatalog(), req), std::invalid_argument);
    req.gpus = 8;
    CHECK_THROWS_AS(model::parseAlgorithm("bogus"), std::invalid_argument); // names are parsed at the edge
    req.gpus = 4; // NCCL does not use NVLS for 4 GPUs per server or fewer
    req.algorithm = model::Algorithm::Nvls;
    CHECK_THROWS_AS(model::simulateCollective(d, ethernetCatalog(), req), std::invalid_argument);
    req.gpus = 8;
    req.algorithm = model::Algorithm::Auto;
    req.bytes = -1;
    CHECK_THROWS_AS(model::simulateCollective(d, ethernetCatalog(), req), std::invalid_argument);
    CHECK(model::parseFailure("link:12").link == 12);
    CHECK(model::parseFailure("nic:3:1:200").speed.inGbps() == Approx(200));
    CHECK_THROWS_AS(model::parseFailure("cable:1"), model::InputError);
    CHECK_THROWS_AS(model::parseFailure("link:x"), model::InputError);
}

TEST_CASE("training step phases follow the analytical engine's volumes", "[simulation][step]")
{
    // Custom model: 4 layers, h 4096, s 2048, BF16; tp 8, dp 2, pp 1, micro-batch 1, global 4:
    // m = 4 / (2 x 1) = 2 micro-batches; activation b s h x 2 B = 16 MiB; TP all-reduces
    // 2 x 4 layers x 4 = 32; DP gradient shard params / 8 x 2 B.
    model::analysis::TrainingConfig c;
    c.model.name = "custom";
    c.model.layers = 4;
    c.model.hidden = 4096;
    c.model.heads = 32;
    c.model.kvHeads = 32;
    c.model.ffn = 16384;
    c.model.seqLen = 2048;
    c.model.vocab = 32000;
    c.tp = 8;
    c.dp = 2;
    c.globalBatch = 4;
    const auto phases = model::trainingStepPhases(c);
    REQUIRE(phases.size() == 2);
    CHECK(phases[0].request.op == model::CollectiveOp::AllReduce);
    CHECK(phases[0].request.bytes == 16 * kMiB);
    CHECK(phases[0].repeat == 32);
    CHECK(phases[0].groupSize == 8);
    CHECK(phases[1].request.bytes == Approx(model::analysis::parameterCount(c.model) / 8 * 2));
    CHECK(phases[1].groupSize == 2);
    CHECK(phases[1].groupStride == 8);
    const auto step = model::simulateTrainingStep(fabric(2, 32), ethernetCatalog(), phases, noAnalytical());
    CHECK(step.collective.time.inSeconds() > 0);
    c.pp = 2;
    c.dp = 1;
    c.globalBatch = 2;
    c.sequenceParallel = true;
    const auto pp = model::trainingStepPhases(c);
    REQUIRE(pp.size() == 3); // TP reduce-scatter, TP all-gather, PP
    CHECK(pp[0].repeat == 2 * 2 * 4);
    CHECK(pp[2].request.bytes == 2 * 16 * kMiB / 8);
    CHECK(pp[2].repeat == 2 * 1 * 2);
    CHECK(model::simulateTrainingStep(fabric(2, 32), ethernetCatalog(), pp, noAnalytical()).collective.time.inSeconds() > 0);
}

TEST_CASE("PCIe servers: the inter-socket link and host-staged copies set the ring rate", "[simulation][graph]")
{
    auto oneServer = [](const std::string& model) {
        model::Design d;
        model::Node n;
        n.kind = model::NodeKind::Server;
        n.model = model;
        n.name = "box";
        d.addNode(n);
        return d;
    };
    model::CollectiveRequest req;
    req.op = model::CollectiveOp::AllReduce;
    req.bytes = 1024 * kMiB;
    req.algorithm = model::Algorithm::Ring;
    // 8 x L40S on 2 sockets: GPUs 0-3 and 4-7 each behind their socket's PCIe (Gen4 x16 x 0.75
    // = 24 GB/s); the ring crosses the 22 GB/s inter-socket link once each way, so every step
    // drains S/8 / 22 GB/s. The steps run pipelined per rank (collective_schedule.hpp): the 14
    // steps add the latency of 14 consecutive hops, each 6 us plus its wire, the slowest chain
    // one lap of the 8-hop ring and 6 hops holding both socket crossings: 4 crossings of 3 PCIe
    // hops of 0.1 us and 10 hops inside a socket of 2.
    const auto l40s = model::simulateCollective(oneServer("pcie-2-8-5-l40s"), ethernetCatalog(), req, noAnalytical());
    CHECK(l40s.collective.time.inSeconds() ==
          Approx(14 * (req.bytes / 8 / 22e9 + 6e-6) + 4 * 0.3e-6 + 10 * 0.2e-6).epsilon(1e-6));
    // 4 x RTX 4090 without peer-to-peer: host-staged copies at half of 24 GB/s and twice the
    // 0.1 us hop latency: 6 steps of S/4 / 12 GB/s + 6 us + 2 x 0.2 us (every hop alike).
    const auto ws = model::simulateCollective(oneServer("ws-4x-rtx4090"), ethernetCatalog(), req, noAnalytical());
    CHECK(ws.collective.time.inSeconds() == Approx(6 * (req.bytes / 4 / 12e9 + 6.4e-6)).epsilon(1e-6));
}
