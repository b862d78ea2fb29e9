// Every design rule fires on a minimal bad design, and no template raises any.
#include "test_catalog_support.hpp"
#include "model/topology/rules.hpp"

#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace model;
using namespace model::topology;

namespace {
using testsupport::catalog;

Id server(Design& d, const std::string& model, const std::string& name)
{
    Node n;
    n.kind = NodeKind::Server;
    n.model = model;
    n.name = name;
    return d.addNode(n);
}

Id sw(Design& d, const std::string& model, const std::string& name, bool pfc = true)
{
    Node n;
    n.kind = NodeKind::Switch;
    n.model = model;
    n.name = name;
    n.tier = SwitchTier::Leaf;
    n.pfcEcn = pfc;
    return d.addNode(n);
}

Id wire(Design& d, Id a, Id b, double gbps, int count = 1, LinkMedium m = LinkMedium::InfiniBand)
{
    Link l;
    l.a = {a, -1};
    l.b = {b, -1};
    l.medium = m;
    l.laneSpeed = Bandwidth::Gbps(gbps);
    l.count = count;
    return d.addLink(l);
}

const Finding* find(const RuleReport& r, const std::string& rule)
{
    for (const Finding& f : r.findings)
        if (f.rule == rule) return &f;
    return nullptr;
}

bool mentions(const Finding& f, Id node) { return std::find(f.nodes.begin(), f.nodes.end(), node) != f.nodes.end(); }

/// Two `model` servers named `nameA` and `nameB` whose compute NIC is `nic`: {a, b}.
std::pair<Id, Id> serversWithNic(Design& d, const std::string& model, const std::string& nic, const std::string& nameA,
                                 const std::string& nameB)
{
    const Id a = server(d, model, nameA), b = server(d, model, nameB);
    for (Id x : {a, b}) {
        Node n = *d.node(x);
        n.nicModel = nic;
        d.updateNode(n);
    }
    return {a, b};
}

/// The finding of `rule` in `r`, checked to be an error about link `link` between servers
/// `a` and `b`; null (and a failed check) when there is none.
const Finding* pairError(const RuleReport& r, const std::string& rule, Id link, Id a, Id b)
{
    const Finding* f = find(r, rule);
    CHECK(f);
    if (!f) return nullptr;
    CHECK(f->severity == Severity::Error);
    CHECK(f->links == std::vector<Id>{link});
    CHECK(mentions(*f, a));
    CHECK(mentions(*f, b));
    return f;
}
} // namespace

TEST_CASE("switch-port-budget fires when cables exceed a switch's ports", "[rules]")
{
    Design d;
    const Id a = sw(d, "qm9700", "leaf-a"), b = sw(d, "qm9700", "leaf-b");
    wire(d, a, b, 400, 65); // 65 cables on 64 ports
    const RuleReport rep1 = checkDesign(d, catalog());
    const Finding* f = find(rep1, "switch-port-budget");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(mentions(*f, a));
    CHECK(f->message.find("65") != std::string::npos);
    CHECK(f->message.find("64") != std::string::npos);
}

TEST_CASE("switch-port-budget counts a slow link as no less than the switch's split share of a port", "[rules]")
{
    // helper-90: 1 Gb/s links let 256 cables share one 64-port QM9700 with no finding. A QM9700
    // port splits into at most 2 links (128 logical ports, catalog max_logical_ports), however
    // slow each link runs: 129 links of 1 Gb/s need 64.5 ports, 128 fit in 64.
    const SwitchSpec* qm = catalog().switchModel("qm9700");
    REQUIRE(qm);
    CHECK(qm->portSplitLimit() == 2);
    CHECK(qm->linksPerPort(200) == 2);
    CHECK(qm->linksPerPort(1) == 2);
    CHECK(qm->linksPerPort(400) == 1);
    CHECK(catalog().switchModel("sn5600")->linksPerPort(100) == 4);
    CHECK(catalog().switchModel("arista-7060x6")->portSplitLimit() == kAssumedPortSplit); // split not published
    for (const int links : {128, 129}) {
        Design d;
        const Id a = sw(d, "qm9700", "leaf-a"), b = sw(d, "qm9700", "leaf-b");
        wire(d, a, b, 1, links);
        const Finding* f = find(checkDesign(d, catalog()), "switch-port-budget");
        CAPTURE(links);
        CHECK((f != nullptr) == (links > 128));
    }
}

