#include "model/simulation/collective_schedule.hpp"

#include "model/simulation/schedule_algorithms.hpp"
#include "model/simulation/sim_routing.hpp"

#include <algorithm>
#include <limits>
#include <cmath>
#include <map>
#include <stdexcept>

namespace model::sim {

namespace {

std::uint64_t keyOf(std::uint64_t group, std::uint64_t channel, std::uint64_t index) noexcept
{
    return scheduleKey(group, channel, index);
}

std::vector<std::vector<int>> byServer(const NetworkGraph& g, const std::vector<int>& members)
{
    return serverBlocks(g, members);
}

std::size_t uniformSize(const std::vector<std::vector<int>>& groups)
{
    const std::size_t n = groups.empty() ? 0 : groups.front().size();
    for (const auto& gr : groups)
        if (gr.size() != n) throw std::invalid_argument("all groups of one collective must have the same size");
    return n;
}

Schedule hierarchical(const NetworkGraph& g, const std::vector<std::vector<int>>& groups, double bytes,
                      const SimulationOptions& o)
{
    Schedule s;
    s.algorithm = Algorithm::Hierarchical;
    std::vector<std::vector<int>> intra, inter;
    std::size_t m = 0, k = 0;
    for (const auto& gr : groups) {
        std::vector<std::vector<int>> blocks = byServer(g, gr);
        k = blocks.size();
        m = k > 0 ? blocks[0].size() : 0;
        for (std::size_t j = 0; j < m; ++j) {
            std::vector<int> rail;
            rail.reserve(k);
            for (const auto& b : blocks) rail.push_back(b[j]);
            inter.push_back(std::move(rail));
        }
        for (auto& b : blocks) intra.push_back(std::move(b));
    }
    const double perK = bytes / (static_cast<double>(m) * static_cast<double>(k));
    const int chunks = static_cast<int>(std::clamp(std::round(perK / o.chunkBytes), 1.0,
                                                   static_cast<double>(std::max(1, o.maxPipelineChunks))));
    const double chunk = bytes / chunks;
    s.pipelineChunks = chunks;
    s.phases.push_back(ringStep(g, intra, 1, chunk / static_cast<double>(m), "intra-node reduce-scatter step",
                                static_cast<int>(m) - 1));
    s.phases.push_back(ringStep(g, inter, 1, chunk / (static_cast<double>(m) * static_cast<double>(k)),
                                "inter-node all-reduce step (per rail)", 2 * (static_cast<int>(k) - 1)));
    addIntraAllGatherReusingPhase0(s, static_cast<int>(m));
    // NCCL's latency of the first chunk when priced (collective_schedule.hpp): the
    // reduce-scatter's and all-gather's 2(g-1) steps inside a server, the rail ring's 2(k-1)
    // steps between servers, each represented by the first hop of its ring.
    const int intraHops = 2 * (static_cast<int>(m) - 1), interHops = 2 * (static_cast<int>(k) - 1);
    if (intraHops > 0 && !s.phases[0].transfers.empty()) {
        addFillPhase(s, "hierarchical latency (intra-node ring steps)", s.phases[0].transfers.front(), intraHops);
        s.phases.back().latencyOnly = true;
    }
    if (interHops > 0 && !s.phases[1].transfers.empty()) {
        addFillPhase(s, "hierarchical latency (inter-node ring steps)", s.phases[1].transfers.front(), interHops);
        s.phases.back().latencyOnly = true;
    }
    s.note = "hierarchical all-reduce in " + std::to_string(chunks) +
             " pipeline chunks; the all-gather pattern equals the reduce-scatter one and reuses its time";
    return s;
}

} // namespace

std::uint64_t scheduleKey(std::uint64_t group, std::uint64_t channel, std::uint64_t index) noexcept
{
    return mix64((group << 40) ^ (channel << 20) ^ index);
}

std::vector<std::vector<int>> serverBlocks(const NetworkGraph& g, const std::vector<int>& members)
{
    std::vector<std::vector<int>> blocks;
    std::map<Id, std::size_t> where;
    for (int m : members) {
        auto [it, fresh] = where.emplace(g.gpus[m].server, blocks.size());
        if (fresh) blocks.emplace_back();
        blocks[it->second].push_back(m);
    }
    return blocks;
}

ScheduledPhase ringStep(const NetworkGraph& g, const Groups& groups, int channels, double bytesPerTransfer,
                        std::string label, int repeats)
{
    ScheduledPhase p;
    p.label = std::move(label);
    p.repeats = repeats;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        if (groups[gi].size() < 2) continue;
        for (int c = 0; c < channels; ++c) {
            const std::vector<int> order = ringOrder(g, groups[gi], c);
            for (std::size_t i = 0; i < order.size(); ++i)
                p.transfers.push_back({order[i], order[(i + 1) % order.size()], bytesPerTransfer, keyOf(gi, c, i), {}});
        }
    }
    return p;
}

