// Network rule family: port budgets, link rates, RoCE losslessness, unconnected items.
#include "model/topology/rules.hpp"

#include "model/design/link_defaults.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_map>

namespace model::topology::rules {

namespace {
constexpr double kEps = 1e-6;

/// Line rate of a node's network port in Gb/s: its NIC for a server, its port for a switch.
/// 0 when unknown.
double portGbps(const Node& n, const Catalog& c)
{
    if (n.kind == NodeKind::Switch) {
        const SwitchSpec* s = c.switchModel(n.model);
        return s ? s->portSpeed.inGbps() : 0.0;
    }
    const NicSpec* nic = nicOf(n, c);
    return nic ? nic->speed.inGbps() : 0.0;
}

bool isInteger(double x) { return std::abs(x - std::round(x)) < kEps; }

std::string listNames(const Design& d, const std::vector<Id>& ids)
{
    std::string s;
    const std::size_t shown = std::min<std::size_t>(ids.size(), 5);
    for (std::size_t i = 0; i < shown; ++i) s += (i ? ", " : "") + label(*d.node(ids[i]));
    if (ids.size() > shown) s += " and " + std::to_string(ids.size() - shown) + " more";
    return s;
}

/// Links whose port ranges overlap: `used` holds (first port, one past the last, link id) per
/// link of one node (sorted here). `firstPort` is set to the first shared port, else left.
std::vector<Id> linksSharingPorts(std::vector<std::tuple<long long, long long, Id>>& used, long long& firstPort)
{
    std::sort(used.begin(), used.end());
    std::vector<Id> clash;
    for (std::size_t i = 1; i < used.size(); ++i)
        for (std::size_t j = i; j-- > 0;) {
            if (std::get<1>(used[j]) <= std::get<0>(used[i])) continue;
            if (std::get<2>(used[j]) == std::get<2>(used[i])) continue;
            if (clash.empty()) firstPort = std::get<0>(used[i]);
            for (Id l : {std::get<2>(used[j]), std::get<2>(used[i])})
                if (std::find(clash.begin(), clash.end(), l) == clash.end()) clash.push_back(l);
        }
    return clash;
}

} // namespace

void switchPortBudget(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Switch) continue;
        const SwitchSpec* s = c.switchModel(n.model);
        if (!s || s->ports <= 0 || s->portSpeed.inGbps() <= 0) continue;
        // A cable slower than the port uses a fraction of it (an 800G port split 2 x 400G).
        double used = 0;
        long long cables = 0;
        std::vector<Id> links;
        for (const Link* l : d.linksAt(id)) {
            if (!isNetwork(*l)) continue;
            // ... but never less than one split share (a QM9700 port runs at most 2 links).
            used += l->count * std::max(l->perCable().inGbps() / s->portSpeed.inGbps(), 1.0 / s->portSplitLimit());
            cables += l->count;
            links.push_back(l->id);
        }
        if (used <= s->ports + kEps) continue;
        out.push_back({"switch-port-budget", Severity::Error, {id}, links,
                       label(n) + ": its " + std::to_string(cables) + " cables need " + num(used) + " ports at " +
                           num(s->portSpeed.inGbps()) + " Gb/s, but a " + s->name + " has " + std::to_string(s->ports) +
                           ". Move links to another switch or add a switch.",
                       ""});
    }
}