TEST_CASE("switch-port-conflict and switch-port-range: two links on one port, a port past the switch's last", "[rules]")
{
    // Before: a design edited so that two links share a port, or a link sits on port 64 or
    // 1,000,000 of a 64-port QM9700, raised no finding at all.
    Design d;
    const Id leaf = sw(d, "qm9700", "leaf-a"), spine = sw(d, "qm9700", "spine-a");
    const Id s1 = server(d, "dgx-h100", "dgx-01"), s2 = server(d, "dgx-h100", "dgx-02");
    const auto renumber = [&d](Id id, int aPort, int bPort, double gbps = 400) {
        Link l = *d.link(id);
        l.a.port = aPort;
        l.b.port = bPort;
        l.laneSpeed = Bandwidth::Gbps(gbps);
        d.updateLink(l);
    };
    const Id l1 = wire(d, s1, leaf, 400), l2 = wire(d, s2, leaf, 400);
    renumber(l1, 0, 3);
    renumber(l2, 0, 3);
    const Id up = wire(d, leaf, spine, 400, 4);
    renumber(up, 62, 0); // 62..65: two past the last port, 63
    const RuleReport r = checkDesign(d, catalog());
    const Finding* clash = find(r, "switch-port-conflict");
    REQUIRE(clash);
    CHECK(clash->severity == Severity::Error);
    CHECK(mentions(*clash, leaf));
    CHECK(clash->links.size() == 2);
    CHECK(clash->message == "leaf-a: 2 links share a port (port 3 first): one cable per port. Give each link its own port.");
    const Finding* range = find(r, "switch-port-range");
    REQUIRE(range);
    CHECK(range->severity == Severity::Error);
    CHECK(mentions(*range, leaf));
    // The bundle of 4 takes ports 62 to 65: named as a run (it read "port 65").
    CHECK(range->message.rfind("leaf-a: 1 link uses ports 62 to 65, but a Quantum-2 QM9700", 0) == 0);
    CHECK(range->message.find("numbers its ports 0 to 63 at that rate") != std::string::npos);

    // A 200G link on a 400G port takes half of one: 128 numbers, so port 100 is fine.
    renumber(up, 100, 0, 200);
    renumber(l2, 0, 4);
    const RuleReport ok = checkDesign(d, catalog());
    CHECK_FALSE(find(ok, "switch-port-conflict"));
    CHECK_FALSE(find(ok, "switch-port-range"));
    // Links with no port number ("any") are never in conflict.
    renumber(l1, 0, -1);
    renumber(l2, 0, -1);
    CHECK_FALSE(find(checkDesign(d, catalog()), "switch-port-conflict"));
}