int pipelineChunkCount(double bytes, int channels, double chunkBytes) noexcept
{
    const double piece = std::max(1, channels) * chunkBytes;
    if (!(piece > 0) || !(bytes > 0)) return 1;
    return static_cast<int>(std::clamp(std::ceil(bytes / piece), 1.0, 1e9));
}

void addFillPhase(Schedule& s, std::string label, Transfer transfer, int hops, int latencyHops)
{
    if (hops <= 0 && latencyHops <= 0) return;
    ScheduledPhase p;
    p.label = std::move(label);
    p.transfers.push_back(std::move(transfer));
    p.repeats = hops;
    p.stepsPerChunk = 0;
    p.latencyHops = latencyHops;
    s.phases.push_back(std::move(p));
}

void addIntraAllGatherReusingPhase0(Schedule& s, int ranksPerServer)
{
    ScheduledPhase ag;
    ag.label = "intra-node all-gather step";
    ag.repeats = ranksPerServer - 1;
    ag.sameAs = 0;
    s.phases.push_back(std::move(ag));
    s.stages = {{0, 2}, {1}};
}

int requireChannel(const NetworkGraph& g, int from, int to)
{
    const int c = g.channelBetween(from, to);
    if (c < 0) throw std::logic_error("simulation graph: no working channel between vertices " + std::to_string(from) +
                                      " and " + std::to_string(to));
    return c;
}

std::vector<int> ringOrder(const NetworkGraph& g, const std::vector<int>& members, int c)
{
    std::vector<int> order;
    order.reserve(members.size());
    for (const auto& block : byServer(g, members)) {
        const std::size_t n = block.size();
        // Ring c enters each server at its c-th rank. Where GPUs share NICs (fewer NICs than
        // GPUs) it enters at the first rank wired to NIC c instead, so the rings spread over
        // every NIC (NCCL's ring search gives each channel its own NIC): 4 rings over 8 GPUs on
        // 4 NICs enter at GPUs 0, 2, 4, 6 and leave from 7, 1, 3, 5, one in and one out per NIC;
        // rotating by c alone put two rings on NIC 0 and none on NICs 2 and 3.
        std::size_t start = static_cast<std::size_t>(c) % n;
        const ServerInfo& si = g.servers[static_cast<std::size_t>(g.serverIndex.at(g.gpus[static_cast<std::size_t>(block.front())].server))];
        const int nics = static_cast<int>(si.nicVertex.size());
        if (nics > 0 && nics < si.gpuCount) { // the server's GPUs share NICs (also for a partial block)
            for (std::size_t i = 0; i < n; ++i)
                if (g.gpus[static_cast<std::size_t>(block[i])].nicPort == c % nics) {
                    start = i;
                    break;
                }
        }
        for (std::size_t i = 0; i < n; ++i) order.push_back(block[(i + start) % n]);
    }
    return order;
}

