#include "model/simulation/sim_routing.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace model::sim {

std::uint64_t mix64(std::uint64_t x) noexcept
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

Router::Router(const NetworkGraph& graph, RoutingPolicy policy)
    : g_(graph), policy_(policy), switchIndex_(graph.vertices.size(), -1)
{
    int k = 0;
    std::vector<int> vertexOf;
    for (std::size_t v = 0; v < graph.vertices.size(); ++v)
        if (graph.vertices[v].kind == VertexKind::Switch) {
            switchIndex_[v] = k++;
            vertexOf.push_back(static_cast<int>(v));
        }
    switchCount_ = k;
    vertexOfSwitch_ = vertexOf;
    // Links are full duplex and fail in both directions, so forward adjacency serves for BFS.
    adjStart_.assign(static_cast<std::size_t>(k) + 1, 0);
    for (int s = 0; s < k; ++s) {
        adjStart_[static_cast<std::size_t>(s)] = static_cast<int>(adj_.size());
        for (int c : graph.out[static_cast<std::size_t>(vertexOf[static_cast<std::size_t>(s)])]) {
            const Channel& ch = graph.channels[static_cast<std::size_t>(c)];
            if (ch.up && ch.capacity > 0 && switchIndex_[static_cast<std::size_t>(ch.to)] >= 0) {
                adj_.push_back(switchIndex_[static_cast<std::size_t>(ch.to)]);
                adjChannel_.push_back(c);
            }
        }
    }
    adjStart_[static_cast<std::size_t>(k)] = static_cast<int>(adj_.size());
    serverOf_.reserve(graph.gpus.size());
    for (const GpuInfo& gi : graph.gpus) serverOf_.push_back(graph.serverIndex.at(gi.server));
    downlink_.assign(graph.vertices.size(), -1);
    uplink_.assign(graph.vertices.size(), -1);
    toHub_.reserve(graph.gpus.size());
    fromHub_.reserve(graph.gpus.size());
    toPort_.reserve(graph.gpus.size());
    fromPort_.reserve(graph.gpus.size());
    for (const GpuInfo& gi : graph.gpus) {
        const int near = gi.pciePort >= 0 ? gi.pciePort : gi.vertex; // the hub's side of the GPU
        toHub_.push_back(gi.hub >= 0 ? graph.channelBetween(near, gi.hub) : -1);
        fromHub_.push_back(gi.hub >= 0 ? graph.channelBetween(gi.hub, near) : -1);
        toPort_.push_back(gi.pciePort >= 0 ? graph.channelBetween(gi.vertex, gi.pciePort) : -1);
        fromPort_.push_back(gi.pciePort >= 0 ? graph.channelBetween(gi.pciePort, gi.vertex) : -1);
    }
    for (std::size_t v = 0; v < graph.vertices.size(); ++v)
        if (graph.vertices[v].kind == VertexKind::Nic) uplink_[v] = findUplink(static_cast<int>(v));
    for (std::size_t v = 0; v < graph.vertices.size(); ++v) {
        if (graph.vertices[v].kind != VertexKind::Nic) continue;
        const int up = uplinkOf(static_cast<int>(v));
        if (up >= 0) downlink_[v] = graph.channelBetween(graph.channels[static_cast<std::size_t>(up)].to, static_cast<int>(v));
    }
    load_.assign(graph.channels.size(), 0);
    scratch_.assign(32, {});
    byNeighbour_.resize(adj_.size());
    for (int s = 0; s < k; ++s) {
        const auto b = static_cast<std::size_t>(adjStart_[static_cast<std::size_t>(s)]);
        const auto e = static_cast<std::size_t>(adjStart_[static_cast<std::size_t>(s) + 1]);
        for (std::size_t a = b; a < e; ++a) byNeighbour_[a] = {adj_[a], adjChannel_[a]};
        std::stable_sort(byNeighbour_.begin() + static_cast<std::ptrdiff_t>(b), byNeighbour_.begin() + static_cast<std::ptrdiff_t>(e),
                         [](const std::pair<int, int>& x, const std::pair<int, int>& y) { return x.first < y.first; });
    }
    stamp_.assign(static_cast<std::size_t>(switchCount_), 0);
    cost_.assign(static_cast<std::size_t>(switchCount_), 0);
    next_.assign(static_cast<std::size_t>(switchCount_), -1);
    // Each NIC's position for destination routing: its port's order on its leaf, and the leaf's
    // order among the switches that have NICs (the subnet manager numbers destinations so).
    nicSlot_.assign(graph.vertices.size(), 0);
    leafOrdinal_.assign(graph.vertices.size(), 0);
    std::vector<int> nicsOn(graph.vertices.size(), 0);
    int leaves = 0;
    for (std::size_t v = 0; v < graph.vertices.size(); ++v) {
        if (graph.vertices[v].kind != VertexKind::Nic) continue;
        const int up = uplinkOf(static_cast<int>(v));
        if (up < 0) continue;
        const auto leaf = static_cast<std::size_t>(graph.channels[static_cast<std::size_t>(up)].to);
        if (nicsOn[leaf] == 0) leafOrdinal_[leaf] = leaves++;
        nicSlot_[v] = nicsOn[leaf]++;
        maxNicsPerLeaf_ = std::max(maxNicsPerLeaf_, nicsOn[leaf]);
    }
}

