// Per-layer bandwidth per GPU (spec rates, one direction): engine_formulas.md §0, §8.
#include "model/analysis/layers.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace model::analysis {

namespace {

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string nicTechnology(const ServerFacts& s)
{
    if (!s.nic || s.wiredPorts == 0) return "no cabled compute NIC";
    const char* proto = s.nic->protocol == NetProtocol::InfiniBand ? "InfiniBand"
                        : s.nic->protocol == NetProtocol::EFA     ? "EFA"
                                                                  : "Ethernet";
    const double perPortGbps = s.wiredLineGBps * 8.0 / s.wiredPorts;
    return std::string(proto) + " " + num(perPortGbps) + " Gb/s x " + std::to_string(s.wiredPorts) + " (" + s.nic->name + ")";
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
    for (const auto& s : f.servers) {
        if (s.spec != f.servers.front().spec || s.nic != f.servers.front().nic) heterogeneous = true;
        const double h = s.gpu->hbmBandwidth ? s.gpu->hbmBandwidth->inGBps() : 0.0;
        if (h < hbm) { hbm = h; hbmS = &s; }
        const bool nvlink = s.nvlinkDomainGpus > 1;
        const double in = nvlink ? s.gpu->scaleUpPerDirection().inGBps() : s.gpu->pciePerDirection().inGBps();
        if (in < intra) { intra = in; intraS = &s; }
        const double b = s.gpus > 0 ? s.wiredLineGBps / s.gpus : 0.0;
        if (b < boundary) { boundary = b; boundS = &s; }
    }
    const std::string minNote = heterogeneous ? " (slowest server of a mixed design)" : "";

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
        l.note = num(ig.scaleUpBidirectional.inGBps()) + " GB/s bidirectional per GPU, half each way; domain of " +
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
    l.technology = nicTechnology(*boundS);
    l.perGpu = Bandwidth::GBps(boundary);
    l.note = "cabled compute NIC ports x min(NIC, cable) / " + std::to_string(boundS->gpus) + " GPUs" + minNote;
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
        l.technology = "leaf/spine, " + num(f.worstOversubscription) + ":1" + (f.worstOversubscription <= 1.0 ? " (non-blocking)" : " oversubscribed");
        l.note = "worst switch down:up ratio " + num(f.worstOversubscription) + "; bisection " + num(f.bisectionGBps) + " GB/s each way";
    } else {
        l.technology = f.switches.size() == 1 ? "single switch" : std::to_string(f.switches.size()) + " switches, no upper tier";
        l.note = "every server reaches the others through one switch tier; bisection " + num(f.bisectionGBps) + " GB/s each way";
    }
    if (f.totalGpus > 1 && f.bisectionGBps > 0) fabric = std::min(fabric, f.bisectionGBps / (f.totalGpus / 2.0));
    if (f.islands > 1) l.note += "; the design is split into " + std::to_string(f.islands) + " islands";
    l.perGpu = Bandwidth::GBps(fabric);
    out.push_back(l);
    return out;
}

} // namespace model::analysis
