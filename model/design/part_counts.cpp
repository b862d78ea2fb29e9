#include "model/design/part_counts.hpp"

namespace model {

PartCounts countParts(const Design& d, const Catalog& catalog) noexcept
{
    PartCounts c;
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind == NodeKind::Switch) {
            ++c.switches;
            continue;
        }
        const ServerSpec* s = catalog.server(n.model);
        if (s && s->isAppliance()) ++c.appliances;
        else ++c.servers;
        if (s) c.gpus += s->gpuCount;
    }
    c.links = d.links().size();
    return c;
}

} // namespace model