const std::vector<int>& Router::distancesTo(int dstSwitch)
{
    auto it = dist_.find(dstSwitch);
    if (it != dist_.end()) return it->second;
    // Breadth-first over the switch adjacency (hop counts are what a BFS over the channels
    // finds: same reachable switches, same levels).
    std::vector<int> dist(static_cast<std::size_t>(switchCount_), -1);
    std::vector<int> queue;
    queue.reserve(static_cast<std::size_t>(switchCount_));
    const int source = switchIndex_[static_cast<std::size_t>(dstSwitch)];
    dist[static_cast<std::size_t>(source)] = 0;
    queue.push_back(source);
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int s = queue[head];
        const int next = dist[static_cast<std::size_t>(s)] + 1;
        for (int a = adjStart_[static_cast<std::size_t>(s)]; a < adjStart_[static_cast<std::size_t>(s) + 1]; ++a) {
            const int w = adj_[static_cast<std::size_t>(a)];
            if (dist[static_cast<std::size_t>(w)] >= 0) continue;
            dist[static_cast<std::size_t>(w)] = next;
            queue.push_back(w);
        }
    }
    return dist_.emplace(dstSwitch, std::move(dist)).first->second;
}

int Router::findUplink(int nicVertex) const noexcept
{
    for (int c : g_.out[nicVertex]) {
        const Channel& ch = g_.channels[c];
        if (ch.kind == ChannelKind::NicLink && ch.up && ch.capacity > 0) return c;
    }
    return -1;
}

int Router::uplinkOf(int nicVertex) const noexcept { return uplink_[static_cast<std::size_t>(nicVertex)]; }

bool Router::nicUsable(int nicVertex) const noexcept { return uplinkOf(nicVertex) >= 0; }

std::string Router::gpuName(int gpu) const
{
    const GpuInfo& gi = g_.gpus[gpu];
    return g_.servers[g_.serverIndex.at(gi.server)].name + " GPU " + std::to_string(gi.local);
}

void Router::appendLocal(std::vector<int>& path, int from, int to) const
{
    const auto f = static_cast<std::size_t>(from);
    const auto t = static_cast<std::size_t>(to);
    if (toPort_[f] >= 0) path.push_back(toPort_[f]); // the source's PCIe link (no NVLink)
    appendHubToPort(path, from, to);
    if (fromPort_[t] >= 0) path.push_back(fromPort_[t]); // the destination's PCIe link
}

void Router::appendHubToPort(std::vector<int>& path, int from, int to) const
{
    const GpuInfo& a = g_.gpus[static_cast<std::size_t>(from)];
    const GpuInfo& b = g_.gpus[static_cast<std::size_t>(to)];
    path.push_back(toHub_[static_cast<std::size_t>(from)]);
    if (a.hub != b.hub) path.push_back(g_.channelBetween(a.hub, b.hub)); // inter-socket link
    path.push_back(fromHub_[static_cast<std::size_t>(to)]);
}

