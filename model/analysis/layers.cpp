// Per-layer bandwidth per GPU (spec rates, one direction): engine_formulas.md §0, §8.
#include "model/analysis/layers.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>

namespace model::analysis {

namespace {

/// The protocol actually wired at server `s`: the switches its ports reach when they all run
/// one protocol the NIC supports (a VPI adapter on Ethernet switches runs Ethernet), else the
/// NIC's own. Ethernet on an RDMA adapter (VPI, GPUDirect RDMA or "RoCE" in its generation)
/// reads "Ethernet (RoCE)".
std::string wiredProtocol(const ServerFacts& s, const ClusterFacts& f)
{
    NetProtocol p = s.nic->protocol;
    std::optional<NetProtocol> sw;
    bool mixed = false;
    for (int i : s.portSwitchIndex) {
        if (i < 0 || i >= static_cast<int>(f.switches.size()) || !f.switches[i].spec) continue;
        const NetProtocol q = f.switches[i].spec->protocol;
        if (sw && *sw != q) mixed = true;
        sw = q;
    }
    if (p != NetProtocol::EFA && sw && !mixed && s.nic->supports(*sw)) p = *sw;
    if (p == NetProtocol::InfiniBand) return "InfiniBand";
    if (p == NetProtocol::EFA) return "EFA";
    const bool rdma = s.nic->supports(NetProtocol::InfiniBand) || s.nic->gpuDirectRdma ||
                      s.nic->protocolGeneration.find("RoCE") != std::string::npos;
    return rdma ? "Ethernet (RoCE)" : "Ethernet";
}

/// True when a port of server `s` reaches a switch whose protocol its NIC cannot run (an
/// Ethernet-only Thor 2 or ConnectX-6 Dx on an InfiniBand QM9700; an InfiniBand-only NIC on an
/// Ethernet switch), as the design rule protocol-mismatch flags it. AWS EFA runs over
/// Ethernet switches.
bool nicMismatchesFabric(const ServerFacts& s, const ClusterFacts& f)
{
    if (!s.nic) return false;
    for (int i : s.portSwitchIndex) {
        if (i < 0 || i >= static_cast<int>(f.switches.size()) || !f.switches[i].spec) continue;
        const NetProtocol q = f.switches[i].spec->protocol;
        const bool runs = q == NetProtocol::InfiniBand ? s.nic->supports(NetProtocol::InfiniBand)
                                                       : s.nic->supports(NetProtocol::Ethernet) || s.nic->supports(NetProtocol::EFA);
        if (!runs) return true;
    }
    return false;
}

/// Appended to a layer's technology when a NIC does not run the fabric it is cabled into.
constexpr const char* kMismatchNote = "; NIC protocol does not match the fabric (see design rule protocol-mismatch)";

/// The protocol of the switch fabric: one name when every switch runs it, else "mixed".
std::string fabricProtocol(const ClusterFacts& f)
{
    std::optional<NetProtocol> p;
    for (const auto& w : f.switches) {
        if (!w.spec) continue;
        if (p && *p != w.spec->protocol) return "mixed InfiniBand/Ethernet";
        p = w.spec->protocol;
    }
    if (!p) return "";
    if (*p == NetProtocol::InfiniBand) return "InfiniBand";
    bool roce = false;
    for (const auto& s : f.servers)
        if (s.nic && wiredProtocol(s, f) == "Ethernet (RoCE)") roce = true;
    return roce ? "Ethernet (RoCE)" : "Ethernet";
}

std::string nicTechnology(const ServerFacts& s, const ClusterFacts& f)
{
    if (!s.nic || s.wiredPorts == 0) return "no cabled compute NIC";
    const std::string proto = wiredProtocol(s, f);
    const double perPortGbps = s.wiredLineGBps * 8.0 / s.wiredPorts;
    return proto + " " + significantDigits(perPortGbps) + " Gb/s x " + std::to_string(s.wiredPorts) + " (" + s.nic->name + ")" +
           (nicMismatchesFabric(s, f) ? kMismatchNote : "");
}

std::string memoryTechnology(const GpuSpec& g)
{
    if (g.raw.is_object() && g.raw.contains("memory_type") && g.raw["memory_type"].is_string())
        return g.raw["memory_type"].get<std::string>();
    return "GPU memory";
}

} // namespace

std::vector<LayerBandwidth> computeLayers(const ClusterFacts& f)
{
    std::vector<LayerBandwidth> out;
    if (f.servers.empty()) return out;
    const double inf = std::numeric_limits<double>::infinity();
    double hbm = inf, intra = inf, boundary = inf;
    const ServerFacts *hbmS = nullptr, *intraS = nullptr, *boundS = nullptr;
    bool heterogeneous = false;
    // One job runs inside one island (islands.hpp): the layers are those of the largest one, the
    // part of the design a job can use; a stray unwired server does not set them.
    const bool split = f.islands > 1;
    const ServerFacts* model = nullptr;
    int outside = 0;
    for (const auto& s : f.servers) {
        if (split && s.component != f.largestComponent) {
            ++outside;
            continue;
        }
        if (!model) model = &s;
        if (s.spec != model->spec || s.nic != model->nic) heterogeneous = true;
        const double h = s.gpu->hbmBandwidth ? s.gpu->hbmBandwidth->inGBps() : 0.0;
        if (h < hbm) { hbm = h; hbmS = &s; }
        const bool nvlink = s.nvlinkDomainGpus > 1;
        const double in = nvlink ? s.gpu->scaleUpPerDirection().inGBps() : s.gpu->pciePerDirection().inGBps();
        if (in < intra) { intra = in; intraS = &s; }
        const double b = s.gpus > 0 ? s.boundaryLineGBps() / s.gpus : 0.0;
        if (b < boundary) { boundary = b; boundS = &s; }
    }
    if (!model) return out; // no island holds a server (cannot happen: the largest holds one)
    std::string minNote = heterogeneous ? " (slowest server of a mixed design)" : "";
    if (outside > 0)
        minNote += " (largest island; " + std::to_string(outside) + " server" + (outside == 1 ? "" : "s") +
                   " outside it, in islands of their own)";

    LayerBandwidth l;
    l.scope = Scope::Hbm;
    l.technology = memoryTechnology(*hbmS->gpu);
    l.perGpu = Bandwidth::GBps(hbm);
    l.note = hbmS->gpu->name + " spec memory bandwidth" + minNote;
    out.push_back(l);

    l = {};
    l.scope = Scope::IntraNode;
    const GpuSpec& ig = *intraS->gpu;
    if (intraS->nvlinkDomainGpus > 1) {
        const bool nvswitch = intraS->spec->intraNode == IntraNodeFabric::NVSwitch;
        l.technology = "NVLink " + std::to_string(ig.nvlinkGeneration) + (nvswitch ? " via NVSwitch" : " bridge");
        l.note = significantDigits(ig.scaleUpBidirectional.inGBps()) + " GB/s bidirectional per GPU, half each way; domain of " +
                 std::to_string(intraS->nvlinkDomainGpus) + " GPUs";
    } else {
        l.technology = "PCIe Gen" + std::to_string(ig.pcieGeneration) + " x" + std::to_string(ig.pcieLanes);
        l.note = ig.peerToPeerOverPcie ? "no NVLink: GPUs exchange data peer-to-peer over PCIe"
                                       : "no NVLink and no peer-to-peer: copies are staged through host memory";
    }
    l.note += minNote;
    l.perGpu = Bandwidth::GBps(intra);
    out.push_back(l);

    l = {};
    l.scope = Scope::NodeBoundary;
    l.technology = nicTechnology(*boundS, f);
    l.perGpu = Bandwidth::GBps(boundary);
    l.note = "cabled compute NIC ports x min(NIC, cable) / " + std::to_string(boundS->gpus) + " GPUs" + minNote;
    if (boundS->hostLinkGBps > 0 && boundS->hostLinkGBps < boundS->wiredLineGBps)
        l.note += "; capped by the GPUs' own host links (" + significantDigits(boundS->hostLinkGBps / boundS->gpus) +
                  " GB/s each way per GPU): the NICs' " + significantDigits(boundS->wiredLineGBps / boundS->gpus) + " GB/s per GPU cannot be used";
    out.push_back(l);

    l = {};
    l.scope = Scope::Fabric;
    const int servers = static_cast<int>(f.servers.size());
    double fabric = boundary;
    if (f.switches.empty()) {
        l.technology = servers > 1 ? "no switches" : "none (single server)";
        fabric = servers > 1 ? 0.0 : boundary;
        l.note = servers > 1 ? "servers are not joined by a switch fabric" : "a single server needs no fabric";
    } else if (f.hasUpperTier) {
        fabric = boundary * std::min(1.0, 1.0 / f.worstOversubscription);
        const std::string proto = fabricProtocol(f);
        // Three digits ("1.03:1", not "1.03125:1"), more only where three would read as 1:1.
        std::string ratio = significantDigits(f.worstOversubscription, 3);
        if (ratio == "1" && f.worstOversubscription > 1.0) ratio = significantDigits(f.worstOversubscription);
        l.technology = (proto.empty() ? "" : proto + " ") + "leaf/spine, " + ratio + ":1" + (f.worstOversubscription <= 1.0 ? " (non-blocking)" : " oversubscribed");
        l.note = "worst switch down:up ratio " + significantDigits(f.worstOversubscription) + "; bisection " + significantDigits(f.bisectionGBps) + " GB/s each way";
    } else {
        const std::string proto = fabricProtocol(f);
        l.technology = (proto.empty() ? "" : proto + ", ") +
                       (f.switches.size() == 1 ? "single switch" : std::to_string(f.switches.size()) + " switches, no upper tier");
        l.note = std::string(f.islands > 1 ? "the servers of one island reach each other" : "every server reaches the others") +
                 " through one switch tier; bisection " + significantDigits(f.bisectionGBps) + " GB/s each way";
        if (f.islands > 1 && f.bisectionGBps <= 0) l.note = "no two servers reach each other through the switches";
    }
    if (!f.switches.empty() && servers == 1) // one server (a GB200 NVL72 rack): it has no one to reach
        l.note = (f.hasUpperTier ? "worst switch down:up ratio " + significantDigits(f.worstOversubscription) + "; " : std::string()) +
                 "one server, so no traffic crosses the switches: no bisection to state";
    if (!f.switches.empty()) {
        const auto mismatched = std::count_if(f.servers.begin(), f.servers.end(), [&](const ServerFacts& s) { return nicMismatchesFabric(s, f); });
        if (mismatched > 0)
            l.technology += "; the NICs of " + std::to_string(mismatched) + " server" + (mismatched == 1 ? "" : "s") +
                            " do not run the protocol of the switches they are cabled to (see design rule protocol-mismatch)";
    }
    if (f.connectedGpus > 1 && f.bisectionGBps > 0) fabric = std::min(fabric, f.bisectionGBps / (f.connectedGpus / 2.0));
    if (f.islands > 1)
        l.note += std::string(f.bisectionGBps > 0 ? " inside the largest island" : "") + "; the design is split into " +
                  std::to_string(f.islands) + " islands, 0 GB/s between them";
    l.perGpu = Bandwidth::GBps(fabric);
    out.push_back(l);
    return out;
}

} // namespace model::analysis
