// All-to-all as NCCL runs it, every peer's exchange posted at once ("direct", as the
// simulator names it): engine_formulas.md §6 and §9.
//
// nccl-tests size S is one rank's whole send buffer; S/n goes to each peer.
// One node:   t = lat + (n-1)/n S / B_in  (PCIe: GPUs behind one switch share its uplink)
// Nodes:      t = lat + max((g-1)/n S / B_in, (n-g)/n S / (B_nic_gpu x fabric x eta_ata)[, (n-1)/n S / B_host]),
//             g the most ranks on one server for the NVLink term and the fewest for the
//             network term (12 ranks as 8 + 4: 7/12 S over NVLink, 8/12 S over the NICs);
//             without NVLink both cross the GPU's one host link (B_host, its spec rate)
// The fabric factor applies oversubscription to the share of flows that leave the leaf (§8);
// eta_ata is SimAI's measured all-to-all efficiency (ata_ratio.csv, size_efficiency.hpp). The
// latency adds to the transfer, as in NCCL's t = latency + bytes / bandwidth: with the larger
// of the two a 64 KiB all-to-all over 200 GPUs took its 22.4 us latency and its 16.2 us of
// transfer for free.
#include "model/analysis/calibration.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/nccl_cost.hpp"
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>

namespace model::analysis {

double pairwiseLatencyUs(const CommGroup& g, bool betweenServers) noexcept
{
    const int simple = static_cast<int>(Protocol::Simple);
    // Across nodes one Simple NET hop, with the transport's own latency (nccl_cost.hpp).
    if (betweenServers) return calibration::kRingBaseUs[simple] + ncclNetHopLatencyUs(Algorithm::Ring, Protocol::Simple, ncclShape(g));
    const bool nvlink = g.intraPath == IntraPath::NVLink;
    return calibration::kRingBaseUs[simple] + (nvlink ? calibration::kRingHopNvlinkUs[simple] : calibration::kRingHopPcieUs[simple]);
}

AlgoEstimate allToAllEstimate(const CommGroup& g, CollectiveOp op, double bytes)
{
    AlgoEstimate e;
    e.algorithm = Algorithm::Direct;
    if (op != CollectiveOp::AllToAll) { e.whyNot = "direct exchange with every peer models all-to-all only"; return e; }
    e.applicable = true;
    e.protocol = Protocol::Simple;
    double bIn = g.intraGBps;
    if (g.intraPath != IntraPath::NVLink && g.gpusPerPcieSwitch > 1 && g.g > g.gpusPerPcieSwitch) {
        // m GPUs share one switch uplink for the flows that leave the switch (§9 [eng]).
        const double m = g.gpusPerPcieSwitch;
        const double cross = (g.g - m) / (g.g - 1.0);
        bIn = bIn * std::min(1.0, 1.0 / (m * cross));
    }
    e.latencyUs = pairwiseLatencyUs(g, g.k > 1);
    if (g.n == 1) { e.timeUs = 0; e.latencyUs = 0; return e; }
    // Without NVLink, ranks on both CPU sockets of a server: a ranks on one, b on the other send
    // each other a x b x S/n bytes each way over the one CPU-to-CPU link (NCCL topo.h UPI rate);
    // 8 L40S as 4 + 4: 2 S, not the (n-1)/n S one GPU sends.
    const int onServer = g.k == 1 ? g.n : g.chainRanks;
    double tSocket = 0;
    if (g.intraPath != IntraPath::NVLink && g.cpuSockets >= 2 && onServer > g.gpusPerSocket) {
        const double a = g.gpusPerSocket, b = onServer - g.gpusPerSocket;
        tSocket = usFor(a * b * bytes / g.n, calibration::kInterSocketGBps);
    }
    if (g.k == 1) {
        e.bandwidthUs = std::max(usFor((g.n - 1.0) / g.n * bytes, bIn), tSocket);
        e.timeUs = e.latencyUs + e.bandwidthUs;
        return e;
    }
    // Each GPU through its own share of its server's NICs; the ranks of the server with the
    // fewest group members (the last of 8 + 4) send the most across the network.
    const double nicGpu = g.nicGpuGBps * g.fabricAllToAllFactor;
    const double tIntra = std::max(usFor((g.chainRanks - 1.0) / g.n * bytes, bIn), tSocket);
    const double eta = allToAllSizeEfficiency(bytes, g.k);
    const double tInter = usFor(static_cast<double>(g.n - g.fewestRanks) / g.n * bytes, nicGpu) / eta;
    // Without NVLink the GPU's one host link (PCIe) carries both: all it sends, (n-1)/n S, at no
    // more than that link's usable rate, NCCL's width x speed / 80 as the intra-node path and
    // the simulator take it (8 L40S per server behind 800G NICs: PCIe Gen4 x16, 32 GB/s spec,
    // 24 GB/s usable).
    const double hostUsable = g.hostLinkGBps * calibration::kPcieUsableFraction;
    // The network's share pays the measured size efficiency there too, as the simulator's flows
    // carry 1 / eta of their bytes along the whole path (protocol_plan.hpp): 2 x 8 L40S at
    // 16 MiB, analytical 20.0 GB/s busbw against 15.6 simulated before.
    const double hostShare = (static_cast<double>(g.n - g.fewestRanks) / eta + (g.fewestRanks - 1.0)) / g.n;
    const double tHost = g.intraPath != IntraPath::NVLink && hostUsable > 0 ? usFor(hostShare * bytes, hostUsable) : 0.0;
    e.bandwidthUs = std::max({tIntra, tInter, tHost});
    e.timeUs = e.latencyUs + e.bandwidthUs;
    return e;
}

} // namespace model::analysis
