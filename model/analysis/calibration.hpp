#pragma once
/// @file calibration.hpp
/// Every calibration constant of the analytical engine, in one place, each with its source.
/// Nothing here is fitted to a validation row: the figures are restated from NCCL's own cost
/// model (src/graph/tuning.cc and topo.h, v2.30.7), SimAI's analytical model
/// (astra-sim-alibabacloud calbusbw.cc, inputs/ratio/nic_ratio.csv), Calculon, nccl-tests
/// and the papers cited in shared/reference/engine_formulas.md and engine_anchors.md.
///
/// Units: bandwidths in decimal GB/s (1e9 B/s) per GPU per direction; latencies in
/// microseconds; ratios dimensionless.

namespace model::calibration {

// ---------------------------------------------------------------------------------------
// Link efficiencies (engine_anchors.md §a.3 "Link constants"; engine_formulas.md §0)
// ---------------------------------------------------------------------------------------

/// NCCL's modelled bandwidth of one NVLink, GB/s per direction, by NVLink generation
/// (topo.h: SM80 20.0, SM90 20.6, SM100 40.1). 18 x 20.6 = 370.8 GB/s on H100, which the
/// measured 367.2 GB/s ring busbw matches (engine_formulas.md §2 worked example).
inline constexpr double kNcclNvlinkGen3PerLinkGBps = 20.0;
inline constexpr double kNcclNvlinkGen4PerLinkGBps = 20.6;
inline constexpr double kNcclNvlinkGen5PerLinkGBps = 40.1;
/// When the link count is unknown: 20.6 GB/s NCCL vs 25 GB/s spec per NVLink4 link
/// (= 370.8 / 450), applied to the per-direction spec figure (engine_formulas.md §0).
inline constexpr double kNvlinkUsableFraction = 20.6 / 25.0;

/// NCCL models PCIe as width x speed / 80: Gen3 x16 12, Gen4 x16 24, Gen5 x16 48 GB/s, i.e.
/// 0.75 of the nominal per-direction rate (topo.cc; engine_formulas.md §0).
inline constexpr double kPcieUsableFraction = 0.75;
/// CPU-to-CPU link as NCCL models it when a PCIe path crosses sockets (topo.h: Intel SPR
/// UPI 22 GB/s; engine_formulas.md §9). Used for 2-socket PCIe-only servers.
inline constexpr double kInterSocketGBps = 22.0;
/// [eng] Host-staged copies (GPUs without PCIe peer-to-peer, e.g. GeForce with stock
/// drivers): every hop is a device-to-host plus a host-to-device copy through pinned host
/// memory, so a hop costs two PCIe traversals; we halve the PCIe rate and double the PCIe hop
/// latency. Anchor: 8x RTX 4090 all-reduce floor 42 us (nccl #1530, nccl_measurements.csv).
inline constexpr double kHostStagedBandwidthFactor = 0.5;
inline constexpr double kHostStagedLatencyFactor = 2.0;

/// Practical NIC throughput as a fraction of line rate (SimAI calbusbw.cc: CX7/BF3 400G
/// 48.5 of 50 GB/s; CX6 200G 23.5 of 25; 100G 11.75 of 12.5; engine_anchors.md §b.2).
inline constexpr double kNicEfficiency400GAndUp = 48.5 / 50.0;
inline constexpr double kNicEfficiencyBelow400G = 23.5 / 25.0;

// ---------------------------------------------------------------------------------------
// NCCL protocol model (tuning.cc v2.30.7; engine_anchors.md §a.3)
// ---------------------------------------------------------------------------------------

/// Base latencies, us, per algorithm and protocol {LL, LL128, Simple}.
inline constexpr double kRingBaseUs[3] = {6.6, 14.0, 8.4};
inline constexpr double kTreeBaseUs[3] = {6.8, 14.0, 8.4};
/// Per-hop latencies, us, {LL, LL128, Simple}.
inline constexpr double kRingHopNvlinkUs[3] = {0.6, 1.9, 3.4};
inline constexpr double kRingHopPcieUs[3] = {1.0, 2.5, 5.7};
inline constexpr double kRingHopNetUs[3] = {2.7, 4.0, 14.0};
inline constexpr double kTreeHopNvlinkUs[3] = {0.6, 1.25, 4.0};
inline constexpr double kTreeHopPcieUs[3] = {1.0, 1.9, 4.0};
inline constexpr double kTreeHopNetUs[3] = {5.0, 8.5, 14.0};
/// NVLS (Simple only): NVLink hop 25 us; NET hop 18 us (NVLS) / 20.9 us (NVLSTree).
inline constexpr double kNvlsHopNvlinkUs = 25.0;
inline constexpr double kNvlsTreeHopNetUs = 20.9;
/// CollNet (IB SHARP) Simple hop latencies: NVLink 3.7 us, NET 31 us (CollNetDirect).
inline constexpr double kCollNetHopNvlinkUs = 3.7;
inline constexpr double kCollNetHopNetUs = 31.0;

/// Protocol bandwidth factors: LL carries 4 B of data per 8 B store (x0.5); LL128 120 of 128 B
/// (x0.92 as tuning.cc writes it); Simple x1.
inline constexpr double kLlBandwidthFactor = 0.5;
inline constexpr double kLl128BandwidthFactor = 0.92;
/// LL bandwidth caps, GB/s busbw: one node by architecture (Ampere 87.7, Hopper 141,
/// Blackwell 282), several nodes by host CPU (Intel: 39.0 on 2 nodes, 20.4 on 3 or more).
inline constexpr double kLlMaxBwAmpereGBps = 87.7;
inline constexpr double kLlMaxBwHopperGBps = 141.0;
inline constexpr double kLlMaxBwBlackwellGBps = 282.0;
inline constexpr double kLlMaxBwTwoNodesGBps = 39.0;
inline constexpr double kLlMaxBwManyNodesGBps = 20.4;

/// Older tuners (nccl_release.hpp; tuning.cc at v2.18.5-1 and v2.20.5-1, "model refinements"):
/// ring LL x1/4 for all-reduce and across nodes, x1/3 for other collectives on one node; the
/// single-node llMaxBw of Hopper was Ampere's 87.7 GB/s (141 from v2.21).
inline constexpr double kLlBandwidthFactorUpTo2_20 = 1.0 / 4.0;
inline constexpr double kLlBandwidthFactorUpTo2_20OneNodeOther = 1.0 / 3.0;
inline constexpr double kLlMaxBwHopperUpTo2_20GBps = 87.7;
/// Older NVLS latencies, us (tuning.cc v2.18.5-1: baseLat NVLS/NVLSTree Simple 23, hwLat NVLink
/// 0, NET NVLS 18 and NVLSTree 19 charged 2 (nodes - 1) times; v2.20.5-1: base 0, hwLat NVLink
/// 23, NET NVLS 18 and NVLSTree 14 charged 2 log2(nodes) times).
inline constexpr double kNvlsLatencyUpTo2_20Us = 23.0;
inline constexpr double kNvlsHopNetUpTo2_20Us = 18.0;
inline constexpr double kNvlsTreeHopNetUpTo2_18Us = 19.0;
inline constexpr double kNvlsTreeHopNet2_20Us = 14.0;

/// Tree all-reduce bandwidth factor x0.92 (tuning.cc "Tree AR").
inline constexpr double kTreeBandwidthFactor = 0.92;
/// Tree protocol refinements (tuning.cc "Various model refinements"): LL x1/3.8 (then capped
/// by llMaxBw); LL128 x7/9 on one node, x120/128 across nodes.
inline constexpr double kTreeLlBandwidthFactor = 1.0 / 3.8;
inline constexpr double kTreeLl128FactorOneNode = 7.0 / 9.0;
inline constexpr double kTreeLl128FactorMultiNode = 120.0 / 128.0;
/// Tree bandwidth correction for medium sizes, per protocol {LL, LL128, Simple}, at powers of
/// two from 64 B (index log2(bytes / 64)), 1 outside the table (tuning.cc
/// treeCorrectionFactor, v2.30.7: "Trees are not perfectly sticking to the model for medium
/// sizes. Applying a static correction factor is not ideal but works quite well").
inline constexpr double kTreeCorrection[3][24] = {
    {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0},
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9}};
/// CollNet "arity serialization": +0.4 us per local rank beyond the first, twice (tuning.cc
/// v2.19.1-1 to v2.30.7-1, CollNetDirect latency).
inline constexpr double kCollNetArityUs = 0.4;
/// The same up to NCCL 2.18: 0.5 us ("Add 0.5 arity serialization latency", tuning.cc v2.18.5-1).
inline constexpr double kCollNetArityUpTo2_18Us = 0.5;

