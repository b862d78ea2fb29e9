#include "model/simulation/simulation.hpp"

#include "model/analysis/analysis.hpp"
#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/comm_group.hpp"
#include "model/analysis/ecmp_imbalance.hpp"
#include "model/analysis/host_issue.hpp"
#include "model/simulation/failure_check.hpp"
#include "model/simulation/protocol_plan.hpp"
#include "model/simulation/schedule_algorithms.hpp"
#include "model/simulation/sim_engine.hpp"

#include <algorithm>
#include <cstdio>
#include <chrono>
#include <stdexcept>

namespace model {

using namespace sim;

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

int totalGpus(const NetworkGraph& g) { return static_cast<int>(g.gpus.size()); }

/// GPU indices with the largest island's first (islands.hpp: one job runs inside one island,
/// and the analytical engine places it there), then the others, each in graph order; sets
/// `islandGpus` to the largest island's GPU count. A design in one piece keeps graph order.
std::vector<int> gpusIslandFirst(const Design& design, const Catalog& catalog, const NetworkGraph& g, int& islandGpus)
{
    std::vector<int> first, rest;
    const analysis::ClusterFacts f = analysis::extractFacts(design, catalog);
    std::vector<Id> island;
    for (const auto& s : f.servers)
        if (s.component == f.largestComponent) island.push_back(s.id);
    for (int i = 0; i < totalGpus(g); ++i) {
        const Id server = g.gpus[static_cast<std::size_t>(i)].server;
        (f.islands <= 1 || std::find(island.begin(), island.end(), server) != island.end() ? first : rest).push_back(i);
    }
    islandGpus = static_cast<int>(first.size());
    first.insert(first.end(), rest.begin(), rest.end());
    return first;
}

void fillCollective(CollectiveResult& c, CollectiveOp op, double bytes, int gpus, Algorithm algorithm,
                    double seconds, Protocol protocol = Protocol::Simple)
{
    c.op = op;
    c.bytes = bytes;
    c.gpus = gpus;
    c.engine = "simulation";
    c.algorithm = algorithm;
    c.time = Duration::seconds(seconds);
    c.algbw = seconds > 0 ? Bandwidth::bytesPerSecond(bytes / seconds) : Bandwidth();
    c.busbw = c.algbw * busBandwidthFactor(op, gpus);
    // Link rates are the practical Simple-protocol rates (calibration.hpp); ring schedules carry
    // the LL / LL128 efficiency as extra bytes (protocol_plan.hpp).
    c.protocol = protocol;
}

void finishResult(Engine& e, double total, Clock::time_point t0)
{
    e.recorder.finish(e.design, e.result, total, e.options.maxSeriesPoints);
    if (e.result.reroutedFlows > 0)
        e.result.notes.push_back(std::to_string(e.result.reroutedFlows) +
                                 " simulated flows left their server through another NIC than their own (failed or unwired NIC)");
    e.result.wallSeconds = secondsSince(t0);
}

/// Prices `algorithm`'s schedule with `plan`'s NCCL base and per-hop latencies (seconds in the
/// engine) and `fill` (chunks of pipeline fill), as protocol_plan.hpp computes them.
void usePipelinePlan(Engine& e, const ProtocolPlan& plan, Algorithm algorithm, double fill)
{
    e.ncclPipeline.set = true;
    e.ncclPipeline.algorithm = algorithm;
    e.ncclPipeline.base = plan.baseLatency.inSeconds();
    e.ncclPipeline.intraHop = plan.intraStepLatency.inSeconds();
    e.ncclPipeline.interHop = plan.interStepLatency.inSeconds();
    e.ncclPipeline.fill = fill;
}

void checkBytes(double bytes)
{
    if (!(bytes >= 0)) throw std::invalid_argument("the message size must be a number of bytes >= 0");
}

/// Auto all-reduce: NCCL picks the algorithm with its tuner before anything runs, so the
/// simulator runs the algorithm the shared cost model picks (the analytical engine's choice)
/// and prices it as when forced; simulating every candidate and keeping the fastest compared
/// priced and unpriced schedules. What-if failures do not change the choice: NCCL's tuner
/// picks from the topology it detects in the servers at start-up, and a failed link, switch,
/// plane or slowed NIC port acts on the fabric the simulation routes (the healthy design's
/// choice and pricing, with the failure in the simulated drain; a failure can then only add
/// time). Auto (no choice) when the request is not an auto all-reduce, when NCCL pricing is
/// off, when the request is invalid (the simulation reports why) or when the choice has no
/// priced schedule.
Algorithm tunerChoice(const Design& design, const Catalog& catalog, const CollectiveRequest& request,
                      const SimulationOptions& options)
{
    if (request.op != CollectiveOp::AllReduce || request.algorithm != Algorithm::Auto || !options.ncclStepCost)
        return Algorithm::Auto;
    try {
        const Algorithm a = predictCollective(design, catalog, request).algorithm;
        if (a == Algorithm::Ring || a == Algorithm::Tree || a == Algorithm::Nvls || a == Algorithm::NvlsTree) return a;
    } catch (const std::exception&) {
        // The simulation itself reports what is wrong with the request.
    }
    return Algorithm::Auto;
}

} // namespace