void switchPortNumbers(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Switch) continue;
        const SwitchSpec* s = c.switchModel(n.model);
        // (first port, last port + 1, link) of every network link numbered at this switch.
        std::vector<std::tuple<long long, long long, Id>> used;
        std::vector<Id> beyond;
        long long highest = 0, lowestOfHighest = 0, logicalPorts = 0;
        for (const Link* l : d.linksAt(id)) {
            if (!isNetwork(*l)) continue;
            for (const Endpoint* e : {&l->a, &l->b}) {
                if (e->node != id || e->port < 0) continue; // "any port": nothing to check
                const long long first = e->port, end = first + std::max(1, l->count);
                used.emplace_back(first, end, l->id);
                // Ports at this link's rate: a 400G link on an 800G port takes half of one
                // (the generators number such split ports one per link).
                if (s && s->ports > 0 && s->portSpeed.inGbps() > 0 && l->perCable().inGbps() > 0) {
                    const long long perPort = s->linksPerPort(l->perCable().inGbps());
                    const long long ports = s->ports * perPort;
                    if (end > ports) {
                        beyond.push_back(l->id);
                        if (end - 1 >= highest) lowestOfHighest = first;
                        highest = std::max(highest, end - 1);
                        logicalPorts = ports;
                    }
                }
                if (l->a.node == l->b.node) break; // a loop back to the same switch: its ends are the same link
            }
        }
        // A bundle of cables takes a run of ports: "1 link uses ports 64 to 71" (it read "port 71").
        const std::string ports = beyond.size() == 1 && lowestOfHighest < highest
                                      ? " ports " + std::to_string(lowestOfHighest) + " to " + std::to_string(highest)
                                      : std::string(beyond.size() == 1 ? " port " : " ports up to ") + std::to_string(highest);
        if (!beyond.empty())
            out.push_back({"switch-port-range", Severity::Error, {id}, beyond,
                           label(n) + ": " + std::to_string(beyond.size()) + (beyond.size() == 1 ? " link uses" : " links use") +
                               ports + ", but a " + (s ? s->name : n.model) + " numbers its ports 0 to " +
                               std::to_string(logicalPorts - 1) + " at that rate. Renumber the link's port or move it to another switch.",
                           ""});
        long long clashPort = -1;
        const std::vector<Id> clash = linksSharingPorts(used, clashPort);
        if (!clash.empty())
            out.push_back({"switch-port-conflict", Severity::Error, {id}, clash,
                           label(n) + ": " + std::to_string(clash.size()) + " links share a port (port " + std::to_string(clashPort) +
                               " first): one cable per port. Give each link its own port.",
                           ""});
    }
}

void serverNicBudget(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Server) continue;
        const NicSpec* nic = nicOf(n, c);
        const int count = nicCountOf(n, c);
        double used = 0;
        long long cables = 0;
        std::vector<Id> links;
        for (const Link* l : d.linksAt(id)) {
            if (!isNetwork(*l)) continue;
            used += l->total().inGbps();
            cables += l->count;
            links.push_back(l->id);
        }
        if (links.empty()) continue;
        const double capacity = nic ? count * std::max(1, nic->ports) * nic->speed.inGbps() : 0.0;
        if (nic && used <= capacity + kEps) continue;
        out.push_back({"server-nic-budget", Severity::Error, {id}, links,
                       label(n) + ": " + std::to_string(cables) + " network cables carry " + num(used) + " Gb/s, but its " +
                           std::to_string(count) + " compute NIC" + (count == 1 ? "" : "s") +
                           (nic ? " (" + nic->name + ") give " + num(capacity) + " Gb/s" : " are unknown") +
                           ". Remove links or raise the NIC count.",
                       ""});
    }
}

void linkSpeedMismatch(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    // One finding per kind of mismatch (model pair and rate), listing every link it covers,
    // so a 2,000-node fabric with one wrong NIC model gives one line, not 16,000.
    struct Key {
        std::string a, b;
        double rate;
        bool operator<(const Key& o) const { return std::tie(a, b, rate) < std::tie(o.a, o.b, o.rate); }
    };
    std::map<Key, Finding> found;
    // Each node's port rate, looked up once (a 2,048-server fabric has 37,000 links).
    std::unordered_map<Id, std::pair<const Node*, double>> ends;
    ends.reserve(d.nodes().size());
    for (const auto& [id, n] : d.nodes()) ends.emplace(id, std::make_pair(&n, portGbps(n, c)));
    for (const auto& [id, l] : d.links()) {
        if (!isNetwork(l)) continue;
        const auto [pa, ra] = ends.at(l.a.node);
        const auto [pb, rb] = ends.at(l.b.node);
        if (ra <= 0 || rb <= 0) continue;
        const double cable = l.perCable().inGbps();
        const double lo = std::min(ra, rb), hi = std::max(ra, rb);
        if (cable <= lo + kEps && hi <= lo + kEps) continue; // both ends run the cable's rate
        const Node& na = *pa;
        const Node& nb = *pb;
        const Node& slow = ra <= rb ? na : nb;
        const Node& fast = ra <= rb ? nb : na;
        Finding f;
        f.rule = "link-speed-mismatch";
        if (cable > lo + kEps) {
            f.severity = Severity::Error;
            f.message = "links drawn at " + num(cable) + " Gb/s end at " + label(slow) + " (" + slow.model +
                        "), whose ports run at " + num(lo) + " Gb/s: a link runs no faster than its slower end.";
        } else if (hi > lo + kEps) {
            // A switch port split into whole links of the slower rate (800G -> 2 x 400G) is fine.
            if (fast.kind == NodeKind::Switch && isInteger(hi / cable)) continue;
            f.severity = Severity::Warning;
            f.message = label(fast) + " (" + fast.model + ") runs at " + num(hi) + " Gb/s but " + label(slow) + " (" +
                        slow.model + ") at " + num(lo) + " Gb/s: these links run at " + num(std::min(cable, lo)) +
                        " Gb/s and the faster end's extra rate is unused.";
        } else {
            continue;
        }
        Key k{na.model < nb.model ? na.model : nb.model, na.model < nb.model ? nb.model : na.model, cable};
        auto [it, fresh] = found.try_emplace(k, f);
        Finding& g = it->second;
        g.links.push_back(id);
        for (Id n : {l.a.node, l.b.node})
            if (std::find(g.nodes.begin(), g.nodes.end(), n) == g.nodes.end()) g.nodes.push_back(n);
    }
    for (auto& [k, f] : found) {
        if (f.links.size() > 1) f.message += " (" + std::to_string(f.links.size()) + " links)";
        out.push_back(std::move(f));
    }
}