void Router::appendToNic(std::vector<int>& path, int gpu, int port) const
{
    const GpuInfo& gi = g_.gpus[gpu];
    const ServerInfo& si = g_.servers[static_cast<std::size_t>(serverOf_[static_cast<std::size_t>(gpu)])];
    const int nic = si.nicVertex[static_cast<std::size_t>(port)];
    if (port >= gi.nicPort && port < gi.nicPort + gi.nicPorts) { // its own NIC (as gpuNicChannels)
        if (gi.pciePort >= 0) {
            path.push_back(toPort_[static_cast<std::size_t>(gpu)]);
            path.push_back(g_.channelBetween(gi.pciePort, nic));
        } else {
            path.push_back(g_.channelBetween(gi.vertex, nic));
        }
        return;
    }
    const int owner = si.nicOwner[static_cast<std::size_t>(port)];
    const GpuInfo& og = g_.gpus[static_cast<std::size_t>(owner)];
    if (gi.pciePort >= 0) {
        // No NVLink: the data leaves over the GPU's own PCIe link and crosses the root complex
        // to that NIC's slot, without entering the GPU wired to it.
        path.push_back(toPort_[static_cast<std::size_t>(gpu)]);
        appendHubToPort(path, gpu, owner);
        path.push_back(g_.channelBetween(og.pciePort, nic));
        return;
    }
    appendLocal(path, gpu, owner); // cross the hub to a GPU wired to that NIC (PXN)
    path.push_back(g_.channelBetween(og.vertex, nic));
}

void Router::appendFromNic(std::vector<int>& path, int port, int gpu) const
{
    const GpuInfo& gi = g_.gpus[gpu];
    const ServerInfo& si = g_.servers[static_cast<std::size_t>(serverOf_[static_cast<std::size_t>(gpu)])];
    const int nic = si.nicVertex[static_cast<std::size_t>(port)];
    if (port >= gi.nicPort && port < gi.nicPort + gi.nicPorts) { // its own NIC (as gpuNicChannels)
        if (gi.pciePort >= 0) {
            path.push_back(g_.channelBetween(nic, gi.pciePort));
            path.push_back(fromPort_[static_cast<std::size_t>(gpu)]);
        } else {
            path.push_back(g_.channelBetween(nic, gi.vertex));
        }
        return;
    }
    const int owner = si.nicOwner[static_cast<std::size_t>(port)];
    const GpuInfo& og = g_.gpus[static_cast<std::size_t>(owner)];
    if (gi.pciePort >= 0) { // no NVLink: from that NIC's slot across the root complex
        path.push_back(g_.channelBetween(nic, og.pciePort));
        appendHubToPort(path, owner, gpu);
        path.push_back(fromPort_[static_cast<std::size_t>(gpu)]);
        return;
    }
    path.push_back(g_.channelBetween(nic, og.vertex));
    appendLocal(path, owner, gpu);
}

std::vector<int> Router::route(int src, int dst, std::uint64_t key, bool* rerouted, int lane)
{
    std::vector<int> path;
    route(src, dst, key, path, rerouted, lane);
    return path;
}

