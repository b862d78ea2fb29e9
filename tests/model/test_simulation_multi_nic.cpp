// Servers whose NIC count differs from their GPU count: the simulator uses every NIC as NCCL
// does. Before, a GPU reached only the NIC at i x nics / gpus: AWS p5 (32 x 100G EFA for
// 8 H100) ran on 8 of its 32 NICs (ring all-reduce busbw 94 against 356 GB/s analytical), and
// 4 rings over 8 GPUs on 4 NICs entered through NICs 0, 0, 1, 1 (busbw 96 against 186 GB/s).
#include "test_engine_agreement.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace {
model::Design fatTree(const model::Catalog& cat, const char* server, int nodes, int nicsPerNode = 0)
{
    return enginetest::fatTree(cat, server, "qm9700", nodes, nicsPerNode);
}

/// A ring all-reduce of `bytes` bytes over every GPU of the design.
model::CollectiveRequest ringAllReduce(double bytes)
{
    model::CollectiveRequest req;
    req.op = model::CollectiveOp::AllReduce;
    req.bytes = bytes;
    req.algorithm = model::Algorithm::Ring;
    return req;
}
} // namespace

TEST_CASE("simulation: every NIC of a server carries traffic, more or fewer NICs than GPUs", "[simulation][nics]")
{
    const model::Catalog cat = model::Catalog::loadBundled();
    struct Case {
        const char* server;
        int nicsPerNode;
        double nicNodeGBps; ///< practical NIC rate per server, one direction (calibration.hpp)
    };
    // p5: 32 x 100G x 23.5/25 = 376 GB/s; DGX H100 on 4 of its 8 NDR NICs: 4 x 48.5 = 194 GB/s.
    for (const Case& c : {Case{"aws-p5-48xlarge", 0, 376.0}, Case{"dgx-h100", 4, 194.0}}) {
        INFO(c.server << " with " << c.nicsPerNode << " NICs");
        const model::Design d = fatTree(cat, c.server, 4, c.nicsPerNode);
        const model::CollectiveRequest req = ringAllReduce(16.0 * (1 << 30));
        // The flow mechanics alone (no NCCL pricing, no measured ramp): the ring's busbw is set
        // by the slower of NVLink (370.8 GB/s per GPU on H100) and the server's NICs.
        model::SimulationOptions raw;
        raw.compareWithAnalytical = false;
        raw.ncclStepCost = false;
        const model::SimulationResult r = model::simulateCollective(d, cat, req, raw);
        const double bound = std::min(370.8, c.nicNodeGBps);
        CHECK(r.collective.busbw.inGBps() >= 0.9 * bound);
        CHECK(r.collective.busbw.inGBps() <= 1.01 * bound);
        // And with the default pricing, both engines agree within 10 % for every collective.
        for (model::CollectiveOp op : {model::CollectiveOp::AllReduce, model::CollectiveOp::AllGather, model::CollectiveOp::AllToAll}) {
            for (double bytes : {1.0 * (1 << 20), 1024.0 * (1 << 20), 16.0 * (1 << 30)}) {
                const auto t = enginetest::bothEngines(d, cat, op, model::Algorithm::Auto, bytes);
                INFO(model::toString(op) << " " << bytes << " B: simulated " << t.simulatedUs << " us, analytical "
                                         << t.analyticalUs << " us");
                CHECK(t.ratio() == Approx(1.0).margin(0.10));
            }
        }
    }
}

TEST_CASE("simulation: tree heads spread over NICs that GPUs share unevenly", "[simulation][nics]")
{
    // 3 or 5 NICs for 8 GPUs: the tree's channel heads sat at GPUs 0, 2 and 5 (lane x 8 / 3), two
    // of them on NIC 0 and none on NIC 2: tree all-reduce 1.85-1.92 x the analytical time. Now
    // each channel's head is the first GPU wired to its own NIC.
    const model::Catalog cat = model::Catalog::loadBundled();
    for (int nics : {3, 5, 6}) {
        const model::Design d = fatTree(cat, "dgx-h100", 4, nics);
        for (model::Algorithm a : {model::Algorithm::Tree, model::Algorithm::NvlsTree})
            for (double bytes : {1.0 * (1 << 20), 1024.0 * (1 << 20), 16.0 * (1 << 30)}) {
                const auto t = enginetest::bothEngines(d, cat, model::CollectiveOp::AllReduce, a, bytes);
                INFO(nics << " NICs, " << model::toString(a) << ", " << bytes << " B: simulated " << t.simulatedUs
                          << " us, analytical " << t.analyticalUs << " us");
                CHECK(t.ratio() == Approx(1.0).margin(0.05));
            }
    }
}

