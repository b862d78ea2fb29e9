// The calibration constants as a printable list (calibration_list.hpp).
#include "model/analysis/calibration_list.hpp"

#include "model/analysis/calibration.hpp"

#include <sstream>

namespace model::calibration {

namespace {
std::string n(double v)
{
    std::ostringstream s;
    s.precision(4);
    s << v;
    return s.str();
}
} // namespace

std::vector<ConstantInfo> listConstants()
{
    const std::string tuning = "NCCL src/graph/tuning.cc (v2.30.7)";
    return {
        {"NVLink bandwidth NCCL models per link (NVLink 3 / 4 / 5)",
         n(kNcclNvlinkGen3PerLinkGBps) + " / " + n(kNcclNvlinkGen4PerLinkGBps) + " / " + n(kNcclNvlinkGen5PerLinkGBps) + " GB/s per direction",
         "NCCL src/graph/topo.h (v2.30.7)"},
        {"Usable share of PCIe", n(kPcieUsableFraction), "NCCL topo.cc (width x speed / 80)"},
        {"CPU-to-CPU link when a PCIe path crosses sockets", n(kInterSocketGBps) + " GB/s", "NCCL topo.h (Intel SPR UPI)"},
        {"NIC throughput as a share of line rate (400G and up / below)", n(kNicEfficiency400GAndUp) + " / " + n(kNicEfficiencyBelow400G),
         "SimAI calbusbw.cc (aliyun/SimAI)"},
        {"Ring base latency (LL / LL128 / Simple)", n(kRingBaseUs[0]) + " / " + n(kRingBaseUs[1]) + " / " + n(kRingBaseUs[2]) + " us", tuning},
        {"Ring hop latency over the network (LL / LL128 / Simple)",
         n(kRingHopNetUs[0]) + " / " + n(kRingHopNetUs[1]) + " / " + n(kRingHopNetUs[2]) + " us", tuning},
        {"Ring hop latency over NVLink (LL / LL128 / Simple)",
         n(kRingHopNvlinkUs[0]) + " / " + n(kRingHopNvlinkUs[1]) + " / " + n(kRingHopNvlinkUs[2]) + " us", tuning},
        {"Network transport latency added to each network hop (twice for Simple)",
         "per NIC, catalog nccl_net_latency_us: 0 us for InfiniBand/RoCE, 65 us for GPUDirect-TCPXO",
         tuning + " latencyInter; TCPXO derived in catalogs/network.json from a published all-gather"},
        {"Protocol bandwidth factors (LL / LL128)", n(kLlBandwidthFactor) + " / " + n(kLl128BandwidthFactor), tuning},
        {"Tree all-reduce bandwidth factor", n(kTreeBandwidthFactor), tuning},
        {"NVLS efficiency (Hopper / Blackwell)", n(kNvlsEfficiencyHopper) + " / " + n(kNvlsEfficiencyBlackwell), tuning + " nvlsEfficiency"},
        {"CollNet (InfiniBand SHARP) bandwidth factor", n(kCollNetBandwidthFactor), tuning},
        {"Share of dense peak the transformer GEMMs sustain", n(kDefaultComputeEfficiency),
         "engineering estimate, checked against the Megatron-LM step times of Korthikanti et al. 2022 (Table 5)"},
        {"Memory-bound passes over activations per step (no / full recompute)",
         n(kActivationPasses) + " / " + n(kActivationPassesFullRecompute), "Korthikanti et al. 2022, eq. 1-2"},
        {"Share of the backward pass that hides gradient reduction", n(kDpOverlapFraction), "engineering estimate (PyTorch DDP overlaps bucketed all-reduces with the backward pass)"},
        {"Gradient bucket size", n(kDpBucketBytes / (1024.0 * 1024.0)) + " MiB", "PyTorch DDP default bucket_cap_mb"},
    };
}

} // namespace model::calibration