namespace {
/// "InfiniBand", "Ethernet" or "AWS EFA".
std::string protocolName(NetProtocol p)
{
    switch (p) {
    case NetProtocol::InfiniBand: return "InfiniBand";
    case NetProtocol::Ethernet: return "Ethernet";
    case NetProtocol::EFA: return "AWS EFA";
    }
    return "?";
}

/// The protocols a NIC runs in words: "Ethernet", "InfiniBand or Ethernet".
std::string protocolsOf(const NicSpec& n)
{
    std::vector<NetProtocol> ps = n.supportedProtocols;
    if (std::find(ps.begin(), ps.end(), n.protocol) == ps.end()) ps.insert(ps.begin(), n.protocol);
    std::string s;
    for (std::size_t i = 0; i < ps.size(); ++i) s += (i ? " or " : "") + protocolName(ps[i]);
    return s;
}

/// The protocol a network medium carries: InfiniBand, else Ethernet.
std::string mediumName(LinkMedium m)
{
    switch (m) {
    case LinkMedium::InfiniBand: return "InfiniBand";
    case LinkMedium::Ethernet: return "Ethernet";
    case LinkMedium::NVLink: return "NVLink";
    case LinkMedium::PCIe: return "PCIe";
    }
    return "?";
}

/// True when a NIC runs a link of medium `m`: an InfiniBand link needs InfiniBand; an
/// Ethernet link carries Ethernet (RoCE) and AWS EFA (SRD over Ethernet, link_defaults.hpp).
bool nicRunsMedium(const NicSpec& n, LinkMedium m)
{
    if (m == LinkMedium::InfiniBand) return n.supports(NetProtocol::InfiniBand);
    return n.supports(NetProtocol::Ethernet) || n.supports(NetProtocol::EFA);
}

/// What node `n` runs, for a message: "qm9700, InfiniBand" or "NIC thor2-400g, Ethernet".
std::string runsOf(const Node& n, const Catalog& c)
{
    if (n.kind == NodeKind::Switch) {
        const SwitchSpec* s = c.switchModel(n.model);
        return s ? n.model + ", " + protocolName(s->protocol) : n.model;
    }
    const NicSpec* nic = nicOf(n, c);
    return nic ? "NIC " + nic->id + ", " + protocolsOf(*nic) : n.model;
}

/// A server's compute NIC, or nullptr when it has none (NIC count 0) or the catalog lacks it.
const NicSpec* computeNic(const Node& n, const Catalog& c)
{
    return n.kind == NodeKind::Server && nicCountOf(n, c) > 0 ? nicOf(n, c) : nullptr;
}
} // namespace

std::string listLinks(const Design& d, const std::vector<Id>& ids, Id from)
{
    const auto other = [&d, from](const Link& l) {
        const Endpoint& e = l.a.node == from ? l.b : l.a;
        const Node* n = d.node(e.node);
        return (n ? label(*n) : "node " + std::to_string(e.node)) + (e.port >= 0 ? " port " + std::to_string(e.port) : std::string());
    };
    std::string s = ids.size() == 1 ? "the link to " : "the links to ";
    const std::size_t shown = std::min<std::size_t>(ids.size(), 3);
    for (std::size_t i = 0; i < shown; ++i) {
        const Link* l = d.link(ids[i]);
        s += (i == 0 ? "" : i + 1 == shown && ids.size() == shown ? " and " : ", ") + (l ? other(*l) : "link " + std::to_string(ids[i]));
    }
    if (ids.size() > shown) s += " and " + std::to_string(ids.size() - shown) + " more";
    return s;
}

