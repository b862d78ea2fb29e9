// One pass over a drawn design: servers, their wired NIC ports, switch tiers and capacities,
// islands. Formulas: engine_formulas.md §0 (link constants), §8 (oversubscription, bisection).
#include "model/analysis/cluster_facts.hpp"

#include "model/analysis/calibration.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_map>
#include <vector>

namespace model::analysis {

double nvlinkUsableGBps(const GpuSpec& gpu) noexcept
{
    if (gpu.scaleUp != ScaleUpKind::NVLink || gpu.scaleUpBidirectional.isZero()) return 0.0;
    const double specPerDirection = gpu.scaleUpPerDirection().inGBps();
    if (gpu.scaleUpLinks && *gpu.scaleUpLinks > 0) {
        double perLink = 0.0;
        switch (gpu.nvlinkGeneration) {
        case 3: perLink = calibration::kNcclNvlinkGen3PerLinkGBps; break;
        case 4: perLink = calibration::kNcclNvlinkGen4PerLinkGBps; break;
        case 5: perLink = calibration::kNcclNvlinkGen5PerLinkGBps; break;
        default: break;
        }
        // The NCCL constant never exceeds the spec (a catalog with fewer, faster links wins).
        if (perLink > 0) return std::min(perLink * *gpu.scaleUpLinks, specPerDirection);
    }
    return specPerDirection * calibration::kNvlinkUsableFraction;
}

double pcieUsableGBps(const GpuSpec& gpu) noexcept
{
    return gpu.pciePerDirection().inGBps() * calibration::kPcieUsableFraction;
}

double nicEfficiency(double portGbps) noexcept
{
    return portGbps >= 400.0 ? calibration::kNicEfficiency400GAndUp : calibration::kNicEfficiencyBelow400G;
}

namespace {

int tierRank(SwitchTier t) noexcept
{
    switch (t) {
    case SwitchTier::Leaf: return 1;
    case SwitchTier::Spine: return 2;
    case SwitchTier::Core: return 3;
    case SwitchTier::None: return 0;
    }
    return 0;
}

struct UnionFind {
    std::vector<int> parent;
    explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    int find(int x)
    {
        while (parent[static_cast<std::size_t>(x)] != x) {
            parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
            x = parent[static_cast<std::size_t>(x)];
        }
        return x;
    }
    void unite(int a, int b) { parent[static_cast<std::size_t>(find(a))] = find(b); }
};

std::string entryName(const Node& n)
{
    return n.name.empty() ? "node " + std::to_string(n.id) : n.name;
}

/// Design ids to positions in ClusterFacts. Ids are small and dense in practice, so vectors
/// indexed by id replace hash maps.
struct NodeIndex {
    std::vector<int> server;      ///< id -> index into ClusterFacts::servers, -1 otherwise
    std::vector<int> switchAt;    ///< id -> index into ClusterFacts::switches, -1 otherwise
    std::vector<char> appliance;  ///< id -> 1 for a GPU-less appliance (the UFM)
    int servers = 0;              ///< flat numbering for union-find: servers first, then switches

