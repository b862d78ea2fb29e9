// NCCL double binary tree all-reduce as flows (schedule_algorithms.hpp; engine_formulas.md
// section 3). One channel per NIC and tree; the steady-state step of one chunk:
//
//   server A (tree parent)            server B (tree child)
//   head(NIC j) <- GPU <- GPU ...     head(NIC j) <- GPU <- GPU ...     reduce up the chains and tree
//        |  ^                               |  ^
//        +--|---- NIC j ----- leaf ---------+  |                         broadcast back down
//           +------------------------------------+
#include "model/analysis/calibration.hpp"
#include "model/simulation/schedule_algorithms.hpp"

#include <algorithm>
#include <stdexcept>

namespace model::sim {

int treeDepth(const std::vector<int>& parents)
{
    int depth = 0;
    for (std::size_t r = 0; r < parents.size(); ++r) {
        int d = 0;
        for (int x = static_cast<int>(r); parents[static_cast<std::size_t>(x)] >= 0 && d <= static_cast<int>(parents.size()); ++d)
            x = parents[static_cast<std::size_t>(x)];
        depth = std::max(depth, d);
    }
    return depth;
}

int laneHead(const NetworkGraph& g, const std::vector<int>& block, int lane, int lanes)
{
    const std::size_t m = block.size();
    const ServerInfo& si = g.servers[static_cast<std::size_t>(g.serverIndex.at(g.gpus[static_cast<std::size_t>(block.front())].server))];
    const auto nics = si.nicVertex.size();
    if (nics > 0 && nics < static_cast<std::size_t>(si.gpuCount)) {
        // The NICs the block's ranks are wired to, in rank order; lane l takes the
        // (l x reached / lanes)-th of them and the first rank on it.
        std::vector<int> reached;
        for (const int gpu : block) {
            const int nic = g.gpus[static_cast<std::size_t>(gpu)].nicPort;
            if (nic >= 0 && std::find(reached.begin(), reached.end(), nic) == reached.end()) reached.push_back(nic);
        }
        if (!reached.empty()) {
            const int nic = reached[static_cast<std::size_t>(lane) * reached.size() / static_cast<std::size_t>(std::max(1, lanes)) %
                                    reached.size()];
            for (const int gpu : block)
                if (g.gpus[static_cast<std::size_t>(gpu)].nicPort == nic) return gpu;
        }
    }
    const std::size_t at = static_cast<std::size_t>(lane) * m / static_cast<std::size_t>(std::max(1, lanes));
    return block[std::min(at, m - 1)];
}

int appendInterServerTrees(const NetworkGraph& g, ScheduledPhase& p, const std::vector<std::vector<int>>& blocks, int lanes, double bytes,
                           std::uint64_t group, int firstChannel)
{
    const int k = static_cast<int>(blocks.size());
    int depth = 0;
    for (int t = 0; t < 2; ++t) {
        const std::vector<int> parent = doubleTreeParents(k, t);
        depth = std::max(depth, treeDepth(parent));
        for (int lane = 0; lane < lanes; ++lane) {
            const auto channel = static_cast<std::uint64_t>(firstChannel + t * lanes + lane);
            std::uint64_t i = 0;
            for (int b = 0; b < k; ++b) {
                const int up = parent[static_cast<std::size_t>(b)];
                if (up < 0) continue;
                const int child = laneHead(g, blocks[static_cast<std::size_t>(b)], lane, lanes);
                const int head = laneHead(g, blocks[static_cast<std::size_t>(up)], lane, lanes);
                p.transfers.push_back({child, head, bytes, scheduleKey(group, channel, i++), {}});
                p.transfers.push_back({head, child, bytes, scheduleKey(group, channel, i++), {}});
            }
        }
    }
    return depth;
}

Schedule treeSchedule(const NetworkGraph& g, const Groups& groups, double bytes, const SimulationOptions& o)
{
    Schedule s;
    s.algorithm = Algorithm::Tree;
    const int lanes = channelCount(g, groups, o);
    const int chunks = pipelineChunkCount(bytes, 2 * lanes, o.chunkBytes);
    // Payload of one channel's chunk, as wire bytes at NCCL's tree factor x0.92 (tuning.cc).
    const double edgeBytes = bytes / (2.0 * lanes * chunks) / calibration::kTreeBandwidthFactor;
    ScheduledPhase p;
    p.label = "tree chunk step (reduce up, broadcast down)";
    int depth = 0, chain = 0;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        const auto blocks = serverBlocks(g, groups[gi]);
        depth = std::max(depth, appendInterServerTrees(g, p, blocks, lanes, edgeBytes, gi, 0));
        for (int t = 0; t < 2; ++t)
            for (int lane = 0; lane < lanes; ++lane) {
                const auto channel = static_cast<std::uint64_t>(2 * lanes + t * lanes + lane);
                std::uint64_t i = 0;
                for (const auto& block : blocks) {
                    // The chain starts at the lane's head and follows the server's ranks.
                    std::vector<int> order(block);
                    std::rotate(order.begin(), std::find(order.begin(), order.end(), laneHead(g, block, lane, lanes)),
                                order.end());
                    chain = std::max(chain, static_cast<int>(order.size()) - 1);
                    for (std::size_t r = 0; r + 1 < order.size(); ++r) {
                        p.transfers.push_back({order[r + 1], order[r], edgeBytes, scheduleKey(gi, channel, i++), {}});
                        p.transfers.push_back({order[r], order[r + 1], edgeBytes, scheduleKey(gi, channel, i++), {}});
                    }
                }
            }
    }
    p.repeats = 1;
    p.stepsPerChunk = 1;
    // Group 0's first transfer is a tree edge; its chain edges follow the tree edges.
    const Transfer treeHop = p.transfers.front();
    const auto chainAt = std::find_if(p.transfers.begin(), p.transfers.end(), [&](const Transfer& t) {
        return g.gpus[static_cast<std::size_t>(t.src)].server == g.gpus[static_cast<std::size_t>(t.dst)].server;
    });
    const bool haveChain = chainAt != p.transfers.end();
    const Transfer chainHop = haveChain ? *chainAt : treeHop;
    s.phases.push_back(std::move(p));
    s.pipelineChunks = chunks;
    s.stages = {{0}};
    // The first chunk climbs the chain and the tree, then comes back down: 2 (chain + depth) hops.
    if (haveChain) addFillPhase(s, "tree pipeline fill (chain hop)", chainHop, 2 * chain);
    // Priced with NCCL's cost model, the tree hops of the fill and of the steady step are NCCL's
    // 2 log2(k) network hops (ScheduledPhase::latencyHops).
    addFillPhase(s, "tree pipeline fill (tree hop)", treeHop, 2 * depth - 1, 2 * depth);
    s.note = "double binary tree, " + std::to_string(2 * lanes) + " channels (2 per NIC), " + std::to_string(chunks) +
             " chunks; one steady-state step simulated, the first chunk's " + std::to_string(2 * (chain + depth)) +
             " hops fill the pipe; NCCL's tree factor x0.92 applied";
    return s;
}

} // namespace model::sim
