// Whole-design analysis and the public collective entry points (analysis.hpp).
#include "model/analysis/analysis.hpp"
#include "model/units/number_format.hpp"

#include "model/analysis/bottleneck.hpp"
#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/collective_predict.hpp"
#include "model/analysis/host_issue.hpp"
#include "model/analysis/layers.hpp"
#include "model/analysis/memory_advice.hpp"
#include "model/analysis/memory_fit.hpp"
#include "model/analysis/scaling.hpp"
#include "model/analysis/training.hpp"
#include "model/io/input_error.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace model {

using namespace model::analysis;

namespace {

bool sharpEnabled(const nlohmann::json& settings)
{
    return settings.is_object() && settings.contains("sharp") && settings["sharp"].is_boolean() && settings["sharp"].get<bool>();
}

/// The memory advice's words for more servers like `server`: its catalog kind, whether it has a
/// compute NIC to join a cluster with, and a rented
/// design's provider limit (analysis.rental.max_gpus, a whole number from 1, written 64 or
/// 64.0; else none).
analysis::GrowthContext growthOf(const ServerFacts& server, const nlohmann::json& settings)
{
    analysis::GrowthContext g;
    if (server.spec) g.serverKind = server.spec->kind;
    g.serversNetworked = server.nic != nullptr;
    if (settings.is_object())
        if (const auto r = settings.find("rental"); r != settings.end() && r->is_object())
            if (const auto m = r->find("max_gpus"); m != r->end() && m->is_number()) {
                const double v = m->get<double>(); // 64 or 64.0 alike
                if (v >= 1 && v == std::floor(v)) g.providerMaxGpus = static_cast<int>(std::min(v, 1073741824.0));
            }
    return g;
}

int requestedGpus(const ClusterFacts& f, int gpus)
{
    if (gpus < 0) throw std::invalid_argument("--gpus must be >= 1 (or 0 for every GPU), got " + std::to_string(gpus));
    if (gpus > f.totalGpus)
        throw std::invalid_argument("the design has " + std::to_string(f.totalGpus) + " GPUs; " + std::to_string(gpus) + " were asked for");
    return gpus == 0 ? f.connectedGpus : gpus;
}

StepBreakdown toBreakdown(const TrainingConfig& c, const TrainingStep& s)
{
    StepBreakdown b;
    b.workload = c.model.name;
    b.gpus = s.gpus;
    b.tp = c.tp;
    b.pp = c.pp;
    b.dp = c.dp;
    b.interleave = c.interleave;
    b.microBatch = c.microBatch;
    b.globalBatch = c.globalBatch;
    b.gradAccumulation = s.gradAccumulation;
    b.precision = toString(c.precision);
    b.recompute = toString(c.recompute);
    b.computeS = s.computeS;
    b.tpExposedS = s.tpExposedS;
    b.ppBubbleS = s.ppBubbleS;
    b.ppTransferS = s.ppTransferS;
    b.dpExposedS = s.dpExposedS;
    b.stepS = s.stepS;
    b.tokensPerSecond = s.tokensPerSecond;
    b.mfu = s.mfu;
    b.memoryPerGpuGB = s.memoryPerGpuGB;
    b.stateGB = s.stateGB;
    b.activationsGB = s.activationsGB;
    b.memoryBoundS = s.memoryBoundS;
    b.tpLatencyShare = s.tpLatencyShare;
    b.dpLatencyShare = s.dpLatencyShare;
    return b;
}

/// `v` with at most one decimal, none when it is whole ("72", "21.6"), as the memory
/// bottleneck prints the same limit.
std::string oneDecimal(double v)
{
    const long long tenths = std::llround(v * 10.0);
    return std::to_string(tenths / 10) + (tenths % 10 ? "." + std::to_string(tenths % 10) : std::string());
}

/// Weights, gradients, optimizer state and activations per GPU (decimal GB) of `c` laid out on
/// `total` GPUs (resolveLayout), or +inf when it cannot be laid out there, with `why` (when
/// given) set to the reason ("tensor parallel 3 does not divide the 8 GPUs of a server").
double laidOutMemoryGB(const TrainingConfig& c, int total, const CommGroup& node, const GpuSpec& gpu, std::string* why = nullptr)
{
    try {
        const TrainingConfig laid = resolveLayout(c, total, node, gpu.memoryGB.value_or(0.0));
        return predictStep(laid, node, peakTflops(gpu, laid.precision)).memoryPerGpuGB;
    } catch (const std::invalid_argument& e) {
        if (why) *why = e.what();
        return INFINITY;
    }
}

/// The workload of a design whose settings name none (no "workload", no "model"): the default
/// `dflt` (gpt3-175b) where it fits in kMemoryLimitShare of the GPU's memory, else the largest
/// smaller preset that fits (llama3-70b, megatron-22b, llama3-8b in turn), with `note` saying
/// why; `dflt` when none fits (analyzeDesign then reports the memory bottleneck).
TrainingConfig defaultWorkload(const TrainingConfig& dflt, const nlohmann::json& settings, int total, const CommGroup& node,
                               const GpuSpec& gpu, std::string& note)
{
    const double limit = kMemoryLimitShare * gpu.memoryGB.value_or(1e30);
    std::string layoutProblem; // the default cannot be laid out at all: a setting or the GPU count, not memory
    const double needed = laidOutMemoryGB(dflt, total, node, gpu, &layoutProblem);
    if (needed <= limit) return dflt;
    std::vector<TrainingConfig> smaller;
    for (const auto& name : presetNames()) {
        nlohmann::json s = settings.is_object() ? settings : nlohmann::json::object();
        s["workload"] = name;
        TrainingConfig c = trainingConfigFromJson(s, "<design>");
        if (parameterCount(c.model) < parameterCount(dflt.model)) smaller.push_back(std::move(c));
    }
    std::sort(smaller.begin(), smaller.end(),
              [](const TrainingConfig& a, const TrainingConfig& b) { return parameterCount(a.model) > parameterCount(b.model); });
    for (const TrainingConfig& c : smaller)
        if (laidOutMemoryGB(c, total, node, gpu) <= limit) {
            // The need is that of the layout the engine finds for these GPUs (resolveLayout), so
            // it names them: 4 DGX H100 lay gpt3-175b out at 88 GB per GPU, 5 only at 140.
            const std::string why = std::isfinite(needed)
                                        ? " laid out on these " + std::to_string(total) + " GPUs needs " +
                                              std::to_string(static_cast<long long>(std::lround(needed))) + " GB per GPU, more than the " +
                                              oneDecimal(limit) + " GB allowed of the " + gpu.name + "'s memory"
                                        : " cannot be laid out on these " + std::to_string(total) + " GPUs: " + layoutProblem;
            note = "the design names no workload: " + c.model.name + ", the largest preset that fits in GPU memory (" + dflt.model.name +
                   why + "); analysis.workload chooses another";
            return c;
        }
    if (!std::isfinite(needed)) {
        // No preset can be laid out with these settings (tensor parallel 3 on servers of 8 GPUs):
        // the analysis says why the default cannot run; memory is not the reason.
        note = "the design names no workload, and no preset can be laid out with its settings on these " + std::to_string(total) +
               " GPUs (" + dflt.model.name + ": " + layoutProblem + ")";
        return dflt;
    }
    // Nothing fits: the default stays (the memory bottleneck explains it), and the note says
    // that no preset was found to take its place.
    const std::string gb = std::to_string(static_cast<long long>(std::lround(needed))) + " GB per GPU";
    // The smallest preset's need, or why it cannot be laid out at all here (tensor parallel 3
    // does not divide llama3-8b's 32 heads: more GPUs would not help, so "needs more GPUs" misled).
    std::string smallest;
    if (!smaller.empty()) {
        std::string why;
        const double v = laidOutMemoryGB(smaller.back(), total, node, gpu, &why);
        smallest = "; the smallest preset, " + smaller.back().model.name +
                   (std::isfinite(v) ? ", needs " + std::to_string(static_cast<long long>(std::lround(v))) + " GB"
                                     : ", cannot be laid out on these GPUs: " + why);
    }
    note = "the design names no workload and no preset fits in GPU memory (" + dflt.model.name + " laid out on these " +
           std::to_string(total) + " GPUs needs " + gb + ", more than the " + oneDecimal(limit) +
           " GB allowed of the " + gpu.name + "'s memory" + smallest + "); analysis.model trains a model of your own";
    return dflt;
}

} // namespace