/// NVLS in-switch reduction efficiency applied to NVLink bandwidth (tuning.cc
/// nvlsEfficiency: Hopper 0.85, Blackwell 0.74). Combined with Calculon's NVLS all-reduce
/// traffic S(1 + 1/n) per GPU (engine_formulas.md §5) it gives busbw = B x eff x 2(n-1)/(n+1):
/// 8 x H100 370.8 x 0.85 x 14/9 = 490 GB/s (measured 478.9-480), B200 721.8 x 0.74 x 14/9 =
/// 831 GB/s (measured 838).
inline constexpr double kNvlsEfficiencyHopper = 0.85;
inline constexpr double kNvlsEfficiencyBlackwell = 0.74;
/// NCCL does not use NVLS at 4 GPUs or fewer (ml-engineering measurements on H200,
/// engine_anchors.md §a.2).
inline constexpr int kNvlsMinGpus = 5;

/// NVLS execution channels (CTAs) per GPU (src/transport/nvls.cc v2.30.7: NVLS_NCHANNELS_SM90
/// 16; SM100: 24 on one node, 32 across nodes; "NVLS should not need more than 16 channels to
/// get peak BW", enqueue.cc).
inline constexpr int kNvlsChannelsHopper = 16;
inline constexpr int kNvlsChannelsBlackwellOneNode = 24;
inline constexpr int kNvlsChannelsBlackwellNodes = 32;
/// NVLS chunk size, bytes (nvls.cc NCCL_NVLS_CHUNKSIZE default 128 KiB); NVLSTree caps it at
/// 64 KiB from 4 nodes on (nvls.cc treeMaxChunkSize default).
inline constexpr double kNvlsChunkBytes = 128.0 * 1024;
inline constexpr double kNvlsTreeChunkBytesFourNodes = 64.0 * 1024;
/// Chunks per (channel, head) at which enqueue.cc stops shrinking NVLS / NVLSTree chunks
/// (calcCollChunking: NVLS keeps its largest chunk once nBytes >= 64 x concurrentOps x chunk,
/// NVLSTree once nBytes >= 32 x concurrentOps x chunk). NCCL's NVLS bandwidth (tuning.cc
/// nvlsEfficiency, "AllReduce pipelines two operations") is its plateau figure, reached with
/// pipelines at least this deep; the model charges only the fill beyond that depth's.
inline constexpr double kNvlsPlateauChunks = 64.0;
inline constexpr double kNvlsTreePlateauChunks = 32.0;