int channelCount(const NetworkGraph& g, const std::vector<std::vector<int>>& groups, const SimulationOptions& o)
{
    if (o.channels > 0) return o.channels;
    for (const auto& gr : groups) {
        if (gr.size() < 2) continue;
        const auto blocks = byServer(g, gr);
        if (blocks.size() < 2) return 1;
        // One ring per NIC, but no more rings than a server has ranks of this group to start
        // them, and the same count on every server (NCCL keeps the fewest channels any node's
        // search found): 12 ranks as 8 + 4 run 4 rings, each through its own NIC on both
        // servers; 8 rings would put two on each of the 4 NICs of the second server.
        // Nor more than the NICs a server's ranks are wired to: 5 ranks of a server whose 8 GPUs
        // share 4 NICs reach NICs 0, 1 and 2 only, and a fourth ring put two on NIC 1 (all-gather
        // over 37 GPUs on 5 such servers, 1.44 x the analytical time, which counts 3 NICs).
        int rings = std::numeric_limits<int>::max();
        std::vector<char> wired;
        for (const auto& block : blocks) {
            const ServerInfo& si = g.servers[g.serverIndex.at(g.gpus[block.front()].server)];
            const int nics = static_cast<int>(si.nicVertex.size());
            wired.assign(static_cast<std::size_t>(std::max(0, nics)), 0);
            int reached = 0;
            for (const int gpu : block) {
                const GpuInfo& gi = g.gpus[static_cast<std::size_t>(gpu)];
                for (int p = gi.nicPort; p >= 0 && p < gi.nicPort + gi.nicPorts && p < nics; ++p)
                    if (!wired[static_cast<std::size_t>(p)]) {
                        wired[static_cast<std::size_t>(p)] = 1;
                        ++reached;
                    }
            }
            rings = std::min({rings, nics, static_cast<int>(block.size()), reached});
        }
        return std::max(1, rings);
    }
    return 1;
}

bool hierarchicalApplies(const NetworkGraph& g, const std::vector<std::vector<int>>& groups)
{
    for (const auto& gr : groups) {
        const auto blocks = byServer(g, gr);
        if (blocks.size() < 2) return false;
        for (const auto& b : blocks)
            if (b.size() != blocks.front().size()) return false;
    }
    return !groups.empty();
}

