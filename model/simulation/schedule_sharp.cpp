// InfiniBand SHARP all-reduce (NCCL CollNetDirect) as flows (schedule_algorithms.hpp).
//
//   intra reduce-scatter (NVLink ring) -> GPU j of every server sends its S/g shard through its
//   NIC to the rail's aggregation tree:  NIC -> leaf [-> spine ...] -> root, every switch adds
//   what its children send, the root's result comes back down the same links -> NIC -> GPU ->
//   intra all-gather (NVLink ring).
//
// Each link of the tree is one flow per direction carrying the shard once (the switches
// reduce, so a leaf's uplink carries one shard, not one per server below it).
#include "model/analysis/calibration.hpp"
#include "model/simulation/schedule_algorithms.hpp"
#include "model/simulation/sim_routing.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <stdexcept>

namespace model::sim {

namespace {

constexpr int kUnreached = std::numeric_limits<int>::max();

/// The reverse direction of channel `c` (same design link), -1 when it is down or absent.
int reverseChannel(const NetworkGraph& g, int c)
{
    const Channel& ch = g.channels[static_cast<std::size_t>(c)];
    for (int r : g.out[static_cast<std::size_t>(ch.to)]) {
        const Channel& rc = g.channels[static_cast<std::size_t>(r)];
        if (rc.to == ch.from && rc.link == ch.link && rc.up) return r;
    }
    return -1;
}

/// Hops from `from` to every vertex over working switch-to-switch channels.
std::vector<int> switchDistances(const NetworkGraph& g, int from)
{
    std::vector<int> dist(g.vertices.size(), kUnreached);
    std::deque<int> queue{from};
    dist[static_cast<std::size_t>(from)] = 0;
    while (!queue.empty()) {
        const int u = queue.front();
        queue.pop_front();
        for (int c : g.out[static_cast<std::size_t>(u)]) {
            const Channel& ch = g.channels[static_cast<std::size_t>(c)];
            if (!ch.up || ch.kind != ChannelKind::Fabric || dist[static_cast<std::size_t>(ch.to)] != kUnreached) continue;
            dist[static_cast<std::size_t>(ch.to)] = dist[static_cast<std::size_t>(u)] + 1;
            queue.push_back(ch.to);
        }
    }
    return dist;
}

std::string serverPort(const NetworkGraph& g, int gpu)
{
    const GpuInfo& gi = g.gpus[static_cast<std::size_t>(gpu)];
    return g.servers[static_cast<std::size_t>(g.serverIndex.at(gi.server))].name + " NIC " + std::to_string(gi.nicPort);
}

void requireReduces(const NetworkGraph& g, int vertex)
{
    const Vertex& v = g.vertices[static_cast<std::size_t>(vertex)];
    if (!v.reduces)
        throw std::invalid_argument("sharp needs every switch of the aggregation tree to reduce in-network "
                                    "(InfiniBand with SHARP in the catalog); " + g.switchLabel.at(v.node) + " does not");
}

/// Adds the SHARP flows of one rail (GPU j of every server): GPU <-> NIC, and every link of
/// the aggregation tree once per direction. @return hops from a NIC to the tree's root.
int appendAggregation(const NetworkGraph& g, ScheduledPhase& p, const std::vector<int>& rail, double bytes,
                      std::uint64_t key)
{
    std::vector<int> leaves;
    std::uint64_t i = 0;
    for (int gpu : rail) {
        const GpuInfo& gi = g.gpus[static_cast<std::size_t>(gpu)];
        if (gi.nicPort < 0) throw std::invalid_argument("sharp needs a NIC on every GPU's server; " + serverPort(g, gpu) + " is missing");
        const int nic = g.servers[static_cast<std::size_t>(g.serverIndex.at(gi.server))].nicVertex[static_cast<std::size_t>(gi.nicPort)];
        int up = -1;
        for (int c : g.out[static_cast<std::size_t>(nic)]) {
            const Channel& ch = g.channels[static_cast<std::size_t>(c)];
            if (ch.kind == ChannelKind::NicLink && ch.up && g.vertices[static_cast<std::size_t>(ch.to)].kind == VertexKind::Switch) {
                up = c;
                break;
            }
        }
        const int down = up < 0 ? -1 : reverseChannel(g, up);
        if (down < 0) throw std::invalid_argument("sharp: " + serverPort(g, gpu) + " has no working link to a switch");
        const int leaf = g.channels[static_cast<std::size_t>(up)].to;
        requireReduces(g, leaf);
        // GPU <-> its NIC: one PCIe channel with NVLink, or over the GPU's one PCIe link without.
        for (const bool toNic : {true, false}) {
            std::vector<int> host = g.gpuNicChannels(gpu, gi.nicPort, toNic);
            if (host.empty()) throw std::logic_error("simulation graph: no working channel between " + serverPort(g, gpu) + " and its GPU");
            p.transfers.push_back({gpu, gpu, bytes, scheduleKey(key, 0, i++), std::move(host)});
        }
        p.transfers.push_back({gpu, gpu, bytes, scheduleKey(key, 0, i++), {up}});
        p.transfers.push_back({gpu, gpu, bytes, scheduleKey(key, 0, i++), {down}});
        if (std::find(leaves.begin(), leaves.end(), leaf) == leaves.end()) leaves.push_back(leaf);
    }
    if (leaves.size() == 1) return 1;
    // Root: the switch nearest to all the leaves (smallest largest distance), ties spread by key.
    std::vector<std::vector<int>> dist;
    for (int leaf : leaves) dist.push_back(switchDistances(g, leaf));
    int root = -1, best = kUnreached;
    std::uint64_t bestHash = 0;
    for (std::size_t v = 0; v < g.vertices.size(); ++v) {
        if (g.vertices[v].kind != VertexKind::Switch) continue;
        int ecc = 0;
        for (const auto& d : dist) ecc = std::max(ecc, d[v]);
        const std::uint64_t h = mix64(key ^ (static_cast<std::uint64_t>(v) << 32));
        if (ecc < best || (ecc == best && h < bestHash)) {
            root = static_cast<int>(v);
            best = ecc;
            bestHash = h;
        }
    }
    if (root < 0 || best == kUnreached)
        throw std::invalid_argument("sharp: the switches of " + serverPort(g, rail.front()) + "'s rail reach no common switch");
    // Every switch on the way picks one next hop towards the root, so the union is a tree.
    const std::vector<int> toRoot = switchDistances(g, root);
    std::vector<int> parentChannel(g.vertices.size(), -1);
    for (int leaf : leaves)
        for (int u = leaf; u != root && parentChannel[static_cast<std::size_t>(u)] < 0;) {
            requireReduces(g, u);
            int pick = -1;
            std::uint64_t pickHash = 0;
            for (int c : g.out[static_cast<std::size_t>(u)]) {
                const Channel& ch = g.channels[static_cast<std::size_t>(c)];
                if (!ch.up || ch.kind != ChannelKind::Fabric ||
                    toRoot[static_cast<std::size_t>(ch.to)] != toRoot[static_cast<std::size_t>(u)] - 1)
                    continue;
                const std::uint64_t h = mix64(key ^ static_cast<std::uint64_t>(c));
                if (pick < 0 || h < pickHash) {
                    pick = c;
                    pickHash = h;
                }
            }
            const int back = pick < 0 ? -1 : reverseChannel(g, pick);
            if (back < 0) throw std::logic_error("sharp: no working path from a leaf to the aggregation root");
            parentChannel[static_cast<std::size_t>(u)] = pick;
            p.transfers.push_back({rail.front(), rail.front(), bytes, scheduleKey(key, 1, i++), {pick}});
            p.transfers.push_back({rail.front(), rail.front(), bytes, scheduleKey(key, 1, i++), {back}});
            u = g.channels[static_cast<std::size_t>(pick)].to;
        }
    requireReduces(g, root);
    return 1 + best;
}

} // namespace

Schedule sharpSchedule(const NetworkGraph& g, const Groups& groups, double bytes, const SimulationOptions& o)
{
    Schedule s;
    s.algorithm = Algorithm::CollNet;
    Groups intra, rails;
    std::size_t m = 0;
    for (const auto& gr : groups) {
        const auto blocks = serverBlocks(g, gr);
        m = blocks.front().size();
        for (const auto& b : blocks) intra.push_back(b);
        for (std::size_t j = 0; j < m; ++j) {
            std::vector<int> rail;
            for (const auto& b : blocks) rail.push_back(b[j]);
            rails.push_back(std::move(rail));
        }
    }
    const double dm = static_cast<double>(m);
    // Pipeline chunks as the hierarchical all-reduce: pieces of about chunkBytes per GPU shard.
    const int chunks = static_cast<int>(std::clamp(std::round(bytes / dm / o.chunkBytes), 1.0,
                                                   static_cast<double>(std::max(1, o.maxPipelineChunks))));
    const double chunk = bytes / chunks;
    s.pipelineChunks = chunks;
    s.phases.push_back(ringStep(g, intra, 1, chunk / dm, "intra-node reduce-scatter step", static_cast<int>(m) - 1));
    ScheduledPhase net;
    net.label = "SHARP step (shard up the aggregation tree, result down)";
    int hops = 0;
    for (std::size_t r = 0; r < rails.size(); ++r)
        hops = std::max(hops, appendAggregation(g, net, rails[r], chunk / dm / calibration::kCollNetBandwidthFactor, r));
    net.repeats = 2; // the first chunk goes up, then its result comes down
    net.stepsPerChunk = 1;
    s.phases.push_back(std::move(net));
    addIntraAllGatherReusingPhase0(s, static_cast<int>(m));
    s.note = "SHARP (CollNet) all-reduce in " + std::to_string(chunks) + " pipeline chunks; aggregation trees " +
             std::to_string(hops) + " hop(s) from NIC to root, every tree link carries each shard once per direction; "
             "NCCL's CollNet factor x0.85 applied";
    return s;
}

} // namespace model::sim
