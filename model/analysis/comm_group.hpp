#pragma once
/// @file comm_group.hpp
/// The ranks of one collective placed on the drawn design, reduced to the figures the cost
/// formulas need (engine_formulas.md notation: n ranks, g per node, k nodes, B per-GPU
/// bandwidths in decimal GB/s one direction, latencies in microseconds).

#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/nccl_release.hpp"

#include <string>

namespace model::analysis {

/// GPU generation as far as NCCL's tuning tables care.
enum class GpuGeneration { Older, Ampere, Hopper, Blackwell };

/// n ranks placed on k servers of the design, with their bottleneck figures.
struct CommGroup {
    int n = 1;                    ///< ranks
    int g = 1;                    ///< ranks per node (the first node's share when uneven)
    int k = 1;                    ///< nodes
    /// The most ranks on one node: the ranks fill the chosen servers in id order, so 12 ranks
    /// on two 8-GPU servers are 8 + 4 and the longest intra-node chain of a tree has 8 (g is
    /// 6). Equal to g when the ranks split evenly.
    int chainRanks = 1;
    IntraPath intraPath = IntraPath::NVLink;
    std::string intraTechnology;  ///< e.g. "NVLink 4 via NVSwitch", "PCIe Gen4 x16 peer-to-peer"
    double intraGBps = 0;         ///< usable per-GPU bandwidth between ranks of one node (NCCL model)
    bool nvlsCapable = false;     ///< NVSwitch with in-switch reduction (Hopper and later) over all g ranks
    GpuGeneration generation = GpuGeneration::Older;
    /// Practical NIC bandwidth, GB/s one direction, of the slowest node (sum of its wired ports
    /// the group reaches): a server holding r of its G GPUs in the group reaches
    /// ceil(r x ports / G) of its ports (at least one), those next to its GPUs, as NCCL's
    /// nearest-NIC channels do; 12 ranks on two DGX H100 (8 + 4) reach 4 of the second's 8.
    double nicNodeGBps = 0;
    /// Practical NIC bandwidth per GPU, GB/s one direction: the least over the group's servers
    /// of (sum of wired ports) / (GPUs of the server). A GPU sends through the NICs next to it
    /// whether or not its server's other GPUs are in the group (all-to-all, pairwise traffic).
    double nicGpuGBps = 0;
    /// The fewest ranks the group has on one of its servers (4 for 12 ranks on two 8-GPU
    /// servers); those ranks send the largest share of an all-to-all across the network.
    int fewestRanks = 1;
    double nicLineGbps = 0;       ///< line rate of one wired port of the slowest node, Gb/s
    int nicPortsPerNode = 0;      ///< wired ports of the slowest node the group reaches (as nicNodeGBps)
    /// Every node's compute NIC reaches GPU memory directly (GPUDirect RDMA: InfiniBand,
    /// RoCE, or a NIC the catalog marks gpudirect_rdma); NCCL enables LL128 across nodes only
    /// then (nccl_cost.hpp). False e.g. for GPUDirect-TCPXO.
    bool netGpuDirect = true;
    /// Latency, us, the nodes' NCCL network transport adds to each network hop beyond NCCL's
    /// NET hop latency (the largest over the nodes' NICs; catalog nccl_net_latency_us, NCCL's
    /// latencyInter). 0 for InfiniBand and RoCE.
    double netLatencyUs = 0;
    /// Across nodes, the NICs' NCCL profile allows LL (catalog nccl_protocols); and names
    /// LL128, which states NCCL's GPUDirect check passes on that transport.
    bool netProfileAllowsLl = true;
    bool netProfileNamesLl128 = false;
    /// NCCL release whose tuner constants the cost model reads (nccl_release.hpp): the
    /// request's (CollectiveRequest::ncclRelease), the current tables by default.
    NcclRelease ncclRelease = NcclRelease::Current;
    /// Fraction of NIC bandwidth left after fabric oversubscription for ring/tree traffic
    /// (few flows cross the leaf) and for all-to-all (most flows cross), engine_formulas.md §8.
    double fabricRingFactor = 1.0;
    double fabricAllToAllFactor = 1.0;
    /// Fraction of NIC bandwidth left for NCCL's double binary tree (tree and NVLSTree
    /// all-reduce): at each leaf, the tree edges that leave it (double_tree.hpp
    /// doubleTreeCrossingShare over the group's servers in rank order) against its uplinks. A
    /// tree crosses a leaf boundary more often than a ring: 6 busiest servers' worth leave the
    /// middle unit of 128 DGX H100 in units of 43, 43 and 42, where a ring sends one.
    double fabricTreeFactor = 1.0;
    /// At the leaf that sets fabricAllToAllFactor: its busiest hashed uplink's load over the
    /// mean (per-flow ECMP on Ethernet, ecmp_imbalance.hpp), already in that factor; 1 where
    /// the leaf does not hash (InfiniBand) or no leaf limits all-to-all.
    double ecmpAllToAllFactor = 1.0;
    int gpusPerPcieSwitch = 1;    ///< GPUs sharing one PCIe switch uplink (PCIe-only servers; 1 = not shared)
    /// One GPU's own host link, GB/s one direction (PCIe spec, else half the NVLink-C2C
    /// figure; the least over the group's servers); 0 when unknown. Without NVLink every byte
    /// a GPU sends, to a GPU of its server or to a NIC, crosses it (cluster_facts.hpp).
    double hostLinkGBps = 0;
    int cpuSockets = 1;           ///< of the chosen server
    int gpusPerSocket = 1;        ///< GPUs of the chosen server behind one CPU socket (its GPUs / sockets)
    /// PCIe paths on a server of several CPU sockets: the per-GPU rate (GB/s, one direction)
    /// and words among ranks behind one socket, which no CPU-to-CPU link limits (intraGBps
    /// and intraTechnology are those of the group's own ranks); 0 and empty otherwise.
    double socketGBps = 0;
    std::string socketTechnology;
    /// Across nodes, some leaf the group's NICs attach to is Ethernet without PFC/ECN: a port
    /// offered more than it carries drops packets, which no formula here prices (the flow-level
    /// simulation does: fabric_behaviour.hpp); the collective's note says so.
    bool lossyLeaves = false;
    bool sharpCapable = false;    ///< every switch on the path reduces in-network (IB SHARP)
    bool sharpEnabled = false;    ///< NCCL CollNet enabled (off by default in NCCL)
    std::string gpuName;
    double hbmGBps = 0;           ///< spec HBM bandwidth of the GPU (read + write), GB/s
};

/// `node` narrowed to `ranksPerNode` of each server's GPUs spaced `stride` apart (Megatron's
/// rank order: a tensor-parallel group is adjacent GPUs, a data-parallel one tp apart). On a
/// PCIe server of several CPU sockets, groups whose blocks of ranksPerNode x stride
/// consecutive GPUs each stay behind one socket (the block size divides the socket's GPUs)
/// get that socket's rate and words (socketGBps): tensor
/// parallel 4 on a 2 x 4-GPU L40S server runs at PCIe's 24 GB/s, not the 22 GB/s of the
/// CPU-to-CPU link (NCCL topo.h). Every other field is `node`'s; n, g and k are the caller's.
[[nodiscard]] CommGroup socketLocal(const CommGroup& node, int ranksPerNode, int stride) noexcept;

/// Places `n` ranks on the design: the GPUs of one server when they fit, else whole servers of
/// the largest island in id order (k = ceil(n / g)). Per-node figures are the minimum over the
/// chosen servers.
/// @throws std::invalid_argument when n < 1, when n exceeds the GPUs of the largest island,
///         or when a multi-node group meets a server without a cabled NIC.
[[nodiscard]] CommGroup placeGroup(const ClusterFacts& facts, int n, bool sharpEnabled);

/// Refuses an NCCL release that cannot drive the design's GPUs: Blackwell (B200, GB200, B300)
/// came in NCCL 2.25 (release notes of v2.25.1-1, github.com/NVIDIA/nccl/releases), so a
/// release of the 2.18 or 2.20 tables (nccl_release.hpp) on a design with any Blackwell GPU
/// has no tuner to follow. @throws std::invalid_argument naming the release and the GPU.
void checkNcclReleaseRunsOn(const ClusterFacts& facts, NcclRelease release);

} // namespace model::analysis