void Router::route(int src, int dst, std::uint64_t key, std::vector<int>& path, bool* rerouted, int lane)
{
    path.clear();
    if (src == dst) return;
    const GpuInfo& s = g_.gpus[src];
    const GpuInfo& d = g_.gpus[dst];
    const ServerInfo& ss = g_.servers[static_cast<std::size_t>(serverOf_[static_cast<std::size_t>(src)])];
    const ServerInfo& ds = g_.servers[static_cast<std::size_t>(serverOf_[static_cast<std::size_t>(dst)])];
    if (s.server == d.server) {
        appendLocal(path, src, dst);
        return;
    }
    // A GPU whose own NIC has no link (or has failed) leaves through another: the usable NICs
    // taken in turn by the wanted port's index, as NCCL spreads its channels over the NICs it
    // finds, so 8 GPUs on 4 wired NICs use each of them twice (not all NIC 0, which made a
    // half-cabled DGX H100 pair 2.3 x slower than the analysis).
    auto firstUsable = [&](const ServerInfo& si, int wanted) {
        int count = 0;
        for (std::size_t p = 0; p < si.nicVertex.size(); ++p)
            if (nicUsable(si.nicVertex[p])) ++count;
        if (count == 0) return -1;
        int pick = std::max(0, wanted) % count;
        for (std::size_t p = 0; p < si.nicVertex.size(); ++p)
            if (nicUsable(si.nicVertex[p]) && pick-- == 0) return static_cast<int>(p);
        return -1;
    };
    auto usable = [&](const ServerInfo& si, int p) {
        return p >= 0 && p < static_cast<int>(si.nicVertex.size()) && nicUsable(si.nicVertex[p]);
    };
    bool moved = false;
    // The lane's own NIC on each side (a GPU with several NICs uses one per lane).
    const int sPort = s.nicPort < 0 ? s.nicPort : s.nicPort + std::max(0, lane) % std::max(1, s.nicPorts);
    int q = d.nicPort < 0 ? d.nicPort : d.nicPort + std::max(0, lane) % std::max(1, d.nicPorts);
    if (!usable(ds, q)) {
        q = firstUsable(ds, q);
        moved = true;
    }
    if (q < 0) throw std::invalid_argument("no working NIC reaches " + gpuName(dst));
    int p = -1;
    if (policy_ == RoutingPolicy::RailAware && ss.nvlink && usable(ss, q) && !relayAllowed(ss, q, src) &&
        usable(ss, sPort)) {
        p = sPort; // the GPU on the destination's rail is not in this communicator: no PXN relay
    } else if (policy_ == RoutingPolicy::RailAware && ss.nvlink) {
        p = usable(ss, q) ? q : (usable(ss, sPort) ? sPort : firstUsable(ss, sPort));
        moved = moved || p != q;
    } else {
        p = usable(ss, sPort) ? sPort : (usable(ss, q) ? q : firstUsable(ss, sPort));
        moved = moved || p != sPort;
    }
    if (p < 0) throw std::invalid_argument("no working NIC on the server of " + gpuName(src));

    appendToNic(path, src, p);
    const int srcNic = ss.nicVertex[p];
    const int dstNic = ds.nicVertex[q];
    const int up = uplinkOf(srcNic);
    int at = g_.channels[up].to;
    path.push_back(up);
    if (at != dstNic) {
        const int down = uplinkOf(dstNic);
        const int target = g_.channels[down].to; // the switch the destination NIC hangs on
        if (switchIndex_[at] < 0 || switchIndex_[target] < 0)
            throw std::invalid_argument("no switched path from " + gpuName(src) + " to " + gpuName(dst));
        const std::vector<int>& dist = distancesTo(target);
        if (dist[switchIndex_[at]] < 0)
            throw std::invalid_argument("the failures disconnect " + gpuName(src) + " from " + gpuName(dst));
        const auto sw0 = static_cast<std::size_t>(switchIndex_[static_cast<std::size_t>(at)]);
        std::vector<int>& first = candidates_;
        candidatesToward(sw0, target, dist, first);
        if (first.empty() && at != target) throw std::invalid_argument("no next hop from a switch towards " + gpuName(dst));
        if (at == target) {
            // Both NICs on one switch: nothing to choose.
        } else if (g_.channels[static_cast<std::size_t>(first.front())].control == FlowControl::Lossless) {
            // The destination's index as the subnet manager numbers it (OpenSM ftree / D-mod-K):
            // its port on its leaf, then its leaf (leaf x W + slot, W the leaf's down ports
            // rounded up to whole multiples of the first tier's up choices, so that the first
            // digit is the slot itself, also where the SUs are not full).
            const std::uint64_t n0 = first.size();
            const std::uint64_t width = n0 * ((static_cast<std::uint64_t>(maxNicsPerLeaf_) + n0 - 1) / n0);
            std::uint64_t digits = static_cast<std::uint64_t>(leafOrdinal_[static_cast<std::size_t>(target)]) * width +
                                   static_cast<std::uint64_t>(nicSlot_[static_cast<std::size_t>(dstNic)]);
            if (dist[sw0] == 2) {
                // Leaf -> spine -> leaf, the common case, without the general search: each
                // spine (in D-mod-K order from the slot) with its least loaded channel down to
                // the target; the pair whose busier channel carries the fewest flows.
                const std::uint64_t firstDigit = digits % n0, rest = digits / n0;
                const int t = switchIndex_[static_cast<std::size_t>(target)];
                int best = std::numeric_limits<int>::max(), bestUp = -1, bestDown = -1;
                for (std::uint64_t i = 0; i < n0; ++i) {
                    const int up = first[static_cast<std::size_t>((firstDigit + i) % n0)];
                    if (load_[static_cast<std::size_t>(up)] >= best) continue;
                    const auto spine = static_cast<std::size_t>(switchIndex_[static_cast<std::size_t>(g_.channels[static_cast<std::size_t>(up)].to)]);
                    const auto* lo = byNeighbour_.data() + adjStart_[spine];
                    const auto* hi = byNeighbour_.data() + adjStart_[spine + 1];
                    lo = std::lower_bound(lo, hi, t, [](const std::pair<int, int>& e, int v) { return e.first < v; });
                    const auto* end = lo;
                    while (end != hi && end->first == t) ++end;
                    const auto parallel = static_cast<std::uint64_t>(end - lo);
                    for (std::uint64_t j = 0; j < parallel; ++j) {
                        const int down = lo[(rest + j) % parallel].second;
                        const int cost = std::max(load_[static_cast<std::size_t>(up)], load_[static_cast<std::size_t>(down)]);
                        if (cost < best) {
                            best = cost;
                            bestUp = up;
                            bestDown = down;
                        }
                    }
                }
                if (bestUp < 0) throw std::invalid_argument("no next hop from a switch towards " + gpuName(dst));
                for (const int c : {bestUp, bestDown}) {
                    path.push_back(c);
                    ++load_[static_cast<std::size_t>(c)];
                }
                at = target;
            }
            const bool adaptive = at != target && (twoLevelAdaptive_ || dist[sw0] <= 2) && adaptiveAffordable(sw0, target, dist, digits);
            if (adaptive) {
                ++epoch_;
                leastLoaded(at, target, dist, digits, 0);
            }
            while (at != target) {
                const int pick = adaptive ? next_[static_cast<std::size_t>(switchIndex_[static_cast<std::size_t>(at)])]
                                          : staticChoice(at, target, dist, digits);
                path.push_back(pick);
                ++load_[static_cast<std::size_t>(pick)];
                at = g_.channels[static_cast<std::size_t>(pick)].to;
            }
        } else {
            // Ethernet hashes every flow (per-flow ECMP).
            std::vector<int>& candidates = candidates_;
            while (at != target) {
                candidates.clear();
                const int want = dist[static_cast<std::size_t>(switchIndex_[static_cast<std::size_t>(at)])] - 1;
                const auto sw = static_cast<std::size_t>(switchIndex_[static_cast<std::size_t>(at)]);
                for (int a = adjStart_[sw]; a < adjStart_[sw + 1]; ++a)
                    if (dist[static_cast<std::size_t>(adj_[static_cast<std::size_t>(a)])] == want)
                        candidates.push_back(adjChannel_[static_cast<std::size_t>(a)]);
                if (candidates.empty())
                    throw std::invalid_argument("no next hop from a switch towards " + gpuName(dst));
                const int pick = candidates[mix64(key ^ (static_cast<std::uint64_t>(at) << 32)) % candidates.size()];
                path.push_back(pick);
                at = g_.channels[pick].to;
            }
        }
        const int last = downlink_[static_cast<std::size_t>(dstNic)];
        path.push_back(last);
    }
    appendFromNic(path, q, dst);
    for (int c : path)
        if (c < 0) throw std::invalid_argument("internal routing gap from " + gpuName(src) + " to " + gpuName(dst));
    if (rerouted) *rerouted = moved;
}

