// Bottleneck scope with explanation and pre-checks (issue 5 item 5; engine_formulas.md §4
// for the intra vs inter criterion).
#include "model/analysis/bottleneck.hpp"

#include "model/analysis/memory_advice.hpp"

#include "model/analysis/memory_fit.hpp"
#include "model/units/number_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace model::analysis {

namespace {
/// A share as everywhere else the analysis prints one: one decimal, "18.4 %" (formatPercent).
std::string pct(double x) { return formatPercent(x); }
/// Decimal GB without trailing zeros: "700", "21.6", "24"; whole GB from 100 on, cut as the
/// memory warning cuts them (analyze_design.cpp), so both give the same figure.
std::string gbCount(double x)
{
    char buf[32];
    if (x >= 100) std::snprintf(buf, sizeof buf, "%.0f", std::floor(x));
    else std::snprintf(buf, sizeof buf, "%.3g", x);
    return buf;
}
std::string gb(double x)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g GB/s", x);
    return buf;
}

double layerGBps(const std::vector<LayerBandwidth>& layers, Scope s)
{
    for (const auto& l : layers)
        if (l.scope == s) return l.perGpu.inGBps();
    return 0.0;
}

/// "one NIC per GPU", "each server's NIC", "all 4 NIC ports of each server".
std::string nicPhrase(const CheckFacts& f)
{
    if (f.nicPorts == f.gpusPerServer) return "one NIC per GPU";
    if (f.nicPorts == 1) return "each server's NIC";
    return "all " + std::to_string(f.nicPorts) + " NIC ports of each server";
}
} // namespace

CheckFacts checkFactsOf(const ServerFacts& server, const CommGroup& node, int servers)
{
    CheckFacts f;
    f.servers = servers;
    f.gpusPerServer = server.gpus;
    f.intraPath = node.intraPath;
    f.cpuSockets = server.spec ? std::max(1, server.spec->cpuSockets) : 1;
    if (server.gpu && server.gpu->pcieGeneration > 0 && server.gpu->pcieLanes > 0)
        f.pcieLink = "PCIe Gen" + std::to_string(server.gpu->pcieGeneration) + " x" + std::to_string(server.gpu->pcieLanes);
    f.nicPorts = server.wiredPorts;
    // As placeGroup decides NCCL's GPUDirect RDMA across nodes (comm_group.cpp).
    // GPUDirect RDMA is a PCIe peer-to-peer transfer between the NIC and the GPU, so a GPU without
    // PCIe peer-to-peer (GeForce with stock drivers) has none, whatever the NIC.
    f.gpuDirectRdma = server.nic && (!server.gpu || server.gpu->peerToPeerOverPcie) &&
                      (server.nic->supports(NetProtocol::InfiniBand) || server.nic->gpuDirectRdma ||
                       server.nic->protocolGeneration.find("RoCE") != std::string::npos);
    return f;
}