TEST_CASE("simulatorRunsOp names exactly the algorithm and operation pairs the simulator schedules", "[simulation][algorithms]")
{
    const model::Catalog cat = model::Catalog::loadBundled();
    const model::Design d = fatTree(cat, "dgx-h100", 2);
    for (model::CollectiveOp op : {model::CollectiveOp::AllReduce, model::CollectiveOp::AllGather, model::CollectiveOp::ReduceScatter,
                                   model::CollectiveOp::AllToAll, model::CollectiveOp::Broadcast})
        for (model::Algorithm a : {model::Algorithm::Ring, model::Algorithm::Hierarchical, model::Algorithm::Tree,
                                   model::Algorithm::NvlsTree, model::Algorithm::Direct, model::Algorithm::Pairwise}) {
            model::CollectiveRequest q;
            q.op = op;
            q.bytes = 1 << 20;
            q.algorithm = a;
            model::SimulationOptions o;
            o.compareWithAnalytical = false;
            INFO(model::toString(a) << " for " << model::toString(op));
            // On 2 DGX H100 (NVLS switches, 2 servers) every pair the function allows runs.
            if (model::simulatorRunsOp(a, op))
                CHECK_NOTHROW(model::simulateCollective(d, cat, q, o));
            else
                CHECK_THROWS_AS(model::simulateCollective(d, cat, q, o), std::invalid_argument);
        }
}

TEST_CASE("simulation: a partly used server whose GPUs share NICs carries one ring per NIC it reaches", "[simulation][nics]")
{
    // 5 DGX H100 on 4 NICs each (2 GPUs per NIC) and 33 to 40 ranks: the last server's ranks
    // reach 1 to 4 NICs. Before, 4 rings ran whatever the ranks reached and entered at rank c,
    // two rings on one NIC: all-gather over 37 GPUs 1.44 x, tree all-reduce over 35 GPUs 1.39 x
    // the analytical time (which counts the NICs the ranks reach).
    const model::Catalog cat = model::Catalog::loadBundled();
    for (double ratio : {1.0, 2.0}) {
        const model::Design d = enginetest::fatTree(cat, "dgx-h100", "qm9700", 5, 4, ratio);
        for (int gpus = 33; gpus <= 40; ++gpus)
            for (auto [op, a] : {std::pair{model::CollectiveOp::AllGather, model::Algorithm::Ring},
                                 std::pair{model::CollectiveOp::AllReduce, model::Algorithm::Ring},
                                 std::pair{model::CollectiveOp::AllReduce, model::Algorithm::Tree}}) {
                const auto t = enginetest::bothEngines(d, cat, op, a, 2048.0 * (1 << 20), gpus);
                INFO(ratio << ":1, " << gpus << " GPUs, " << model::toString(op) << " " << model::toString(a) << ": simulated "
                           << t.simulatedUs << " us, analytical " << t.analyticalUs << " us");
                CHECK(t.ratio() == Approx(1.0).margin(0.05));
            }
    }
}