SimulationResult simulateCollective(const Design& design, const Catalog& catalog, const CollectiveRequest& request,
                                    const SimulationOptions& options, const ProgressFn& onProgress)
{
    const auto t0 = Clock::now();
    checkBytes(request.bytes);
    if (request.ncclRelease != NcclRelease::Current)
        analysis::checkNcclReleaseRunsOn(analysis::extractFacts(design, catalog), request.ncclRelease);
    // All-to-all runs direct (NCCL) or pairwise (simulated rounds); another algorithm asked for
    // is refused as the analytical engine refuses it, not replaced by direct without a word.
    if (request.op == CollectiveOp::AllToAll && request.algorithm != Algorithm::Auto &&
        request.algorithm != Algorithm::Direct && request.algorithm != Algorithm::Pairwise)
        throw std::invalid_argument(std::string("algorithm \"") + toString(request.algorithm) +
                                    "\" cannot run alltoall: all-to-all runs direct (every peer at once, as NCCL) or pairwise "
                                    "(n-1 synchronized rounds, simulated only)");
    if (const Algorithm tuned = tunerChoice(design, catalog, request, options); tuned != Algorithm::Auto) {
        CollectiveRequest forced = request;
        forced.algorithm = tuned;
        SimulationResult r = simulateCollective(design, catalog, forced, options, onProgress);
        r.collective.note += std::string("; ") + toString(tuned) +
                             " is the algorithm NCCL's tuner picks for this size and group (the analytical engine's choice, one cost model), simulated as when forced";
        return r;
    }
    checkFailures(design, catalog, options.failures);
    // Ring (broadcast included), tree, nvls, nvls_tree, sharp, hierarchical and all-to-all
    // schedules: protocol, latency, efficiency and pipeline fill from the analytical engine's
    // cost model (protocol_plan.hpp). Auto runs the algorithm the analytical engine picks.
    const bool ringOnly = request.algorithm == Algorithm::Ring ||
                          (request.algorithm == Algorithm::Auto &&
                           (request.op == CollectiveOp::AllGather || request.op == CollectiveOp::ReduceScatter ||
                            request.op == CollectiveOp::Broadcast));
    const bool pipelined = request.op == CollectiveOp::AllReduce &&
                           (request.algorithm == Algorithm::Tree || request.algorithm == Algorithm::Nvls ||
                            request.algorithm == Algorithm::NvlsTree || request.algorithm == Algorithm::CollNet);
    Engine e(design, catalog, options, onProgress);
    const int all = totalGpus(e.graph);
    if (all == 0) throw std::invalid_argument("the design has no GPUs to simulate (switches and appliances only)");
    int islandGpus = all;
    const std::vector<int> order = gpusIslandFirst(design, catalog, e.graph, islandGpus);
    // Every GPU (0) means the largest island's, as the analytical engine reads it.
    const int wanted = request.gpus == 0 ? islandGpus : request.gpus;
    ProtocolPlan plan;
    if (options.ncclStepCost && pipelined && request.gpus >= 0 && request.gpus <= all) {
        plan = algorithmProtocolPlan(design, catalog, request.algorithm, request.op, request.bytes,
                                     wanted, request.ncclRelease);
        if (plan.applies) {
            usePipelinePlan(e, plan, plan.algorithm, plan.fillFactor);
        }
    }
    if (options.ncclStepCost && ringOnly && request.gpus >= 0 && request.gpus <= all) {
        plan = ringProtocolPlan(design, catalog, request.op, request.bytes, wanted, request.ncclRelease);
        if (plan.applies) {
            // NCCL's step latency by hop kind; the routed wire counts where it is longer.
            e.ncclStep.set = true;
            e.ncclStep.intraServer = plan.intraStepLatency.inSeconds();
            e.ncclStep.interServer = plan.interStepLatency.inSeconds();
            e.ringBaseLatency = plan.baseLatency.inSeconds();
            if (request.op == CollectiveOp::Broadcast) {
                // The broadcast chain as NCCL prices it: base + n step latencies + the bytes at
                // the simulated rate (its chunks pipeline hop to hop, LL/LL128 line by line),
                // not the first chunk crossing every hop whole.
                usePipelinePlan(e, plan, Algorithm::Ring, 1.0);
            }
        }
    }
    if (options.ncclStepCost && request.op == CollectiveOp::AllToAll && request.gpus >= 0 &&
        request.gpus <= all) {
        plan = allToAllProtocolPlan(design, catalog, request.bytes, wanted);
        if (plan.applies) {
            e.ncclStep.set = true;
            e.ncclStep.intraServer = plan.intraStepLatency.inSeconds();
            e.ncclStep.interServer = plan.interStepLatency.inSeconds();
            e.interServerWireFactor = plan.interServerWireFactor;
        }
    }
    if (options.ncclStepCost && request.op == CollectiveOp::AllReduce && request.algorithm == Algorithm::Hierarchical &&
        request.gpus >= 0 && request.gpus <= all) {
        // Hierarchical too is priced (despite the defaults named above, which it kept before) with
        // the analytical engine's terms (hierarchical_pricing.hpp): base + ring-step latencies by
        // hop kind, the slower stage's simulated drain, the rail bytes at 1 / eta on the wire.
        plan = hierarchicalProtocolPlan(design, catalog, request.op, request.bytes, wanted, request.ncclRelease);
        if (plan.applies) {
            usePipelinePlan(e, plan, Algorithm::Hierarchical, 1.0);
            e.interServerWireFactor = plan.interServerWireFactor;
        }
    }
    if (request.gpus < 0 || request.gpus > all)
        throw std::invalid_argument("the design has " + std::to_string(all) + " GPUs; cannot run on " +
                                    std::to_string(request.gpus));
    const int n = wanted;
    // Refused before any flow is built when the schedule would be too large to simulate in
    // reasonable time (SimulationOptions::flowBudget).
    if (const SimulationWork work = estimateSimulationWork(request.op, request.algorithm, n, options); work.overBudget())
        throw SimulationTooLarge(simulationBudgetMessage(work, request.op, n), work);
    std::vector<std::vector<int>> groups(1);
    for (int i = 0; i < n; ++i) groups[0].push_back(order[static_cast<std::size_t>(i)]);
    std::vector<std::unique_ptr<Schedule>> schedules;
    try {
        const int allToAllPatterns = request.algorithm == Algorithm::Pairwise ? n - 1 : analysis::allToAllBatches(n, 1, options.maxConcurrentFlows);
        e.setProgressPlan(request.op == CollectiveOp::AllToAll ? allToAllPatterns : 3);
        const ScheduleRun best =
            e.simulateCollective(request.op, request.algorithm, groups, request.bytes * plan.wireFactor, schedules);
        const double simulated = e.place(best, 0.0, 1);
        const double total = applyRampFloor(plan, request.bytes, simulated);
        fillCollective(e.result.collective, request.op, request.bytes, n, best.schedule->algorithm, total, plan.protocol);
        e.result.collective.note = "flow-level simulation, max-min fair sharing";
        if (plan.applies && request.op == CollectiveOp::AllToAll)
            e.result.collective.note += "; per-flow latency (NCCL's Simple base and hop) and, between servers, the "
                                        "measured all-to-all efficiency (SimAI ata_ratio.csv) from the analytical engine's "
                                        "pairwise model";
        else if (plan.applies && plan.algorithm == Algorithm::Hierarchical)
            e.result.collective.note += "; NCCL's Simple ring base and step latencies, the slower pipeline stage's "
                                        "simulated drain and, between servers, the measured size efficiency (SimAI "
                                        "nic_ratio.csv) from the analytical engine's hierarchical model";
        else if (plan.applies)
            e.result.collective.note += std::string("; ") + toString(plan.protocol) +
                                        (plan.algorithm == Algorithm::Ring
                                             ? " protocol, per-step latency and efficiency from NCCL's cost model (as the analytical engine)"
                                             : " protocol, NCCL's latency per hop, bandwidth factors and pipeline fill (as the analytical engine)");
        if (total > simulated) {
            e.result.collective.note += "; bounded below by the measured multi-node size efficiency (SimAI nic_ratio.csv)";
            if (plan.rampStretch > 1.0) {
                char buf[160];
                std::snprintf(buf, sizeof buf, ", read at 1/%.1f of the size for the transport's own network latency",
                              plan.rampStretch);
                e.result.collective.note += buf;
            }
        }
        if (e.ncclPipeline.set && request.op == CollectiveOp::Broadcast)
            e.result.collective.note += "; the broadcast chain pays NCCL's base and " + std::to_string(n) +
                                        " ring-step latencies once, its bytes pipeline hop to hop at the simulated rate";
        else if (!best.schedule->note.empty())
            e.result.collective.note += "; " + best.schedule->note;
        analysis::applyHostIssueFloor(e.result.collective, request.gpusPerThread);
        e.result.scenario = "collective";
        finishResult(e, total, t0);
    } catch (const Cancelled&) {
        e.result.cancelled = true;
        e.result.wallSeconds = secondsSince(t0);
        return e.result;
    }
    if (options.compareWithAnalytical) sim::attachAnalytical(e.result, design, catalog, request);
    if (onProgress) onProgress(1.0);
    return e.result;
}

