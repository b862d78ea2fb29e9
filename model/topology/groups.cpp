// Collapsed groups of servers and their bundles (see groups.hpp).
#include "model/topology/groups.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace model::topology {

std::optional<NodeGroup> groupFromMembers(const Design& d, const Catalog& catalog, const std::string& name,
                                          const std::vector<Id>& members)
{
    if (members.size() < 2) return std::nullopt;
    NodeGroup g;
    g.name = name;
    g.members = members;
    const Node* first = d.node(members.front());
    if (!first) return std::nullopt;
    g.topLeft = g.bottomRight = first->position;
    bool same = true;
    for (Id id : members) {
        const Node* n = d.node(id);
        if (!n) return std::nullopt;
        g.topLeft = {std::min(g.topLeft.x, n->position.x), std::min(g.topLeft.y, n->position.y)};
        g.bottomRight = {std::max(g.bottomRight.x, n->position.x), std::max(g.bottomRight.y, n->position.y)};
        if (n->kind == NodeKind::Server)
            if (const ServerSpec* s = catalog.server(n->model)) g.gpus += s->gpuCount;
        same = same && n->model == first->model;
    }
    std::string what = "mixed";
    if (same) {
        const ServerSpec* s = first->kind == NodeKind::Server ? catalog.server(first->model) : nullptr;
        const SwitchSpec* w = first->kind == NodeKind::Switch ? catalog.switchModel(first->model) : nullptr;
        what = s ? s->name : w ? w->name : first->model;
    }
    g.label = what + " x" + std::to_string(g.members.size());
    return g;
}

std::vector<NodeGroup> groupsOf(const Design& d, const Catalog& catalog)
{
    std::map<std::string, std::vector<Id>> byName; // members in id order (nodes() is ordered)
    for (const auto& [id, n] : d.nodes())
        if (!n.group.empty()) byName[n.group].push_back(id);
    std::vector<NodeGroup> out;
    for (const auto& [name, members] : byName)
        if (auto g = groupFromMembers(d, catalog, name, members)) out.push_back(std::move(*g));
    return out;
}

std::vector<GroupBundle> bundlesOf(const Design& d, const NodeGroup& g)
{
    const std::set<Id> inside(g.members.begin(), g.members.end());
    std::map<Id, GroupBundle> byOutside;
    std::set<Id> seen;
    for (Id m : g.members)
        for (const Link* l : d.linksOf(m)) {
            if (!seen.insert(l->id).second) continue;
            const bool aIn = inside.count(l->a.node) > 0, bIn = inside.count(l->b.node) > 0;
            if (aIn && bIn) continue;
            const Id other = aIn ? l->b.node : l->a.node;
            GroupBundle& b = byOutside[other];
            b.group = g.name;
            b.outside = other;
            b.links.push_back(l->id);
            b.cables += l->count;
        }
    std::vector<GroupBundle> out;
    for (auto& [id, b] : byOutside) {
        std::sort(b.links.begin(), b.links.end());
        out.push_back(std::move(b));
    }
    return out;
}

} // namespace model::topology
