// Which all-reduce algorithms can run on a set of groups, with the analytical engine's rules
// (collective_tree.cpp, collective_nvls.cpp, collective_sharp.cpp) stated on the simulation
// graph, and the candidates `auto` simulates.
#include "model/analysis/calibration.hpp"
#include "model/simulation/schedule_algorithms.hpp"
#include "model/simulation/simulation.hpp"

namespace model::sim {

namespace {

const ServerInfo& serverOf(const NetworkGraph& g, int gpu)
{
    return g.servers[static_cast<std::size_t>(g.serverIndex.at(g.gpus[static_cast<std::size_t>(gpu)].server))];
}

/// Every server block must be an NVLS-capable NVSwitch domain with enough ranks.
std::string nvlsWhyNot(const NetworkGraph& g, const std::vector<std::vector<int>>& blocks)
{
    for (const auto& b : blocks) {
        const ServerInfo& si = serverOf(g, b.front());
        if (!si.nvls)
            return "NVLS needs an NVSwitch with in-switch reduction (NVLink SHARP: NVSwitch gen3 with Hopper, or "
                   "later) joining the GPUs; " + si.name + " (" + si.model + ") joins its GPUs with " + si.scaleUp;
        if (static_cast<int>(b.size()) < calibration::kNvlsMinGpus)
            return "NCCL does not use NVLS for 4 GPUs per server or fewer (" + std::to_string(b.size()) + " on " +
                   si.name + ")";
    }
    return {};
}

} // namespace

std::string algorithmWhyNot(const NetworkGraph& g, CollectiveOp op, Algorithm a, const Groups& groups)
{
    if (a != Algorithm::Tree && a != Algorithm::Nvls && a != Algorithm::NvlsTree && a != Algorithm::CollNet) return {};
    const std::string name = toString(a);
    if (op != CollectiveOp::AllReduce) return name + " is modelled for all_reduce only";
    if (groups.empty() || groups.front().size() < 2) return {};
    for (const auto& gr : groups) {
        const auto blocks = serverBlocks(g, gr);
        if (a == Algorithm::Tree && blocks.size() < 2)
            return "NCCL's tree needs ranks on at least 2 servers (inside one server it is a chain; ring or nvls run there)";
        if (a == Algorithm::Nvls) {
            if (blocks.size() > 1) return "NVLS reduces inside one NVSwitch domain; across servers use nvls_tree (or sharp)";
            const std::string why = nvlsWhyNot(g, blocks);
            if (!why.empty()) return why;
        }
        if (a == Algorithm::NvlsTree || a == Algorithm::CollNet) {
            if (!hierarchicalApplies(g, {gr}))
                return name + " needs the ranks spread evenly over at least 2 servers" +
                       (a == Algorithm::NvlsTree ? " (one server uses nvls)" : "");
            if (a == Algorithm::NvlsTree) {
                const std::string why = nvlsWhyNot(g, blocks);
                if (!why.empty()) return why;
            }
        }
    }
    return {};
}

std::vector<Algorithm> allReduceCandidates(const NetworkGraph& g, const Groups& groups, bool sharpEnabled)
{
    std::vector<Algorithm> c = {Algorithm::Ring};
    if (hierarchicalApplies(g, groups)) c.push_back(Algorithm::Hierarchical);
    for (Algorithm a : {Algorithm::Tree, Algorithm::Nvls, Algorithm::NvlsTree, Algorithm::CollNet}) {
        if (a == Algorithm::CollNet && !sharpEnabled) continue;
        if (algorithmWhyNot(g, CollectiveOp::AllReduce, a, groups).empty()) c.push_back(a);
    }
    return c;
}

} // namespace model::sim

namespace model {

bool simulatorRunsOp(Algorithm a, CollectiveOp op) noexcept
{
    switch (a) {
    case Algorithm::Auto: return true;
    case Algorithm::Ring: return op != CollectiveOp::AllToAll;
    case Algorithm::Hierarchical:
    case Algorithm::Tree:
    case Algorithm::Nvls:
    case Algorithm::NvlsTree:
    case Algorithm::CollNet: return op == CollectiveOp::AllReduce;
    case Algorithm::Direct:
    case Algorithm::Pairwise: return op == CollectiveOp::AllToAll;
    default: return false;
    }
}

} // namespace model
