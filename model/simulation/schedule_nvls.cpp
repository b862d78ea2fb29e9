// NVLink SHARP all-reduce as flows (schedule_algorithms.hpp; engine_formulas.md section 5).
// The NVSwitch fabric of a server is the hub vertex of the simulation graph; it is the
// reducing node:
//
//   GPU_i --(chunk + its reduced shard)--> NVSwitch --(its reduced shard + multicast result)--> GPU_i
//
// so each GPU's NVLink port carries S (1 + 1/h) per direction, h = the GPUs that own a reduced
// shard (all n on one server; one head per NIC under nvls_tree).
#include "model/analysis/calibration.hpp"
#include "model/simulation/schedule_algorithms.hpp"

#include <algorithm>

namespace model::sim {

namespace {

/// Adds the NVLS flows of one server block: every member sends `chunk` to the NVSwitch and
/// receives `chunk` back (multicast); each of the block's `heads` lane heads also receives its
/// reduced shard (chunk / heads) and sends it back up for the multicast. Wire bytes carry
/// the server's NVLS factor (0.85 Hopper, 0.74 Blackwell).
void appendNvls(const NetworkGraph& g, ScheduledPhase& p, const std::vector<int>& block, int heads, double chunk,
                std::uint64_t group)
{
    const ServerInfo& si = g.servers[static_cast<std::size_t>(g.serverIndex.at(g.gpus[block.front()].server))];
    std::vector<char> isHead(block.size(), 0);
    for (int lane = 0; lane < heads; ++lane)
        isHead[static_cast<std::size_t>(std::find(block.begin(), block.end(), laneHead(g, block, lane, heads)) - block.begin())] = 1;
    std::uint64_t i = 0;
    for (std::size_t m = 0; m < block.size(); ++m) {
        const GpuInfo& gpu = g.gpus[static_cast<std::size_t>(block[m])];
        const double bytes = (chunk + (isHead[m] ? chunk / heads : 0.0)) / si.nvlsEfficiency;
        p.transfers.push_back({block[m], block[m], bytes, scheduleKey(group, 0, i++), {requireChannel(g, gpu.vertex, gpu.hub)}});
        p.transfers.push_back({block[m], block[m], bytes, scheduleKey(group, 0, i++), {requireChannel(g, gpu.hub, gpu.vertex)}});
    }
}

} // namespace

Schedule nvlsSchedule(const NetworkGraph& g, const Groups& groups, double bytes, const SimulationOptions& o)
{
    Schedule s;
    s.algorithm = Algorithm::Nvls;
    const int n = static_cast<int>(groups.front().size());
    // Each GPU owns a 1/n shard, moved in chunks of chunkBytes.
    const int chunks = pipelineChunkCount(bytes, n, o.chunkBytes);
    ScheduledPhase p;
    p.label = "NVLS chunk step (GPU -> NVSwitch reduce, NVSwitch -> GPU multicast)";
    for (std::size_t gi = 0; gi < groups.size(); ++gi) appendNvls(g, p, groups[gi], n, bytes / chunks, gi);
    p.repeats = 1;
    p.stepsPerChunk = 1;
    const Transfer hop = p.transfers.front();
    s.phases.push_back(std::move(p));
    s.pipelineChunks = chunks;
    s.stages = {{0}};
    // The first chunk crosses NCCL's three NVLS stages (scatter, switch reduce and multicast,
    // gather: nccl_cost.hpp ncclPipelineFillFactor) before the steady state, so two chunk steps
    // of fill. Priced with NCCL's cost model: one NVLS hop of latency (NCCL's 25 us).
    addFillPhase(s, "NVLS pipeline fill (scatter and gather around the switch's reduce)", hop, 2, 1);
    s.note = "NVLink SHARP: the NVSwitch reduces and multicasts, each NVLink port carries S(1+1/n) per direction; " +
             std::to_string(chunks) + " chunks, one steady-state step simulated; NCCL's NVLS factor applied";
    return s;
}

Schedule nvlsTreeSchedule(const NetworkGraph& g, const Groups& groups, double bytes, const SimulationOptions& o)
{
    Schedule s;
    s.algorithm = Algorithm::NvlsTree;
    const int lanes = channelCount(g, groups, o);
    const int chunks = pipelineChunkCount(bytes, 2 * lanes, o.chunkBytes);
    const double chunk = bytes / chunks;
    ScheduledPhase p;
    p.label = "NVLS tree chunk step (NVLS in servers, tree between their NICs)";
    int depth = 0;
    std::size_t firstTreeHop = 0;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        const auto blocks = serverBlocks(g, groups[gi]);
        for (const auto& block : blocks) appendNvls(g, p, block, lanes, chunk, gi);
        if (gi == 0) firstTreeHop = p.transfers.size();
        // Each lane head carries chunk / lanes between servers, half on each tree.
        depth = std::max(depth, appendInterServerTrees(g, p, blocks, lanes, chunk / (2.0 * lanes), gi, 1));
    }
    p.repeats = 1;
    p.stepsPerChunk = 1;
    const Transfer nvlsHop = p.transfers.front();
    const Transfer treeHop = p.transfers[firstTreeHop];
    s.phases.push_back(std::move(p));
    s.pipelineChunks = chunks;
    s.stages = {{0}};
    // The first chunk: scatter, NVLS reduce, up the tree, down the tree, NVLS multicast, gather.
    // Priced with NCCL's cost model: one NVLS hop and 2 log2(k) tree hops (NCCL's NVLSTree latency).
    addFillPhase(s, "NVLS tree pipeline fill (NVLS hop)", nvlsHop, 4, 1);
    addFillPhase(s, "NVLS tree pipeline fill (tree hop)", treeHop, 2 * depth - 1, 2 * depth);
    s.note = "NVLS tree: NVLink SHARP inside servers, double binary tree across them on " + std::to_string(lanes) +
             " NIC(s) per server, " + std::to_string(chunks) + " chunks; one steady-state step simulated";
    return s;
}

} // namespace model::sim
