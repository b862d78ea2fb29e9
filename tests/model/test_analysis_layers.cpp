// Per-layer bandwidth per GPU read from the drawn design (golden numbers by hand).
#include "test_analysis_support.hpp"

#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/comm_group.hpp"

#include <catch2/catch.hpp>

using namespace model;

namespace {
double layer(const DesignAnalysis& a, Scope s)
{
    for (const auto& l : a.layers)
        if (l.scope == s) return l.perGpu.inGBps();
    FAIL("missing layer " << toString(s));
    return 0;
}
} // namespace

TEST_CASE("default SuperPOD H100 unit: HBM 3350, NVLink 450, NIC 50, fabric 50 GB/s per GPU", "[analysis][layers]")
{
    const Design d = loadDesign(defaultDesignPath());
    const DesignAnalysis a = analyzeDesign(d, golden::catalog());
    CHECK(a.gpus == 256);
    CHECK(a.nodes == 32);
    REQUIRE(a.layers.size() == 4);
    CHECK(layer(a, Scope::Hbm) == Approx(3350));
    CHECK(layer(a, Scope::IntraNode) == Approx(450));     // 900 GB/s bidirectional / 2
    CHECK(layer(a, Scope::NodeBoundary) == Approx(50));   // 8 x 400 Gb/s / 8 GPUs = 8 x 50 / 8
    CHECK(layer(a, Scope::Fabric) == Approx(50));         // leaves 32 down : 32 up = 1:1
    CHECK(a.oversubscription == Approx(1.0));
    // Bisection: half of 256 NIC ports x 50 GB/s = 6400 GB/s each way.
    CHECK(a.bisectionGBps == Approx(6400));
    CHECK(a.layers[1].technology.find("NVLink 4") != std::string::npos);
    CHECK(a.warnings.empty());
}

TEST_CASE("node boundary counts only cabled ports at min(NIC, cable)", "[analysis][layers]")
{
    // 4 NICs per server (override): 4 x 50 / 8 = 25 GB/s per GPU.
    const Design four = validation::railDesign(golden::catalog(), "dgx-h100", 2, 4, 0, "qm9700");
    CHECK(layer(analyzeDesign(four, golden::catalog()), Scope::NodeBoundary) == Approx(25));
    // 400G NICs on 200 Gb/s cables: 8 x 25 / 8 = 25 GB/s per GPU.
    const Design slow = validation::railDesign(golden::catalog(), "dgx-h100", 2, 8, 200, "qm9700");
    CHECK(layer(analyzeDesign(slow, golden::catalog()), Scope::NodeBoundary) == Approx(25));
}

TEST_CASE("node boundary counts one cable per NIC port the server has", "[analysis][layers]")
{
    // Before: a cable on port 50 of an 8-NIC DGX H100 counted as one of its NICs, and 8 cables
    // all on port 0 as 8 NICs (50 GB/s per GPU). Such cables plug into no port, or a used one;
    // the design rules name them (server-port-range, server-port-conflict).
    Design d = golden::rail("dgx-h100", 2);
    const Id s = d.nodes().begin()->first;
    const auto serverLinks = [&] {
        std::vector<Link> out;
        for (const Link* l : d.linksAt(s)) out.push_back(*l);
        return out;
    };
    REQUIRE(serverLinks().size() == 8);
    Link moved = serverLinks().front();
    REQUIRE(moved.a.node == s);
    moved.a.port = 50;
    d.updateLink(moved);
    const DesignAnalysis past = analyzeDesign(d, golden::catalog());
    CHECK(layer(past, Scope::NodeBoundary) == Approx(7 * 50.0 / 8)); // 7 real ports of 50 GB/s
    CHECK(golden::hasWarning(past, "only 7 of 8 compute NIC ports are cabled"));

    for (Link l : serverLinks()) {
        l.a.port = 0;
        d.updateLink(l);
    }
    const DesignAnalysis shared = analyzeDesign(d, golden::catalog());
    CHECK(layer(shared, Scope::NodeBoundary) == Approx(50.0 / 8)); // one port: 6.25 GB/s per GPU
    CHECK(golden::hasWarning(shared, "only 1 of 8 compute NIC ports are cabled"));

    // Cables on "any free port" take free ones: 8 ports again.
    for (Link l : serverLinks()) {
        l.a.port = -1;
        d.updateLink(l);
    }
    CHECK(layer(analyzeDesign(d, golden::catalog()), Scope::NodeBoundary) == Approx(50));
}

