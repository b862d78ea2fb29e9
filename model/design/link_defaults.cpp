// Default links and nodes (see link_defaults.hpp).
#include "model/design/link_defaults.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <vector>
#include <utility>

namespace model {

namespace {
std::optional<Bandwidth> known(Bandwidth b) noexcept
{
    return b.inGbps() > 0 ? std::optional<Bandwidth>(b) : std::nullopt;
}
} // namespace

PortOffer offerOf(const SwitchSpec& s) noexcept
{
    return {known(s.portSpeed), s.protocol, std::max(0, s.ports)};
}

PortOffer offerOf(const NicSpec& nic, int count) noexcept
{
    return {known(nic.speed), nic.protocol, std::max(0, count)};
}

PortOffer offerOf(const Node& n, const Catalog& c)
{
    if (n.kind == NodeKind::Switch) {
        const SwitchSpec* s = c.switchModel(n.model);
        return s ? offerOf(*s) : PortOffer{};
    }
    const ServerSpec* s = c.server(n.model);
    const int count = n.nicCount.value_or(s ? s->computeNicCount : 0);
    const std::string nicId = !n.nicModel.empty() ? n.nicModel : (s ? s->computeNicId : std::string());
    if (const NicSpec* nic = c.nic(nicId)) return offerOf(*nic, count);
    PortOffer none;
    none.ports = std::max(0, count);
    return none;
}

LinkMedium mediumFor(NetProtocol p) noexcept
{
    return p == NetProtocol::InfiniBand ? LinkMedium::InfiniBand : LinkMedium::Ethernet;
}

std::optional<NetProtocol> wireProtocol(NodeKind aKind, const PortOffer& a, NodeKind bKind, const PortOffer& b) noexcept
{
    if (aKind == NodeKind::Switch) return a.protocol ? a.protocol : b.protocol;
    if (bKind == NodeKind::Switch) return b.protocol ? b.protocol : a.protocol;
    return a.protocol ? a.protocol : b.protocol;
}

std::optional<Bandwidth> commonSpeed(const PortOffer& a, const PortOffer& b) noexcept
{
    if (a.speed && b.speed) return std::min(*a.speed, *b.speed);
    return a.speed ? a.speed : b.speed;
}

int nextFreePort(const Design& d, Id node, int ports)
{
    std::set<int> used;
    for (const Link* l : d.linksOf(node)) {
        if (l->a.node == node && l->a.port >= 0) used.insert(l->a.port);
        if (l->b.node == node && l->b.port >= 0) used.insert(l->b.port);
    }
    for (int p = 0; p < ports; ++p)
        if (!used.count(p)) return p;
    return -1;
}

int portRunFor(const Design& d, Id node, int current, int ports, int width, Id except)
{
    if (current < 0) return current;
    width = std::max(1, width);
    std::vector<std::pair<int, int>> taken; // [first, end) of every other link's run at `node`
    for (const Link* l : d.linksOf(node)) {
        if (l->id == except) continue;
        for (const Endpoint* e : {&l->a, &l->b})
            if (e->node == node && e->port >= 0) taken.emplace_back(e->port, e->port + std::max(1, l->count));
    }
    const auto freeRun = [&](int first) {
        return std::none_of(taken.begin(), taken.end(), [&](const auto& t) { return first < t.second && t.first < first + width; });
    };
    if (freeRun(current)) return current;
    for (int p = 0; p + width <= ports; ++p)
        if (freeRun(p)) return p;
    return current;
}

std::optional<Link> defaultLink(const Design& d, const Catalog& catalog, Id a, Id b)
{
    const Node* na = d.node(a);
    const Node* nb = d.node(b);
    if (!na || !nb || a == b) return std::nullopt;
    const PortOffer ea = offerOf(*na, catalog), eb = offerOf(*nb, catalog);

    Link l;
    l.a = {a, nextFreePort(d, a, ea.ports)};
    l.b = {b, nextFreePort(d, b, eb.ports)};
    const std::optional<NetProtocol> proto = wireProtocol(na->kind, ea, nb->kind, eb);
    l.medium = proto ? mediumFor(*proto) : LinkMedium::InfiniBand;
    if (const auto speed = commonSpeed(ea, eb)) l.laneSpeed = *speed;
    l.lanes = 1;
    l.count = 1;
    return l;
}

std::string uniqueNodeName(const Design& d, NodeKind kind, const std::string& catalogId)
{
    const std::string prefix = (kind == NodeKind::Switch ? std::string("leaf") : catalogId) + "-";
    std::set<std::string> names;
    int next = 1, width = 2, highest = 0;
    for (const auto& [id, other] : d.nodes()) {
        names.insert(other.name);
        const bool same = other.kind == kind && (kind == NodeKind::Switch ? other.tier == SwitchTier::Leaf : other.model == catalogId);
        if (same) ++next;
        // "leaf-8 (rails 56-63)", "dgx-h100-07": the number after the prefix.
        if (other.name.rfind(prefix, 0) != 0) continue;
        std::size_t end = prefix.size();
        while (end < other.name.size() && std::isdigit(static_cast<unsigned char>(other.name[end]))) ++end;
        const std::size_t digits = end - prefix.size();
        if (digits == 0 || digits > 6 || (end < other.name.size() && std::isalnum(static_cast<unsigned char>(other.name[end])))) continue;
        const int number = std::stoi(other.name.substr(prefix.size(), digits));
        if (number >= highest) {
            highest = number;
            width = static_cast<int>(digits);
        }
    }
    if (highest > 0) next = highest + 1; // after the highest numbered, in its style ("leaf-9" after "leaf-8")
    std::string name;
    do {
        const std::string number = std::to_string(next);
        name = prefix + std::string(number.size() < static_cast<std::size_t>(width) ? width - number.size() : 0, '0') + number;
        ++next;
    } while (names.count(name));
    return name;
}

Node defaultNode(const Design& d, NodeKind kind, const std::string& catalogId, Point at)
{
    Node n;
    n.kind = kind;
    n.model = catalogId;
    n.position = at;
    if (kind == NodeKind::Switch) n.tier = SwitchTier::Leaf;
    n.name = uniqueNodeName(d, kind, catalogId);
    return n;
}

} // namespace model