SimulationResult simulateTrainingStep(const Design& design, const Catalog& catalog,
                                      const std::vector<CommPhase>& phases, const SimulationOptions& options,
                                      const ProgressFn& onProgress)
{
    const auto t0 = Clock::now();
    checkFailures(design, catalog, options.failures);
    Engine e(design, catalog, options, onProgress);
    const int all = totalGpus(e.graph);
    double t = 0, bytes = 0;
    std::vector<std::unique_ptr<Schedule>> schedules;
    {
        // The all-to-all phases together against the budget, before any is simulated (a phase
        // repeated is simulated once and placed `repeat` times).
        SimulationWork total;
        total.budget = options.flowBudget;
        const CommPhase* largest = nullptr;
        SimulationWork largestWork;
        for (const CommPhase& ph : phases) {
            const int n = ph.request.gpus == 0 ? all : ph.request.gpus;
            const int size = ph.groupSize == 0 ? n : ph.groupSize;
            const int groups = size > 0 ? n / (size * std::max(1, ph.groupStride)) * std::max(1, ph.groupStride) : 0;
            const SimulationWork w = estimateSimulationWork(ph.request.op, ph.request.algorithm, size, options, groups);
            total.flows += w.flows;
            total.patterns += w.patterns;
            if (w.flows > largestWork.flows) {
                largest = &ph;
                largestWork = w;
            }
        }
        if (total.overBudget() && largest) {
            total.maxGpusWithinBudget = largestWork.maxGpusWithinBudget;
            const int size = largest->groupSize == 0 ? (largest->request.gpus == 0 ? all : largest->request.gpus)
                                                     : largest->groupSize;
            throw SimulationTooLarge(
                simulationBudgetMessage(total, largest->request.op, size, "the training step's all-to-all phases together"),
                total);
        }
    }
    try {
        e.setProgressPlan(3 * static_cast<int>(phases.size()));
        for (const CommPhase& ph : phases) {
            checkBytes(ph.request.bytes);
            const int n = ph.request.gpus == 0 ? all : ph.request.gpus;
            if (n < 1 || n > all)
                throw std::invalid_argument("phase \"" + ph.label + "\": the design has " + std::to_string(all) +
                                            " GPUs; cannot run on " + std::to_string(n));
            const int size = ph.groupSize == 0 ? n : ph.groupSize;
            const int stride = std::max(1, ph.groupStride);
            if (size < 1 || n % (size * stride) != 0)
                throw std::invalid_argument("phase \"" + ph.label + "\": groups of " + std::to_string(size) +
                                            " ranks spaced " + std::to_string(stride) + " do not tile " +
                                            std::to_string(n) + " ranks");
            std::vector<std::vector<int>> groups;
            for (int block = 0; block < n; block += size * stride)
                for (int offset = 0; offset < stride; ++offset) {
                    groups.emplace_back();
                    for (int k = 0; k < size; ++k) groups.back().push_back(block + offset + k * stride);
                }
            const ScheduleRun r = e.simulateCollective(ph.request.op, ph.request.algorithm, groups, ph.request.bytes,
                                                       schedules);
            const std::string prefix = ph.label.empty() ? std::string() : ph.label + ": ";
            t += e.place(r, t, std::max(1, ph.repeat), prefix);
            bytes += ph.request.bytes * std::max(1, ph.repeat) * static_cast<double>(groups.size());
        }
        fillCollective(e.result.collective, CollectiveOp::AllReduce, bytes, all, Algorithm::Step, t);
        e.result.collective.busbw = Bandwidth();
        e.result.collective.note = "communication of one training step, phases back to back; bytes = sum over groups";
        e.result.scenario = "training_step";
        finishResult(e, t, t0);
    } catch (const Cancelled&) {
        e.result.cancelled = true;
        e.result.wallSeconds = secondsSince(t0);
    }
    if (onProgress && !e.result.cancelled) onProgress(1.0);
    return e.result;
}

