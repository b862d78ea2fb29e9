// Valid server model choices for a drawn server (server_choices.hpp).
#include "model/catalog/server_choices.hpp"

namespace model {

namespace {
/// PCIe-only (cards in PCIe slots) against a GPU scale-up fabric (NVSwitch, NVLink bridges, a
/// direct mesh: SXM/OAM modules or bridged pairs).
bool pcieOnly(const ServerSpec& s) noexcept { return s.intraNode == IntraNodeFabric::PCIe; }
} // namespace

std::vector<const ServerSpec*> interchangeableServers(const Catalog& catalog, const ServerSpec& current)
{
    std::vector<const ServerSpec*> out;
    for (const ServerSpec& s : catalog.servers())
        if (s.id == current.id || (s.kind == current.kind && pcieOnly(s) == pcieOnly(current) && s.isAppliance() == current.isAppliance()))
            out.push_back(&s);
    return out;
}

} // namespace model