DesignAnalysis analyzeDesign(const Design& design, const Catalog& catalog)
{
    return analyzeDesign(design, catalog, design.analysis);
}

DesignAnalysis analyzeDesign(const Design& design, const Catalog& catalog, const nlohmann::json& settings)
{
    return analyzeFacts(extractFacts(design, catalog), settings);
}

DesignAnalysis analyzeFacts(const ClusterFacts& f, const nlohmann::json& settings)
{
    DesignAnalysis a;
    a.gpus = f.totalGpus;
    a.nodes = static_cast<int>(f.servers.size());
    a.reachableGpus = f.connectedGpus;
    a.islands = largestFirst(f.islandSizes);
    a.layers = computeLayers(f);
    a.warnings = f.warnings;
    a.bisectionGBps = f.bisectionGBps;
    a.oversubscription = f.worstOversubscription;
    TrainingConfig requested;
    try {
        requested = trainingConfigFromJson(settings.is_null() ? nlohmann::json::object() : settings, "<design>");
        a.workload = requested.model.name;
    } catch (const InputError& e) {
        // A workload the engine does not know ("gpt5") leaves the links to analyse: the layer
        // chart, the bottleneck of the links and the collective charts stay, the step says why not.
        // 'entry "analysis": field "workload": unknown workload "gpt5"; expected one of ...', as
        // InputError words it, without the "<design>" placeholder a file name would take.
        const std::string what = e.what(), placeholder = "<design>: ";
        a.workloadError = what.rfind(placeholder, 0) == 0 ? what.substr(placeholder.size()) : what;
        if (settings.is_object())
            if (const auto w = settings.find("workload"); w != settings.end() && w->is_string()) a.workload = w->get<std::string>();
    }
    if (f.servers.empty()) {
        const bool appliancesOnly = f.appliances > 0;
        // No GPU, no bottleneck: "compute" here read as if GPU math limited an empty canvas.
        a.bottleneck = {Scope::None,
                        appliancesOnly ? "the design has no GPU servers (only appliances)" : "the design has no servers",
                        {}};
        a.scalingNote = "no scaling curve: " + a.bottleneck.explanation;
        a.warnings.push_back("add servers to analyse the design");
        return a;
    }
    // The servers of the largest island, whole: one server is the unit a node group offers.
    const ServerFacts* first = nullptr;
    for (const auto& s : f.servers)
        if (s.component == f.largestComponent) { first = &s; break; }
    const CommGroup node = placeGroup(f, first->gpus, sharpEnabled(settings));
    const int total = f.connectedGpus;
    const GpuSpec& gpu = *first->gpu;
    CheckFacts checkFacts = checkFactsOf(*first, node, a.islands.empty() ? a.nodes : a.islands.front().servers);
    if (a.workloadError.empty() && (!settings.is_object() || (!settings.contains("workload") && !settings.contains("model")))) {
        requested = defaultWorkload(requested, settings, total, node, gpu, a.workloadNote);
        a.workload = requested.model.name;
    }
    for (int i : first->portSwitchIndex)
        if (i >= 0 && f.switches[static_cast<std::size_t>(i)].spec &&
            f.switches[static_cast<std::size_t>(i)].spec->protocol == NetProtocol::Ethernet) {
            checkFacts.ethernetFabric = true;
            if (const Node* sw = f.switches[static_cast<std::size_t>(i)].node; sw && !sw->pfcEcn) checkFacts.lossyEthernet = true;
        }
    if (checkFacts.lossyEthernet)
        a.warnings.push_back("Ethernet without PFC/ECN: the bandwidth, collective and scaling figures assume no packet loss, but "
                             "under incast the switches drop packets and RDMA senders stall on retransmission timeouts (the "
                             "flow-level simulation prices the loss where a switch port is offered more than it carries, in steady "
                             "state; an all-to-all that fills each port exactly is not charged there, although its synchronized "
                             "bursts drop packets too; design rule roce-without-pfc)");
    if (!a.workloadError.empty()) {
        const std::string why = "the design's workload settings cannot be read: " + a.workloadError;
        a.warnings.push_back(why);
        a.bottleneck = layerBottleneck(a.layers, checkFacts, why);
        a.scalingNote = "no scaling curve: " + why;
        return a;
    }
    try {
        const double peak = peakTflops(gpu, requested.precision);
        // FP8 on a GPU without FP8 tensor cores (A100 and older, no dense FP8 figure): priced at
        // BF16 (peakTflops), and said, never silently (helper-88: identical to BF16, no word).
        if (requested.precision == Precision::FP8 && !gpu.fp8DenseTflops)
            a.warnings.push_back("precision fp8: the " + gpu.name + " lists no dense FP8 rate (no FP8 tensor cores, or no source for "
                                 "one), so its GEMMs are priced at the BF16 rate; the step is what BF16 training would take");
        // Groups that span servers meet the fabric where they are placed: gradient traffic
        // crossing an oversubscribed tier pays for it (engine_formulas.md §8), and every
        // server's network is the slowest one the placed GPUs use (placeGroup takes the least
        // over its servers): a server wired with one NIC among 8-NIC servers slows the pipeline
        // boundaries and gradients that cross it (helper-95: 72 GPUs with such a server
        // trained faster than the 64 without, its pipeline transfers priced at 8 NICs).
        const bool sharp = sharpEnabled(settings);
        const FabricPlacer fabric = [&f, sharp](const CommGroup& one, int gpus) {
            CommGroup g = one;
            try {
                const CommGroup placed = placeGroup(f, gpus, sharp);
                g.fabricRingFactor = placed.fabricRingFactor;
                g.fabricAllToAllFactor = placed.fabricAllToAllFactor;
                g.fabricTreeFactor = placed.fabricTreeFactor;
                g.ecmpAllToAllFactor = placed.ecmpAllToAllFactor;
                if (placed.k > 1) {
                    g.nicNodeGBps = std::min(g.nicNodeGBps, placed.nicNodeGBps);
                    g.nicGpuGBps = std::min(g.nicGpuGBps, placed.nicGpuGBps);
                    g.nicLineGbps = std::min(g.nicLineGbps, placed.nicLineGbps);
                    g.nicPortsPerNode = std::min(g.nicPortsPerNode, placed.nicPortsPerNode);
                    if (placed.hostLinkGBps > 0)
                        g.hostLinkGBps = g.hostLinkGBps > 0 ? std::min(g.hostLinkGBps, placed.hostLinkGBps) : placed.hostLinkGBps;
                    g.netGpuDirect = g.netGpuDirect && placed.netGpuDirect;
                    g.netLatencyUs = std::max(g.netLatencyUs, placed.netLatencyUs);
                    g.netProfileAllowsLl = g.netProfileAllowsLl && placed.netProfileAllowsLl;
                    g.netProfileNamesLl128 = g.netProfileNamesLl128 && placed.netProfileNamesLl128;
                    g.lossyLeaves = g.lossyLeaves || placed.lossyLeaves;
                }
            } catch (const std::invalid_argument&) {
                // more GPUs than one island holds: the servers' own figures
            }
            return g;
        };
        // The layout the engine's own step time prefers, on the fabric as its GPUs meet it
        // (placed once per GPU count: many splits share one, and placing walks the fabric).
        std::map<int, CommGroup> placed;
        const LayoutTimer timer = [&](const TrainingConfig& laid) {
            const int gpus = laid.tp * laid.pp * laid.dp;
            if (gpus <= node.n) return predictStep(laid, node, peak).tokensPerSecond;
            auto at = placed.find(gpus);
            if (at == placed.end()) at = placed.emplace(gpus, fabric(node, gpus)).first;
            return predictStep(laid, at->second, peak).tokensPerSecond;
        };
        LayoutTradeoff tradeoff;
        const TrainingConfig c = resolveLayout(requested, total, node, gpu.memoryGB.value_or(0.0), timer, &tradeoff);
        const int busy = c.tp * c.pp * c.dp;
        const TrainingStep s = predictStep(c, busy > node.n ? fabric(node, busy) : node, peak);
        a.hasStep = true;
        a.step = toBreakdown(c, s);
        const double memoryLimitGB = kMemoryLimitShare * gpu.memoryGB.value_or(0.0); // 0: the GPU's memory is unknown
        a.scaling = weakScaling(c, node, peak, total, fabric, memoryLimitGB);
        a.scalingStrong = strongScaling(c, node, peak, total, fabric, memoryLimitGB);
        a.levers = levers(c, node, gpu, fabric);
        a.step.idleGpus = total - s.gpus;
        // The gradient reduction spans the busy GPUs: whether the fabric derates its ring/tree.
        const double dpFabric = s.gpus > node.n ? placeGroup(f, s.gpus, sharpEnabled(settings)).fabricRingFactor : 1.0;
        a.bottleneck = findBottleneck(a.step, node, a.layers, checkFacts, dpFabric);
        if (const std::string idle = idleGpusNote(requested, c, total, node, gpu.memoryGB.value_or(0.0), timer); !idle.empty()) a.warnings.push_back(idle);
        else a.layoutNote = layoutTradeoffNote(c, tradeoff); // the idle note names the trade where GPUs idle
        if (const std::string batch = publishedBatchNote(requested, c); !batch.empty()) a.warnings.push_back(batch);
        if (s.memoryPerGpuGB > kMemoryLimitShare * gpu.memoryGB.value_or(1e30)) {
            const std::string waysOut = memoryWaysOut(requested, c, total, node, gpu.memoryGB.value_or(0.0), timer, growthOf(*first, settings));
            const std::string need = memoryNeedWords(s.stateGB, s.activationsGB);
            a.warnings.push_back(kWorkloadExceedsGpuMemory + std::string(": ") + need + "; " + waysOut);
            // No run, so nothing limits it but memory, and no curve of a run: the step stays
            // (its layout and memory per GPU, and what a step would take if it fit), marked.
            a.step.fitsInMemory = false;
            a.bottleneck = memoryBottleneck(a.step, gpu, waysOut);
            a.scaling.clear();
            a.scalingStrong.clear();
            a.scalingNote = "no scaling curve: " + a.workload + " does not fit in GPU memory, needing " + need +
                            ", so it cannot run on the design or on fewer of its GPUs";
        }
    } catch (const std::invalid_argument& e) {
        a.warnings.push_back(std::string("workload ") + requested.model.name + " cannot run on this design: " + e.what());
        a.bottleneck = layerBottleneck(a.layers, checkFacts, requested.model.name + " cannot run on this design: " + e.what());
        a.scalingNote = std::string("no scaling curve: ") + requested.model.name + " cannot run on this design: " + e.what();
    }
    return a;
}