std::string linksPhrase(std::size_t count) { return count == 1 ? "the link" : "the " + std::to_string(count) + " links"; }

std::string serverAndNic(const Node& n, const Catalog& c)
{
    const NicSpec* nic = computeNic(n, c);
    return label(n) + " (" + n.model + (nic ? ", NIC " + nic->id + ", " + protocolsOf(*nic) : std::string(", no compute NIC")) + ")";
}

std::string scaleOutAdvice(const Node& a, const Node& b, const Catalog& c)
{
    const NicSpec* na = computeNic(a, c);
    const NicSpec* nb = computeNic(b, c);
    if (!na || !nb) {
        const std::string who = !na && !nb ? label(a) + " and " + label(b) : label(!na ? a : b);
        return "Give " + who + " a compute NIC (nic_model, nic_count) and draw the cable as InfiniBand or Ethernet, "
               "back to back or through a switch.";
    }
    for (LinkMedium m : {LinkMedium::InfiniBand, LinkMedium::Ethernet})
        if (nicRunsMedium(*na, m) && nicRunsMedium(*nb, m))
            return "Draw the cable as " + mediumName(m) + ", which both servers' NICs run, back to back or through a switch.";
    return "Their NICs share no protocol (" + label(a) + "'s " + na->id + " runs " + protocolsOf(*na) + ", " + label(b) + "'s " +
           nb->id + " runs " + protocolsOf(*nb) + "): give them NICs of one protocol (nic_model) and draw the cable in it.";
}