    [[nodiscard]] bool touchesAppliance(const Link& l) const
    {
        return appliance[static_cast<std::size_t>(l.a.node)] != 0 || appliance[static_cast<std::size_t>(l.b.node)] != 0;
    }
    /// Flat index of node `id` (server index, or servers + switch index); sets isServer.
    [[nodiscard]] int flat(Id id, bool& isServer) const
    {
        const int si = server[static_cast<std::size_t>(id)];
        isServer = si >= 0;
        return isServer ? si : servers + switchAt[static_cast<std::size_t>(id)];
    }
};

/// One server's catalog entries, NIC ports and NVLink domain. @throws InputError as extractFacts.
ServerFacts serverFacts(Id id, const Node& n, const ServerSpec& spec, const Catalog& catalog)
{
    ServerFacts s;
    s.id = id;
    s.node = &n;
    s.spec = &spec;
    s.gpu = catalog.gpu(spec.gpuId);
    if (!s.gpu) throw InputError("<design>", entryName(n), "model", "server \"" + n.model + "\" names GPU \"" + spec.gpuId + "\" that the catalog lacks");
    const std::string nicId = n.nicModel.empty() ? spec.computeNicId : n.nicModel;
    s.nic = nicId.empty() ? nullptr : catalog.nic(nicId);
    if (!nicId.empty() && !s.nic) throw InputError("<design>", entryName(n), "nic_model", "expected a NIC id of the catalog, got \"" + nicId + "\"");
    const int nicCount = n.nicCount ? *n.nicCount : spec.computeNicCount;
    if (nicCount < 0) throw InputError("<design>", entryName(n), "nic_count", "expected a count >= 0, got " + std::to_string(nicCount));
    s.nicPorts = s.nic ? nicCount * std::max(1, s.nic->ports) : 0;
    s.gpus = spec.gpuCount;
    const bool nvlinkServer = spec.intraNode == IntraNodeFabric::NVSwitch || spec.intraNode == IntraNodeFabric::NVLinkBridge;
    s.nvlinkDomainGpus = (nvlinkServer && s.gpu->scaleUp == ScaleUpKind::NVLink) ? std::clamp(spec.scaleUpDomainGpus, 1, std::max(1, s.gpus)) : 1;
    s.portSwitchIndex.reserve(static_cast<std::size_t>(s.nicPorts));
    return s;
}

/// Step 1: every node looked up in the catalog, servers and switches in id order.
NodeIndex indexNodes(const Design& design, const Catalog& catalog, ClusterFacts& f)
{
    NodeIndex ix;
    const std::size_t ids = static_cast<std::size_t>(design.peekNextId()) + 1;
    ix.server.assign(ids, -1);
    ix.switchAt.assign(ids, -1);
    ix.appliance.assign(ids, 0);
    for (const auto& [id, n] : design.nodes()) {
        if (n.kind == NodeKind::Server) {
            const ServerSpec* spec = catalog.server(n.model);
            if (!spec) throw InputError("<design>", entryName(n), "model", "expected a server id of the catalog, got \"" + n.model + "\"");
            if (spec->isAppliance()) { // GPU-less appliances (the UFM) are fabric endpoints, not compute
                ix.appliance[static_cast<std::size_t>(id)] = 1;
                ++f.appliances;
                continue;
            }
            ix.server[static_cast<std::size_t>(id)] = static_cast<int>(f.servers.size());
            f.servers.push_back(serverFacts(id, n, *spec, catalog));
            f.totalGpus += f.servers.back().gpus;
        } else {
            SwitchFacts w;
            w.id = id;
            w.node = &n;
            w.spec = catalog.switchModel(n.model);
            if (!w.spec) throw InputError("<design>", entryName(n), "model", "expected a switch id of the catalog, got \"" + n.model + "\"");
            w.tier = n.tier;
            ix.switchAt[static_cast<std::size_t>(id)] = static_cast<int>(f.switches.size());
            f.switches.push_back(std::move(w));
        }
    }
    ix.servers = static_cast<int>(f.servers.size());
    return ix;
}

/// Step 2 (only when a switch has no tier drawn): switches with servers below are leaves.
void inferTiers(const Design& design, const NodeIndex& ix, ClusterFacts& f)
{
    const bool untiered = std::any_of(f.switches.begin(), f.switches.end(), [](const SwitchFacts& w) { return w.tier == SwitchTier::None; });
    if (!untiered) return;
    for (const auto& [lid, l] : design.links()) {
        if (l.medium == LinkMedium::PCIe && !ix.touchesAppliance(l)) continue; // no network traffic: wireLinks
        if (ix.touchesAppliance(l)) {
            // An appliance below a switch still makes it a leaf.
            const Id other = ix.appliance[static_cast<std::size_t>(l.a.node)] != 0 ? l.b.node : l.a.node;
            const int wi = ix.switchAt[static_cast<std::size_t>(other)];
            if (wi >= 0) f.switches[static_cast<std::size_t>(wi)].serverPorts += l.count;
            continue;
        }
        bool sa = false, sb = false;
        const int a = ix.flat(l.a.node, sa), b = ix.flat(l.b.node, sb);
        if (sa != sb) f.switches[static_cast<std::size_t>((sa ? b : a) - ix.servers)].serverPorts += l.count;
    }
    for (auto& w : f.switches) {
        if (w.tier == SwitchTier::None) w.tier = w.serverPorts > 0 ? SwitchTier::Leaf : SwitchTier::Spine;
        w.serverPorts = 0; // counted again when the links are wired
    }
}

/// Wires the NIC ports of `s` that a bundle of `count` cables at `cableGBps` each takes towards
/// switch index `peerSwitch` (-1: a server). A bundle numbered from `port` takes ports port ..
/// port + count - 1: only those the server has (below nicPorts) that no earlier link took count,
/// so a cable on a port past the last or on a port already used adds nothing (the design rules
/// server-port-range and server-port-conflict name them). A bundle on "any free port" (-1)
/// takes free ports. `taken` marks the numbered ports used so far. @return the ports used.
int wireServerPorts(ServerFacts& s, std::vector<char>& taken, int port, int count, double cableGBps, int peerSwitch)
{
    if (!s.nic) return 0;
    int fresh = count;
    if (port >= 0) {
        fresh = 0;
        taken.resize(static_cast<std::size_t>(std::max(0, s.nicPorts)), 0);
        const long long end = std::min<long long>(static_cast<long long>(port) + std::max(0, count), s.nicPorts);
        for (long long p = port; p < end; ++p)
            if (!taken[static_cast<std::size_t>(p)]) {
                taken[static_cast<std::size_t>(p)] = 1;
                ++fresh;
            }
    }
    const int used = std::min(std::max(0, s.nicPorts - s.wiredPorts), fresh);
    const double portGbps = s.nic->speed.inGbps();
    const double rate = std::min(s.nic->speed.inGBps(), cableGBps);
    s.wiredPorts += used;
    s.wiredLineGBps += used * rate;
    s.wiredPracticalGBps += used * rate * nicEfficiency(std::min(portGbps, cableGBps * 8.0));
    for (int i = 0; i < used; ++i) s.portSwitchIndex.push_back(peerSwitch);
    return used;
}

/// Step 3: every link adds to its ends' wired ports and switch capacities, and joins islands.
/// NVLink between servers and any PCIe cable (PCIe runs only inside a server; the design rule
/// protocol-mismatch names it) carry no network traffic: they wire no NIC port, add no
/// bandwidth, join nothing, and a warning counts them.
void wireLinks(const Design& design, const NodeIndex& ix, ClusterFacts& f, UnionFind& uf)
{
    int ignoredNvlink = 0;
    int ignoredPcie = 0;
    std::vector<std::vector<char>> taken(f.servers.size()); // per server: numbered NIC ports used
    const auto wire = [&](int server, int port, int count, double cableGBps, int peerSwitch) {
        const auto i = static_cast<std::size_t>(server);
        return wireServerPorts(f.servers[i], taken[i], port, count, cableGBps, peerSwitch);
    };
    for (const auto& [lid, l] : design.links()) {
        if (ix.touchesAppliance(l)) continue;
        bool sa = false, sb = false;
        const int a = ix.flat(l.a.node, sa), b = ix.flat(l.b.node, sb);
        const double cableGBps = l.perCable().inGBps();
        if (sa && sb && l.medium == LinkMedium::NVLink) {
            ++ignoredNvlink; // NVLink never crosses servers; rack-scale domains are one node
            continue;
        }
        if (l.medium == LinkMedium::PCIe) {
            // PCIe runs only inside a server: a PCIe cable plugs into no compute NIC port.
            if (l.a.node != l.b.node) ignoredPcie += l.count;
            continue;
        }
        if (sa && sb) {
            const int ua = wire(a, l.a.port, l.count, cableGBps, -1);
            const int ub = wire(b, l.b.port, l.count, cableGBps, -1);
            if (ua > 0 && ub > 0) uf.unite(a, b);
        } else if (sa != sb) {
            ServerFacts& s = f.servers[static_cast<std::size_t>(sa ? a : b)];
            SwitchFacts& w = f.switches[static_cast<std::size_t>((sa ? b : a) - ix.servers)];
            const int used = wire(sa ? a : b, sa ? l.a.port : l.b.port, l.count, cableGBps, (sa ? b : a) - ix.servers);
            if (used > 0) {
                w.serverPorts += used;
                w.downGBps += used * std::min(s.nic->speed.inGBps(), cableGBps);
                uf.unite(a, b);
            }
        } else {
            SwitchFacts& wa = f.switches[static_cast<std::size_t>(a - ix.servers)];
            SwitchFacts& wb = f.switches[static_cast<std::size_t>(b - ix.servers)];
            const double total = l.total().inGBps();
            if (tierRank(wa.tier) < tierRank(wb.tier)) { wa.upGBps += total; ++wa.upLinks; wb.downGBps += total; }
            else if (tierRank(wb.tier) < tierRank(wa.tier)) { wb.upGBps += total; ++wb.upLinks; wa.downGBps += total; }
            uf.unite(a, b);
        }
    }
    if (ignoredNvlink > 0)
        f.warnings.push_back(std::to_string(ignoredNvlink) + " NVLink cable(s) between servers ignored: NVLink never crosses servers "
                             "(a rack-scale NVLink domain such as GB200 NVL72 is drawn as one node)");
    if (ignoredPcie > 0)
        f.warnings.push_back(std::to_string(ignoredPcie) + " PCIe cable(s) outside a server ignored: PCIe runs only inside a server and "
                             "carries no network traffic, so they cable no compute NIC port (see design rule protocol-mismatch)");
}

/// Step 3b: a server's NICs carry no more than its GPUs' host links bring them (GPUDirect
/// RDMA: GPU -> PCIe -> NIC): the wired line rate is capped at hostLinkGBps and the practical
/// rate keeps the NIC's efficiency on what is left (a DGX H100, PCIe Gen5 x16 64 GB/s per GPU,
/// with 800G NICs: 64 x 0.97 per GPU, not 100 x 0.97).
void capByHostLinks(ClusterFacts& f)
{
    for (auto& s : f.servers) {
        if (!s.gpu || s.gpus <= 0) continue;
        double perGpu = s.gpu->pciePerDirection().inGBps();
        if (perGpu <= 0 && s.gpu->hostLinkBidirectional) perGpu = s.gpu->hostLinkBidirectional->inGBps() / 2.0;
        if (perGpu <= 0) continue;
        s.hostLinkGBps = s.gpus * perGpu;
        if (s.wiredLineGBps > s.hostLinkGBps) s.wiredPracticalGBps *= s.hostLinkGBps / s.wiredLineGBps;
    }
}

/// Step 4: servers grouped by their union-find root into islands; a server with no wired port
/// is alone. Warns about unconnected servers, split designs and partly cabled NICs.
void findIslands(ClusterFacts& f, UnionFind& uf)
{
    std::unordered_map<int, int> rootToComponent;
    std::vector<Island>& sizes = f.islandSizes;
    int unconnected = 0;
    const int nServers = static_cast<int>(f.servers.size());
    for (int i = 0; i < nServers; ++i) {
        ServerFacts& s = f.servers[static_cast<std::size_t>(i)];
        if (s.wiredPorts == 0) ++unconnected;
        auto [it, inserted] = rootToComponent.try_emplace(uf.find(i), static_cast<int>(sizes.size()));
        if (inserted) sizes.push_back({});
        s.component = it->second;
        ++sizes[static_cast<std::size_t>(it->second)].servers;
        sizes[static_cast<std::size_t>(it->second)].gpus += s.gpus;
    }
    f.islands = static_cast<int>(sizes.size());
    if (!sizes.empty()) {
        const auto best = std::max_element(sizes.begin(), sizes.end(), [](const Island& a, const Island& b) { return a.gpus < b.gpus; });
        f.largestComponent = static_cast<int>(best - sizes.begin());
        f.connectedGpus = best->gpus;
    }
    if (unconnected > 0 && nServers > 1)
        f.warnings.push_back(unconnected == 1 ? std::string("1 server has no cable on a compute NIC and cannot take part in multi-node work")
                                              : std::to_string(unconnected) + " servers have no cable on a compute NIC and cannot take part in multi-node work");
    if (std::string split = splitDesignNote(sizes); !split.empty()) f.warnings.push_back(std::move(split));
    for (const auto& s : f.servers)
        if (s.nic && s.wiredPorts > 0 && s.wiredPorts < s.nicPorts)
            f.warnings.push_back(entryName(*s.node) + ": only " + std::to_string(s.wiredPorts) + " of " + std::to_string(s.nicPorts) + " compute NIC ports are cabled");
}

/// Step 5: worst oversubscription, bisection bandwidth and SHARP capability (engine_formulas.md §8).
void summarizeFabric(ClusterFacts& f)
{
    // The weaker half of the largest island's GPUs: servers by NIC capacity per GPU, least first,
    // until half the GPUs (the last one in part). A balanced cut through a non-blocking fabric
    // carries what that half's NICs carry.
    std::vector<const ServerFacts*> island;
    int islandGpus = 0;
    for (const auto& s : f.servers)
        if (s.component == f.largestComponent && s.wiredPorts > 0 && s.gpus > 0) {
            island.push_back(&s);
            islandGpus += s.gpus;
        }
    std::stable_sort(island.begin(), island.end(), [](const ServerFacts* a, const ServerFacts* b) {
        return a->boundaryLineGBps() / a->gpus < b->boundaryLineGBps() / b->gpus;
    });
    double serverCap = 0; // twice the weaker half's capacity: the whole island's when all alike
    if (island.size() < 2) island.clear(); // one server: its halves meet over NVLink or PCIe, not the fabric
    for (double left = islandGpus / 2.0; const ServerFacts* s : island) {
        if (left <= 0) break;
        const double take = std::min<double>(left, s->gpus);
        serverCap += 2.0 * s->boundaryLineGBps() * take / s->gpus;
        left -= take;
    }
    f.sharpCapable = !f.switches.empty();
    for (const auto& w : f.switches) {
        if (w.upGBps > 0) {
            f.hasUpperTier = true;
            f.worstOversubscription = std::max(f.worstOversubscription, w.oversubscription());
        }
        const bool sharp = w.spec->protocol == NetProtocol::InfiniBand && w.spec->inNetworkReduction.find("SHARP") != std::string::npos;
        if (!sharp && (w.serverPorts > 0 || w.downGBps > 0)) f.sharpCapable = false;
    }
    f.bisectionGBps = 0.5 * serverCap / (f.hasUpperTier ? f.worstOversubscription : 1.0);
}

} // namespace

ClusterFacts extractFacts(const Design& design, const Catalog& catalog)
{
    ClusterFacts f;
    const NodeIndex ix = indexNodes(design, catalog, f);
    inferTiers(design, ix, f);
    UnionFind uf(f.servers.size() + f.switches.size());
    wireLinks(design, ix, f, uf);
    capByHostLinks(f);
    findIslands(f, uf);
    summarizeFabric(f);
    return f;
}

} // namespace model::analysis
