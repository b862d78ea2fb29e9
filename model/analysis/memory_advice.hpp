#pragma once
/// @file memory_advice.hpp
/// What to change when a workload's weights, gradients, optimizer state and activations do not
/// fit in GPU memory: each way out is checked against the engine's own layout search
/// (resolveLayout) and memory figure (memoryPerGpuGB), so the advice names only what would make
/// it fit.

#include "model/analysis/comm_group.hpp"
#include "model/analysis/layout_search.hpp"
#include "model/analysis/training.hpp"

#include <string>

namespace model::analysis {

/// Where more GPUs would come from, for memoryWaysOut's "add GPUs".
struct GrowthContext {
    std::string serverKind = "node"; ///< catalog kind of the servers (ServerSpec::kind: "node", "rack", ...)
    /// A rented design's provider limit, GPUs (analysis.rental.max_gpus); 0 where none is known.
    int providerMaxGpus = 0;
    /// The servers have a compute (east-west) NIC; without one (the RTX 4090 workstation) more
    /// of them only hold the workload once each is given one, and the advice says so.
    bool serversNetworked = true;
};

/// Largest GPU count memoryWaysOut searches for a cluster that holds the workload (131,072:
/// twice the largest cluster the simulator is specified for, issue 16 item 6).
inline constexpr int kMemoryAdviceMaxGpus = 1 << 17;

/// "68.6 GB per GPU (58.3 of weights, gradients and optimizer state, 10.3 of activations)":
/// what one GPU must hold and its two parts, decimal GB, as the memory warning and bottleneck
/// say it.
[[nodiscard]] std::string memoryNeedWords(double stateGB, double activationsGB);

/// The ways out, in words, for `requested` (the design's settings, layout fields as set, 0 =
/// chosen by the engine) laid out as `laid` on `gpus` GPUs of servers like `node` whose state
/// and activations do not fit in kMemoryLimitShare of `gpuMemoryGB` (decimal GB). In this
/// order, each only where it makes them fit:
///  - the layout the engine would choose on these GPUs, where the design sets one by hand;
///  - sharding the optimizer, where it is not;
///  - for the activations: micro-batch 1 (where it is larger), sequence parallelism (where tp
///    is above 1 and it is off), full recompute (where it is not full); no interleaving (where
///    it is set); each with the layout the design would then get (fields set by hand kept, the
///    rest as the engine chooses them with the change); where none holds it alone, the
///    savings that hold it together on these GPUs, only those needed ("sequence parallelism
///    and full recompute: ...");
///  - the fewest GPUs (whole servers of node.g) that hold it with the engine's layout (its
///    search and timing, resolveLayout), up to kMemoryAdviceMaxGpus;
///    where the design sets a layout by hand, the advice says to let the engine choose it too;
///    where no count holds it as set and it does not recompute every layer, the fewest that
///    hold it with full recompute ("full recompute and add GPUs: ..."); where none does either,
///    the fewest that hold it with every saving above at once, naming only those that count
///    still needs (each dropped in turn where it holds without: "micro-batch 1, full recompute
///    and add GPUs: ..."); on GPUs without peer-to-peer, where nothing else holds it, tensor
///    parallel over host memory as well (the design's own tp, else the largest Megatron takes
///    in a server: "tensor parallel 4 over host-staged copies, full recompute and add GPUs"),
///    which the engine's own search never proposes;
///  - always: GPUs with more memory ("no cluster of up to 131,072 of these GPUs holds it: pick
///    GPUs with more memory" when nothing else does).
/// E.g. "add GPUs: 144 GPUs (2 racks of 72) hold it at tensor 8 x pipeline 16 x data 1, 125 GB per
/// GPU; or pick GPUs with more memory". Layouts are chosen with `timer` as the analysis chose
/// `laid` (resolveLayout), so a way names the layout the design would get (at a larger count,
/// one of more servers like these, each GPU count timed as the timer places it).
/// Never throws (a layout that cannot be made is skipped).
/// `growth` words the GPUs added: the count names the servers by their catalog kind ("2 racks
/// of 72", "workstations", "instances", else "servers"), and a count past a rented design's
/// provider limit says so.
[[nodiscard]] std::string memoryWaysOut(const TrainingConfig& requested, const TrainingConfig& laid, int gpus,
                                        const CommGroup& node, double gpuMemoryGB, const LayoutTimer& timer = {},
                                        const GrowthContext& growth = {});

} // namespace model::analysis