TEST_CASE("oversubscribed leaves derate the fabric layer", "[analysis][layers]")
{
    const DesignAnalysis a = analyzeDesign(golden::oversubscribed(), golden::catalog());
    // Leaf: 2 servers x 50 GB/s down, one 200 Gb/s = 25 GB/s uplink: 4:1.
    CHECK(a.oversubscription == Approx(4.0));
    CHECK(layer(a, Scope::NodeBoundary) == Approx(6.25)); // one 400G NIC for 8 GPUs
    CHECK(layer(a, Scope::Fabric) == Approx(6.25 / 4));
    // Bisection: 0.5 x (4 x 50) / 4 = 25 GB/s.
    CHECK(a.bisectionGBps == Approx(25));
}

TEST_CASE("PCIe-only servers: no NVLink, PCIe per direction, and GeForce is host-staged", "[analysis][layers]")
{
    const DesignAnalysis l40s = analyzeDesign(golden::rail("pcie-2-8-5-l40s", 1), golden::catalog());
    CHECK(layer(l40s, Scope::IntraNode) == Approx(32)); // PCIe Gen4 x16, one direction
    CHECK(l40s.layers[1].technology == "PCIe Gen4 x16");
    CHECK(layer(l40s, Scope::Hbm) == Approx(864));
    const DesignAnalysis ws = analyzeDesign(golden::rail("ws-4x-rtx4090", 1), golden::catalog());
    CHECK(ws.layers[1].note.find("host memory") != std::string::npos);
    CHECK(layer(ws, Scope::NodeBoundary) == Approx(0)); // no compute NIC
}

TEST_CASE("GB200 NVL72 is one node with a 72-GPU NVLink domain", "[analysis][layers]")
{
    const DesignAnalysis a = analyzeDesign(golden::rail("gb200-nvl72", 1), golden::catalog());
    CHECK(a.gpus == 72);
    CHECK(layer(a, Scope::IntraNode) == Approx(900)); // NVLink 5: 1800 GB/s bidirectional
    CHECK(a.layers[1].note.find("72 GPUs") != std::string::npos);
}

TEST_CASE("one server on a switch fabric states no bisection", "[analysis][layers]")
{
    // helper-86: the one-rack GB200 NVL72 template read "bisection 0 GB/s each way" under a
    // 50 GB/s fabric, while its report said the design has no fabric between servers to state.
    for (const char* t : {"/gb200-nvl72-1rack.json"}) {
        const DesignAnalysis a = analyzeDesign(loadDesign(bundledTemplateDirectory() + t), golden::catalog());
        REQUIRE(a.layers.size() == 4);
        INFO(a.layers[3].note);
        CHECK(a.layers[3].note.find("one server, so no traffic crosses the switches: no bisection to state") != std::string::npos);
        CHECK(a.layers[3].note.find("bisection 0") == std::string::npos);
    }
    const DesignAnalysis one = analyzeDesign(golden::fatTree("dgx-h100", 1), golden::catalog());
    CHECK(one.layers[3].note.find("no bisection to state") != std::string::npos);
    const DesignAnalysis two = analyzeDesign(golden::fatTree("dgx-h100", 2), golden::catalog());
    CHECK(two.layers[3].note.find("bisection 400 GB/s each way") != std::string::npos); // 8 ports x 50 GB/s
}

TEST_CASE("unconnected servers and NVLink cables between servers are reported", "[analysis][layers]")
{
    Design d = golden::rail("dgx-h100", 1);
    Node n;
    n.kind = NodeKind::Server;
    n.model = "dgx-h100";
    n.name = "lonely";
    const Id second = d.addNode(n);
    const DesignAnalysis a = analyzeDesign(d, golden::catalog());
    CHECK(golden::hasWarning(a, "no cable"));
    CHECK(golden::hasWarning(a, "islands"));
    Link l;
    l.a = {d.nodes().begin()->first, 0};
    l.b = {second, 0};
    l.medium = LinkMedium::NVLink;
    d.addLink(l);
    CHECK(golden::hasWarning(analyzeDesign(d, golden::catalog()), "NVLink never crosses servers"));
    // Two islands of 8 GPUs: a 16-GPU collective cannot run.
    CHECK_THROWS_AS(golden::run(d, CollectiveOp::AllReduce, 1e6, 16), std::invalid_argument);
}

TEST_CASE("a design without servers analyses to an empty result", "[analysis][layers]")
{
    Design d;
    const DesignAnalysis a = analyzeDesign(d, golden::catalog());
    CHECK(a.gpus == 0);
    CHECK(a.layers.empty());
    CHECK_FALSE(a.warnings.empty());
}