TEST_CASE("server-port-range and server-port-conflict: a NIC port the server lacks or two links on one", "[rules]")
{
    // Before: a link on port 50 of an 8-NIC DGX H100, or all 8 cables of a server on port 0,
    // raised no finding (the analysis counted them as 8 NICs; export infragraph refused port 50).
    Design d;
    const Id s = server(d, "dgx-h100", "dgx-01"), leaf = sw(d, "qm9700", "leaf-1");
    std::vector<Id> links;
    for (int i = 0; i < 8; ++i) {
        Link l = *d.link(wire(d, s, leaf, 400));
        l.a.port = i;
        l.b.port = i;
        d.updateLink(l);
        links.push_back(l.id);
    }
    CHECK_FALSE(find(checkDesign(d, catalog()), "server-port-range"));
    CHECK_FALSE(find(checkDesign(d, catalog()), "server-port-conflict"));
    const auto serverPort = [&d](Id id, int port) {
        Link l = *d.link(id);
        l.a.port = port;
        d.updateLink(l);
    };
    serverPort(links[0], 50);
    const RuleReport r = checkDesign(d, catalog());
    const Finding* range = find(r, "server-port-range");
    REQUIRE(range);
    CHECK(range->severity == Severity::Error);
    CHECK(range->nodes == std::vector<Id>{s});
    CHECK(range->links == std::vector<Id>{links[0]});
    // The link named by its other end, as the inspector shows it (helper-91: "link 4" named an
    // id the user never sees).
    CHECK(range->message == "dgx-01: the link to leaf-1 port 0"
                                " uses port 50, but its 8 compute NIC ports (8 x connectx-7-400g) are numbered 0 to 7. "
                                "Renumber the link's port, or raise nic_count if the server has more NICs.");
    CHECK_FALSE(find(r, "server-port-conflict"));

    for (Id l : links) serverPort(l, 0);
    const RuleReport r2 = checkDesign(d, catalog());
    const Finding* clash = find(r2, "server-port-conflict");
    REQUIRE(clash);
    CHECK(clash->severity == Severity::Error);
    CHECK(clash->links.size() == 8);
    CHECK(clash->message.rfind("dgx-01: the links to leaf-1 port 0, ", 0) == 0);
    CHECK(clash->message.find("and 5 more share a compute NIC port (port 0 first): one cable per NIC port.") != std::string::npos);
    CHECK_FALSE(find(r2, "server-port-range"));

    // A bundle of 2 from port 7 runs past the last port; a NIC count raised to 16 holds it.
    for (std::size_t i = 0; i < links.size(); ++i) serverPort(links[i], static_cast<int>(i));
    Link bundle = *d.link(links[7]);
    bundle.count = 2;
    bundle.b.port = -1;
    d.updateLink(bundle);
    REQUIRE(find(checkDesign(d, catalog()), "server-port-range"));
    CHECK(find(checkDesign(d, catalog()), "server-port-range")->message.find("uses port 8,") != std::string::npos);
    Node n = *d.node(s);
    n.nicCount = 16;
    d.updateNode(n);
    CHECK_FALSE(find(checkDesign(d, catalog()), "server-port-range"));
    // Links on "any free port" are never checked.
    for (Id l : links) serverPort(l, -1);
    CHECK_FALSE(find(checkDesign(d, catalog()), "server-port-conflict"));
}

TEST_CASE("server-nic-budget fires when a server has more links than NIC bandwidth", "[rules]")
{
    Design d;
    const Id s = server(d, "dgx-h100", "dgx-01"), l = sw(d, "qm9700", "leaf");
    wire(d, s, l, 400, 9); // 3,600 Gb/s on 8 x 400
    const RuleReport rep2 = checkDesign(d, catalog());
    const Finding* f = find(rep2, "server-nic-budget");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(f->message.find("3,600 Gb/s") != std::string::npos); // thousands separated, as every figure
}