CollectiveResult predictCollective(const Design& design, const Catalog& catalog, const CollectiveRequest& request)
{
    const ClusterFacts f = extractFacts(design, catalog);
    const int n = requestedGpus(f, request.gpus);
    CommGroup g = placeGroup(f, n, sharpEnabled(design.analysis));
    checkNcclReleaseRunsOn(f, request.ncclRelease);
    g.ncclRelease = request.ncclRelease;
    CollectiveResult r = predictOnGroup(g, request.op, request.bytes, request.algorithm);
    analysis::applyHostIssueFloor(r, request.gpusPerThread);
    return r;
}

std::vector<CollectiveResult> sweepCollective(const Design& design, const Catalog& catalog, const CollectiveRequest& request,
                                              double minBytes, double maxBytes)
{
    if (!(minBytes >= 1) || !(maxBytes >= minBytes) || !std::isfinite(maxBytes))
        throw std::invalid_argument("a sweep needs 1 <= min <= max bytes");
    const ClusterFacts f = extractFacts(design, catalog);
    const int n = requestedGpus(f, request.gpus);
    CommGroup g = placeGroup(f, n, sharpEnabled(design.analysis));
    checkNcclReleaseRunsOn(f, request.ncclRelease);
    g.ncclRelease = request.ncclRelease;
    std::vector<CollectiveResult> out;
    for (double b = minBytes; b <= maxBytes * (1 + 1e-12); b *= 2) {
        out.push_back(predictOnGroup(g, request.op, b, request.algorithm));
        analysis::applyHostIssueFloor(out.back(), request.gpusPerThread);
    }
    return out;
}