/// CollNetDirect (IB SHARP) all-reduce bandwidth x0.85 on Hopper (tuning.cc).
inline constexpr double kCollNetBandwidthFactor = 0.85;

/// Simple-protocol multi-node ring latency x1.4 ("plateau effect", tuning.cc, >= Ampere).
inline constexpr double kRingSimpleMultiNodeLatencyFactor = 1.4;

/// Most flows of one all-to-all in flight at once [eng]. Above it the n(n-1) transfers run in
/// concurrent batches of strided peer offsets, one after another (the simulator's
/// SimulationOptions::maxConcurrentFlows default); the analytical engine's per-flow ECMP term
/// (ecmp_imbalance.hpp) counts the flows hashed at once the same way. 65,536 flows = every pair
/// of 256 ranks at once; it keeps 1,024-GPU all-to-all simulations within seconds. NCCL itself
/// keeps fewer peers in flight per rank (its p2p channels), so real hashing is no better spread.
inline constexpr int kAllToAllConcurrentFlows = 65536;

/// Host CPU network overhead per intra-node step of a multi-node ring, us (tuning.cc
/// netOverhead: 1 us Intel, x3 for Simple).
inline constexpr double kNetOverheadUs = 1.0;

/// Host time, us, one thread spends issuing one collective on each GPU it drives (nccl-tests
/// `-g N`, one process): DGX A100, NCCL_ALGO=Ring, one channel, 8 B to 128 B, one thread
/// driving 2..8 GPUs took 10.0, 13.8, 16.9, 20.8, 25.2, 29.5, 33.7 us, i.e. 4.2 us per GPU at
/// 4 to 8 GPUs, where one thread per GPU (`-t N`) took about 21 us at 8
/// (github.com/NVIDIA/nccl-tests/issues/123; the maintainer there: "the CPU is the
/// bottleneck"). Used only for runs that drive several GPUs from one thread (host_issue.hpp).
inline constexpr double kHostIssuePerGpuUs = 4.2;