TEST_CASE("link-speed-mismatch: too fast is an error, unequal ends a warning", "[rules]")
{
    Design d;
    const Id s = server(d, "dgx-h100", "dgx-01"), hdr = sw(d, "qm8700", "hdr-leaf");
    wire(d, s, hdr, 400, 8); // NDR link into 200G HDR ports
    const RuleReport rep3 = checkDesign(d, catalog());
    const Finding* f = find(rep3, "link-speed-mismatch");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);

    Design w;
    const Id b = server(w, "dgx-b300", "b300-01"), ndr = sw(w, "qm9700", "ndr-leaf");
    wire(w, b, ndr, 400, 8); // 800G ConnectX-8 on 400G ports: runs at 400
    const RuleReport rep4 = checkDesign(w, catalog());
    const Finding* g = find(rep4, "link-speed-mismatch");
    REQUIRE(g);
    CHECK(g->severity == Severity::Warning);
    CHECK(mentions(*g, b));

    Design ok; // an 800G switch port split 2 x 400G toward 400G NICs is fine
    const Id h = server(ok, "hgx-h100-8gpu", "hgx-01"), eth = sw(ok, "sn5600", "eth-leaf");
    Node hn = *ok.node(h);
    hn.nicModel = "bluefield-3-400g";
    ok.updateNode(hn);
    wire(ok, h, eth, 400, 8, LinkMedium::Ethernet);
    const RuleReport okReport = checkDesign(ok, catalog());
    CHECK_FALSE(find(okReport, "link-speed-mismatch"));
}

TEST_CASE("protocol-mismatch: an end that cannot run the link's protocol", "[rules]")
{
    // Before: an Ethernet NIC (Thor 2) or AWS EFA cabled to an InfiniBand QM9700, PCIe into a
    // QM9700 and InfiniBand cables into an Ethernet SN5600 raised no finding (EFA only a speed one).
    const auto fabric = [](const std::string& nic, const std::string& sw_, LinkMedium m, Id& s1, Id& leaf) {
        Design d;
        s1 = server(d, "dgx-h100", "dgx-01");
        const Id s2 = server(d, "dgx-h100", "dgx-02");
        leaf = sw(d, sw_, "leaf-1");
        for (Id s : {s1, s2}) {
            if (!nic.empty()) {
                Node n = *d.node(s);
                n.nicModel = nic;
                d.updateNode(n);
            }
            for (int i = 0; i < 8; ++i) wire(d, s, leaf, 400, 1, m);
        }
        return d;
    };
    Id s = 0, leaf = 0;
    const Design thor = fabric("thor2-400g", "qm9700", LinkMedium::InfiniBand, s, leaf);
    const RuleReport r1 = checkDesign(thor, catalog());
    const Finding* f = find(r1, "protocol-mismatch");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(f->links.size() == 16); // one finding for the whole kind
    CHECK(mentions(*f, s));
    CHECK(mentions(*f, leaf));
    CHECK(f->message.rfind("dgx-01 (and 1 more like it): its NIC thor2-400g runs Ethernet and cannot run InfiniBand, which the 16 links ", 0) == 0);
    CHECK(f->message.find("to leaf-1 (qm9700, InfiniBand) carry") != std::string::npos);

    const RuleReport r2 = checkDesign(fabric("efa-v4-400g", "qm9700", LinkMedium::InfiniBand, s, leaf), catalog());
    REQUIRE(find(r2, "protocol-mismatch"));
    CHECK(find(r2, "protocol-mismatch")->message.find("runs AWS EFA and cannot run InfiniBand") != std::string::npos);

    Design pcie = fabric("", "qm9700", LinkMedium::InfiniBand, s, leaf);
    Link first = *pcie.linksAt(s).front();
    first.medium = LinkMedium::PCIe;
    pcie.updateLink(first);
    const RuleReport r3 = checkDesign(pcie, catalog());
    const Finding* p = find(r3, "protocol-mismatch");
    REQUIRE(p);
    CHECK(p->links == std::vector<Id>{first.id});
    CHECK(p->message == "leaf-1 (qm9700) runs InfiniBand, but the link"
                            " from dgx-01 (NIC connectx-7-400g, InfiniBand or Ethernet) is drawn as PCIe, which runs only "
                            "inside a server. Draw the cable as InfiniBand.");

    const RuleReport r4 = checkDesign(fabric("", "sn5600", LinkMedium::InfiniBand, s, leaf), catalog());
    const Finding* e = find(r4, "protocol-mismatch");
    REQUIRE(e);
    CHECK(e->links.size() == 16);
    CHECK(e->message.find("leaf-1 (sn5600) runs Ethernet, but the 16 links ") == 0);
    CHECK(e->message.find("are drawn as InfiniBand") != std::string::npos);

    // A VPI ConnectX-7 runs either: on Ethernet cables to an SN5600 nothing is flagged, nor EFA
    // (SRD over Ethernet) on an Ethernet switch, nor the default InfiniBand fabric.
    CHECK_FALSE(find(checkDesign(fabric("", "sn5600", LinkMedium::Ethernet, s, leaf), catalog()), "protocol-mismatch"));
    CHECK_FALSE(find(checkDesign(fabric("efa-v4-400g", "sn5600", LinkMedium::Ethernet, s, leaf), catalog()), "protocol-mismatch"));
    CHECK_FALSE(find(checkDesign(fabric("", "qm9700", LinkMedium::InfiniBand, s, leaf), catalog()), "protocol-mismatch"));

    // Two servers cabled back to back: an InfiniBand cable between Ethernet-only NICs.
    Design direct;
    const auto [a, b] = serversWithNic(direct, "hgx-h100-8gpu", "connectx-6-dx-200g", "a", "b");
    wire(direct, a, b, 200, 1, LinkMedium::InfiniBand);
    const RuleReport r5 = checkDesign(direct, catalog());
    const Finding* g = find(r5, "protocol-mismatch");
    REQUIRE(g);
    CHECK(g->message.find("is drawn with") != std::string::npos);
}