TEST_CASE("simulation: two cables drawn on one NIC port carry the port's rate once as the analysis does", "[simulation][nics]")
{
    // Before: a second cable drawn from a port that already had one became a second channel out
    // of that NIC, so the simulator gave the port twice its line rate while the analytical
    // engine counts it once (cluster_facts.cpp wireServerPorts; design rule
    // server-port-conflict). 4 x DGX H100 on 100 Gb/s cables (12.5 GB/s per NIC port, under
    // the GPU's 64 GB/s PCIe so that a doubled port shows), every port cabled twice.
    const model::Catalog cat = model::Catalog::loadBundled();
    model::Design once = fatTree(cat, "dgx-h100", 4);
    std::vector<model::Link> serverLinks;
    for (const auto& [id, l] : once.links()) {
        const bool toServer = once.node(l.a.node)->kind == model::NodeKind::Server || once.node(l.b.node)->kind == model::NodeKind::Server;
        if (!toServer) continue;
        model::Link slow = l;
        slow.laneSpeed = model::Bandwidth::Gbps(100);
        slow.lanes = 1;
        once.updateLink(slow);
        serverLinks.push_back(slow);
    }
    REQUIRE(serverLinks.size() == 32);
    model::Design twice = once;
    for (model::Link l : serverLinks) {
        const bool aIsServer = twice.node(l.a.node)->kind == model::NodeKind::Server;
        REQUIRE((aIsServer ? l.a.port : l.b.port) >= 0); // numbered: the same NIC port again
        (aIsServer ? l.b.port : l.a.port) = -1;          // any free switch port
        l.id = 0;
        twice.addLink(l);
    }
    REQUIRE(twice.links().size() == once.links().size() + 32);

    const model::CollectiveRequest req = ringAllReduce(4.0 * (1 << 30));
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    const model::SimulationResult simOnce = model::simulateCollective(once, cat, req, o);
    const model::SimulationResult simTwice = model::simulateCollective(twice, cat, req, o);
    const double anOnce = model::predictCollective(once, cat, req).busbw.inGBps();
    const double anTwice = model::predictCollective(twice, cat, req).busbw.inGBps();
    INFO("busbw GB/s: simulated " << simOnce.collective.busbw.inGBps() << " once, " << simTwice.collective.busbw.inGBps()
                                  << " twice; analytical " << anOnce << " once, " << anTwice << " twice");
    // The analysis: a ring over 4 servers whose 8 rails carry 8 x 12.5 = 100 GB/s each (NCCL's
    // practical 23.5 of 25 below 400G: 94), the same drawn once or twice.
    CHECK(anTwice == Approx(anOnce));
    CHECK(anOnce < 100.0);
    CHECK(anOnce > 85.0);
    // The simulator now agrees: the second cable adds nothing (it gave about twice before).
    CHECK(simTwice.collective.busbw.inGBps() == Approx(simOnce.collective.busbw.inGBps()).epsilon(0.01));
    CHECK(simTwice.collective.busbw.inGBps() / anTwice == Approx(1.0).margin(0.10));
    CHECK(simTwice.collective.busbw.inGBps() < 100.0);
    // And says why, naming the link and the port.
    const bool noted = std::any_of(simTwice.notes.begin(), simTwice.notes.end(), [](const std::string& n) {
        return n.find("already carries link") != std::string::npos &&
               n.find("a NIC port carries its line rate once") != std::string::npos;
    });
    CHECK(noted);
}

TEST_CASE("simulation: PCIe and NVLink cables between servers carry no traffic as the analysis counts them", "[simulation][nics]")
{
    // Before: the simulator never looked at what a cable is drawn as, so a PCIe (or NVLink)
    // cable between two servers became a NIC link, while the analysis ignores it (cluster_facts
    // wireLinks) and the design rules flag it. Two DGX H100 on one QM9700, NIC ports 0-3 of
    // each cabled to it at 400G; then two more cables, on the free ports 4 and 5, straight
    // from one server to the other, drawn as PCIe and then as NVLink.
    const model::Catalog cat = model::Catalog::loadBundled();
    model::Design plain;
    const auto addNode = [&](model::NodeKind kind, const char* modelId, const char* name) {
        model::Node n;
        n.kind = kind;
        n.model = modelId;
        n.name = name;
        if (kind == model::NodeKind::Switch) n.tier = model::SwitchTier::Leaf;
        return plain.addNode(n);
    };
    const model::Id a = addNode(model::NodeKind::Server, "dgx-h100", "a");
    const model::Id b = addNode(model::NodeKind::Server, "dgx-h100", "b");
    const model::Id leaf = addNode(model::NodeKind::Switch, "qm9700", "leaf");
    const auto cable = [](model::Id x, int port, model::Id y, model::LinkMedium m, int count) {
        model::Link l;
        l.a = {x, port};
        l.b = {y, m == model::LinkMedium::InfiniBand ? -1 : port};
        l.medium = m;
        l.laneSpeed = model::Bandwidth::Gbps(400);
        l.count = count;
        return l;
    };
    for (const model::Id s : {a, b}) plain.addLink(cable(s, 0, leaf, model::LinkMedium::InfiniBand, 4));
    const model::CollectiveRequest req = ringAllReduce(1.0 * (1 << 30));
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    const double base = model::simulateCollective(plain, cat, req, o).collective.busbw.inGBps();
    const double analytical = model::predictCollective(plain, cat, req).busbw.inGBps();
    INFO("busbw GB/s: simulated " << base << ", analytical " << analytical);
    CHECK(base == Approx(analytical).epsilon(0.10));
    for (const model::LinkMedium medium : {model::LinkMedium::PCIe, model::LinkMedium::NVLink}) {
        INFO((medium == model::LinkMedium::PCIe ? "PCIe" : "NVLink"));
        model::Design d = plain;
        d.addLink(cable(a, 4, b, medium, 2));
        const model::SimulationResult r = model::simulateCollective(d, cat, req, o);
        CHECK(r.collective.busbw.inGBps() == Approx(base).epsilon(1e-9));
        CHECK(model::predictCollective(d, cat, req).busbw.inGBps() == Approx(analytical).epsilon(1e-9));
        const bool noted = std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) {
            return n.find("2 PCIe or NVLink cable(s) between servers ignored") != std::string::npos;
        });
        CHECK(noted);
    }
}