SimulationResult simulateIncast(const Design& design, const Catalog& catalog, int senders, double bytesPerSender,
                                const SimulationOptions& options, const ProgressFn& onProgress)
{
    const auto t0 = Clock::now();
    checkBytes(bytesPerSender);
    if (senders < 1) throw std::invalid_argument("an incast needs at least one sender");
    checkFailures(design, catalog, options.failures);
    Engine e(design, catalog, options, onProgress);
    const auto& servers = e.graph.servers;
    std::vector<Transfer> transfers;
    int maxLocal = 0;
    for (const auto& s : servers) maxLocal = std::max(maxLocal, s.gpuCount);
    for (int local = 0; local < maxLocal && static_cast<int>(transfers.size()) < senders; ++local)
        for (std::size_t s = 1; s < servers.size() && static_cast<int>(transfers.size()) < senders; ++s)
            if (local < servers[s].gpuCount)
                transfers.push_back({servers[s].firstGpu + local, 0, bytesPerSender,
                                     mix64(static_cast<std::uint64_t>(transfers.size())), {}});
    if (servers.empty() || static_cast<int>(transfers.size()) < senders)
        throw std::invalid_argument("the design has too few GPUs on other servers for " + std::to_string(senders) +
                                    " incast senders");
    try {
        e.setProgressPlan(1);
        const PatternRun run = e.simulatePattern(transfers);
        e.recorder.addPattern(*run.sim, 0.0, run.duration, 1);
        PhaseTiming pt;
        pt.label = "incast";
        pt.timePerRepeat = Duration::seconds(run.duration);
        pt.flows = run.flows;
        e.result.phases.push_back(pt);
        fillCollective(e.result.collective, CollectiveOp::AllToAll, bytesPerSender * senders, senders + 1, Algorithm::Incast,
                       run.duration);
        e.result.collective.busbw = e.result.collective.algbw;
        e.result.scenario = "incast";
        finishResult(e, run.duration, t0);
    } catch (const Cancelled&) {
        e.result.cancelled = true;
        e.result.wallSeconds = secondsSince(t0);
    }
    if (onProgress && !e.result.cancelled) onProgress(1.0);
    return e.result;
}

} // namespace model