TEST_CASE("nvlink-outside-domain: NVLink across racks or into a switch", "[rules]")
{
    Design d;
    const Id r1 = server(d, "gb200-nvl72", "rack-1"), r2 = server(d, "gb200-nvl72", "rack-2");
    wire(d, r1, r2, 400, 1, LinkMedium::NVLink); // 144 GPUs > 72-GPU domain
    const RuleReport rep5 = checkDesign(d, catalog());
    const Finding* f = find(rep5, "nvlink-outside-domain");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(f->message.find("144") != std::string::npos);

    Design s;
    const Id x = server(s, "dgx-h100", "dgx-01"), l = sw(s, "qm9700", "leaf");
    wire(s, x, l, 400, 1, LinkMedium::NVLink);
    const RuleReport rep6 = checkDesign(s, catalog());
    const Finding* g = find(rep6, "nvlink-outside-domain");
    REQUIRE(g);
    CHECK(mentions(*g, l));
}

TEST_CASE("protocol-mismatch: PCIe drawn between two servers", "[rules]")
{
    // Before: a PCIe cable between two DGX H100 raised no finding (PCIe was checked only where
    // it reached a switch), and the analysis counted it as a cabled NIC port.
    Design d;
    const Id a = server(d, "dgx-h100", "dgx-01"), b = server(d, "dgx-h100", "dgx-02");
    const Id l = wire(d, a, b, 400, 1, LinkMedium::PCIe);
    const RuleReport r = checkDesign(d, catalog());
    const Finding* f = pairError(r, "protocol-mismatch", l, a, b);
    REQUIRE(f);
    CHECK(f->message == "the link"
                            " between dgx-01 (dgx-h100, NIC connectx-7-400g, InfiniBand or Ethernet) and dgx-02 (dgx-h100, NIC "
                            "connectx-7-400g, InfiniBand or Ethernet) is drawn as PCIe, which runs only inside a server. Draw the "
                            "cable as InfiniBand, which both servers' NICs run, back to back or through a switch.");

    // Several pairs of one kind: one finding listing every link and counting the other pairs.
    const Id c2 = server(d, "dgx-h100", "dgx-03"), d2 = server(d, "dgx-h100", "dgx-04");
    const Id l2 = wire(d, c2, d2, 400, 1, LinkMedium::PCIe);
    const Id l3 = wire(d, a, b, 400, 1, LinkMedium::PCIe);
    const RuleReport r2 = checkDesign(d, catalog());
    REQUIRE(r2.count(Severity::Error) == 1);
    const Finding* g = find(r2, "protocol-mismatch");
    REQUIRE(g);
    CHECK(g->links == std::vector<Id>{l, l2, l3});
    CHECK(g->nodes.size() == 4);
    CHECK(g->message.rfind("the 3 links between dgx-01 ", 0) == 0);
    CHECK(g->message.find("(and 1 more pairs of servers like them) are drawn as PCIe") != std::string::npos);

    // Ethernet-only NICs: draw it as Ethernet; a workstation without a compute NIC: give it one.
    Design eth;
    const auto [e1, e2] = serversWithNic(eth, "hgx-h100-8gpu", "thor2-400g", "eth-1", "eth-2");
    wire(eth, e1, e2, 400, 1, LinkMedium::PCIe);
    const RuleReport r3 = checkDesign(eth, catalog());
    REQUIRE(find(r3, "protocol-mismatch"));
    CHECK(find(r3, "protocol-mismatch")->message.find("Draw the cable as Ethernet, which both servers' NICs run") != std::string::npos);
    Design ws;
    const Id w1 = server(ws, "ws-4x-rtx4090", "ws-1"), w2 = server(ws, "ws-4x-rtx4090", "ws-2");
    wire(ws, w1, w2, 64, 1, LinkMedium::PCIe);
    const RuleReport r4 = checkDesign(ws, catalog());
    REQUIRE(find(r4, "protocol-mismatch"));
    CHECK(find(r4, "protocol-mismatch")->message.find("(ws-4x-rtx4090, no compute NIC)") != std::string::npos);
    CHECK(find(r4, "protocol-mismatch")->message.find("Give ws-1 and ws-2 a compute NIC") != std::string::npos);

    // The same servers cabled as InfiniBand raise no protocol-mismatch.
    Design ok;
    const Id o1 = server(ok, "dgx-h100", "dgx-01"), o2 = server(ok, "dgx-h100", "dgx-02");
    wire(ok, o1, o2, 400, 1, LinkMedium::InfiniBand);
    CHECK_FALSE(find(checkDesign(ok, catalog()), "protocol-mismatch"));
}