Schedule buildSchedule(const NetworkGraph& g, CollectiveOp op, Algorithm algorithm,
                       const std::vector<std::vector<int>>& groups, double bytes, const SimulationOptions& o)
{
    const int n = static_cast<int>(uniformSize(groups));
    Schedule s;
    s.algorithm = algorithm;
    if (n < 2) return s;
    const int channels = channelCount(g, groups, o);
    const double dn = n;
    if (algorithm == Algorithm::Hierarchical) {
        if (op != CollectiveOp::AllReduce)
            throw std::invalid_argument("the simulation engine models hierarchical only for all_reduce");
        if (!hierarchicalApplies(g, groups))
            throw std::invalid_argument("hierarchical all-reduce needs ranks spread evenly over at least two servers");
        return hierarchical(g, groups, bytes, o);
    }
    if (algorithm == Algorithm::Pairwise || algorithm == Algorithm::Direct) {
        if (op != CollectiveOp::AllToAll)
            throw std::invalid_argument(std::string("the simulation engine models ") + toString(algorithm) +
                                        " only for alltoall");
        return allToAllSchedule(groups, bytes, o, algorithm == Algorithm::Pairwise);
    }
    if (algorithm == Algorithm::Tree || algorithm == Algorithm::Nvls || algorithm == Algorithm::NvlsTree ||
        algorithm == Algorithm::CollNet) {
        const std::string why = algorithmWhyNot(g, op, algorithm, groups);
        if (!why.empty())
            throw std::invalid_argument(std::string("the simulation engine cannot run ") + toString(algorithm) + " for " +
                                        toString(op) + " on " + std::to_string(n) + " GPUs here: " + why);
        if (algorithm == Algorithm::Tree) return treeSchedule(g, groups, bytes, o);
        if (algorithm == Algorithm::Nvls) return nvlsSchedule(g, groups, bytes, o);
        if (algorithm == Algorithm::NvlsTree) return nvlsTreeSchedule(g, groups, bytes, o);
        return sharpSchedule(g, groups, bytes, o);
    }
    if (algorithm != Algorithm::Ring)
        throw std::invalid_argument(std::string("the simulation engine models the algorithms ring, hierarchical, tree, nvls, "
                                                "nvls_tree, sharp (all_reduce), direct and pairwise (alltoall), not \"") +
                                    toString(algorithm) + "\"");
    const std::string channelsText = std::to_string(channels) + " ring" + (channels > 1 ? "s" : "");
    switch (op) {
    case CollectiveOp::AllReduce:
        s.phases.push_back(ringStep(g, groups, channels, bytes / (channels * dn), "ring step", 2 * (n - 1)));
        s.phases.back().ringLength = n;
        s.note = channelsText + "; the 2(n-1) ring steps are identical: one simulated; each rank runs them pipelined after its predecessor";
        break;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
        s.phases.push_back(ringStep(g, groups, channels, bytes / (channels * dn), "ring step", n - 1));
        s.phases.back().ringLength = n;
        s.note = channelsText + "; the n-1 ring steps are identical: one simulated; each rank runs them pipelined after its predecessor";
        break;
    case CollectiveOp::Broadcast: {
        const int chunks = static_cast<int>(std::max(1.0, std::ceil(bytes / (channels * o.chunkBytes))));
        ScheduledPhase p;
        p.label = "pipelined broadcast step";
        p.repeats = 1;
        p.stepsPerChunk = 1;
        // The first chunk's hops along group 0's chain of ring 0, by kind: a hop inside a server
        // (NVLink/PCIe) and one between servers (NIC) take different times, so the fill is
        // their sum, not n-1 times the slowest step.
        int intraHops = 0, interHops = 0;
        Transfer intraHop, interHop;
        for (std::size_t gi = 0; gi < groups.size(); ++gi)
            for (int c = 0; c < channels; ++c) {
                std::vector<int> order = ringOrder(g, groups[gi], c);
                std::rotate(order.begin(), std::find(order.begin(), order.end(), groups[gi].front()), order.end());
                for (int i = 0; i + 1 < n; ++i) {
                    const Transfer t{order[i], order[i + 1], bytes / (channels * chunks), keyOf(gi, c, i), {}};
                    if (gi == 0 && c == 0) {
                        const bool same = g.gpus[static_cast<std::size_t>(t.src)].server ==
                                          g.gpus[static_cast<std::size_t>(t.dst)].server;
                        (same ? intraHops : interHops)++;
                        if (same && intraHops == 1) intraHop = t;
                        if (!same && interHops == 1) interHop = t;
                    }
                    p.transfers.push_back(t);
                }
            }
        s.phases.push_back(std::move(p));
        s.pipelineChunks = chunks;
        s.stages = {{0}};
        // T = (fill hops alone) + T_step + (P-1) D_step: the steady step stands for the last hop.
        // Priced with NCCL's cost model (protocol_plan.hpp), the fill stands for NCCL's broadcast
        // latency: n ring steps, k-1 of them between servers (nccl_cost.hpp ncclRingLatency). A
        // chain with no hop inside a server (one GPU per server) charges that one step as a
        // network hop.
        if (intraHops > 0)
            addFillPhase(s, "broadcast pipeline fill (intra-node hop)", intraHop, interHops > 0 ? intraHops : intraHops - 1,
                         n - interHops);
        addFillPhase(s, "broadcast pipeline fill (inter-node hop)", interHop, interHops - 1,
                     intraHops > 0 ? interHops : interHops + 1);
        s.note = channelsText + ", " + std::to_string(chunks) + " chunks; the chain step is simulated once, the first "
                 "chunk's " + std::to_string(n - 1) + " hops (" + std::to_string(intraHops) + " intra-node, " +
                 std::to_string(interHops) + " inter-node) fill the pipe, each further chunk adds one step's transfer time";
        break;
    }
    case CollectiveOp::AllToAll:
        return buildSchedule(g, op, Algorithm::Direct, groups, bytes, o);
    }
    return s;
}

} // namespace model::sim
