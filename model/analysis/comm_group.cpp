// Placement of a collective's ranks on the drawn design (engine_formulas.md §0, §8, §9).
#include "model/analysis/comm_group.hpp"

#include "model/analysis/calibration.hpp"
#include "model/analysis/double_tree.hpp"
#include "model/analysis/ecmp_imbalance.hpp"

#include <algorithm>
#include <limits>
#include <vector>
#include <stdexcept>

namespace model::analysis {

namespace {

GpuGeneration generationOf(const GpuSpec& gpu) noexcept
{
    const std::string& a = gpu.architecture;
    if (a.find("Blackwell") != std::string::npos || gpu.nvlinkGeneration >= 5) return GpuGeneration::Blackwell;
    if (a.find("Hopper") != std::string::npos || gpu.nvlinkGeneration == 4) return GpuGeneration::Hopper;
    if (a.find("Ampere") != std::string::npos || gpu.nvlinkGeneration == 3) return GpuGeneration::Ampere;
    return GpuGeneration::Older;
}

std::string pcieName(const GpuSpec& gpu)
{
    return "PCIe Gen" + std::to_string(gpu.pcieGeneration) + " x" + std::to_string(gpu.pcieLanes);
}

/// Intra-node path for `ranks` ranks on server `s` (engine_formulas.md §0 and §9).
void intraOf(const ServerFacts& s, int ranks, CommGroup& g)
{
    const GpuSpec& gpu = *s.gpu;
    const double nvl = nvlinkUsableGBps(gpu);
    g.hbmGBps = gpu.hbmBandwidth ? gpu.hbmBandwidth->inGBps() : 0.0;
    g.cpuSockets = std::max(1, s.spec->cpuSockets);
    g.gpusPerSocket = std::max(1, s.gpus / g.cpuSockets);
    g.gpusPerPcieSwitch = s.spec->pcieSwitches > 0 ? std::max(1, s.gpus / s.spec->pcieSwitches) : 1;
    if (ranks <= s.nvlinkDomainGpus && nvl > 0) {
        g.intraPath = IntraPath::NVLink;
        g.intraGBps = nvl;
        const bool nvswitch = s.spec->intraNode == IntraNodeFabric::NVSwitch;
        g.intraTechnology = "NVLink " + std::to_string(gpu.nvlinkGeneration) + (nvswitch ? " via NVSwitch" : " bridge");
        g.nvlsCapable = nvswitch && gpu.nvlinkGeneration >= 4;
        return;
    }
    double b = pcieUsableGBps(gpu);
    // A ring over more GPUs than one socket holds crosses the CPU-to-CPU link (topo.h UPI).
    const bool crossesSockets = g.cpuSockets >= 2 && ranks > s.gpus / g.cpuSockets;
    if (crossesSockets) b = std::min(b, calibration::kInterSocketGBps);
    const double socket = pcieUsableGBps(gpu);
    if (!gpu.peerToPeerOverPcie) {
        g.intraPath = IntraPath::HostStaged;
        g.intraGBps = b * calibration::kHostStagedBandwidthFactor;
        g.intraTechnology = pcieName(gpu) + ", host-staged copies (no peer-to-peer)";
        g.socketGBps = socket * calibration::kHostStagedBandwidthFactor;
        g.socketTechnology = g.intraTechnology;
    } else {
        g.intraPath = IntraPath::PciePeer;
        g.intraGBps = b;
        g.intraTechnology = pcieName(gpu) + " peer-to-peer" + (crossesSockets ? " across CPU sockets" : "");
        g.socketGBps = socket;
        g.socketTechnology = pcieName(gpu) + " peer-to-peer";
    }
    if (g.cpuSockets < 2) {
        g.socketGBps = 0;
        g.socketTechnology.clear();
    }
    g.nvlsCapable = false;
}

} // namespace

void checkNcclReleaseRunsOn(const ClusterFacts& facts, NcclRelease release)
{
    if (release == NcclRelease::Current) return;
    for (const ServerFacts& s : facts.servers)
        if (s.gpu && generationOf(*s.gpu) == GpuGeneration::Blackwell)
            throw std::invalid_argument(std::string("NCCL ") + toString(release) + " cannot drive " + s.gpu->name +
                                        " (Blackwell): NCCL supports Blackwell GPUs from 2.25 on (release notes of "
                                        "v2.25.1-1); give 2.25 or later, or leave the NCCL version out");
}

CommGroup placeGroup(const ClusterFacts& facts, int n, bool sharpEnabled)
{
    if (n < 1) throw std::invalid_argument("a collective needs at least 1 GPU, got " + std::to_string(n));
    if (facts.servers.empty()) throw std::invalid_argument("the design has no servers");
    CommGroup g;
    g.n = n;
    g.sharpEnabled = sharpEnabled;

    // One node when a server holds all ranks (prefer one in the largest island).
    const ServerFacts* single = nullptr;
    for (const auto& s : facts.servers)
        if (s.gpus >= n && (!single || (s.component == facts.largestComponent && single->component != facts.largestComponent)))
            single = &s;
    if (single) {
        g.g = n;
        g.chainRanks = n;
        g.k = 1;
        g.gpuName = single->gpu->name;
        g.generation = generationOf(*single->gpu);
        intraOf(*single, n, g);
        g.nicNodeGBps = single->wiredPracticalGBps;
        g.nicGpuGBps = single->gpus > 0 ? single->wiredPracticalGBps / single->gpus : 0.0;
        g.fewestRanks = n;
        g.nicPortsPerNode = single->wiredPorts;
        g.nicLineGbps = single->wiredPorts > 0 ? single->wiredLineGBps * 8.0 / single->wiredPorts : 0.0;
        g.hostLinkGBps = single->gpus > 0 ? single->hostLinkGBps / single->gpus : 0.0;
        return g;
    }

    // Several nodes: whole servers of the largest island, in id order.
    std::vector<const ServerFacts*> chosen;
    int gpus = 0;
    for (const auto& s : facts.servers) {
        if (s.component != facts.largestComponent || s.wiredPorts == 0) continue;
        chosen.push_back(&s);
        gpus += s.gpus;
        if (gpus >= n) break;
    }
    if (gpus < n) {
        // The most GPUs one group can hold: the cabled servers of the largest island, or one
        // server on its own (its GPUs reach each other inside it, cabled or not).
        int oneServer = 0;
        for (const auto& s : facts.servers) oneServer = std::max(oneServer, s.gpus);
        const std::string most = gpus >= oneServer
                                     ? std::to_string(gpus) + " can reach each other over cabled NICs"
                                     : "at most " + std::to_string(oneServer) + " can reach each other, inside one server (" +
                                           (gpus == 0 ? std::string("no two servers are joined by cabled NICs")
                                                      : std::to_string(gpus) + " across servers over cabled NICs") + ")";
        throw std::invalid_argument("the design has " + std::to_string(facts.totalGpus) + " GPUs, of which " + most + "; " +
                                    std::to_string(n) + " were asked for");
    }
    g.k = static_cast<int>(chosen.size());
    g.g = (n + g.k - 1) / g.k;
    g.chainRanks = 0;
    for (int left = n; const ServerFacts* s : chosen) {
        g.chainRanks = std::max(g.chainRanks, std::min(left, s->gpus));
        left -= std::min(left, s->gpus);
    }
    g.nicNodeGBps = std::numeric_limits<double>::infinity();
    g.nicGpuGBps = std::numeric_limits<double>::infinity();
    g.intraGBps = std::numeric_limits<double>::infinity();
    g.fewestRanks = n;
    for (int left = n; const ServerFacts* s : chosen) {
        const int ranksHere = std::min(left, s->gpus);
        left -= ranksHere;
        g.fewestRanks = std::min(g.fewestRanks, ranksHere);
        g.nicGpuGBps = std::min(g.nicGpuGBps, s->wiredPracticalGBps / std::max(1, s->gpus));
        if (s->hostLinkGBps > 0) {
            const double host = s->hostLinkGBps / std::max(1, s->gpus);
            g.hostLinkGBps = g.hostLinkGBps > 0 ? std::min(g.hostLinkGBps, host) : host;
        }
        // A server that holds only some of its GPUs in the group (the last of 8 + 4) sends
        // through the NICs next to those GPUs: NCCL picks, per channel, the NIC closest to the
        // GPU (topology search, PCIe distance), and a rail-optimised fabric joins NIC r of one
        // server to NIC r of the next. So r of G GPUs reach ceil(r x ports / G) ports, at least
        // one; the whole server's ports when it holds all its GPUs.
        const int ports = std::max(1, s->wiredPorts);
        const int reachable = std::max(1, (ranksHere * ports + s->gpus - 1) / std::max(1, s->gpus));
        const double nicGBps = s->wiredPracticalGBps * std::min(ports, reachable) / ports;
        CommGroup local;
        intraOf(*s, std::min(g.g, s->gpus), local);
        if (local.intraGBps < g.intraGBps) {
            g.intraGBps = local.intraGBps;
            g.intraPath = local.intraPath;
            g.intraTechnology = local.intraTechnology;
            g.gpusPerPcieSwitch = local.gpusPerPcieSwitch;
            g.cpuSockets = local.cpuSockets;
            g.gpusPerSocket = local.gpusPerSocket;
            g.socketGBps = local.socketGBps;
            g.socketTechnology = local.socketTechnology;
            g.gpuName = s->gpu->name;
            g.hbmGBps = local.hbmGBps;
            g.generation = generationOf(*s->gpu);
        }
        if (nicGBps < g.nicNodeGBps) {
            g.nicNodeGBps = nicGBps;
            g.nicPortsPerNode = std::min(ports, reachable);
            g.nicLineGbps = s->wiredLineGBps * 8.0 / s->wiredPorts;
        }
    }
    g.nvlsCapable = true;
    bool netLl128Named = true;
    for (const ServerFacts* s : chosen) {
        // GPUDirect RDMA: InfiniBand, RoCE or a NIC marked so (the rule layers.cpp names the
        // fabric by); GPUDirect-TCPXO and plain Ethernet stage through host memory.
        const bool rdma = s->nic && (s->nic->supports(NetProtocol::InfiniBand) || s->nic->gpuDirectRdma ||
                                     s->nic->protocolGeneration.find("RoCE") != std::string::npos);
        g.netGpuDirect = g.netGpuDirect && rdma;
        if (s->nic) {
            const auto& protos = s->nic->ncclProtocols;
            const auto names = [&protos](const char* p) { return std::find(protos.begin(), protos.end(), p) != protos.end(); };
            g.netLatencyUs = std::max(g.netLatencyUs, s->nic->ncclNetLatencyUs);
            if (!protos.empty() && !names("LL")) g.netProfileAllowsLl = false;
            netLl128Named = netLl128Named && names("LL128");
        }
        CommGroup local;
        intraOf(*s, std::min(g.g, s->gpus), local);
        g.nvlsCapable = g.nvlsCapable && local.nvlsCapable;
    }
    g.netProfileNamesLl128 = netLl128Named;

    // Fabric: does traffic on each rail stay inside one switch? If not, derate by the worst
    // oversubscription of the switches used (engine_formulas.md §8).
    std::vector<char> used(facts.switches.size(), 0);
    std::size_t switchesUsed = 0;
    bool railLocal = true;
    const std::vector<int>& ref = chosen.front()->portSwitchIndex;
    for (const ServerFacts* s : chosen) {
        for (std::size_t p = 0; p < s->portSwitchIndex.size(); ++p) {
            const int w = s->portSwitchIndex[p];
            if (w >= 0 && !used[static_cast<std::size_t>(w)]) { used[static_cast<std::size_t>(w)] = 1; ++switchesUsed; }
            if (p >= ref.size() || w != ref[p]) railLocal = false;
        }
    }
    for (std::size_t w = 0; w < used.size(); ++w)
        if (used[w] && g.k > 1 && facts.switches[w].hashesFlows() && facts.switches[w].node && !facts.switches[w].node->pfcEcn)
            g.lossyLeaves = true;
    // Without NVLink (no PXN) an all-to-all leaves its rail even where every server's ports sit
    // on the same rail leaves: the leaves' uplinks carry it (below); rings and trees stay on
    // their rails there.
    const bool crossRailAllToAll = g.intraPath != IntraPath::NVLink && g.k > 1 && switchesUsed > 1;
    if ((!railLocal || crossRailAllToAll) && switchesUsed > 0) {
        // Where the traffic goes, leaf by leaf: the group's servers on each leaf (a rail leaf of
        // a rail-optimised scalable unit holds one port of each of its servers), the ports they
        // have there, and what of their traffic leaves the leaf, against the leaf's own uplinks.
        // Ring/tree: one server's worth leaves each leaf (the ring enters and leaves it once per
        // channel). All-to-all: each of the m servers there sends (k - m) / (k - 1) of its
        // traffic to servers behind other leaves. A leaf's static down:up ratio is not the load:
        // the one server of a 200-GPU group behind an otherwise empty 2:1 leaf sends one port's
        // worth up twelve uplinks.
        std::vector<std::vector<const ServerFacts*>> onLeaf(facts.switches.size());
        std::vector<int> portsOnLeaf(facts.switches.size(), 0);
        for (const ServerFacts* s : chosen)
            for (int w : s->portSwitchIndex)
                if (w >= 0) {
                    auto& v = onLeaf[static_cast<std::size_t>(w)];
                    if (std::find(v.begin(), v.end(), s) == v.end()) v.push_back(s);
                    ++portsOnLeaf[static_cast<std::size_t>(w)];
                }
        // Per-flow ECMP (Ethernet leaves, ecmp_imbalance.hpp): the all-to-all's flows in flight
        // at once, each leaf's share of those that leave it, and every hashed link they can
        // land on (the leaves' uplinks, and as many spine downlinks into the leaves).
        int groupPorts = 0, hashedLinks = 0;
        const auto leavesLeaf = [&](std::size_t w) {
            return onLeaf[w].size() > 0 && facts.switches[w].upGBps > 0 && facts.switches[w].serverPorts > 0 &&
                   g.k > static_cast<int>(onLeaf[w].size());
        };
        for (std::size_t w = 0; w < facts.switches.size(); ++w) {
            groupPorts += portsOnLeaf[w];
            if (leavesLeaf(w) && facts.switches[w].hashesFlows()) hashedLinks += 2 * facts.switches[w].upLinks;
        }
        const double flowsAtOnce = static_cast<double>(g.n) * (g.n - static_cast<double>(g.n) / g.k) /
                                   allToAllBatches(g.n, 1, calibration::kAllToAllConcurrentFlows);
        for (std::size_t w = 0; w < facts.switches.size(); ++w) {
            const SwitchFacts& sw = facts.switches[w];
            const auto m = static_cast<double>(onLeaf[w].size());
            if (m == 0 || !(sw.upGBps > 0) || sw.serverPorts == 0) continue;
            const double perPortGBps = sw.downGBps / sw.serverPorts;
            const double groupGBps = portsOnLeaf[w] * perPortGBps; // the group's servers' ports on this leaf
            const double ringUp = groupGBps / m;
            const double leaving = g.k > 1 ? std::max(0.0, (g.k - m) / (g.k - 1.0)) : 0.0;
            // All-to-all without NVLink: no PXN (NCCL moves a message to the GPU on the
            // destination's rail over NVLink first, so it stays on that rail's leaf; without
            // NVLink each GPU sends from its own NIC). Only the share bound for the same leaf's
            // ports of the servers here stays: (m - 1) / (k - 1) x this leaf's share of a
            // server's ports (helper-92: 8 x L40S servers on a 4:1 rail fat tree, analytical
            // 22.4 GB/s busbw against 7.5 simulated, the same at 1:1 and 4:1).
            double a2aLeaving = leaving;
            if (g.intraPath != IntraPath::NVLink && g.k > 1) {
                double ports = 0;
                for (const ServerFacts* s : onLeaf[w])
                    for (int x : s->portSwitchIndex) ports += x >= 0 ? 1.0 : 0.0;
                const double ownShare = ports > 0 ? portsOnLeaf[w] / ports : 1.0; // of the servers' ports, those on this leaf
                a2aLeaving = std::max(0.0, 1.0 - (m - 1.0) / (g.k - 1.0) * ownShare);
            }
            double a2aUp = groupGBps * a2aLeaving;
            double ecmp = 1.0;
            if (a2aUp > 0 && sw.hashesFlows() && sw.upLinks >= 2 && groupPorts > 0) {
                const double flowsUp = flowsAtOnce * portsOnLeaf[w] / groupPorts * a2aLeaving;
                ecmp = ecmpBusiestLinkFactor(flowsUp / sw.upLinks, hashedLinks);
                a2aUp *= ecmp;
            }
            if (ringUp > 0 && !railLocal) g.fabricRingFactor = std::min(g.fabricRingFactor, sw.upGBps / ringUp);
            // Tree: the double binary tree's edges that leave this leaf, in busiest servers' worth.
            std::vector<char> inside(chosen.size(), 0);
            for (std::size_t r = 0; r < chosen.size(); ++r)
                inside[r] = std::find(onLeaf[w].begin(), onLeaf[w].end(), chosen[r]) != onLeaf[w].end() ? 1 : 0;
            const double treeUp = ringUp * doubleTreeCrossingShare(inside);
            if (treeUp > 0 && !railLocal) g.fabricTreeFactor = std::min(g.fabricTreeFactor, sw.upGBps / treeUp);
            if (a2aUp > 0 && sw.upGBps / a2aUp < g.fabricAllToAllFactor) {
                g.fabricAllToAllFactor = sw.upGBps / a2aUp;
                g.ecmpAllToAllFactor = ecmp;
            }
        }
    }
    g.sharpCapable = facts.sharpCapable;
    return g;
}

CommGroup socketLocal(const CommGroup& node, int ranksPerNode, int stride) noexcept
{
    CommGroup g = node;
    // The group lies in a block of ranksPerNode x stride consecutive GPUs (Megatron's order),
    // and the blocks tile the server from GPU 0: every block stays behind one socket exactly
    // when its size divides the socket's GPUs (tp 1 x dp 3 puts GPUs 3, 4, 5 across sockets).
    const long long block = static_cast<long long>(std::max(1, ranksPerNode)) * std::max(1, stride);
    if (node.intraPath != IntraPath::NVLink && node.cpuSockets >= 2 && node.socketGBps > 0 && node.gpusPerSocket % block == 0) {
        g.intraGBps = node.socketGBps;
        g.intraTechnology = node.socketTechnology;
    }
    return g;
}

} // namespace model::analysis