TEST_CASE("nvlink-outside-domain: NVLink between two servers that are each a whole NVLink domain", "[rules]")
{
    // Before: NVLink between two DGX H100 (16 GPUs, under the H100's 256-GPU NVLink Switch
    // System limit) or two DGX B300 (under 72) raised no finding, while the analysis ignores
    // the cable (NVLink never crosses servers).
    Design d;
    const Id a = server(d, "dgx-h100", "dgx-01"), b = server(d, "dgx-h100", "dgx-02");
    const Id l = wire(d, a, b, 400, 1, LinkMedium::NVLink);
    const RuleReport r = checkDesign(d, catalog());
    REQUIRE(r.count(Severity::Error) == 1);
    const Finding* f = pairError(r, "nvlink-outside-domain", l, a, b);
    REQUIRE(f);
    CHECK(f->message == "an NVLink link"
                            " joins dgx-01 (dgx-h100) and dgx-02 (dgx-h100), servers that are each a whole NVLink domain (8 GPUs "
                            "in a dgx-h100), not part of a rack-scale one: NVLink runs only inside a domain (a rack-scale domain "
                            "such as GB200 NVL72 is drawn as one node). Draw the cable as InfiniBand, which both servers' NICs "
                            "run, back to back or through a switch.");

    Design b300;
    const Id x = server(b300, "dgx-b300", "b300-1"), y = server(b300, "dgx-b300", "b300-2");
    wire(b300, x, y, 400, 2, LinkMedium::NVLink);
    const RuleReport r2 = checkDesign(b300, catalog());
    const Finding* g = find(r2, "nvlink-outside-domain");
    REQUIRE(g);
    CHECK(g->message.find("joins b300-1 (dgx-b300) and b300-2 (dgx-b300)") != std::string::npos);

    // GCP A4X instances are 4-GPU slices of a 72-GPU NVL72 domain: NVLink between two of them
    // stays inside one rack-scale domain, and is not flagged.
    Design a4x;
    const Id s1 = server(a4x, "gcp-a4x-highgpu-4g", "a4x-1"), s2 = server(a4x, "gcp-a4x-highgpu-4g", "a4x-2");
    wire(a4x, s1, s2, 400, 1, LinkMedium::NVLink);
    CHECK_FALSE(find(checkDesign(a4x, catalog()), "nvlink-outside-domain"));

    // Two NVL72 racks keep the domain-size finding (144 GPUs), reported once.
    Design racks;
    const Id r1 = server(racks, "gb200-nvl72", "rack-1"), rk2 = server(racks, "gb200-nvl72", "rack-2");
    wire(racks, r1, rk2, 400, 1, LinkMedium::NVLink);
    const RuleReport r3 = checkDesign(racks, catalog());
    CHECK(r3.count(Severity::Error) == 1);
    REQUIRE(find(r3, "nvlink-outside-domain"));
    CHECK(find(r3, "nvlink-outside-domain")->message.find("144") != std::string::npos);
}

