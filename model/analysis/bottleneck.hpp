#pragma once
/// @file bottleneck.hpp
/// The bottleneck scope of a training step on a design, with an explanation in words and the
/// checks to make before blaming the network (issue 5 item 5).

#include "model/analysis/analysis.hpp"
#include "model/analysis/comm_group.hpp"

#include <string>

namespace model::analysis {

/// What the design offers the checks before blaming the network, so that only checks that
/// apply are listed: no NVLink question for GPUs without NVLink, no NIC or GPUDirect RDMA
/// question where one job stays inside one server.
struct CheckFacts {
    int servers = 1;                ///< servers one job spans (those of the largest island)
    int gpusPerServer = 1;          ///< GPUs of one server
    IntraPath intraPath = IntraPath::NVLink; ///< how one server's GPUs talk (comm_group.hpp)
    std::string pcieLink;           ///< a GPU's PCIe link, e.g. "PCIe Gen4 x16" ("" when the catalog gives none)
    int cpuSockets = 1;             ///< CPU sockets of one server
    int nicPorts = 0;               ///< cabled compute NIC ports of one server
    bool gpuDirectRdma = false;     ///< those NICs reach GPU memory directly (InfiniBand, RoCE, or so marked)
    bool ethernetFabric = false;    ///< those ports land on Ethernet switches: RDMA runs as RoCE (PFC/ECN, GID, traffic class)
    /// Some of those Ethernet switches run without PFC/ECN (design rule roce-without-pfc): the
    /// engine's figures assume no packet loss, which such a fabric does not give under incast.
    bool lossyEthernet = false;
};

/// The facts of `server` (the first of the largest island) and `node` (its GPUs placed as one
/// group by placeGroup) for the checks; `servers`: the servers of the largest island.
[[nodiscard]] CheckFacts checkFactsOf(const ServerFacts& server, const CommGroup& node, int servers);

/// What to check before blaming the network for a bottleneck in `scope`, most relevant first,
/// only those that apply to the design (`facts`).
[[nodiscard]] std::vector<std::string> standardChecks(const CheckFacts& facts, Scope scope);

/// Picks the scope that costs the most time beyond the math itself:
/// - compute when everything else is under 10% of the step (or no comm at all), hbm instead
///   when activation traffic at HBM bandwidth is over half of that compute time;
/// - latency instead of the link scope when over half of the dominant collective's time is
///   its latency term (small messages, many hops);
/// - intra_node for exposed tensor-parallel time (NVLink or PCIe);
/// - pipeline_bubble for fill/drain; node_boundary for pipeline transfers and gradient
///   reduction across NICs, fabric when that traffic is derated by oversubscription:
///   `dpFabricFactor` is the gradient reduction group's ring/tree fabric factor
///   (CommGroup::fabricRingFactor of the busy GPUs, comm_group.cpp: 1 when the leaves' uplinks
///   carry the one server's worth of traffic a ring or tree sends up per leaf). An
///   oversubscribed fabric that does not derate it is not blamed; the explanation says why.
/// `checks` are standardChecks(`facts`, the scope).
[[nodiscard]] Bottleneck findBottleneck(const StepBreakdown& step, const CommGroup& node,
                                        const std::vector<LayerBandwidth>& layers, const CheckFacts& facts,
                                        double dpFabricFactor = 1.0);

/// Bottleneck of a design whose workload cannot run (`whyNoRun`: "gpt3-175b cannot run on this
/// design: pipeline parallel 5 does not divide ..."): the slowest layer relative to the one
/// inside it (e.g. a NIC per GPU far below NVLink), in words that say first that there is no
/// run and that this is the design's links alone; `checks` as findBottleneck.
[[nodiscard]] Bottleneck layerBottleneck(const std::vector<LayerBandwidth>& layers, const CheckFacts& facts,
                                         const std::string& whyNoRun);

/// Bottleneck of a workload whose state and activations do not fit in GPU memory
/// (Scope::Memory): the run cannot start, so no link limits it. The explanation gives `step`'s
/// memory per GPU (memoryNeedWords) and layout against the share of `gpu`'s memory a run may
/// take (kMemoryLimitShare), and
/// the ways out, `waysOut` (memoryWaysOut, memory_advice.hpp); no checks, since nothing on the
/// network would make it run.
[[nodiscard]] Bottleneck memoryBottleneck(const StepBreakdown& step, const GpuSpec& gpu, const std::string& waysOut);

} // namespace model::analysis
