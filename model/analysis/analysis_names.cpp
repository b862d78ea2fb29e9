// Names of scopes and collectives as the JSON and the command line spell them.
#include "model/analysis/analysis.hpp"

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
    throw std::invalid_argument("unknown collective \"" + name +
                                "\"; expected one of all_reduce, all_gather, reduce_scatter, alltoall, broadcast");
}

} // namespace model