std::vector<std::string> standardChecks(const CheckFacts& f, Scope scope)
{
    std::vector<std::string> c;
    if (scope == Scope::Memory || scope == Scope::None) return c; // nothing on the network would change it
    const bool network = f.servers > 1 && f.nicPorts > 0; // one job crosses NICs
    if (scope == Scope::Compute || scope == Scope::Hbm)
        c.push_back("precision: is the run really in BF16/FP8 on tensor cores (not FP32), with fused kernels?");
    c.push_back("data pipeline: does the loader keep up (GPU utilisation gaps between steps)?");
    if (scope != Scope::Compute)
        c.push_back(std::string("precision: BF16/FP8 halves or quarters every byte ") +
                    (network ? "the network must move" : "the GPUs exchange inside the server") + " compared with FP32");
    const bool nvlink = f.gpusPerServer > 1 && f.intraPath == IntraPath::NVLink;
    if (nvlink || network) {
        std::string t = "topology misdetection: does NCCL see ";
        if (nvlink) t += "NVLink";
        if (nvlink && network) t += " and ";
        if (network) t += nicPhrase(f);
        t += " (NCCL_DEBUG=INFO, nvidia-smi topo -m)";
        if (network) t += std::string(f.gpuDirectRdma ? ", GPUDirect RDMA on," : ",") + " and the NIC on the GPU's PCIe switch";
        c.push_back(t + "?");
    }
    if (network && f.lossyEthernet)
        c.push_back("RoCE without PFC/ECN (design rule roce-without-pfc): under incast the switches drop packets and RDMA "
                    "senders stall on retransmission timeouts, which these figures (no loss) do not show; turn PFC and ECN "
                    "on for the RDMA traffic class, and then check that NCCL_IB_TC names that class");
    else if (network && f.ethernetFabric)
        c.push_back("RoCE: do NCCL_IB_GID_INDEX (the RoCEv2 GID) and NCCL_IB_TC (the traffic class the switches run with PFC "
                    "and ECN) match the fabric, and do the switches' PFC pause and ECN-marked counters stay low during the run?");
    if (f.gpusPerServer > 1 && f.intraPath != IntraPath::NVLink) {
        const std::string link = f.pcieLink.empty() ? "its full PCIe width and generation" : "its full " + f.pcieLink;
        const std::string sockets = f.cpuSockets > 1 ? ", and which GPU pairs cross the CPU-to-CPU link (SYS in nvidia-smi topo -m)" : "";
        if (f.intraPath == IntraPath::HostStaged)
            c.push_back("PCIe: every copy between the GPUs is staged through host memory (no peer-to-peer), so does each GPU's "
                        "slot run at " + link + " (lspci -vv LnkSta)" + sockets + "?");
        else
            c.push_back("PCIe: does NCCL copy peer-to-peer between the GPUs (NCCL_DEBUG=INFO shows P2P, not SHM; nvidia-smi topo -m), "
                        "with ACS off and each GPU's slot at " + link + " (lspci -vv LnkSta)" + sockets + "?");
    }
    if (f.servers > 1)
        c.push_back("a single node: run the same job on one server; if it is also slow, the network is not the cause");
    return c;
}

Bottleneck memoryBottleneck(const StepBreakdown& s, const GpuSpec& gpu, const std::string& waysOut)
{
    Bottleneck b;
    b.scope = Scope::Memory;
    const double total = gpu.memoryGB.value_or(0.0);
    b.explanation = s.workload + " needs " + memoryNeedWords(s.stateGB, s.activationsGB) + " with tensor " + std::to_string(s.tp) + ", pipeline " + std::to_string(s.pp) + ", data " + std::to_string(s.dp) +
                    " parallel, more than the " + gbCount(kMemoryLimitShare * total) + " GB (" + pct(kMemoryLimitShare) + ") of the " +
                    gpu.name + "'s " + gbCount(total) + " GB they may take: the run cannot start, so no link limits it; " + waysOut;
    return b;
}

Bottleneck layerBottleneck(const std::vector<LayerBandwidth>& layers, const CheckFacts& facts, const std::string& whyNoRun)
{
    const int servers = facts.servers;
    Bottleneck b;
    const double intra = layerGBps(layers, Scope::IntraNode);
    const double nic = layerGBps(layers, Scope::NodeBoundary);
    const double fabric = layerGBps(layers, Scope::Fabric);
    if (servers <= 1 || layers.empty()) {
        b.scope = Scope::IntraNode;
        b.explanation = "one server: collectives are bound by the GPU-to-GPU links inside it (" + gb(intra) + " per GPU each way)";
    } else if (fabric < nic) {
        b.scope = Scope::Fabric;
        b.explanation = "the switch fabric gives each GPU " + gb(fabric) + " across the design, less than its NIC's " + gb(nic) +
                        ": oversubscription or bisection limits traffic between leaves";
    } else {
        b.scope = Scope::NodeBoundary;
        b.explanation = "each GPU leaves its server at " + gb(nic) + " but talks to its neighbours at " + gb(intra) +
                        ": multi-node collectives are bound by the NICs";
    }
    b.explanation = "no run to limit: " + whyNoRun + ". Of the design's links alone: " + b.explanation;
    b.checks = standardChecks(facts, b.scope);
    return b;
}

