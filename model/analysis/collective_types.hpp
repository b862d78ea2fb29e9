#pragma once
/// @file collective_types.hpp
/// The vocabulary both engines share for one collective: the nccl-tests operation, the
/// algorithm and the NCCL protocol, as enums; their names exist only for the JSON, command
/// line and display edges (toString / parse*). Also the nccl-tests bus-bandwidth factor, the
/// one place either engine turns algbw into busbw.

#include <string>
#include <vector>

namespace model {

/// nccl-tests collective names.
enum class CollectiveOp { AllReduce, AllGather, ReduceScatter, AllToAll, Broadcast };

/// "all_reduce", "all_gather", "reduce_scatter", "alltoall", "broadcast".
[[nodiscard]] const char* toString(CollectiveOp op) noexcept;
/// Parses an nccl-tests name. @throws std::invalid_argument listing the accepted names.
[[nodiscard]] CollectiveOp parseCollectiveOp(const std::string& name);

/// How a collective moves its data. NCCL's algorithms (engine_anchors.md a.2) plus the ones the
/// engines add: hierarchical (engine_formulas.md section 4), the two all-to-all patterns, and
/// the names results carry when they are not one collective algorithm.
enum class Algorithm {
    Auto,          ///< request only: the fastest the engine finds, as NCCL picks
    Ring,          ///< NCCL ring (every op)
    Tree,          ///< NCCL double binary tree (all-reduce across nodes)
    Nvls,          ///< NVLink SHARP inside one NVSwitch domain (all-reduce)
    NvlsTree,      ///< NVLS inside nodes, tree between them (all-reduce)
    CollNet,       ///< InfiniBand SHARP through NCCL CollNetDirect (all-reduce); named "sharp"
    Hierarchical,  ///< intra-node reduce-scatter, inter-node per rail, intra-node all-gather
    Pairwise,      ///< all-to-all as n-1 synchronized pairwise rounds (simulation only)
    Direct,        ///< all-to-all with every peer at once, as NCCL runs it (grouped send/recv)
    LocalCopy,     ///< result only: one rank, the buffer copied once in HBM
    Step,          ///< result only: the communication of a training step (simulation)
    Incast,        ///< result only: many senders to one receiver (simulation)
};

/// "auto", "ring", "tree", "nvls", "nvls_tree", "sharp", "hierarchical", "pairwise", "direct",
/// "local copy", "step", "incast".
[[nodiscard]] const char* toString(Algorithm a) noexcept;
/// Parses a --algo name: the names above that a request may ask for ("auto" and empty =
/// Auto; "collnet" = CollNet). @throws std::invalid_argument listing the accepted names.
[[nodiscard]] Algorithm parseAlgorithm(const std::string& name);
/// The names parseAlgorithm accepts, "auto" first (for help texts and menus).
[[nodiscard]] const std::vector<std::string>& algorithmNames();

/// NCCL protocols (engine_anchors.md a.2): LL (8-byte stores, 4 B data + 4 B flag), LL128
/// (128-byte lines, 120 B data), Simple (large chunks with fences).
enum class Protocol { LL = 0, LL128 = 1, Simple = 2 };

/// "LL", "LL128", "Simple" (NCCL's spelling).
[[nodiscard]] const char* toString(Protocol p) noexcept;

/// nccl-tests busbw factor for `op` on `n` ranks (engine_anchors.md a.1, nccl-tests
/// src/*.cu *GetBw): all_reduce 2(n-1)/n; all_gather, reduce_scatter and alltoall (n-1)/n;
/// broadcast 1. n <= 1 counts as one rank (0 for every op but broadcast).
[[nodiscard]] double busBandwidthFactor(CollectiveOp op, int n) noexcept;

} // namespace model
