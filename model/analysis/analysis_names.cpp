// Names of scopes, collectives, algorithms and protocols as the JSON and the command line spell
// them, and the nccl-tests bus-bandwidth factor (collective_types.hpp).
#include "model/analysis/analysis.hpp"

#include <algorithm>
#include <stdexcept>

namespace model {

const char* toString(Scope s) noexcept
{
    switch (s) {
    case Scope::Compute: return "compute";
    case Scope::Hbm: return "hbm";
    case Scope::IntraNode: return "intra_node";
    case Scope::NodeBoundary: return "node_boundary";
    case Scope::Fabric: return "fabric";
    case Scope::PipelineBubble: return "pipeline_bubble";
    case Scope::Latency: return "latency";
    case Scope::None: return "none";
    case Scope::Memory: return "memory";
    }
    return "?";
}

const char* toString(CollectiveOp op) noexcept
{
    switch (op) {
    case CollectiveOp::AllReduce: return "all_reduce";
    case CollectiveOp::AllGather: return "all_gather";
    case CollectiveOp::ReduceScatter: return "reduce_scatter";
    case CollectiveOp::AllToAll: return "alltoall";
    case CollectiveOp::Broadcast: return "broadcast";
    }
    return "?";
}

CollectiveOp parseCollectiveOp(const std::string& name)
{
    for (auto op : {CollectiveOp::AllReduce, CollectiveOp::AllGather, CollectiveOp::ReduceScatter, CollectiveOp::AllToAll,
                    CollectiveOp::Broadcast})
        if (name == toString(op)) return op;
    // nccl-tests names the binary alltoall_perf; the other ops' spelling reads all_to_all.
    if (name == "all_to_all") return CollectiveOp::AllToAll;
    throw std::invalid_argument("unknown collective \"" + name +
                                "\"; expected one of all_reduce, all_gather, reduce_scatter, alltoall (or all_to_all), broadcast");
}

const char* toString(Algorithm a) noexcept
{
    switch (a) {
    case Algorithm::Auto: return "auto";
    case Algorithm::Ring: return "ring";
    case Algorithm::Tree: return "tree";
    case Algorithm::Nvls: return "nvls";
    case Algorithm::NvlsTree: return "nvls_tree";
    case Algorithm::CollNet: return "sharp";
    case Algorithm::Hierarchical: return "hierarchical";
    case Algorithm::Pairwise: return "pairwise";
    case Algorithm::Direct: return "direct";
    case Algorithm::LocalCopy: return "local copy";
    case Algorithm::Step: return "step";
    case Algorithm::Incast: return "incast";
    }
    return "?";
}

const std::vector<std::string>& algorithmNames()
{
    static const std::vector<std::string> names = {"auto", "ring", "tree", "nvls", "nvls_tree", "sharp", "hierarchical",
                                                   "pairwise", "direct"};
    return names;
}

Algorithm parseAlgorithm(const std::string& name)
{
    if (name.empty() || name == "auto") return Algorithm::Auto;
    if (name == "collnet") return Algorithm::CollNet;
    for (Algorithm a : {Algorithm::Ring, Algorithm::Tree, Algorithm::Nvls, Algorithm::NvlsTree, Algorithm::CollNet,
                        Algorithm::Hierarchical, Algorithm::Pairwise, Algorithm::Direct})
        if (name == toString(a)) return a;
    std::string list;
    for (const auto& n : algorithmNames()) list += (list.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown algorithm \"" + name + "\"; expected one of " + list);
}

const char* toString(Protocol p) noexcept
{
    switch (p) {
    case Protocol::LL: return "LL";
    case Protocol::LL128: return "LL128";
    case Protocol::Simple: return "Simple";
    }
    return "?";
}

double busBandwidthFactor(CollectiveOp op, int n) noexcept
{
    const double nn = std::max(1, n);
    switch (op) {
    case CollectiveOp::AllReduce: return 2.0 * (nn - 1) / nn;
    case CollectiveOp::AllGather:
    case CollectiveOp::ReduceScatter:
    case CollectiveOp::AllToAll: return (nn - 1) / nn;
    case CollectiveOp::Broadcast: return 1.0;
    }
    return 1.0;
}

} // namespace model