TEST_CASE("layer technology names the protocol actually wired: Ethernet (RoCE) on the SN5600 template, InfiniBand on the SuperPOD", "[analysis][layers]")
{
    // The RoCE template wires BlueField-3 (a VPI adapter: catalog protocol infiniband, also
    // ethernet) to SN5600 Ethernet switches over medium "ethernet" links: the node boundary
    // and the fabric run Ethernet with RDMA (RoCE), not InfiniBand.
    const Design roce = loadDesign(bundledTemplateDirectory() + "/roce-sn5600-hgx-h100-64.json");
    const DesignAnalysis a = analyzeDesign(roce, golden::catalog());
    REQUIRE(a.layers.size() == 4);
    INFO(a.layers[2].technology << " | " << a.layers[3].technology);
    CHECK(a.layers[2].technology.rfind("Ethernet (RoCE) 400 Gb/s x 8 (BlueField-3", 0) == 0);
    CHECK(a.layers[2].technology.find("InfiniBand") == std::string::npos);
    CHECK(a.layers[3].technology == "Ethernet (RoCE) leaf/spine, 1:1 (non-blocking)");
    // The SuperPOD's ConnectX-7 on QM9700 stays InfiniBand at both layers.
    const DesignAnalysis ib = analyzeDesign(loadDesign(defaultDesignPath()), golden::catalog());
    CHECK(ib.layers[2].technology == "InfiniBand 400 Gb/s x 8 (ConnectX-7 400G (single-port OSFP))");
    CHECK(ib.layers[3].technology == "InfiniBand leaf/spine, 1:1 (non-blocking)");
}

TEST_CASE("node boundary is capped by the GPUs' own host links", "[analysis][layers]")
{
    // GPUDirect RDMA moves a GPU's bytes to its NICs over its own PCIe link: 8 L40S (PCIe Gen4
    // x16, 32 GB/s each way) behind 4 ConnectX-8 800G send at most 32 GB/s each, not the NICs'
    // 50; a DGX H100 (Gen5 x16, 64) with 800G NICs at most 64, not 100. Before, the layer,
    // the collectives and the all-to-all busbw took the NIC rate (42.6 GB/s busbw on L40S).
    struct Case { const char* server; const char* nic; double nicPerGpu; double capped; };
    for (const Case& c : {Case{"pcie-2-8-5-l40s", "connectx-8-800g", 50.0, 32.0}, Case{"dgx-h100", "connectx-8-800g", 100.0, 64.0},
                          Case{"dgx-h100", "connectx-7-400g", 50.0, 50.0}, Case{"dgx-b300", "connectx-8-800g", 100.0, 100.0}}) {
        INFO(c.server << " with " << c.nic);
        topology::FatTreeOptions o;
        o.server = c.server;
        o.nodes = 4;
        o.nicModel = c.nic;
        o.switchModel = "q3400";
        const Design d = topology::generateFatTree(golden::catalog(), o);
        const DesignAnalysis a = analyzeDesign(d, golden::catalog());
        CHECK(layer(a, Scope::NodeBoundary) == Approx(c.capped));
        for (const auto& l : a.layers)
            if (l.scope == Scope::NodeBoundary)
                CHECK((l.note.find("capped by the GPUs' own host links") != std::string::npos) == (c.capped < c.nicPerGpu));
        const analysis::ClusterFacts f = analysis::extractFacts(d, golden::catalog());
        const analysis::CommGroup g = analysis::placeGroup(f, a.gpus, false);
        CHECK(g.nicGpuGBps <= c.capped * 0.97 * 1.000001);
    }
}

TEST_CASE("a PCIe cable between two servers cables no NIC port and adds no bandwidth", "[analysis][layers]")
{
    // Before: two DGX H100 joined by one InfiniBand cable (port 0) and one PCIe cable (port 1,
    // 256 Gb/s) counted 2 cabled ports each, "InfiniBand 328 Gb/s x 2" and 10.25 GB/s per GPU
    // at the node boundary. PCIe runs only inside a server (design rule protocol-mismatch):
    // the cable is ignored with a warning, leaving one 400G port, 50 / 8 = 6.25 GB/s per GPU.
    Design d;
    Id servers[2];
    for (int i = 0; i < 2; ++i) {
        Node n;
        n.kind = NodeKind::Server;
        n.model = "dgx-h100";
        n.name = "dgx-0" + std::to_string(i + 1);
        servers[i] = d.addNode(n);
    }
    Link ib;
    ib.a = {servers[0], 0};
    ib.b = {servers[1], 0};
    ib.medium = LinkMedium::InfiniBand;
    const Id ibId = d.addLink(ib);
    Link pcie;
    pcie.a = {servers[0], 1};
    pcie.b = {servers[1], 1};
    pcie.medium = LinkMedium::PCIe;
    pcie.laneSpeed = Bandwidth::Gbps(256);
    const Id pcieId = d.addLink(pcie);

    const DesignAnalysis a = analyzeDesign(d, golden::catalog());
    REQUIRE(a.layers.size() == 4);
    CHECK(layer(a, Scope::NodeBoundary) == Approx(6.25));
    CHECK(a.layers[2].technology == "InfiniBand 400 Gb/s x 1 (ConnectX-7 400G (single-port OSFP))");
    CHECK(golden::hasWarning(a, "1 PCIe cable(s) outside a server ignored"));
    CHECK(golden::hasWarning(a, "dgx-01: only 1 of 8 compute NIC ports are cabled"));
    CHECK(golden::hasWarning(a, "dgx-02: only 1 of 8 compute NIC ports are cabled"));
    const analysis::ClusterFacts f = analysis::extractFacts(d, golden::catalog());
    REQUIRE(f.servers.size() == 2);
    for (const auto& s : f.servers) {
        CHECK(s.wiredPorts == 1);
        CHECK(s.wiredLineGBps == Approx(50));
    }
    CHECK(f.islands == 1);

    // The PCIe cable alone (a bundle of 2) joins nothing: two islands, no port cabled.
    d.removeLink(ibId);
    Link two = *d.link(pcieId);
    two.count = 2;
    d.updateLink(two);
    const analysis::ClusterFacts alone = analysis::extractFacts(d, golden::catalog());
    CHECK(alone.islands == 2);
    for (const auto& s : alone.servers) {
        CHECK(s.wiredPorts == 0);
        CHECK(s.wiredLineGBps == Approx(0));
    }
    const DesignAnalysis b = analyzeDesign(d, golden::catalog());
    CHECK(golden::hasWarning(b, "2 PCIe cable(s) outside a server ignored"));
    CHECK(golden::hasWarning(b, "2 servers have no cable on a compute NIC"));
}