TEST_CASE("nvlink-without-nvlink: NVLink wired to a GPU that has none", "[rules]")
{
    Design d;
    const Id a = server(d, "pcie-2-8-5-l40s", "l40s-1"), b = server(d, "pcie-2-8-5-l40s", "l40s-2");
    wire(d, a, b, 400, 1, LinkMedium::NVLink);
    const RuleReport r = checkDesign(d, catalog());
    const Finding* f = find(r, "nvlink-without-nvlink");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
    CHECK(f->message.find("L40S") != std::string::npos);
}

TEST_CASE("shared-nics: a networked server with fewer NICs than GPUs", "[rules]")
{
    Design d;
    const Id s = server(d, "pcie-2-8-5-l40s", "l40s-1"), l = sw(d, "qm9700", "leaf");
    wire(d, s, l, 400, 4);
    const RuleReport rep7 = checkDesign(d, catalog());
    const Finding* f = find(rep7, "shared-nics");
    REQUIRE(f);
    CHECK(f->severity == Severity::Warning);
    CHECK(f->message.find("200 Gb/s per GPU") != std::string::npos); // 4 x 400 / 8
}

TEST_CASE("nic-across-sockets: a socket without a NIC of its own", "[rules]")
{
    Design d;
    const Id s = server(d, "dgx-h100", "dgx-01"), l = sw(d, "qm9700", "leaf");
    Node n = *d.node(s);
    n.nicCount = 1; // one NIC for two sockets
    d.updateNode(n);
    wire(d, s, l, 400, 1);
    const RuleReport rep8 = checkDesign(d, catalog());
    const Finding* f = find(rep8, "nic-across-sockets");
    REQUIRE(f);
    CHECK(f->message.find("about 4 GPUs") != std::string::npos);
}

TEST_CASE("consumer-no-p2p: several GeForce GPUs without peer-to-peer", "[rules]")
{
    Design d;
    const Id w = server(d, "ws-4x-rtx4090", "workstation");
    const RuleReport r = checkDesign(d, catalog());
    const Finding* f = find(r, "consumer-no-p2p");
    REQUIRE(f);
    CHECK(mentions(*f, w));

    // A waiver records the accepted limitation: the finding moves to `waived`, reason kept.
    d.analysis["rule_waivers"] = nlohmann::json::array({{{"rule", "consumer-no-p2p"}, {"reason", "known: no P2P"}}});
    const RuleReport waived = checkDesign(d, catalog());
    CHECK(waived.findings.empty());
    REQUIRE(waived.waived.size() == 1);
    CHECK(waived.waived[0].waiverReason == "known: no P2P");
    d.analysis["rule_waivers"] = nlohmann::json::array({{{"rule", "consumer-no-p2p"}}}); // no reason
    CHECK_THROWS_AS(checkDesign(d, catalog()), InputError);
}

