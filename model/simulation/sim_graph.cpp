#include "model/simulation/sim_graph.hpp"

#include "model/analysis/calibration.hpp"
#include "model/io/input_error.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

namespace model::sim {

namespace {
const char* kDesignFile = "<design>";

std::string nodeLabel(const Node& n)
{
    return n.name.empty() ? "node " + std::to_string(n.id) : n.name;
}

FlowControl switchControl(const SwitchSpec& spec, const Node& n)
{
    if (spec.protocol == NetProtocol::InfiniBand) return FlowControl::Lossless; // credit-based
    return n.pfcEcn ? FlowControl::Pfc : FlowControl::Lossy;
}
} // namespace

double nvlinkRate(const GpuSpec& gpu, bool effective) noexcept
{
    const double spec = gpu.scaleUpPerDirection().inBytesPerSecond();
    if (!effective || !gpu.scaleUpLinks || *gpu.scaleUpLinks <= 0) return spec;
    // NCCL topo.h per-link constants (engine_anchors.md a.3), GB/s per link per direction,
    // shared with the analytical engine (model/analysis/calibration.hpp).
    double perLink = 0;
    switch (gpu.nvlinkGeneration) {
    case 3: perLink = calibration::kNcclNvlinkGen3PerLinkGBps; break;  // SM80
    case 4: perLink = calibration::kNcclNvlinkGen4PerLinkGBps; break;  // SM90
    case 5: perLink = calibration::kNcclNvlinkGen5PerLinkGBps; break;  // SM100
    default: return spec * calibration::kNvlinkUsableFraction;
    }
    return std::min(spec, perLink * 1e9 * *gpu.scaleUpLinks);
}

double networkEfficiency(bool effective, double perCableBytesPerSecond) noexcept
{
    if (!effective) return 1.0;
    return perCableBytesPerSecond >= Bandwidth::Gbps(400).inBytesPerSecond() ? calibration::kNicEfficiency400GAndUp
                                                                              : calibration::kNicEfficiencyBelow400G;
}
double pcieEfficiency(bool effective) noexcept { return effective ? calibration::kPcieUsableFraction : 1.0; }

int NetworkGraph::addVertex(Vertex v)
{
    vertices.push_back(v);
    out.emplace_back();
    return static_cast<int>(vertices.size()) - 1;
}

int NetworkGraph::addChannel(Channel c)
{
    channels.push_back(c);
    const int id = static_cast<int>(channels.size()) - 1;
    out[c.from].push_back(id);
    return id;
}

std::vector<int> NetworkGraph::gpuNicChannels(int gpu, int port, bool toNic) const
{
    const GpuInfo& gi = gpus[static_cast<std::size_t>(gpu)];
    const ServerInfo& si = servers[static_cast<std::size_t>(serverIndex.at(gi.server))];
    if (port < 0 || port >= static_cast<int>(si.nicVertex.size())) return {};
    const int nic = si.nicVertex[static_cast<std::size_t>(port)];
    std::vector<int> path;
    const int near = gi.pciePort >= 0 ? gi.pciePort : nic; // the vertex beyond the GPU
    path.push_back(toNic ? channelBetween(gi.vertex, near) : channelBetween(near, gi.vertex));
    if (gi.pciePort >= 0) path.push_back(toNic ? channelBetween(gi.pciePort, nic) : channelBetween(nic, gi.pciePort));
    if (!toNic) std::reverse(path.begin(), path.end());
    if (std::find(path.begin(), path.end(), -1) != path.end()) return {};
    return path;
}

int NetworkGraph::channelBetween(int from, int to) const noexcept
{
    for (int c : out[from])
        if (channels[c].to == to && channels[c].up) return c;
    return -1;
}

std::string NetworkGraph::describeLink(const Design& design, Id linkId) const
{
    const Link* l = design.link(linkId);
    if (!l) return "link " + std::to_string(linkId);
    auto end = [&](const Endpoint& e) {
        const Node* n = design.node(e.node);
        std::string s = n ? nodeLabel(*n) : "node " + std::to_string(e.node);
        if (n && n->kind == NodeKind::Server && e.port >= 0) s += " port " + std::to_string(e.port);
        return s;
    };
    return end(l->a) + " <-> " + end(l->b);
}

namespace {

/// Sets info.nvls, nvlsEfficiency and scaleUp from the server's intra-node fabric.
void describeScaleUp(ServerInfo& info, const ServerSpec& s, const GpuSpec& gpu, const Catalog& catalog)
{
    const bool nvswitch = info.nvlink && s.intraNode == IntraNodeFabric::NVSwitch;
    const NvSwitchSpec* sw = s.nvswitchId.empty() ? nullptr : catalog.nvswitch(s.nvswitchId);
    if (nvswitch)
        info.nvls = sw ? sw->inNetworkReduction.find("NVLS") != std::string::npos : gpu.nvlinkGeneration >= 4;
    info.nvlsEfficiency = gpu.nvlinkGeneration >= 5 ? calibration::kNvlsEfficiencyBlackwell
                                                    : calibration::kNvlsEfficiencyHopper;
    if (nvswitch)
        info.scaleUp = (sw ? sw->name : "NVSwitch (NVLink " + std::to_string(gpu.nvlinkGeneration) + ")") +
                       (info.nvls ? " with NVLink SHARP" : " without NVLink SHARP");
    else if (info.nvlink)
        info.scaleUp = "directly meshed NVLink (no NVSwitch)";
    else
        info.scaleUp = s.intraNode == IntraNodeFabric::NVLinkBridge ? "PCIe (NVLink bridges only)" : "PCIe";
}

void addServer(NetworkGraph& g, const Node& n, const Catalog& catalog, const SimulationOptions& o)
{
    const ServerSpec* s = catalog.server(n.model);
    if (!s)
        throw InputError(kDesignFile, nodeLabel(n), "model",
                         "expected the id of a server in the catalog, got \"" + n.model + "\"");
    const GpuSpec* gpu = catalog.gpu(s->gpuId);
    if (!gpu)
        throw InputError(kDesignFile, nodeLabel(n), "model",
                         "server \"" + s->id + "\" names GPU \"" + s->gpuId + "\" which the catalog lacks");
    ServerInfo info;
    info.id = n.id;
    info.name = nodeLabel(n);
    info.firstGpu = static_cast<int>(g.gpus.size());
    info.gpuCount = s->gpuCount;
    info.model = s->id;
    info.nvlink = gpu->scaleUp == ScaleUpKind::NVLink && !gpu->scaleUpBidirectional.isZero() &&
                  (s->intraNode == IntraNodeFabric::NVSwitch || s->intraNode == IntraNodeFabric::DirectMesh);
    describeScaleUp(info, *s, *gpu, catalog);
    if (!info.nvlink && s->intraNode == IntraNodeFabric::NVLinkBridge && g.notes.size() < 20)
        g.notes.push_back(info.name + ": NVLink bridges are not modelled; GPU-to-GPU traffic uses PCIe");
    // Host-side rate of one GPU, one direction: PCIe, else its host link (NVLink-C2C), else none known.
    double hostRate = gpu->pciePerDirection().inBytesPerSecond() * pcieEfficiency(o.effectiveRates);
    if (hostRate <= 0 && gpu->hostLinkBidirectional) hostRate = gpu->hostLinkBidirectional->inBytesPerSecond() / 2.0;
    if (hostRate <= 0) {
        hostRate = 1e15; // no figure: the NIC or NVLink limits instead
        if (g.notes.size() < 20) g.notes.push_back(info.name + ": GPU host link rate unknown, not limiting");
    }
    double hubRate = info.nvlink ? nvlinkRate(*gpu, o.effectiveRates) : hostRate;
    double hubLat = info.nvlink ? o.nvlinkHopLatency.inSeconds() : o.pcieHopLatency.inSeconds();
    const bool staged = !info.nvlink && !gpu->peerToPeerOverPcie;
    if (staged) {
        hubRate *= calibration::kHostStagedBandwidthFactor;
        hubLat *= calibration::kHostStagedLatencyFactor;
        if (g.notes.size() < 20) g.notes.push_back(info.name + ": no PCIe peer-to-peer, GPU copies are host-staged");
    }
    const ChannelKind hubKind = info.nvlink ? ChannelKind::ScaleUp : ChannelKind::Pcie;
    const int sockets = info.nvlink ? 1 : std::clamp(s->cpuSockets, 1, std::max(1, s->gpuCount));
    std::vector<int> hubs;
    for (int k = 0; k < sockets; ++k) hubs.push_back(g.addVertex({VertexKind::Hub, n.id, k}));
    info.hub = hubs.front();
    const double upi = calibration::kInterSocketGBps * 1e9;
    for (int a = 0; a < sockets; ++a)
        for (int b = 0; b < sockets; ++b)
            if (a != b)
                g.addChannel({hubs[a], hubs[b], upi, o.pcieHopLatency.inSeconds(), 0, true, ChannelKind::Pcie,
                              FlowControl::Lossless, true});

    const int nics = n.nicCount.value_or(s->computeNicCount);
    for (int p = 0; p < nics; ++p) {
        info.nicVertex.push_back(g.addVertex({VertexKind::Nic, n.id, p}));
        info.nicOwner.push_back(-1);
    }
    for (int i = 0; i < s->gpuCount; ++i) {
        GpuInfo gi;
        gi.server = n.id;
        gi.local = i;
        gi.vertex = g.addVertex({VertexKind::Gpu, n.id, i});
        gi.hub = hubs[static_cast<std::size_t>(i * sockets / s->gpuCount)];
        // Without NVLink the GPU's one PCIe link carries its peer traffic and its NIC traffic
        // alike: GPU <-> PciePort at the link's rate, the hub and the NICs beyond the port.
        // No latency on the link itself: the hops beyond it keep the PCIe hop latencies.
        int near = gi.vertex; // where the hub and NIC channels start
        if (!info.nvlink) {
            gi.pciePort = g.addVertex({VertexKind::PciePort, n.id, i});
            g.addChannel({gi.vertex, gi.pciePort, hostRate, 0.0, 0, true, ChannelKind::Pcie, FlowControl::Lossless, true});
            g.addChannel({gi.pciePort, gi.vertex, hostRate, 0.0, 0, true, ChannelKind::Pcie, FlowControl::Lossless, true});
            near = gi.pciePort;
        }
        g.addChannel({near, gi.hub, hubRate, hubLat, 0, true, hubKind, FlowControl::Lossless, true});
        g.addChannel({gi.hub, near, hubRate, hubLat, 0, true, hubKind, FlowControl::Lossless, true});
        if (nics > 0) {
            // GPU i owns ports [i n / g, (i + 1) n / g): one shared port when NICs are fewer than
            // GPUs, several when they are more; its PCIe link is shared evenly between them.
            gi.nicPort = i * nics / s->gpuCount;
            gi.nicPorts = std::max(1, (i + 1) * nics / s->gpuCount - gi.nicPort);
            const double lat = o.pcieHopLatency.inSeconds();
            const double perNic = hostRate / gi.nicPorts;
            for (int p = gi.nicPort; p < gi.nicPort + gi.nicPorts; ++p) {
                const int nv = info.nicVertex[static_cast<std::size_t>(p)];
                g.addChannel({near, nv, perNic, lat, 0, true, ChannelKind::Pcie, FlowControl::Lossless, true});
                g.addChannel({nv, near, perNic, lat, 0, true, ChannelKind::Pcie, FlowControl::Lossless, true});
                if (info.nicOwner[static_cast<std::size_t>(p)] < 0) info.nicOwner[static_cast<std::size_t>(p)] = static_cast<int>(g.gpus.size());
            }
        }
        g.gpus.push_back(gi);
    }
    g.serverIndex[n.id] = static_cast<int>(g.servers.size());
    g.servers.push_back(std::move(info));
}

/// The what-if failures that act on whole elements, checked against the design.
struct FailureSet {
    std::unordered_map<Id, bool> linkDown, switchDown;
    std::vector<int> planesDown;
    std::map<std::pair<Id, int>, double> degraded; ///< (server, port) -> bytes/s line rate
};

/// Step 1: servers (GPU-less appliances such as the UFM are left out, with their links).
/// @return the appliances' ids.
std::unordered_map<Id, bool> addServers(NetworkGraph& g, const Design& design, const Catalog& catalog,
                                        const SimulationOptions& o)
{
    std::unordered_map<Id, bool> appliance;
    for (const auto& [id, n] : design.nodes()) {
        if (n.kind != NodeKind::Server) continue;
        const ServerSpec* spec = catalog.server(n.model);
        if (spec && spec->isAppliance()) appliance[id] = true;
        else addServer(g, n, catalog, o);
    }
    if (!appliance.empty())
        g.notes.push_back(std::to_string(appliance.size()) + " GPU-less appliance(s) left out of the simulation with their links");
    return appliance;
}

/// Step 2: one vertex per switch. @return each switch's catalog entry.
std::unordered_map<Id, const SwitchSpec*> addSwitches(NetworkGraph& g, const Design& design, const Catalog& catalog)
{
    std::unordered_map<Id, const SwitchSpec*> switchSpec;
    for (const auto& [id, n] : design.nodes()) {
        if (n.kind != NodeKind::Switch) continue;
        const SwitchSpec* s = catalog.switchModel(n.model);
        if (!s)
            throw InputError(kDesignFile, nodeLabel(n), "model",
                             "expected the id of a switch in the catalog, got \"" + n.model + "\"");
        switchSpec[id] = s;
        const bool reduces = s->protocol == NetProtocol::InfiniBand && s->inNetworkReduction.find("SHARP") != std::string::npos;
        g.switchVertex[id] = g.addVertex({VertexKind::Switch, id, 0, reduces});
        g.switchLabel[id] = nodeLabel(n) + " (" + s->id + ")";
    }
    return switchSpec;
}

/// Step 3: the failures, each checked against the design.
/// @throws std::invalid_argument for a failure naming a link, switch or server the design lacks.
FailureSet collectFailures(const Design& design, const SimulationOptions& o)
{
    FailureSet fs;
    for (const Failure& f : o.failures) {
        switch (f.kind) {
        case Failure::Kind::LinkDown:
            if (!design.link(f.link)) throw std::invalid_argument("failure names link " + std::to_string(f.link) + " which the design does not have");
            fs.linkDown[f.link] = true;
            break;
        case Failure::Kind::SwitchDown: {
            const Node* n = design.node(f.node);
            if (!n || n->kind != NodeKind::Switch)
                throw std::invalid_argument("failure names switch " + std::to_string(f.node) + " which the design does not have");
            fs.switchDown[f.node] = true;
            break;
        }
        case Failure::Kind::PlaneDown:
            if (f.port < 0) throw std::invalid_argument("a plane failure needs a NIC port (rail) >= 0");
            fs.planesDown.push_back(f.port);
            break;
        case Failure::Kind::NicDegraded: {
            const Node* n = design.node(f.node);
            if (!n || n->kind != NodeKind::Server)
                throw std::invalid_argument("failure names server " + std::to_string(f.node) + " which the design does not have");
            if (f.speed.isZero()) throw std::invalid_argument("a degraded NIC needs a speed above zero");
            fs.degraded[{f.node, f.port}] = f.speed.inBytesPerSecond();
            break;
        }
        }
    }
    return fs;
}

/// Where a cable's server end plugs in (PortPlan): a NIC port index, or one of these.
constexpr int kPortTaken = -2; ///< the port is held by a cable drawn before: this one adds nothing
constexpr int kPortPast = -1;  ///< past the server's last NIC port (or no free port left)

/// Whether `l` carries no network traffic, as the analysis counts it (cluster_facts.cpp
/// wireLinks): any PCIe cable (PCIe runs only inside a server) and NVLink between two servers
/// (NVLink never crosses servers; a rack-scale domain is one node). Such a cable plugs into no
/// NIC port and adds no channel; the design rules protocol-mismatch and nvlink-outside-domain
/// name it.
bool carriesNoNetworkTraffic(const Design& design, const Link& l)
{
    if (l.medium == LinkMedium::PCIe) return true;
    const Node* a = design.node(l.a.node);
    const Node* b = design.node(l.b.node);
    return l.medium == LinkMedium::NVLink && a && b && a->kind == NodeKind::Server && b->kind == NodeKind::Server;
}

/// Per design link, per end (a, b), per cable: the NIC port it plugs into at a server end.
using PortPlan = std::unordered_map<Id, std::array<std::vector<int>, 2>>;

/// Assigns the NIC ports of every cable at a server, as the analytical engine counts them
/// (cluster_facts.cpp wireServerPorts): a NIC port carries its line rate once. A bundle of
/// `count` cables numbered from `port` takes ports port .. port + count - 1; a port a cable
/// drawn before already holds (lower link id) gives kPortTaken, so two cables drawn on one
/// port are one channel, not two. Cables on "any free port" (-1) then take the ports no cable
/// holds, in link order; none left gives kPortPast.
PortPlan planPorts(const NetworkGraph& g, const Design& design, const std::unordered_map<Id, bool>& appliance)
{
    PortPlan plan;
    std::unordered_map<Id, std::vector<char>> taken; // per server: ports held
    for (const bool numbered : {true, false})
        for (const auto& [lid, l] : design.links()) {
            if (appliance.count(l.a.node) || appliance.count(l.b.node) || carriesNoNetworkTraffic(design, l)) continue;
            const Endpoint* eps[2] = {&l.a, &l.b};
            for (int k = 0; k < 2; ++k) {
                const Node* n = design.node(eps[k]->node);
                if (n->kind == NodeKind::Switch || (eps[k]->port >= 0) != numbered) continue;
                const auto ports = static_cast<int>(g.servers[static_cast<std::size_t>(g.serverIndex.at(n->id))].nicVertex.size());
                std::vector<char>& held = taken[n->id];
                held.resize(static_cast<std::size_t>(ports), 0);
                std::vector<int>& out = plan[lid][static_cast<std::size_t>(k)];
                int next = 0;
                for (int c = 0; c < std::max(1, l.count); ++c) {
                    int p = numbered ? eps[k]->port + c : next;
                    if (!numbered)
                        while (p < ports && held[static_cast<std::size_t>(p)]) ++p;
                    if (p < 0 || p >= ports) out.push_back(kPortPast);
                    else if (held[static_cast<std::size_t>(p)]) out.push_back(kPortTaken);
                    else {
                        held[static_cast<std::size_t>(p)] = 1;
                        out.push_back(p);
                    }
                    next = p + 1;
                }
            }
        }
    return plan;
}

/// The link that holds NIC port `port` of server `server` in `plan`, 0 when none.
Id holderOf(const PortPlan& plan, const Design& design, Id server, int port)
{
    for (const auto& [lid, l] : design.links())
        for (int k = 0; k < 2; ++k) {
            if ((k == 0 ? l.a.node : l.b.node) != server) continue;
            const auto it = plan.find(lid);
            if (it == plan.end()) continue;
            const auto& v = it->second[static_cast<std::size_t>(k)];
            if (std::find(v.begin(), v.end(), port) != v.end()) return lid;
        }
    return 0;
}

/// Step 4: two directed channels per design link (server NIC port or switch at each end), at
/// the practical rate of what one cable really runs at, with the failures applied.
/// @throws InputError for a link numbered on a NIC port its server lacks.
void addLinks(NetworkGraph& g, const Design& design, const Catalog& catalog, const SimulationOptions& o,
              const std::unordered_map<Id, bool>& appliance, const std::unordered_map<Id, const SwitchSpec*>& switchSpec,
              const FailureSet& fs)
{
    const PortPlan plan = planPorts(g, design, appliance);
    int unplugged = 0; // cables on a held port or past the last one, for the notes
    int ignored = 0;   // PCIe anywhere, NVLink between servers: no network traffic
    for (const auto& [lid, l] : design.links()) {
        if (appliance.count(l.a.node) || appliance.count(l.b.node)) continue;
        if (carriesNoNetworkTraffic(design, l)) {
            if (l.a.node != l.b.node) ignored += std::max(1, l.count);
            continue;
        }
        const Endpoint* eps[2] = {&l.a, &l.b};
        const Node* nodes[2] = {design.node(l.a.node), design.node(l.b.node)};
        const bool fabric = nodes[0]->kind == NodeKind::Switch && nodes[1]->kind == NodeKind::Switch;
        // A bundle between switches is one channel of the bundle's total rate. At a server a
        // bundle of `count` cables takes that many NIC ports (port, port + 1, ...), one channel
        // each, as the analytical engine counts them (cluster_facts.cpp wireServerPorts): the
        // NIC ports a server has bound it there too, and a port carries one cable (planPorts).
        const int cables = fabric ? 1 : std::max(1, l.count);
        bool noted = false; // one note per link for its cables that plug into nothing
        for (int c = 0; c < cables; ++c) {
            int ends[2] = {-1, -1};
            double limit = fabric ? l.total().inBytesPerSecond() : l.perCable().inBytesPerSecond();
            bool down = fs.linkDown.count(lid) > 0;
            FlowControl control[2] = {FlowControl::Lossless, FlowControl::Lossless};
            double hopLatency[2] = {o.networkHopLatency.inSeconds(), o.networkHopLatency.inSeconds()};
            bool past = false, held = false;
            for (int k = 0; k < 2 && !past && !held; ++k) {
                const Node* n = nodes[k];
                if (n->kind == NodeKind::Switch) {
                    ends[k] = g.switchVertex.at(n->id);
                    const SwitchSpec* sw = switchSpec.at(n->id);
                    control[k] = switchControl(*sw, *n);
                    if (sw->latencyNs) hopLatency[k] = *sw->latencyNs * 1e-9;
                    if (fs.switchDown.count(n->id)) down = true;
                    continue;
                }
                ServerInfo& si = g.servers[g.serverIndex.at(n->id)];
                const int port = plan.at(lid)[static_cast<std::size_t>(k)][static_cast<std::size_t>(c)];
                if (port == kPortPast) {
                    if (c == 0 && eps[k]->port >= 0)
                        throw InputError(kDesignFile, "link " + std::to_string(lid), k == 0 ? "a.port" : "b.port",
                                         "expected a NIC port of " + si.name + " below " + std::to_string(si.nicVertex.size()) +
                                             ", got " + std::to_string(eps[k]->port));
                    // More cables than the server has free NIC ports: the rest plug into nothing.
                    if (c == 0 && !noted && ++unplugged <= 5)
                        g.notes.push_back("link " + std::to_string(lid) + ": " + si.name +
                                          " has no free NIC port left for it, so it adds no bandwidth");
                    noted = true;
                    past = true;
                    continue;
                }
                if (port == kPortTaken) {
                    // The port is held by a cable drawn before: this cable adds nothing.
                    if (!noted && ++unplugged <= 5) {
                        const int at = eps[k]->port + c;
                        const Id holder = holderOf(plan, design, n->id, at);
                        g.notes.push_back("link " + std::to_string(lid) + ": " + si.name + " port " + std::to_string(at) +
                                          " already carries " + (holder ? "link " + std::to_string(holder) : std::string("a cable")) +
                                          ": a NIC port carries its line rate once, so a cable drawn on it again adds no "
                                          "bandwidth (design rule server-port-conflict)");
                    }
                    noted = true;
                    held = true;
                    continue;
                }
                ends[k] = si.nicVertex[static_cast<std::size_t>(port)];
                if (std::find(fs.planesDown.begin(), fs.planesDown.end(), port) != fs.planesDown.end()) down = true;
                const std::string nicId = n->nicModel.empty() ? catalog.server(n->model)->computeNicId : n->nicModel;
                if (const NicSpec* nic = catalog.nic(nicId)) limit = std::min(limit, nic->speed.inBytesPerSecond());
                auto d = fs.degraded.find({n->id, port});
                if (d != fs.degraded.end()) limit = std::min(limit, d->second);
            }
            if (past) break;     // the bundle's later cables are past the last port too
            if (held) continue;  // the next cable of the bundle may have a free port
            // Practical-rate factor by the rate one cable really runs at (a degraded NIC lowers it).
            const double cableRate = std::min(l.perCable().inBytesPerSecond(), limit);
            const double cap = limit * networkEfficiency(o.effectiveRates, cableRate);
            const ChannelKind kind = fabric ? ChannelKind::Fabric : ChannelKind::NicLink;
            g.addChannel({ends[0], ends[1], cap, hopLatency[0], lid, true, kind, control[0], !down});
            g.addChannel({ends[1], ends[0], cap, hopLatency[1], lid, false, kind, control[1], !down});
        }
    }
    if (ignored > 0)
        g.notes.push_back(std::to_string(ignored) + " PCIe or NVLink cable(s) between servers ignored: neither carries network "
                          "traffic (PCIe runs only inside a server, NVLink never crosses servers), so they plug into no NIC "
                          "port (design rules protocol-mismatch and nvlink-outside-domain)");
}

/// Step 5: notes for NICs without a link; degraded ports must exist.
/// @throws std::invalid_argument for a degraded NIC port the server does not have.
void checkPorts(NetworkGraph& g, const FailureSet& fs)
{
    int unwired = 0;
    for (const ServerInfo& si : g.servers) {
        std::vector<char> wired(si.nicVertex.size(), 0);
        for (std::size_t p = 0; p < si.nicVertex.size(); ++p)
            for (int c : g.out[si.nicVertex[p]]) wired[p] = wired[p] || g.channels[c].kind == ChannelKind::NicLink;
        // A server with no NIC wired at all is a stand-alone server (one-server design) or cut
        // off; only a partly wired one sends its GPUs' traffic through another NIC.
        if (std::find(wired.begin(), wired.end(), 1) == wired.end()) {
            if (g.servers.size() > 1 && !si.nicVertex.empty() && ++unwired <= 5)
                g.notes.push_back(si.name + " has no NIC linked: its GPUs cannot reach the other servers");
            continue;
        }
        for (std::size_t p = 0; p < si.nicVertex.size(); ++p)
            if (!wired[p] && ++unwired <= 5)
                g.notes.push_back(si.name + " NIC " + std::to_string(p) +
                                  " has no link: its GPUs reach the fabric through another NIC");
    }
    if (unwired > 5) g.notes.push_back(std::to_string(unwired - 5) + " more NICs have no link");
    for (const auto& [key, rate] : fs.degraded)
        if (!g.serverIndex.count(key.first) || key.second < 0 ||
            key.second >= static_cast<int>(g.servers[g.serverIndex.at(key.first)].nicVertex.size()))
            throw std::invalid_argument("degraded NIC port " + std::to_string(key.second) + " does not exist on server " +
                                        std::to_string(key.first));
}

} // namespace

NetworkGraph buildNetworkGraph(const Design& design, const Catalog& catalog, const SimulationOptions& o)
{
    NetworkGraph g;
    const auto appliance = addServers(g, design, catalog, o);
    const auto switchSpec = addSwitches(g, design, catalog);
    const FailureSet failures = collectFailures(design, o);
    addLinks(g, design, catalog, o, appliance, switchSpec, failures);
    checkPorts(g, failures);
    return g;
}

} // namespace model::sim