void protocolMismatch(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    // One finding per kind of mismatch (the end's model and NIC, the other end's, the medium),
    // listing every link it covers, as link-speed-mismatch does: a 2,000-server fabric with one
    // wrong NIC model gives one line. The message quotes the first link of the kind.
    struct Group {
        Finding finding;
        const Node* at = nullptr;    // the end that cannot run the link (first link of the kind)
        const Node* other = nullptr; // the other end of that link
        std::vector<Id> ats, others; // every end of each side, for "and N more"
    };
    const auto nicId = [&](const Node& n) {
        const NicSpec* nic = n.kind == NodeKind::Server ? nicOf(n, c) : nullptr;
        return nic ? nic->id : std::string();
    };
    std::map<std::tuple<std::string, std::string, std::string, std::string, int>, Group> found;
    const auto add = [&](const Node& at, const Node& other, const Link& l) {
        auto& g = found[{at.model, nicId(at), other.model, nicId(other), static_cast<int>(l.medium)}];
        if (!g.at) {
            g.finding = {"protocol-mismatch", Severity::Error, {}, {}, "", ""};
            g.at = &at;
            g.other = &other;
        }
        if (g.finding.links.empty() || g.finding.links.back() != l.id) g.finding.links.push_back(l.id); // both ends of one link
        for (Id n : {at.id, other.id})
            if (std::find(g.finding.nodes.begin(), g.finding.nodes.end(), n) == g.finding.nodes.end()) g.finding.nodes.push_back(n);
        if (std::find(g.ats.begin(), g.ats.end(), at.id) == g.ats.end()) g.ats.push_back(at.id);
        if (std::find(g.others.begin(), g.others.end(), other.id) == g.others.end()) g.others.push_back(other.id);
    };
    // PCIe between two servers: one finding per kind of server pair (both ends' model and NIC),
    // naming the first pair and link of the kind, and every link it covers.
    struct PciePair {
        Finding finding;
        const Node* a = nullptr; // the ends of the first link of the kind
        const Node* b = nullptr;
        std::vector<std::pair<Id, Id>> pairs; // every server pair, for "and N more pairs"
    };
    std::map<std::pair<std::pair<std::string, std::string>, std::pair<std::string, std::string>>, PciePair> pcie;
    for (const auto& [id, l] : d.links()) {
        if (l.medium == LinkMedium::NVLink) continue; // nvlinkRules
        const Node* ends[2] = {d.node(l.a.node), d.node(l.b.node)};
        if (l.medium == LinkMedium::PCIe && l.a.node != l.b.node && ends[0]->kind == NodeKind::Server &&
            ends[1]->kind == NodeKind::Server) {
            if (!c.server(ends[0]->model) || !c.server(ends[1]->model)) continue; // unknown-model says so
            const bool swap = std::make_pair(ends[1]->model, nicId(*ends[1])) < std::make_pair(ends[0]->model, nicId(*ends[0]));
            const Node& x = *ends[swap ? 1 : 0];
            const Node& y = *ends[swap ? 0 : 1];
            auto& g = pcie[{{x.model, nicId(x)}, {y.model, nicId(y)}}];
            if (!g.a) {
                g.finding = {"protocol-mismatch", Severity::Error, {}, {}, "", ""};
                g.a = &x;
                g.b = &y;
            }
            g.finding.links.push_back(id);
            for (Id n : {x.id, y.id})
                if (std::find(g.finding.nodes.begin(), g.finding.nodes.end(), n) == g.finding.nodes.end()) g.finding.nodes.push_back(n);
            const std::pair<Id, Id> pair{std::min(x.id, y.id), std::max(x.id, y.id)};
            if (std::find(g.pairs.begin(), g.pairs.end(), pair) == g.pairs.end()) g.pairs.push_back(pair);
            continue;
        }
        for (int k = 0; k < 2; ++k) {
            const Node& n = *ends[k];
            const Node& o = *ends[1 - k];
            if (n.kind == NodeKind::Switch) {
                const SwitchSpec* s = c.switchModel(n.model);
                if (s && !(isNetwork(l) && mediumFor(s->protocol) == l.medium)) add(n, o, l);
            } else if (isNetwork(l)) {
                const NicSpec* nic = nicOf(n, c);
                if (nic && !nicRunsMedium(*nic, l.medium)) add(n, o, l);
            }
            if (l.a.node == l.b.node) break; // a loop: one end
        }
    }
    for (auto& [key, g] : found) {
        Finding& f = g.finding;
        const Node& at = *g.at;
        const Node& o = *g.other;
        const bool many = f.links.size() > 1;
        const std::string links = linksPhrase(f.links.size());
        const std::string other = label(o) + " (" + runsOf(o, c) + ")" +
                                  (g.others.size() > 1 ? " and " + std::to_string(g.others.size() - 1) + " more" : "");
        const std::string medium = mediumName(static_cast<LinkMedium>(std::get<4>(key)));
        const std::string more = g.ats.size() > 1 ? " (and " + std::to_string(g.ats.size() - 1) + " more like it)" : "";
        if (at.kind == NodeKind::Switch) {
            const SwitchSpec& s = *c.switchModel(at.model);
            const std::string own = mediumName(mediumFor(s.protocol));
            f.message = label(at) + " (" + at.model + ")" + more + " runs " + protocolName(s.protocol) + ", but " + links + " from " + other +
                        (many ? " are" : " is") + " drawn as " + medium;
            if (medium == "PCIe")
                f.message += ", which runs only inside a server. Draw the cable as " + own + ".";
            else
                f.message += ": a switch runs one protocol on all its ports. Draw the cable as " + own + " or move it to an " +
                             medium + " switch.";
        } else {
            const NicSpec& nic = *nicOf(at, c);
            const bool toSwitch = o.kind == NodeKind::Switch;
            f.message = label(at) + more + ": its NIC " + nic.id + " runs " + protocolsOf(nic) + " and cannot run " + medium + ", which " +
                        links + " to " + other + (toSwitch ? (many ? " carry" : " carries") : (many ? " are drawn with" : " is drawn with")) +
                        ". Give the server a NIC that runs " + medium + " (nic_model)" +
                        (toSwitch ? " or wire it to a switch of its NIC's protocol." : " or draw the cable in the NICs' protocol.");
        }
        out.push_back(std::move(f));
    }
    for (auto& [key, g] : pcie) {
        Finding& f = g.finding;
        const bool many = f.links.size() > 1;
        const std::string more = g.pairs.size() > 1 ? " (and " + std::to_string(g.pairs.size() - 1) + " more pairs of servers like them)" : "";
        f.message = linksPhrase(f.links.size()) + " between " + serverAndNic(*g.a, c) + " and " + serverAndNic(*g.b, c) + more + (many ? " are" : " is") +
                    " drawn as PCIe, which runs only inside a server. " + scaleOutAdvice(*g.a, *g.b, c);
        out.push_back(std::move(f));
    }
}

