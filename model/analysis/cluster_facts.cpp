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

} // namespace

ClusterFacts extractFacts(const Design& design, const Catalog& catalog)
{
    ClusterFacts f;
    // Node index: servers 0..S-1, switches S..S+W-1 in a flat numbering for union-find.
    // Ids are small and dense in practice, so a vector indexed by id replaces a hash map.
    std::vector<int> serverIx(static_cast<std::size_t>(design.peekNextId()) + 1, -1);
    std::vector<int> switchIx(serverIx.size(), -1);
    // GPU-less appliances (the UFM) are fabric endpoints, not compute: their links are left out.
    std::vector<char> appliance(serverIx.size(), 0);
    for (const auto& [id, n] : design.nodes()) {
        if (n.kind == NodeKind::Server) {
            ServerFacts s;
            s.id = id;
            s.node = &n;
            s.spec = catalog.server(n.model);
            if (!s.spec) throw InputError("<design>", entryName(n), "model", "expected a server id of the catalog, got \"" + n.model + "\"");
            if (s.spec->isAppliance()) {
                appliance[static_cast<std::size_t>(id)] = 1;
                ++f.appliances;
                continue;
            }
            s.gpu = catalog.gpu(s.spec->gpuId);
            if (!s.gpu) throw InputError("<design>", entryName(n), "model", "server \"" + n.model + "\" names GPU \"" + s.spec->gpuId + "\" that the catalog lacks");
            const std::string nicId = n.nicModel.empty() ? s.spec->computeNicId : n.nicModel;
            s.nic = nicId.empty() ? nullptr : catalog.nic(nicId);
            if (!nicId.empty() && !s.nic) throw InputError("<design>", entryName(n), "nic_model", "expected a NIC id of the catalog, got \"" + nicId + "\"");
            const int nicCount = n.nicCount ? *n.nicCount : s.spec->computeNicCount;
            if (nicCount < 0) throw InputError("<design>", entryName(n), "nic_count", "expected a count >= 0, got " + std::to_string(nicCount));
            s.nicPorts = s.nic ? nicCount * std::max(1, s.nic->ports) : 0;
            s.gpus = s.spec->gpuCount;
            const bool nvlinkServer = s.spec->intraNode == IntraNodeFabric::NVSwitch || s.spec->intraNode == IntraNodeFabric::NVLinkBridge;
            s.nvlinkDomainGpus = (nvlinkServer && s.gpu->scaleUp == ScaleUpKind::NVLink)
                                     ? std::clamp(s.spec->scaleUpDomainGpus, 1, std::max(1, s.gpus))
                                     : 1;
            serverIx[static_cast<std::size_t>(id)] = static_cast<int>(f.servers.size());
            s.portSwitchIndex.reserve(static_cast<std::size_t>(s.nicPorts));
            f.totalGpus += s.gpus;
            f.servers.push_back(std::move(s));
        } else {
            SwitchFacts w;
            w.id = id;
            w.node = &n;
            w.spec = catalog.switchModel(n.model);
            if (!w.spec) throw InputError("<design>", entryName(n), "model", "expected a switch id of the catalog, got \"" + n.model + "\"");
            w.tier = n.tier;
            switchIx[static_cast<std::size_t>(id)] = static_cast<int>(f.switches.size());
            f.switches.push_back(std::move(w));
        }
    }
    const int nServers = static_cast<int>(f.servers.size());
    auto touchesAppliance = [&](const Link& l) {
        return appliance[static_cast<std::size_t>(l.a.node)] != 0 || appliance[static_cast<std::size_t>(l.b.node)] != 0;
    };
    auto flat = [&](Id id, bool& isServer) -> int {
        const int si = serverIx[static_cast<std::size_t>(id)];
        isServer = si >= 0;
        return isServer ? si : nServers + switchIx[static_cast<std::size_t>(id)];
    };

    // Pass 1 (only when a switch has no tier drawn): switches with servers below are leaves.
    const bool untiered = std::any_of(f.switches.begin(), f.switches.end(), [](const SwitchFacts& w) { return w.tier == SwitchTier::None; });
    if (untiered) {
        for (const auto& [lid, l] : design.links()) {
            if (touchesAppliance(l)) {
                // An appliance below a switch still makes it a leaf.
                const Id other = appliance[static_cast<std::size_t>(l.a.node)] != 0 ? l.b.node : l.a.node;
                const int wi = switchIx[static_cast<std::size_t>(other)];
                if (wi >= 0) f.switches[static_cast<std::size_t>(wi)].serverPorts += l.count;
                continue;
            }
            bool sa = false, sb = false;
            const int a = flat(l.a.node, sa), b = flat(l.b.node, sb);
            if (sa != sb) f.switches[static_cast<std::size_t>((sa ? b : a) - nServers)].serverPorts += l.count;
        }
        for (auto& w : f.switches) {
            if (w.tier == SwitchTier::None) w.tier = w.serverPorts > 0 ? SwitchTier::Leaf : SwitchTier::Spine;
            w.serverPorts = 0; // counted again in pass 2
        }
    }

    // Pass 2: capacities and islands.
    UnionFind uf(f.servers.size() + f.switches.size());
    int ignoredNvlink = 0;
    for (const auto& [lid, l] : design.links()) {
        if (touchesAppliance(l)) continue;
        bool sa = false, sb = false;
        const int a = flat(l.a.node, sa), b = flat(l.b.node, sb);
        const double cableGBps = l.perCable().inGBps();
        if (sa && sb && l.medium == LinkMedium::NVLink) {
            ++ignoredNvlink; // NVLink never crosses servers; rack-scale domains are one node
            continue;
        }
        auto wireServer = [&](ServerFacts& s, int peerSwitch) {
            if (!s.nic) return 0;
            const int free = std::max(0, s.nicPorts - s.wiredPorts);
            const int used = std::min(free, l.count);
            const double portGbps = s.nic->speed.inGbps();
            const double rate = std::min(s.nic->speed.inGBps(), cableGBps);
            s.wiredPorts += used;
            s.wiredLineGBps += used * rate;
            s.wiredPracticalGBps += used * rate * nicEfficiency(std::min(portGbps, cableGBps * 8.0));
            for (int i = 0; i < used; ++i) {
                s.portSwitchIndex.push_back(peerSwitch);
            }
            return used;
        };
        if (sa && sb) {
            const int ua = wireServer(f.servers[static_cast<std::size_t>(a)], -1);
            const int ub = wireServer(f.servers[static_cast<std::size_t>(b)], -1);
            if (ua > 0 && ub > 0) uf.unite(a, b);
        } else if (sa != sb) {
            ServerFacts& s = f.servers[static_cast<std::size_t>(sa ? a : b)];
            SwitchFacts& w = f.switches[static_cast<std::size_t>((sa ? b : a) - nServers)];
            const int used = wireServer(s, (sa ? b : a) - nServers);
            if (used > 0) {
                w.serverPorts += used;
                w.downGBps += used * std::min(s.nic->speed.inGBps(), cableGBps);
                uf.unite(a, b);
            }
        } else {
            SwitchFacts& wa = f.switches[static_cast<std::size_t>(a - nServers)];
            SwitchFacts& wb = f.switches[static_cast<std::size_t>(b - nServers)];
            const double total = l.total().inGBps();
            if (tierRank(wa.tier) < tierRank(wb.tier)) { wa.upGBps += total; wb.downGBps += total; }
            else if (tierRank(wb.tier) < tierRank(wa.tier)) { wb.upGBps += total; wa.downGBps += total; }
            uf.unite(a, b);
        }
    }
    if (ignoredNvlink > 0)
        f.warnings.push_back(std::to_string(ignoredNvlink) + " NVLink cable(s) between servers ignored: NVLink never crosses servers "
                             "(a rack-scale NVLink domain such as GB200 NVL72 is drawn as one node)");

    // Islands: servers grouped by their union-find root; a server with no wired port is alone.
    std::unordered_map<int, int> rootToComponent;
    std::vector<int> componentGpus;
    int unconnected = 0;
    for (int i = 0; i < nServers; ++i) {
        ServerFacts& s = f.servers[static_cast<std::size_t>(i)];
        if (s.wiredPorts == 0) ++unconnected;
        const int root = uf.find(i);
        auto [it, inserted] = rootToComponent.try_emplace(root, static_cast<int>(componentGpus.size()));
        if (inserted) componentGpus.push_back(0);
        s.component = it->second;
        componentGpus[static_cast<std::size_t>(it->second)] += s.gpus;
    }
    f.islands = static_cast<int>(componentGpus.size());
    if (!componentGpus.empty()) {
        const auto best = std::max_element(componentGpus.begin(), componentGpus.end());
        f.largestComponent = static_cast<int>(best - componentGpus.begin());
        f.connectedGpus = *best;
    }
    if (unconnected > 0 && nServers > 1)
        f.warnings.push_back(std::to_string(unconnected) + " server(s) have no cable on a compute NIC and cannot take part in multi-node work");
    if (f.islands > 1)
        f.warnings.push_back("the design is split into " + std::to_string(f.islands) + " islands that cannot reach each other; "
                             "multi-node figures use the largest (" + std::to_string(f.connectedGpus) + " GPUs)");
    for (const auto& s : f.servers)
        if (s.nic && s.wiredPorts > 0 && s.wiredPorts < s.nicPorts)
            f.warnings.push_back(entryName(*s.node) + ": only " + std::to_string(s.wiredPorts) + " of " + std::to_string(s.nicPorts) + " compute NIC ports are cabled");

    // Oversubscription, bisection, SHARP.
    double serverCap = 0;
    for (const auto& s : f.servers) serverCap += s.wiredLineGBps;
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
    return f;
}

} // namespace model::analysis