Bottleneck findBottleneck(const StepBreakdown& s, const CommGroup& node, const std::vector<LayerBandwidth>& layers,
                          const CheckFacts& facts, double dpFabricFactor)
{
    Bottleneck b;
    const double overhead = s.stepS - s.computeS;
    const double fabric = layerGBps(layers, Scope::Fabric);
    const double nic = layerGBps(layers, Scope::NodeBoundary);
    struct Part { double t; Scope scope; std::string what; bool plural = false; };
    const bool tpLatency = s.tpLatencyShare > 0.5, dpLatency = s.dpLatencyShare > 0.5;
    const bool dpFabricBound = dpFabricFactor < 1.0;
    std::vector<Part> parts = {
        {s.tpExposedS, tpLatency ? Scope::Latency : Scope::IntraNode,
         tpLatency ? "per-step latency of many small tensor-parallel collectives (" + pct(s.tpLatencyShare) + " of their time is latency)"
                   : "exposed tensor-parallel collectives over " + socketLocal(node, s.tp, 1).intraTechnology,
         !tpLatency},
        {s.ppBubbleS, Scope::PipelineBubble, "the pipeline bubble ((pp-1)/(v m) of the compute with pp " + std::to_string(s.pp) +
                                                 ", " + std::to_string(s.gradAccumulation) + " micro-batches)"},
        {s.ppTransferS, Scope::NodeBoundary, "pipeline transfers between stages", true},
        {s.dpExposedS, dpLatency ? Scope::Latency : dpFabricBound ? Scope::Fabric : Scope::NodeBoundary,
         dpLatency ? "latency of the gradient reduction over many ranks (" + pct(s.dpLatencyShare) + " of it is latency)"
         : dpFabricBound ? "gradient reduction across an oversubscribed fabric"
         : fabric < nic ? "gradient reduction across the servers' NICs (the fabric's oversubscription does not slow it: a ring or "
                          "tree sends one server's worth of traffic up each leaf, which the uplinks carry)"
                        : "gradient reduction across the servers' NICs"},
    };
    const auto worst = std::max_element(parts.begin(), parts.end(), [](const Part& a, const Part& c) { return a.t < c.t; });
    if ((s.stepS <= 0 || overhead < 0.1 * s.stepS || worst->t <= 0) && s.memoryBoundS > 0.5 * s.computeS) {
        b.scope = Scope::Hbm;
        b.explanation = "memory-bound layer work (layer norms, softmax, activations moved through HBM) takes " +
                        pct(s.memoryBoundS / std::max(1e-30, s.stepS)) + " of the step; fused kernels or flash attention cut it";
    } else if (s.stepS <= 0 || overhead < 0.1 * s.stepS || worst->t <= 0) {
        b.scope = Scope::Compute;
        b.explanation = "compute-bound: the math takes " + pct(s.computeS / std::max(1e-30, s.stepS)) +
                        " of the step (MFU " + pct(s.mfu) + "); faster links would gain little";
    } else {
        b.scope = worst->scope;
        // "After the math" only when the math is the larger share; a gradient reduction that
        // takes 51% against the math's 28% is the largest share of all.
        b.explanation = worst->what + (worst->plural ? " cost " : " costs ") + pct(worst->t / s.stepS) +
                        (worst->t > s.computeS ? " of the step, more than the math (" : " of the step, the largest share after the math (") +
                        pct(s.computeS / s.stepS) + ")";
        if (worst->scope == Scope::NodeBoundary || worst->scope == Scope::Fabric)
            b.explanation += "; each GPU has " + gb(nic) + " of NIC against " + gb(layerGBps(layers, Scope::IntraNode)) + " of " +
                             node.intraTechnology;
        if (worst->scope == Scope::PipelineBubble)
            b.explanation += "; more micro-batches per step or interleaved stages shrink it";
    }
    b.checks = standardChecks(facts, b.scope);
    return b;
}

} // namespace model::analysis