TEST_CASE("roce-without-pfc: RDMA over Ethernet through a lossy switch", "[rules]")
{
    Design d;
    const Id s = server(d, "hgx-h100-8gpu", "hgx-01"), l = sw(d, "sn5600", "eth-leaf", false);
    Node n = *d.node(s);
    n.nicModel = "bluefield-3-400g";
    d.updateNode(n);
    wire(d, s, l, 400, 8, LinkMedium::Ethernet);
    const RuleReport rep9 = checkDesign(d, catalog());
    const Finding* f = find(rep9, "roce-without-pfc");
    REQUIRE(f);
    CHECK(mentions(*f, l));
}

TEST_CASE("unconnected: an item with no link among several", "[rules]")
{
    Design d;
    const Id a = server(d, "dgx-h100", "dgx-01");
    server(d, "dgx-h100", "dgx-02");
    const Id l = sw(d, "qm9700", "leaf");
    wire(d, a, l, 400, 8);
    const RuleReport rep10 = checkDesign(d, catalog());
    const Finding* f = find(rep10, "unconnected");
    REQUIRE(f);
    CHECK(f->nodes.size() == 1);
    CHECK(f->message.find("dgx-02") != std::string::npos);
}

TEST_CASE("unknown-model: a node not in the catalog", "[rules]")
{
    Design d;
    server(d, "no-such-server", "mystery");
    const RuleReport rep11 = checkDesign(d, catalog());
    const Finding* f = find(rep11, "unknown-model");
    REQUIRE(f);
    CHECK(f->severity == Severity::Error);
}

TEST_CASE("no template raises a design rule", "[rules][templates]")
{
    namespace fs = std::filesystem;
    int templates = 0;
    for (const auto& e : fs::directory_iterator(bundledTemplateDirectory())) {
        if (e.path().extension() != ".json") continue;
        INFO(e.path().filename().string());
        const Design d = loadDesign(e.path().string());
        d.validateAgainst(catalog(), e.path().string());
        const RuleReport r = checkDesign(d, catalog());
        for (const Finding& f : r.findings) INFO(f.rule << ": " << f.message);
        CHECK(r.findings.empty());
        ++templates;
    }
    CHECK(templates >= 6);
}

TEST_CASE("duplicate-name: nodes sharing a name are named, with their ids", "[rules]")
{
    Design d;
    const Id a = server(d, "dgx-h100", "dgx-01");
    const Id b = server(d, "dgx-h100", "dgx-02");
    const Id l = sw(d, "qm9700", "leaf");
    wire(d, a, l, 400, 8);
    wire(d, b, l, 400, 8);
    CHECK_FALSE(find(checkDesign(d, catalog()), "duplicate-name"));
    Node renamed = *d.node(b);
    renamed.name = "dgx-01";
    d.updateNode(renamed);
    const RuleReport rep = checkDesign(d, catalog());
    const Finding* f = find(rep, "duplicate-name");
    REQUIRE(f);
    CHECK(f->severity == Severity::Warning);
    CHECK(f->nodes == std::vector<Id>{a, b});
    CHECK(f->message == "2 nodes are named \"dgx-01\" (ids " + std::to_string(a) + ", " + std::to_string(b) +
                            "): every finding, report and export names nodes, so one about \"dgx-01\" could be either; rename all but one");
    // Blanks at either end do not tell names apart (helper-82: "dgx-01 " beside "dgx-01").
    renamed.name = "dgx-01 ";
    d.updateNode(renamed);
    REQUIRE(find(checkDesign(d, catalog()), "duplicate-name"));
    CHECK(find(checkDesign(d, catalog()), "duplicate-name")->nodes == std::vector<Id>{a, b});
}
