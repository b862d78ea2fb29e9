#include "model/simulation/failure_check.hpp"

#include "model/io/input_error.hpp"

#include <algorithm>
#include <cstdio>

namespace model::sim {

namespace {

std::string gbps(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

[[noreturn]] void reject(const Failure& f, const std::string& problem)
{
    throw InputError("<command line>", "--fail", failureSpec(f), problem);
}

/// The GPU server spec of node `n`, or null for switches, appliances and unknown models.
const ServerSpec* gpuServer(const Node& n, const Catalog& catalog)
{
    if (n.kind != NodeKind::Server) return nullptr;
    const ServerSpec* s = catalog.server(n.model);
    return s && !s->isAppliance() ? s : nullptr;
}

int nicPorts(const Node& n, const ServerSpec& s) { return n.nicCount.value_or(s.computeNicCount); }

} // namespace

std::string failureSpec(const Failure& f)
{
    switch (f.kind) {
    case Failure::Kind::LinkDown: return "link:" + std::to_string(f.link);
    case Failure::Kind::SwitchDown: return "switch:" + std::to_string(f.node);
    case Failure::Kind::PlaneDown: return "plane:" + std::to_string(f.port);
    case Failure::Kind::NicDegraded:
        return "nic:" + std::to_string(f.node) + ":" + std::to_string(f.port) + ":" + gbps(f.speed.inGbps());
    }
    return "?";
}

void checkFailures(const Design& design, const Catalog& catalog, const std::vector<Failure>& failures)
{
    for (const Failure& f : failures) {
        switch (f.kind) {
        case Failure::Kind::LinkDown:
            if (!design.link(f.link))
                reject(f, "expected the id of a link of the design, got " + std::to_string(f.link));
            break;
        case Failure::Kind::SwitchDown: {
            const Node* n = design.node(f.node);
            if (!n || n->kind != NodeKind::Switch)
                reject(f, "expected the id of a switch of the design, got " + std::to_string(f.node) +
                              (n ? " (" + n->name + " is not a switch)" : std::string()));
            break;
        }
        case Failure::Kind::PlaneDown: {
            int most = 0;
            for (const auto& [id, n] : design.nodes())
                if (const ServerSpec* s = gpuServer(n, catalog)) most = std::max(most, nicPorts(n, *s));
            if (f.port < 0 || f.port >= most)
                reject(f, most == 0 ? std::string("expected a design with GPU servers that have NICs")
                                    : "expected a NIC port (rail) 0-" + std::to_string(most - 1) +
                                          " of the design's servers, got " + std::to_string(f.port));
            break;
        }
        case Failure::Kind::NicDegraded: {
            const Node* n = design.node(f.node);
            const ServerSpec* s = n ? gpuServer(*n, catalog) : nullptr;
            if (!s) reject(f, "expected the id of a GPU server of the design, got " + std::to_string(f.node));
            const int ports = nicPorts(*n, *s);
            if (f.port < 0 || f.port >= ports)
                reject(f, "expected a NIC port of " + n->name + " (0-" + std::to_string(ports - 1) + "), got " +
                              std::to_string(f.port));
            if (!(f.speed.inBytesPerSecond() > 0)) reject(f, "expected a degraded speed above 0 Gb/s");
            const std::string nicId = n->nicModel.empty() ? s->computeNicId : n->nicModel;
            if (const NicSpec* nic = catalog.nic(nicId); nic && f.speed.inBytesPerSecond() > nic->speed.inBytesPerSecond() * (1 + 1e-9))
                reject(f, "expected a speed at most the port's line rate, " + gbps(nic->speed.inGbps()) + " Gb/s (" +
                              nic->id + "), got " + gbps(f.speed.inGbps()) + " Gb/s");
            break;
        }
        }
    }
}

} // namespace model::sim
