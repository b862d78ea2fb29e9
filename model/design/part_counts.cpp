#include "model/design/part_counts.hpp"

namespace model {

std::string serverNoun(const std::string& kind, long long count)
{
    const std::string one = kind == "rack" ? "rack" : kind == "workstation" ? "workstation" : kind == "cloud_instance" ? "instance" : "server";
    return count == 1 ? one : one + "s";
}

PartCounts countParts(const Design& d, const Catalog& catalog) noexcept
{
    PartCounts c;
    std::string kind; // the kind the servers share so far; "-" once they differ
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind == NodeKind::Switch) {
            ++c.switches;
            continue;
        }
        const ServerSpec* s = catalog.server(n.model);
        if (s && s->isAppliance()) ++c.appliances;
        else {
            ++c.servers;
            const std::string k = s ? s->kind : std::string("node");
            kind = kind.empty() || kind == k ? k : "-";
        }
        if (s) c.gpus += s->gpuCount;
    }
    if (!kind.empty() && kind != "-") c.serverKind = kind;
    c.links = d.links().size();
    return c;
}

} // namespace model
