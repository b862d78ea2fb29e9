// Auto-layout in tiers (see tier_layout.hpp).
#include "model/topology/tier_layout.hpp"

#include "model/topology/layout.hpp"

#include <algorithm>
#include <deque>
#include <limits>
#include <vector>

namespace model::topology {

namespace {
constexpr int kServersPerRow = 32;

/// Row of every node: 0 servers, 1 leaves, 2 spines, 3 cores.
std::map<Id, int> rowsOf(const Design& d)
{
    std::map<Id, int> row;
    std::deque<Id> queue;
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind == NodeKind::Server) {
            row[id] = 0;
            queue.push_back(id);
        } else if (n.tier != SwitchTier::None) {
            row[id] = n.tier == SwitchTier::Leaf ? 1 : n.tier == SwitchTier::Spine ? 2 : 3;
        }
    }
    // Untiered switches: one row above the nearest server, breadth first over the links.
    std::map<Id, int> dist;
    for (Id s : queue) dist[s] = 0;
    while (!queue.empty()) {
        const Id at = queue.front();
        queue.pop_front();
        for (const Link* l : d.linksOf(at)) {
            const Id far = l->a.node == at ? l->b.node : l->a.node;
            if (dist.count(far)) continue;
            dist[far] = dist[at] + 1;
            queue.push_back(far);
        }
    }
    for (const auto& [id, n] : d.nodes())
        if (!row.count(id)) row[id] = dist.count(id) ? std::clamp(dist[id], 1, 3) : 1;
    return row;
}

/// Centres `n` switches near their wanted x (sorted), at least kSwitchMinPitch apart.
std::vector<double> packRow(const std::vector<double>& wanted)
{
    std::vector<double> xs = wanted;
    for (std::size_t i = 1; i < xs.size(); ++i) xs[i] = std::max(xs[i], xs[i - 1] + kSwitchMinPitch);
    // Shift the row left by half its overflow so it stays centred over what it serves.
    if (!xs.empty()) {
        double over = 0;
        for (std::size_t i = 0; i < xs.size(); ++i) over += xs[i] - wanted[i];
        const double shift = over / static_cast<double>(xs.size());
        for (double& x : xs) x -= shift;
    }
    return xs;
}
} // namespace

std::map<Id, Point> tierLayout(const Design& d)
{
    std::map<Id, Point> out;
    const std::map<Id, int> row = rowsOf(d);

    // Servers: blocks by group (else rack, else one block), rows of up to 32.
    std::map<std::string, std::vector<const Node*>> blocks;
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server) blocks[!n.group.empty() ? n.group : n.rack].push_back(&n);
    double x0 = 0, width = 0;
    for (auto& [key, members] : blocks) {
        std::stable_sort(members.begin(), members.end(), [](const Node* a, const Node* b) {
            return a->rack != b->rack ? a->rack < b->rack : a->position.x != b->position.x ? a->position.x < b->position.x : a->id < b->id;
        });
        const int cols = std::min<int>(kServersPerRow, static_cast<int>(members.size()));
        for (std::size_t i = 0; i < members.size(); ++i)
            out[members[i]->id] = {x0 + static_cast<double>(i % cols) * kServerPitch,
                                   kServerY + static_cast<double>(i / cols) * kServerRowPitch};
        width = x0 + (cols - 1) * kServerPitch;
        x0 += cols * kServerPitch + kSuGap;
    }

    // Switch rows bottom-up: each switch wants the mean x of its neighbours one row below.
    const double rowY[4] = {kServerY, kLeafY, kSpineY, kCoreY};
    for (int r = 1; r <= 3; ++r) {
        std::vector<std::pair<double, Id>> wanted;
        for (const auto& [id, n] : d.nodes()) {
            if (row.at(id) != r) continue;
            double sum = 0;
            int k = 0;
            for (const Link* l : d.linksOf(id)) {
                const Id far = l->a.node == id ? l->b.node : l->a.node;
                auto it = out.find(far);
                if (it == out.end() || row.at(far) >= r) continue;
                sum += it->second.x;
                ++k;
            }
            wanted.emplace_back(k > 0 ? sum / k : std::numeric_limits<double>::max(), id);
        }
        if (wanted.empty()) continue;
        std::stable_sort(wanted.begin(), wanted.end());
        // Unwired switches (no neighbour below) go after the others, spread to the right.
        double last = width;
        for (auto& [x, id] : wanted)
            if (x == std::numeric_limits<double>::max()) x = (last += kSwitchMinPitch);
            else last = std::max(last, x);
        std::vector<double> xs;
        if (r == 1) {
            for (const auto& w : wanted) xs.push_back(w.first);
            xs = packRow(xs);
        } else { // spines and cores spread over the whole width, in barycentre order
            const double span = std::max(width, (static_cast<double>(wanted.size()) - 1) * kSwitchMinPitch);
            const double pitch = wanted.size() > 1 ? std::max(kSwitchMinPitch, span / (wanted.size() - 1)) : 0.0;
            const double used = pitch * (static_cast<double>(wanted.size()) - 1);
            for (std::size_t i = 0; i < wanted.size(); ++i) xs.push_back((width - used) / 2 + pitch * static_cast<double>(i));
        }
        for (std::size_t i = 0; i < wanted.size(); ++i) out[wanted[i].second] = {xs[i], rowY[r]};
        for (double x : xs) width = std::max(width, x);
    }
    return out;
}

} // namespace model::topology