// ---------------------------------------------------------------------------------------
// Training step (engine_formulas.md §10)
// ---------------------------------------------------------------------------------------

/// Default fraction of dense peak that the transformer GEMMs sustain [eng]. One global value
/// for every GPU and every workload, never set per validation row; the memory-bound layer work
/// is modelled separately (kActivationPasses). On training_steps.csv the mean step error moves
/// by under 2 points for any value in 0.64-0.70 (tests/model/test_validation_training.cpp).
/// Context: Calculon's A100 model uses 0.9-0.95 for large GEMMs before its many other
/// overheads; Megatron 1T on 3072 A100 reached 52% of peak end to end (Narayanan et al. 2021).
inline constexpr double kDefaultComputeEfficiency = 0.65;
/// Memory-bound passes over each layer's activations per training step [eng]: forward writes
/// and reads them (2), backward reads activations and writes/reads their gradients (4); full
/// recompute runs the forward again (+2). Activation bytes per token per layer from
/// Korthikanti et al. 2022 eq. 1-2: h (10 + 24/t) + 5 a s / t, or 34 h / t + 5 a s / t with
/// sequence parallelism (the 5 a s / t attention-score term vanishes with flash attention).
inline constexpr double kActivationPasses = 6.0;
/// Passes over a pipeline stage's weights per micro-batch in HBM: the forward GEMMs read them,
/// the backward reads them again for the input gradient and writes the weight gradient (3).
/// A GEMM of T tokens does 2 T FLOPs per 2-byte weight, so it is bound by these reads, not by
/// the math, below about peak / HBM bandwidth tokens (~300 on an H100): the roofline (Williams,
/// Waterman and Patterson 2009). Real sequence lengths (2,048 and up) never reach it; a
/// micro-batch of 16 tokens does (helper-88: MFU 59 % at seq_len 16).
inline constexpr double kWeightPassesPerMicroBatch = 3.0;
inline constexpr double kActivationPassesFullRecompute = 8.0;
/// Overlappable fraction of the backward pass for data-parallel gradient all-reduce
/// (engine_formulas.md §10.4, [eng]); the last bucket never overlaps.
inline constexpr double kDpOverlapFraction = 0.9;
/// Gradient bucket size, bytes (PyTorch DDP default bucket_cap_mb = 25 MiB).
inline constexpr double kDpBucketBytes = 25.0 * 1024 * 1024;

} // namespace model::calibration