double Router::latency(const std::vector<int>& path) const noexcept
{
    double t = 0;
    for (int c : path) t += g_.channels[c].latency;
    return t;
}

void Router::candidatesToward(std::size_t sw, int target, const std::vector<int>& dist, std::vector<int>& out) const
{
    out.clear();
    const int want = dist[sw] - 1;
    if (want == 0) {
        // One hop from the target: the channels to it, found by its index (a spine has many
        // neighbours and one of them is the target leaf).
        const int t = switchIndex_[static_cast<std::size_t>(target)];
        const auto* lo = byNeighbour_.data() + adjStart_[sw];
        const auto* hi = byNeighbour_.data() + adjStart_[sw + 1];
        const auto* it = std::lower_bound(lo, hi, t, [](const std::pair<int, int>& e, int v) { return e.first < v; });
        for (; it != hi && it->first == t; ++it) out.push_back(it->second);
        return;
    }
    for (int a = adjStart_[sw]; a < adjStart_[sw + 1]; ++a)
        if (dist[static_cast<std::size_t>(adj_[static_cast<std::size_t>(a)])] == want)
            out.push_back(adjChannel_[static_cast<std::size_t>(a)]);
}

int Router::staticChoice(int at, int target, const std::vector<int>& dist, std::uint64_t& digits)
{
    std::vector<int>& candidates = scratch_.front();
    candidatesToward(static_cast<std::size_t>(switchIndex_[static_cast<std::size_t>(at)]), target, dist, candidates);
    if (candidates.empty()) throw std::invalid_argument("no next hop from a switch towards its destination");
    const int pick = candidates[static_cast<std::size_t>(digits % candidates.size())];
    digits /= candidates.size();
    return pick;
}

