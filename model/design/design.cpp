#include "model/design/design.hpp"

#include "model/catalog/catalog.hpp"
#include "model/io/input_error.hpp"

#include <algorithm>
#include <stdexcept>

namespace model {

const char* toString(NodeKind k) noexcept { return k == NodeKind::Server ? "server" : "switch"; }

const char* toString(SwitchTier t) noexcept
{
    switch (t) {
    case SwitchTier::None: return "none";
    case SwitchTier::Leaf: return "leaf";
    case SwitchTier::Spine: return "spine";
    case SwitchTier::Core: return "core";
    }
    return "?";
}

const char* toString(LinkMedium m) noexcept
{
    switch (m) {
    case LinkMedium::InfiniBand: return "infiniband";
    case LinkMedium::Ethernet: return "ethernet";
    case LinkMedium::NVLink: return "nvlink";
    case LinkMedium::PCIe: return "pcie";
    }
    return "?";
}

Id Design::addNode(Node n)
{
    if (n.id == 0) n.id = nextId_;
    if (nodes_.count(n.id) || links_.count(n.id))
        throw std::invalid_argument("id " + std::to_string(n.id) + " is already used");
    if (n.id >= nextId_) nextId_ = n.id + 1;
    const Id id = n.id;
    nodes_.emplace(id, std::move(n));
    return id;
}

void Design::checkLink(const Link& l) const
{
    if (!nodes_.count(l.a.node) || !nodes_.count(l.b.node))
        throw std::invalid_argument("a link must join two existing nodes");
    if (l.a.node == l.b.node) throw std::invalid_argument("a link cannot join a node to itself");
    if (l.count < 1 || l.lanes < 1) throw std::invalid_argument("a link needs count >= 1 and lanes >= 1");
}

Id Design::addLink(Link l)
{
    checkLink(l);
    if (l.id == 0) l.id = nextId_;
    if (nodes_.count(l.id) || links_.count(l.id))
        throw std::invalid_argument("id " + std::to_string(l.id) + " is already used");
    if (l.id >= nextId_) nextId_ = l.id + 1;
    const Id id = l.id;
    const Link* stored = &links_.emplace(id, std::move(l)).first->second;
    attach(stored);
    return id;
}

void Design::attach(const Link* l)
{
    // Keep each node's list in link-id order: new ids are the largest, so this appends.
    for (Id end : {l->a.node, l->b.node}) {
        std::vector<const Link*>& v = adjacency_[end];
        const auto at = std::upper_bound(v.begin(), v.end(), l->id, [](Id id, const Link* x) { return id < x->id; });
        v.insert(at, l);
    }
}

void Design::detach(const Link* l)
{
    for (Id end : {l->a.node, l->b.node}) {
        auto it = adjacency_.find(end);
        if (it == adjacency_.end()) continue;
        std::vector<const Link*>& v = it->second;
        v.erase(std::remove(v.begin(), v.end(), l), v.end());
        if (v.empty()) adjacency_.erase(it);
    }
}

Design::Design(const Design& o) : name(o.name), analysis(o.analysis), nodes_(o.nodes_), links_(o.links_), nextId_(o.nextId_)
{
    for (const auto& [id, l] : links_) attach(&l);
}

Design& Design::operator=(const Design& o)
{
    if (this != &o) *this = Design(o);
    return *this;
}

std::vector<Link> Design::removeNode(Id id)
{
    if (!nodes_.count(id)) throw std::invalid_argument("no node with id " + std::to_string(id));
    std::vector<Link> removed;
    for (const Link* l : linksOf(id)) removed.push_back(*l);
    for (const Link& l : removed) removeLink(l.id);
    nodes_.erase(id);
    return removed;
}

void Design::removeLink(Id id)
{
    auto it = links_.find(id);
    if (it == links_.end()) throw std::invalid_argument("no link with id " + std::to_string(id));
    detach(&it->second);
    links_.erase(it);
}

void Design::moveNode(Id id, Point to)
{
    auto it = nodes_.find(id);
    if (it == nodes_.end()) throw std::invalid_argument("no node with id " + std::to_string(id));
    it->second.position = to;
}

void Design::updateNode(const Node& n)
{
    auto it = nodes_.find(n.id);
    if (it == nodes_.end()) throw std::invalid_argument("no node with id " + std::to_string(n.id));
    it->second = n;
}

void Design::updateLink(const Link& l)
{
    auto it = links_.find(l.id);
    if (it == links_.end()) throw std::invalid_argument("no link with id " + std::to_string(l.id));
    checkLink(l); // before any change: a refused update leaves the link as it was
    if (!(l.a == it->second.a && l.b == it->second.b)) {
        Link copy = l;
        removeLink(l.id);
        addLink(copy);
        return;
    }
    it->second = l;
}

const Node* Design::node(Id id) const noexcept
{
    auto it = nodes_.find(id);
    return it == nodes_.end() ? nullptr : &it->second;
}

const Link* Design::link(Id id) const noexcept
{
    auto it = links_.find(id);
    return it == links_.end() ? nullptr : &it->second;
}

std::vector<const Link*> Design::linksOf(Id id) const
{
    const auto it = adjacency_.find(id);
    return it == adjacency_.end() ? std::vector<const Link*>() : it->second;
}

std::span<const Link* const> Design::linksAt(Id id) const noexcept
{
    const auto it = adjacency_.find(id);
    return it == adjacency_.end() ? std::span<const Link* const>() : std::span<const Link* const>(it->second);
}

int Design::gpuCount(const Catalog& catalog) const
{
    int total = 0;
    for (const auto& [id, n] : nodes_)
        if (n.kind == NodeKind::Server)
            if (const ServerSpec* s = catalog.server(n.model)) total += s->gpuCount;
    return total;
}

void Design::validateAgainst(const Catalog& catalog, const std::string& file) const
{
    for (const auto& [id, n] : nodes_) {
        const std::string entry = n.name.empty() ? "node " + std::to_string(id) : n.name;
        if (n.kind == NodeKind::Server) {
            if (!catalog.server(n.model))
                throw InputError(file, entry, "model",
                                 "expected the id of a server in the catalog, got \"" + n.model + "\"");
            if (!n.nicModel.empty() && !catalog.nic(n.nicModel))
                throw InputError(file, entry, "nic_model",
                                 "expected the id of a NIC in the catalog, got \"" + n.nicModel + "\"");
        } else if (!catalog.switchModel(n.model)) {
            throw InputError(file, entry, "model",
                             "expected the id of a switch in the catalog, got \"" + n.model + "\"");
        }
    }
}

} // namespace model