void serverPortNumbers(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Server) continue;
        // A server's port is its compute NIC port index, the rail (design.hpp, Endpoint): 0 to
        // NIC count x ports per NIC - 1, as the analysis counts them (cluster_facts.cpp).
        const NicSpec* nic = nicOf(n, c);
        const int count = nicCountOf(n, c);
        const long long ports = nic ? static_cast<long long>(count) * std::max(1, nic->ports) : -1; // -1: unknown
        // (first port, last port + 1, link) of every network link numbered at this server.
        std::vector<std::tuple<long long, long long, Id>> used;
        std::vector<Id> beyond;
        long long highest = 0;
        for (const Link* l : d.linksAt(id)) {
            if (!isNetwork(*l)) continue;
            for (const Endpoint* e : {&l->a, &l->b}) {
                if (e->node != id || e->port < 0) continue; // "any free port": nothing to check
                const long long first = e->port, end = first + std::max(1, l->count);
                used.emplace_back(first, end, l->id);
                if (ports >= 0 && end > ports) {
                    if (std::find(beyond.begin(), beyond.end(), l->id) == beyond.end()) beyond.push_back(l->id);
                    highest = std::max(highest, end - 1);
                }
                if (l->a.node == l->b.node) break; // a loop back to the same server: its ends are the same link
            }
        }
        if (!beyond.empty()) {
            const bool many = beyond.size() > 1;
            const std::string has = ports == 0 ? "it has no compute NIC port (NIC count 0)"
                                               : "its " + std::to_string(ports) + " compute NIC port" + (ports == 1 ? "" : "s") + " (" +
                                                     std::to_string(count) + " x " + nic->id + ") are numbered 0 to " +
                                                     std::to_string(ports - 1);
            out.push_back({"server-port-range", Severity::Error, {id}, beyond,
                           label(n) + ": " + listLinks(d, beyond, id) + (many ? " use ports up to " : " uses port ") + std::to_string(highest) +
                               ", but " + has + ". Renumber the " + (many ? "links' ports" : "link's port") +
                               ", or raise nic_count if the server has more NICs.",
                           ""});
        }
        long long clashPort = -1;
        const std::vector<Id> clash = linksSharingPorts(used, clashPort);
        if (!clash.empty())
            out.push_back({"server-port-conflict", Severity::Error, {id}, clash,
                           label(n) + ": " + listLinks(d, clash, id) + " share a compute NIC port (port " + std::to_string(clashPort) +
                               " first): one cable per NIC port. Give each link its own port.",
                           ""});
    }
}

void roceWithoutPfc(const Design& d, const Catalog& c, std::vector<Finding>& out)
{
    // RDMA over Ethernet here means a server whose NIC is not AWS EFA (SRD recovers losses
    // itself) wired to an Ethernet switch. RoCEv2 assumes a lossless fabric: NVIDIA's RoCE
    // guidance configures PFC and ECN; without them an incast drops packets and the NIC's
    // go-back-N retransmission collapses throughput.
    bool rdma = false;
    for (const auto& [id, l] : d.links()) {
        if (l.medium != LinkMedium::Ethernet) continue;
        for (Id end : {l.a.node, l.b.node}) {
            const Node& n = *d.node(end);
            if (n.kind != NodeKind::Server) continue;
            const NicSpec* nic = nicOf(n, c);
            if (nic && nic->protocol != NetProtocol::EFA) rdma = true;
        }
    }
    if (!rdma) return;
    Finding f{"roce-without-pfc", Severity::Warning, {}, {}, "", ""};
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind != NodeKind::Switch) continue;
        const SwitchSpec* s = c.switchModel(n.model);
        if (!s || s->protocol != NetProtocol::Ethernet) continue;
        if (n.pfcEcn && s->lossless != LosslessMode::None) continue;
        if (d.linksAt(id).empty()) continue;
        f.nodes.push_back(id);
    }
    if (f.nodes.empty()) return;
    f.message = "RDMA over Converged Ethernet (RoCEv2) runs through " + listNames(d, f.nodes) +
                " without PFC/ECN: under incast the switch drops packets and RoCE's go-back-N recovery "
                "collapses throughput. Turn PFC and ECN on (lossless) for the RDMA traffic class.";
    out.push_back(std::move(f));
}

void unconnected(const Design& d, const Catalog&, std::vector<Finding>& out)
{
    if (d.nodes().size() < 2) return; // a lone server or workstation needs no link
    Finding f{"unconnected", Severity::Warning, {}, {}, "", ""};
    for (const auto& [id, n] : d.nodes())
        if (d.linksAt(id).empty()) f.nodes.push_back(id);
    if (f.nodes.empty()) return;
    f.message = std::to_string(f.nodes.size()) + " item" + (f.nodes.size() == 1 ? " has" : "s have") +
                " no link: " + listNames(d, f.nodes) + ". They take no part in any collective.";
    out.push_back(std::move(f));
}

} // namespace model::topology::rules