bool Router::adaptiveAffordable(std::size_t sw, int target, const std::vector<int>& dist, std::uint64_t digits)
{
    if (dist[sw] <= 2) return true; // leaf -> spine -> leaf: one level of choice
    std::vector<int>& candidates = scratch_.front();
    candidatesToward(sw, target, dist, candidates);
    const std::size_t first = candidates.size();
    const int at = vertexOfSwitch_[sw];
    const int second = g_.channels[static_cast<std::size_t>(staticChoice(at, target, dist, digits))].to;
    candidatesToward(static_cast<std::size_t>(switchIndex_[static_cast<std::size_t>(second)]), target, dist, candidates);
    return first * candidates.size() <= kAdaptiveRoutingPaths;
}

int Router::leastLoaded(int at, int target, const std::vector<int>& dist, std::uint64_t digits, int depth)
{
    if (at == target) return 0;
    const auto sw = static_cast<std::size_t>(switchIndex_[static_cast<std::size_t>(at)]);
    if (stamp_[sw] == epoch_) return cost_[sw];
    if (depth >= static_cast<int>(scratch_.size()))
        throw std::invalid_argument("a switched path deeper than " + std::to_string(scratch_.size()) + " hops");
    std::vector<int>& candidates = scratch_[static_cast<std::size_t>(depth)];
    candidatesToward(sw, target, dist, candidates);
    const std::size_t n = candidates.size();
    int best = std::numeric_limits<int>::max(), bestChannel = -1;
    if (n > 0) {
        // Candidates in D-mod-K order from the destination's digit, so that on equal loads the
        // subnet manager's static choice stands.
        const std::uint64_t first = digits % n, rest = digits / n;
        for (std::size_t i = 0; i < n; ++i) {
            const int c = candidates[static_cast<std::size_t>((first + i) % n)];
            if (load_[static_cast<std::size_t>(c)] >= best) continue; // cannot do better than `best`
            const int onward = leastLoaded(g_.channels[static_cast<std::size_t>(c)].to, target, dist, rest, depth + 1);
            const int cost = std::max(load_[static_cast<std::size_t>(c)], onward);
            if (cost < best) {
                best = cost;
                bestChannel = c;
            }
        }
    }
    if (bestChannel < 0) throw std::invalid_argument("no next hop from a switch towards its destination");
    stamp_[sw] = epoch_;
    cost_[sw] = best;
    next_[sw] = bestChannel;
    return best;
}

void Router::resetLoad() noexcept { std::fill(load_.begin(), load_.end(), 0); }

void Router::setTwoLevelAdaptive(bool on) noexcept { twoLevelAdaptive_ = on; }

void Router::setCommunicators(const std::vector<std::vector<int>>& groups)
{
    commOf_.clear();
    if (groups.empty()) return;
    commOf_.assign(g_.gpus.size(), -1);
    for (std::size_t k = 0; k < groups.size(); ++k)
        for (int gpu : groups[k])
            if (gpu >= 0 && static_cast<std::size_t>(gpu) < commOf_.size()) commOf_[static_cast<std::size_t>(gpu)] = static_cast<int>(k);
}

bool Router::relayAllowed(const ServerInfo& si, int port, int src) const noexcept
{
    if (commOf_.empty() || port < 0 || static_cast<std::size_t>(port) >= si.nicOwner.size()) return true;
    const int owner = si.nicOwner[static_cast<std::size_t>(port)];
    if (owner == src || owner < 0 || static_cast<std::size_t>(owner) >= commOf_.size()) return true;
    const GpuInfo& s = g_.gpus[static_cast<std::size_t>(src)];
    if (port >= s.nicPort && port < s.nicPort + s.nicPorts) return true; // the source's own NIC
    const int mine = commOf_[static_cast<std::size_t>(src)];
    if (mine < 0) return true;
    // Any GPU wired to that NIC will do (a NIC shared by two GPUs lists only the first).
    for (int k = si.firstGpu; k < si.firstGpu + si.gpuCount; ++k) {
        const GpuInfo& gi = g_.gpus[static_cast<std::size_t>(k)];
        if (port >= gi.nicPort && port < gi.nicPort + gi.nicPorts && commOf_[static_cast<std::size_t>(k)] == mine) return true;
    }
    return false;
}

} // namespace model::sim
