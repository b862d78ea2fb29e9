#pragma once
/// @file nccl_cost.hpp
/// One cost model for a collective step, after NCCL's own tuner (src/graph/tuning.cc, v2.30.7,
/// as restated in shared/reference/engine_anchors.md a.3): per algorithm and protocol a base
/// latency, a per-hop latency by hop kind (NVLink, PCIe, network), a protocol bandwidth factor
/// and cap, the tree's medium-size correction, and NCCL's rule for which protocols are enabled.
/// The time of one collective under one (algorithm, protocol) is NCCL's
///     t = latency + bytes on the bottleneck / protocol bandwidth      (ncclTopoGetAlgoTime),
/// and the protocol is the one with the least predicted time, as NCCL chooses it.
///
/// Both engines use it: the analytical engine for a whole collective (collective_*.cpp), the
/// simulator for the per-step latency and the protocol efficiency of its schedules
/// (model/simulation/schedule_*.cpp).
///
/// Units: latencies in microseconds; bandwidths in decimal GB/s per GPU, one direction;
/// bytes in bytes.

#include "model/analysis/comm_group.hpp"
#include "model/analysis/collective_types.hpp"
#include "model/analysis/nccl_release.hpp"

#include <array>

namespace model::analysis {

/// The kind of one hop of a collective step, as NCCL's latency table distinguishes them
/// (tuning.cc NCCL_HW_NVLINK, NCCL_HW_PCI, NCCL_HW_NET).
enum class HopKind { NVLink = 0, Pcie = 1, Net = 2 };

/// What NCCL's tuner knows about one communicator (tuning.cc inputs).
struct NcclShape {
    int ranks = 1;              ///< nRanks
    int nodes = 1;              ///< nNodes
    int ranksPerNode = 1;       ///< ppn
    /// The most ranks on one node (CommGroup::chainRanks): the longest intra-node chain of a
    /// tree, whose hops the latency counts (NCCL's tuner counts ppn - 1 from the average).
    int chainRanks = 1;
    IntraPath intraPath = IntraPath::NVLink;
    GpuGeneration generation = GpuGeneration::Older;
    /// The network path reaches GPU memory directly (GPUDirect RDMA; NCCL's typeInter <= PXN).
    /// NCCL enables LL128 across nodes only then (tuning.cc protocol enable rule).
    bool netGpuDirect = true;
    /// Latency, us, the network transport adds to each NET hop: NCCL's graph latencyInter,
    /// taken from the net plugin's reported latency (tuning.cc: interLat += latencyInter, once
    /// more for Simple, "the flush extra latency"). 0 for InfiniBand/RoCE (net_ib reports 0).
    double netLatencyUs = 0;
    /// Across nodes, the transport's NCCL profile allows LL (NCCL_PROTO without LL disables it).
    bool netAllowsLl = true;
    /// Across nodes, the transport's NCCL profile names LL128: NCCL's GPUDirect check passes on
    /// it even when it is not RDMA (GPUDirect-TCPXO), so LL128 is enabled as with netGpuDirect.
    bool netNamesLl128 = false;
    /// Whose tuner constants apply (nccl_release.hpp): the release the run used; the current
    /// tables (NCCL 2.30.7) unless a measurement names an older NCCL.
    NcclRelease release = NcclRelease::Current;
};

/// NCCL's view of a placed group (n, k, g, intra path, generation, GPUDirect).
[[nodiscard]] NcclShape ncclShape(const CommGroup& g) noexcept;

/// Latency of one hop, us, for `algorithm` (Ring, Tree, Nvls, NvlsTree, CollNet; others use
/// Ring's) and protocol `p` (tuning.cc hwLatencies). Host-staged PCIe hops cost twice a PCIe
/// hop (calibration.hpp kHostStagedLatencyFactor). A NET hop here is NCCL's table value only;
/// ncclNetHopLatencyUs adds the transport's own latency.
[[nodiscard]] double ncclHopLatencyUs(Algorithm algorithm, Protocol p, HopKind hop, IntraPath intra = IntraPath::NVLink) noexcept;

/// Latency of one network hop, us, as NCCL's tuner composes it (tuning.cc interLat): the NET
/// hop of `algorithm` and `p` plus the transport's latencyInter (s.netLatencyUs), counted
/// twice for Simple. Equals ncclHopLatencyUs(a, p, Net) on InfiniBand/RoCE. With one rank
/// per node (current tables, tuning.cc v2.23.4-1 onwards) the NET hop is the tree's for every
/// algorithm: "with ppn=1 latencies are fully exposed".
[[nodiscard]] double ncclNetHopLatencyUs(Algorithm algorithm, Protocol p, const NcclShape& s) noexcept;

/// Base latency, us, of `algorithm` with protocol `p` (tuning.cc baseLatencies).
[[nodiscard]] double ncclBaseLatencyUs(Algorithm algorithm, Protocol p) noexcept;

/// Per-operation latency, us, NCCL's composition (engine_anchors.md a.3):
/// - Ring: base + (steps - interSteps) max(intraHop, netOverhead) + interSteps netHop, x1.4
///   for Simple across nodes ("plateau effect"); steps 2(n-1) for all-reduce, n-1 for
///   all-gather / reduce-scatter, n for broadcast; interSteps 2(k-1), k-1, k-1.
/// - Tree: base + 2 ((chain - 1) intraHop + depth(k) netHop), chain = the most ranks on a node.
/// - Nvls: NVLink hop (+ network hop across nodes); NvlsTree: NVLink hop + 2 depth(k) network hop.
///   NCCL up to 2.20 (nccl_release.hpp): Nvls 23 (+ 18 across nodes); NvlsTree 23 + 2 (k - 1) x 19
///   up to 2.18, 23 + 2 log2(k) x 14 in 2.19 and 2.20.
/// depth(k) = ceil(log2 k), the depth of the double binary tree NCCL builds (NCCL's tuner counts
/// log2i(k), the same at powers of two and one hop less between them).
/// - CollNet (Direct): base + 2 (min(1, ppn - 1) NVLink hop + (ppn - 1) x 0.4 us) + network hop
///   (0.5 us up to NCCL 2.18).
/// With one rank per node the network hop of every algorithm is the tree's (current tables;
/// ncclNetHopLatencyUs).
[[nodiscard]] double ncclLatencyUs(Algorithm algorithm, Protocol p, CollectiveOp op, const NcclShape& s) noexcept;

/// The parts of an NVLS or NVLSTree latency, us, as the engines charge them:
/// ncclLatencyUs(Nvls) = baseUs + intraHopUs (+ netHopUs across nodes) and
/// ncclLatencyUs(NvlsTree) = baseUs + intraHopUs + 2 depth(k) netHopUs, the simulator paying
/// intraHopUs per switch pass and netHopUs per tree edge on its critical path.
/// Current tuner: base 0, the NVLink hop (25), the NET hop with the transport's latency.
/// NCCL up to 2.20 (nccl_release.hpp): base 0 and a 23 us switch hop (v2.18.5 wrote the 23 as
/// a base latency with a 0 hop: the same total), NET hop 18 for NVLS, 14 for NVLSTree in
/// 2.19-2.20 (plus twice the transport's latency, as v2.20.5 adds latencyInter for Simple);
/// in 2.18 NVLSTree paid 2 (k - 1) hops of 19 and no transport latency, spread here over the
/// 2 depth(k) edges of the tree (19 (k - 1) / depth(k) each) so that the total is v2.18.5's.
/// depth(k) = ceil(log2 k), the depth of the trees NCCL builds, for every release (v2.20.5's
/// tuner counts floor(log2 k), one hop fewer between powers of two: the engines' deliberate
/// departure, as for the current tables).
struct NvlsLatency {
    double baseUs = 0;
    double intraHopUs = 0;
    double netHopUs = 0;
};

/// NVLS / NVLSTree latency parts for `algorithm` (Nvls or NvlsTree) on `s` (see NvlsLatency).
[[nodiscard]] NvlsLatency ncclNvlsLatency(Algorithm algorithm, const NcclShape& s) noexcept;

/// How far a transport's own latency stretches the measured size ramp (size_efficiency.hpp) in
/// message size: ncclLatencyUs(algorithm, Simple, op, s) over the same with s.netLatencyUs = 0,
/// so 1 on InfiniBand and RoCE (net_ib reports no latency) and on one node.
/// Why: SimAI's ramp (nic_ratio.csv) was measured on RDMA fabrics. A collective that pays a
/// latency L and drains S bytes at a plateau rate B reaches the fraction 1 / (1 + L B / S) of
/// its plateau (Hockney's latency-bandwidth model), a function of S / (L B): the same fraction
/// at S x (L / L_rdma) on a transport that adds latency to every network hop. The ramp is
/// therefore read at S / stretch. Example: GPUDirect-TCPXO (65 us per NET hop, catalog
/// gcp-gpudirect-tcpxo-200g) on 2 x 8 H100, tree all-reduce: 352.4 / 92.4 = 3.8.
/// Dimensionless, >= 1.
[[nodiscard]] double ncclTransportRampStretch(Algorithm algorithm, CollectiveOp op, const NcclShape& s) noexcept;

/// NCCL's ring latency split by what it is charged for (tuning.cc, engine_anchors.md a.3),
/// us, each already multiplied by the Simple multi-node factor where it applies:
/// ncclLatencyUs(Ring, ...) = baseUs + (steps - interSteps) intraStepUs + interSteps interStepUs.
/// The simulator charges each simulated ring hop the step latency of its kind (a hop inside a
/// server intraStepUs, one between servers interStepUs) and the base once.
struct RingLatency {
    double baseUs = 0;       ///< base latency (baseLatencies)
    double intraStepUs = 0;  ///< a step inside a server: max(intra hop, host net overhead)
    double interStepUs = 0;  ///< a step between servers: the network hop
    int steps = 0;           ///< 2(n-1) all-reduce, n-1 all-gather / reduce-scatter, n broadcast
    int interSteps = 0;      ///< NCCL's count of steps between servers: 2(k-1), or k-1
};

/// The parts of NCCL's ring latency for protocol `p` and `op` on `s` (see RingLatency).
[[nodiscard]] RingLatency ncclRingLatency(Protocol p, CollectiveOp op, const NcclShape& s) noexcept;

/// Whether NCCL runs `algorithm` with protocol `p` here: NVLS, NVLSTree and CollNet are
/// Simple-only; LL128 needs NVLink inside the node and, across nodes, GPUDirect (RDMA, or a
/// transport whose NCCL profile names LL128); across nodes LL runs unless the transport's
/// NCCL profile leaves it out.
[[nodiscard]] bool ncclProtocolEnabled(Algorithm algorithm, Protocol p, const NcclShape& s) noexcept;

/// Bus bandwidth, GB/s, of `algorithm` with protocol `p` for collective `op` when the Simple
/// protocol reaches `simpleGBps` (tuning.cc "model refinements"): Ring LL x0.5 capped by
/// llMaxBw (NCCL up to 2.20: x1/4 for all-reduce or across nodes, else x1/3; nccl_release.hpp),
/// Ring LL128 x0.92; Tree LL x1/3.8 capped by llMaxBw, Tree LL128 x120/128 (x7/9 on one node);
/// NVLS, NVLSTree, CollNet only Simple (x1). The tree's own x0.92 is part of its Simple rate
/// (collective_tree.cpp). @return 0 when the protocol is not enabled.
[[nodiscard]] double ncclProtocolGBps(Algorithm algorithm, Protocol p, const NcclShape& s, double simpleGBps,
                                      CollectiveOp op = CollectiveOp::AllReduce) noexcept;

/// NCCL's tree bandwidth correction for medium sizes (tuning.cc treeCorrectionFactor: powers
/// of two from 64 B, index log2(bytes / 64), 24 entries; 1 outside). Dimensionless, (0, 1].
/// At a power of two it is the table's entry. Between two powers of two it is interpolated
/// linearly in log2(bytes): NCCL indexes the table by floor(log2(bytes / 64)), a step that is
/// harmless for ranking algorithms but, used as a time, made a larger message faster (tree
/// LL128 on 3 DGX H100: 95.5 us at 3.875 MiB, 87.1 us at 4 MiB, where the entry rises from 0.6
/// to 0.8). Interpolated, bytes / factor grows with bytes (every rise in the table is below
/// ln 2 x the factor per doubling), so the time never falls as the message grows.
[[nodiscard]] double treeCorrectionFactor(Protocol p, double bytes) noexcept;

/// NCCL's chunk size, bytes, for an NVLS (one node) or NVLSTree (across nodes) all-reduce of
/// `bytes` with `heads` NVLS heads per node (enqueue.cc calcCollChunking, v2.30.7): from
/// 128 KiB (64 KiB for NVLSTree from 4 nodes), halved stepwise while the message is small
/// against concurrentOps x chunk, concurrentOps = NVLS channels x heads:
/// - NVLS: 64 KiB below 64 x ops x chunk, 32 KiB below 8 x ops x chunk, 16 KiB below 2 x ops x chunk;
/// - NVLSTree: 64 KiB below 4 x ops x chunk, 32 KiB below 1 x ops x chunk.
/// Other algorithms: 0.
[[nodiscard]] double ncclNvlsChunkBytes(Algorithm algorithm, const NcclShape& s, double bytes, int heads) noexcept;

/// What NCCL's tuner leaves out and a medium-size run pays: the fill of a chunk pipeline.
/// NVLS and NVLSTree move each (channel, head) share of the message in chunks through P
/// stages that run concurrently on successive chunks. The stages are the warp groups of
/// NCCL's NVLS all-reduce kernel (src/device/all_reduce.h, RunWorkColl NVLS Simple, the same
/// roles in v2.18.5 and v2.30; user buffers not registered, as nccl-tests and frameworks run by
/// default): scatter (each GPU writes its chunk into the heads' NVLS buffers), reduce (the
/// head's multimem load-reduce through the switch and multicast store), gather (each GPU copies
/// the result out). NVLS P = 3; NVLSTree P = 4 + 2 ceil(log2(nodes)) (scatter, reduce to the
/// network, tree up, tree down, broadcast from the network, gather). C chunks per (channel,
/// head) take (C + P - 1)
/// stage times where the tuner's bandwidth term counts C; a share smaller than one chunk
/// still crosses all P stages. NCCL's bandwidth constants are plateau figures, reached with
/// at least kNvlsPlateauChunks (NVLSTree kNvlsTreePlateauChunks) chunks in flight, so the
/// factor on the bandwidth term is 1 + max(0, (P - 1) / max(C, 1) - (P - 1) / C_plateau):
/// 1 for large messages, 1.47 for 16 MiB on 8 H100 (C = 4), 5.8 for 1 MiB on 2 x 8 H100.
/// NCCL 2.17 and 2.18 (s.release) also leave channels idle below one loop of channels x heads x
/// chunk: the kernel gives channel b the bytes from b x heads x chunk on (all_reduce.h
/// v2.18.5-1), so the busiest channel moves min(bytes, heads x chunk) where the bandwidth term
/// assumes bytes / channels, and the factor is multiplied by min(bytes, heads x chunk) x
/// channels / bytes: 2 at 1 MiB on 8 H100 (8 of 16 channels busy), 8 at 256 KiB. The
/// bandwidth time is then flat from 128 KiB to 2 MiB, as the Azure ND H100 v5 guide measures
/// (NCCL 2.18.5, NVLS, 8 GPUs: 42.2 to 44.8 us from 64 KiB to 2 MiB). From NCCL 2.20 the
/// message is spread over every channel (enqueue.cc countPerChannels): no such factor.
/// Ring and tree: 1 (a ring has no fill: every rank starts at once; NCCL's tree correction
/// factor already holds the tree's). `heads` = NVLS heads per node (NCCL: every GPU of one
/// node; across nodes one per GPU with a NIC). Dimensionless, >= 1.
[[nodiscard]] double ncclPipelineFillFactor(Algorithm algorithm, const NcclShape& s, double bytes, int heads) noexcept;

/// Time of one collective under one (algorithm, protocol), NCCL's formula.
struct StepCost {
    Protocol protocol = Protocol::Simple;
    double latencyUs = 0;     ///< ncclLatencyUs
    double bandwidthUs = 0;   ///< bottleneck bytes / protocol bandwidth (tree-corrected)
    double timeUs = 0;        ///< latencyUs + bandwidthUs
};

/// NCCL's choice among the enabled protocols for `algorithm`: the least predicted time.
/// `bottleneckBytes` = bytes each GPU moves over its bottleneck (e.g. 2(n-1)/n S for a ring
/// all-reduce); `simpleGBps` = that bottleneck's rate with the Simple protocol; `bytes` = the
/// nccl-tests size (for the tree correction). @return protocol Simple with infinite time when
/// none is enabled.
[[nodiscard]] StepCost ncclChooseProtocol(Algorithm algorithm, CollectiveOp op, const NcclShape& s, double bytes,
                                          double bottleneckBytes, double simpleGBps) noexcept;

/// Cost of one (algorithm, protocol) pair, without the choice (protocol forced).
[[nodiscard]] StepCost ncclCost(Algorithm algorithm, Protocol p, CollectiveOp op, const NcclShape& s, double bytes,
                                double bottleneckBytes, double simpleGBps) noexcept;

} // namespace model::analysis