std::vector<CollectiveSweep> chartSweeps(const Design& design, const Catalog& catalog, double minBytes, double maxBytes)
{
    if (!(minBytes >= 1) || !(maxBytes >= minBytes) || !std::isfinite(maxBytes))
        throw std::invalid_argument("a sweep needs 1 <= min <= max bytes");
    return chartSweepsOf(extractFacts(design, catalog), design.analysis, minBytes, maxBytes);
}

std::vector<CollectiveSweep> chartSweepsOf(const ClusterFacts& f, const nlohmann::json& settings, double minBytes, double maxBytes)
{
    if (!(minBytes >= 1) || !(maxBytes >= minBytes) || !std::isfinite(maxBytes))
        throw std::invalid_argument("a sweep needs 1 <= min <= max bytes");
    std::vector<CollectiveSweep> out;
    if (f.connectedGpus < 2) return out;
    int serverGpus = 0;
    for (const auto& s : f.servers)
        if (s.component == f.largestComponent) { serverGpus = s.gpus; break; }
    std::vector<std::pair<int, const char*>> scopes;
    if (serverGpus >= 2 && serverGpus < f.connectedGpus) scopes.emplace_back(serverGpus, "one server");
    // Split designs (islands, or servers no cable reaches) chart the largest island, and say so.
    scopes.emplace_back(f.connectedGpus, f.connectedGpus < f.totalGpus ? "largest island" : "whole design");
    const bool sharp = sharpEnabled(settings);
    for (const auto& [n, scope] : scopes) {
        const CommGroup g = placeGroup(f, n, sharp);
        for (CollectiveOp op : {CollectiveOp::AllReduce, CollectiveOp::AllGather, CollectiveOp::ReduceScatter, CollectiveOp::AllToAll}) {
            CollectiveSweep sweep{op, n, scope, {}};
            for (double b = minBytes; b <= maxBytes * (1 + 1e-12); b *= 2) sweep.points.push_back(predictOnGroup(g, op, b, Algorithm::Auto));
            out.push_back(std::move(sweep));
        }
    }
    return out;
}

} // namespace model
