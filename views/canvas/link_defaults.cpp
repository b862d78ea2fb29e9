#include "views/canvas/link_defaults.hpp"

#include <algorithm>
#include <set>

namespace views {

namespace {
struct EndInfo {
    std::optional<model::Bandwidth> speed;
    std::optional<model::NetProtocol> protocol;
    int ports = 0; ///< NICs of a server, ports of a switch (0 = unknown)
};

EndInfo describe(const model::Node& n, const model::Catalog& c)
{
    EndInfo e;
    if (n.kind == model::NodeKind::Switch) {
        if (const model::SwitchSpec* s = c.switchModel(n.model)) {
            e.speed = s->portSpeed;
            e.protocol = s->protocol;
            e.ports = s->ports;
        }
        return e;
    }
    const model::ServerSpec* s = c.server(n.model);
    const std::string nicId = !n.nicModel.empty() ? n.nicModel : (s ? s->computeNicId : std::string());
    if (const model::NicSpec* nic = c.nic(nicId)) {
        e.speed = nic->speed;
        e.protocol = nic->protocol;
    }
    e.ports = n.nicCount.value_or(s ? s->computeNicCount : 0);
    return e;
}

int nextFreePort(const model::Design& d, model::Id node, int ports)
{
    std::set<int> used;
    for (const model::Link* l : d.linksOf(node)) {
        if (l->a.node == node && l->a.port >= 0) used.insert(l->a.port);
        if (l->b.node == node && l->b.port >= 0) used.insert(l->b.port);
    }
    for (int p = 0; p < ports; ++p)
        if (!used.count(p)) return p;
    return -1; // every port taken or the count unknown: "any free port"
}
} // namespace

std::optional<model::Link> defaultLink(const model::Design& design, const model::Catalog& catalog, model::Id a,
                                       model::Id b)
{
    const model::Node* na = design.node(a);
    const model::Node* nb = design.node(b);
    if (!na || !nb || a == b) return std::nullopt;
    const EndInfo ea = describe(*na, catalog), eb = describe(*nb, catalog);

    model::Link l;
    l.a = {a, nextFreePort(design, a, ea.ports)};
    l.b = {b, nextFreePort(design, b, eb.ports)};
    // The switch decides the wire protocol; between two servers, their NICs do.
    std::optional<model::NetProtocol> proto = nb->kind == model::NodeKind::Switch ? eb.protocol : ea.protocol;
    if (na->kind == model::NodeKind::Switch) proto = ea.protocol;
    if (!proto) proto = ea.protocol ? ea.protocol : eb.protocol;
    l.medium = proto && *proto == model::NetProtocol::InfiniBand ? model::LinkMedium::InfiniBand
                                                                 : model::LinkMedium::Ethernet;
    if (!proto) l.medium = model::LinkMedium::InfiniBand;
    if (ea.speed && eb.speed)
        l.laneSpeed = std::min(*ea.speed, *eb.speed);
    else if (ea.speed || eb.speed)
        l.laneSpeed = ea.speed ? *ea.speed : *eb.speed;
    l.lanes = 1;
    l.count = 1;
    return l;
}

model::Node defaultNode(const model::Design& design, const model::Catalog& catalog, model::NodeKind kind,
                        const std::string& catalogId, model::Point at)
{
    (void)catalog;
    model::Node n;
    n.kind = kind;
    n.model = catalogId;
    n.position = at;
    if (kind == model::NodeKind::Switch) n.tier = model::SwitchTier::Leaf;
    const std::string prefix = kind == model::NodeKind::Switch ? std::string("leaf") : catalogId;
    std::set<std::string> names;
    for (const auto& [id, other] : design.nodes()) names.insert(other.name);
    int i = 1;
    for (const auto& [id, other] : design.nodes())
        if (other.kind == kind && (kind == model::NodeKind::Switch || other.model == catalogId)) ++i;
    std::string name;
    do {
        name = prefix + "-" + (i < 10 ? "0" : "") + std::to_string(i);
        ++i;
    } while (names.count(name));
    n.name = name;
    return n;
}

} // namespace views