TEST_CASE("a NIC that does not run its switches' protocol is named in the node boundary and fabric text", "[analysis][layers]")
{
    // Before: Ethernet-only NICs (Thor 2, ConnectX-6 Dx) on QM9700 InfiniBand leaves read
    // "Ethernet (RoCE) 400 Gb/s x 8 (Thor 2 (400G))" beside "InfiniBand, single switch" as though
    // they worked; the design rule protocol-mismatch flags the cables. The text now says so.
    struct Case { const char* nic; const char* boundary; double perGpu; };
    for (const Case& c : {Case{"thor2-400g", "Ethernet (RoCE) 400 Gb/s x 8 (Thor 2 (400G))", 50.0},
                          Case{"connectx-6-dx-200g", "Ethernet (RoCE) 200 Gb/s x 8 (ConnectX-6 Dx 200GbE)", 25.0}}) {
        INFO(c.nic);
        Design d = golden::rail("dgx-h100", 2);
        for (const auto& [id, n] : d.nodes()) {
            if (n.kind != NodeKind::Server) continue;
            Node m = n;
            m.nicModel = c.nic;
            d.updateNode(m);
        }
        const DesignAnalysis a = analyzeDesign(d, golden::catalog());
        REQUIRE(a.layers.size() == 4);
        CHECK(a.layers[2].technology ==
              std::string(c.boundary) + "; NIC protocol does not match the fabric (see design rule protocol-mismatch)");
        CHECK(a.layers[3].technology.rfind("InfiniBand", 0) == 0);
        CHECK(a.layers[3].technology.find("; the NICs of 2 servers do not run the protocol of the switches they are cabled to "
                                          "(see design rule protocol-mismatch)") != std::string::npos);
        CHECK(layer(a, Scope::NodeBoundary) == Approx(c.perGpu));
    }
    // A VPI ConnectX-6 runs InfiniBand: no note on the same leaves.
    Design vpi = golden::rail("dgx-h100", 2);
    for (const auto& [id, n] : vpi.nodes()) {
        if (n.kind != NodeKind::Server) continue;
        Node m = n;
        m.nicModel = "connectx-6-200g";
        vpi.updateNode(m);
    }
    const DesignAnalysis ok = analyzeDesign(vpi, golden::catalog());
    REQUIRE(ok.layers.size() == 4);
    CHECK(ok.layers[2].technology.rfind("InfiniBand 200 Gb/s x 8", 0) == 0);
    CHECK(ok.layers[2].technology.find("protocol-mismatch") == std::string::npos);
    CHECK(ok.layers[3].technology.find("protocol-mismatch") == std::string::npos);
}

TEST_CASE("the fabric layer gives its oversubscription to three digits", "[analysis][layers]")
{
    // The rented 8 x H100 template with a ninth server wired to leaf-1 by one cable: 33 down
    // against 32 up, 1.03125:1, shown as 1.03:1 (helper-95 read "1.03125:1").
    const Design d = loadDesign(std::string(CD_TEST_DATA_DIR "/design/rented_plus_one_nic_server.json"));
    const DesignAnalysis a = analyzeDesign(d, golden::catalog());
    REQUIRE(a.layers.size() == 4);
    CHECK(a.layers[3].technology.find("leaf/spine, 1.03:1 oversubscribed") != std::string::npos);
    CHECK(a.layers[3].technology.find("1.03125") == std::string::npos);
}
