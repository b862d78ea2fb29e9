#include "model/simulation/sim_engine.hpp"

#include "model/simulation/schedule_algorithms.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace model::sim {

bool sharpEnabled(const nlohmann::json& analysis) noexcept
{
    return analysis.is_object() && analysis.contains("sharp") && analysis["sharp"].is_boolean() &&
           analysis["sharp"].get<bool>();
}

Engine::Engine(const Design& d, const Catalog& catalog, const SimulationOptions& o, const ProgressFn& onProgress)
    : design(d),
      options(o),
      graph(buildNetworkGraph(d, catalog, o)),
      router(graph, o.routing),
      recorder(graph),
      onProgress_(onProgress)
{
    result.collective.engine = "simulation";
    result.notes = graph.notes;
}

bool Engine::tick()
{
    if (!onProgress_) return true;
    const double p = std::min(0.99, static_cast<double>(donePatterns_) / plannedPatterns_);
    return onProgress_(p);
}

PatternRun Engine::simulatePattern(const std::vector<Transfer>& transfers)
{
    PatternRun out;
    auto sim = std::make_shared<FlowSimulator>(graph, options);
    std::vector<double> latency;
    latency.reserve(transfers.size());
    const double overhead = options.sendOverhead.inSeconds();
    sim->reserve(transfers.size(), transfers.size() * 8);
    std::vector<int> routed;
    router.resetLoad();
    std::vector<double> flowLatency; // per simulated flow: a transfer between GPUs with several NICs is several flows
    flowLatency.reserve(transfers.size());
    for (const Transfer& t : transfers) {
        const GpuInfo& from = graph.gpus[static_cast<std::size_t>(t.src)];
        const GpuInfo& to = graph.gpus[static_cast<std::size_t>(t.dst)];
        const bool between = from.server != to.server;
        // NCCL spreads a GPU's channels over all its NICs: one flow per NIC lane, equal shares.
        const int lanes = between && t.path.empty() ? std::max({1, from.nicPorts, to.nicPorts}) : 1;
        double lat = 0;
        for (int lane = 0; lane < lanes; ++lane) {
            bool moved = false;
            if (t.path.empty()) router.route(t.src, t.dst, t.key, routed, &moved, lane);
            const std::vector<int>& path = t.path.empty() ? routed : t.path;
            if (moved) ++result.reroutedFlows;
            const double wire = router.latency(path);
            double flowLat = wire + overhead;
            if (ncclStep.set) flowLat = std::max(wire, between ? ncclStep.interServer : ncclStep.intraServer);
            lat = std::max(lat, flowLat);
            flowLatency.push_back(flowLat);
            sim->add(path, (between ? t.bytes * interServerWireFactor : t.bytes) / lanes, 0.0, flowLat);
        }
        latency.push_back(lat);
    }
    out.duration = sim->run([this] { return tick(); });
    const auto& fin = sim->finishTimes();
    for (std::size_t i = 0; i < fin.size(); ++i) out.drain = std::max(out.drain, fin[i] - flowLatency[i]);
    out.flows = static_cast<int>(transfers.size());
    out.latency = std::move(latency);
    result.events += sim->events();
    result.eventBatches += sim->batches();
    result.flowsSimulated += static_cast<long long>(flowLatency.size());
    sim->releaseFlows(); // the recorder reads only its channel traces
    out.sim = std::move(sim);
    ++donePatterns_;
    if (!tick()) throw Cancelled();
    return out;
}

double pipelinedRingSeconds(const std::vector<double>& latency, int ringLength, int steps, double drain)
{
    if (ringLength < 1 || latency.size() % static_cast<std::size_t>(ringLength) != 0)
        throw std::invalid_argument("pipelined ring: " + std::to_string(latency.size()) +
                                    " hop latencies do not form rings of " + std::to_string(ringLength));
    const std::size_t n = static_cast<std::size_t>(ringLength);
    const std::size_t laps = static_cast<std::size_t>(std::max(0, steps)) / n;
    const std::size_t rest = static_cast<std::size_t>(std::max(0, steps)) % n;
    double chain = 0;
    for (std::size_t b = 0; b < latency.size(); b += n) {
        const double* ring = latency.data() + b;
        double lap = 0;
        for (std::size_t i = 0; i < n; ++i) lap += ring[i];
        // Largest sum of `rest` consecutive hops, circularly (sliding window).
        double window = 0;
        for (std::size_t i = 0; i < rest; ++i) window += ring[i];
        double best = window;
        for (std::size_t i = 1; i < n && rest > 0; ++i) {
            window += ring[(i + rest - 1) % n] - ring[i - 1];
            best = std::max(best, window);
        }
        chain = std::max(chain, static_cast<double>(laps) * lap + best);
    }
    return steps * drain + chain;
}

double Engine::pricedFillLatency(const ScheduledPhase& p, PatternRun& run)
{
    const Transfer& t = p.transfers.front();
    std::vector<int> routed;
    if (t.path.empty()) router.route(t.src, t.dst, t.key, routed);
    const double wire = router.latency(t.path.empty() ? routed : t.path);
    const bool between =
        graph.gpus[static_cast<std::size_t>(t.src)].server != graph.gpus[static_cast<std::size_t>(t.dst)].server;
    const double hop = std::max(wire, between ? ncclPipeline.interHop : ncclPipeline.intraHop);
    const double latency = (p.latencyHops >= 0 ? p.latencyHops : p.repeats) * hop;
    run = PatternRun{};
    run.duration = p.repeats > 0 ? latency / p.repeats : 0.0;
    run.flows = static_cast<int>(p.transfers.size());
    return latency;
}

ScheduleRun Engine::run(const Schedule& s)
{
    ScheduleRun r;
    r.schedule = &s;
    r.runs.resize(s.phases.size());
    // All-to-all over three tiers on the subnet manager's static routes (sim_routing.hpp).
    router.setTwoLevelAdaptive(s.algorithm != Algorithm::Direct && s.algorithm != Algorithm::Pairwise);
    double sum = 0;
    const bool priced = ncclPipeline.set && s.algorithm == ncclPipeline.algorithm;
    double pricedLatency = priced ? ncclPipeline.base : 0.0;
    for (std::size_t i = 0; i < s.phases.size(); ++i) {
        const ScheduledPhase& p = s.phases[i];
        if (p.latencyOnly && !priced) continue; // unpriced: every simulated step pays its own latency
        if (priced && p.stepsPerChunk == 0 && !p.transfers.empty()) {
            pricedLatency += pricedFillLatency(p, r.runs[i]);
            continue;
        }
        if (p.sameAs >= 0)
            r.runs[i] = r.runs[static_cast<std::size_t>(p.sameAs)];
        else if (p.generate)
            r.runs[i] = simulatePattern(p.generate()); // built now, freed once simulated
        else
            r.runs[i] = simulatePattern(p.transfers);
        if (p.ringLength > 0 && p.sameAs < 0 && p.repeats > 0) {
            // Per-rank pipelined ring: its steps' time per step, NCCL's base latency included.
            PatternRun& run = r.runs[i];
            const double base = s.algorithm == Algorithm::Ring ? ringBaseLatency : 0.0;
            run.duration = (pipelinedRingSeconds(run.latency, p.ringLength, p.repeats, run.drain) + base) / p.repeats;
        } else if (s.algorithm == Algorithm::Ring && i == 0) {
            sum += ringBaseLatency;
        }
        if (s.algorithm == Algorithm::Direct && i > 0) {
            // Concurrent all-to-all split into batches only to bound the flows held at once
            // (schedule_alltoall.cpp): one exchange, so its latency is paid once, by batch 0.
            r.runs[i].duration = r.runs[i].drain;
        }
        std::vector<double>().swap(r.runs[i].latency);
        sum += p.repeats * r.runs[i].duration;
    }
    double overlap = 0;
    if (s.pipelineChunks > 1)
        for (const auto& stage : s.stages) {
            double d = 0;
            for (int i : stage) {
                const ScheduledPhase& p = s.phases[i];
                d += (p.stepsPerChunk >= 0 ? p.stepsPerChunk : p.repeats) * r.runs[i].drain;
            }
            overlap = std::max(overlap, d);
        }
    r.total = sum + (s.pipelineChunks - 1) * overlap;
    if (priced) {
        // NCCL's latency + fill x the whole drain (every chunk's steady step; protocol_plan.hpp).
        double drain = 0;
        for (const auto& stage : s.stages) {
            double d = 0;
            for (int i : stage) {
                const ScheduledPhase& p = s.phases[static_cast<std::size_t>(i)];
                d += (p.stepsPerChunk >= 0 ? p.stepsPerChunk : p.repeats) * r.runs[static_cast<std::size_t>(i)].drain;
            }
            drain = std::max(drain, d);
        }
        r.total = pricedLatency + ncclPipeline.fill * std::max(1, s.pipelineChunks) * drain;
    }
    return r;
}

double Engine::place(const ScheduleRun& r, double t0, int outer, const std::string& prefix)
{
    const Schedule& s = *r.schedule;
    const double span = r.total * outer;
    const std::size_t firstOwn = result.phases.size();
    // Occurrences of a pattern in one collective: its own repeats plus the steps each further
    // pipeline chunk adds.
    auto occurrences = [&](std::size_t i) {
        const ScheduledPhase& p = s.phases[i];
        return p.repeats + (s.pipelineChunks - 1) * (p.stepsPerChunk >= 0 ? p.stepsPerChunk : p.repeats);
    };
    for (std::size_t i = 0; i < s.phases.size(); ++i) {
        if (s.phases[i].latencyOnly && r.runs[i].flows == 0) continue; // not charged (unpriced run)
        PhaseTiming pt;
        pt.label = prefix + s.phases[i].label;
        pt.timePerRepeat = Duration::seconds(r.runs[i].duration);
        pt.repeats = occurrences(i) * outer;
        pt.flows = r.runs[i].flows;
        // Consecutive distinct patterns of one kind (all-to-all rounds) are listed once, with
        // their mean time per occurrence.
        if (result.phases.size() > firstOwn && result.phases.back().label == pt.label) {
            PhaseTiming& last = result.phases.back();
            const double total = last.timePerRepeat.inSeconds() * last.repeats + pt.timePerRepeat.inSeconds() * pt.repeats;
            last.repeats += pt.repeats;
            last.timePerRepeat = Duration::seconds(total / last.repeats);
            last.flows = std::max(last.flows, pt.flows);
            continue;
        }
        result.phases.push_back(pt);
    }
    if (s.pipelineChunks <= 1 || s.stages.empty()) {
        double t = t0;
        for (int k = 0; k < outer; ++k)
            for (std::size_t i = 0; i < s.phases.size(); ++i) {
                if (r.runs[i].sim) recorder.addPattern(*r.runs[i].sim, t, r.runs[i].duration, s.phases[i].repeats);
                t += s.phases[i].repeats * r.runs[i].duration;
            }
        return span;
    }
    // Pipelined: every stage spans the whole time; its phases share it by their busy time.
    for (const auto& stage : s.stages) {
        double busy = 0;
        for (int i : stage) busy += occurrences(i) * r.runs[i].duration;
        if (busy <= 0) continue;
        double t = t0;
        for (int i : stage) {
            const int reps = occurrences(i) * outer;
            if (reps <= 0) continue;
            const double slot = span * (occurrences(i) * r.runs[i].duration / busy) / reps;
            // The pattern's bytes move once per chunk and step of it (the fill steps carry the
            // first chunk, not extra data).
            const ScheduledPhase& p = s.phases[static_cast<std::size_t>(i)];
            const double perChunk = p.stepsPerChunk >= 0 ? p.stepsPerChunk : p.repeats;
            const double scale = s.pipelineChunks * perChunk / occurrences(static_cast<std::size_t>(i));
            if (r.runs[i].sim) recorder.addPattern(*r.runs[i].sim, t, slot, reps, scale);
            t += slot * reps;
        }
    }
    return span;
}

ScheduleRun Engine::simulateCollective(CollectiveOp op, Algorithm algorithm,
                                       const std::vector<std::vector<int>>& groups, double bytes,
                                       std::vector<std::unique_ptr<Schedule>>& schedules)
{
    // All-to-all is NCCL's point-to-point path, where PXN relays only through a rank of the same
    // communicator (sim_routing.hpp). Ring and tree schedules name each channel's NIC themselves.
    router.setCommunicators(op == CollectiveOp::AllToAll ? groups : std::vector<std::vector<int>>{});
    std::vector<Algorithm> candidates;
    const bool chosen = algorithm != Algorithm::Auto;
    if (chosen)
        candidates.push_back(algorithm);
    else if (op == CollectiveOp::AllToAll)
        candidates.push_back(Algorithm::Direct);
    else if (op == CollectiveOp::AllReduce)
        candidates = allReduceCandidates(graph, groups, sharpEnabled(design.analysis));
    else
        candidates.push_back(Algorithm::Ring);
    ScheduleRun best;
    bool have = false;
    std::string names;
    for (Algorithm a : candidates) {
        try {
            schedules.push_back(std::make_unique<Schedule>(buildSchedule(graph, op, a, groups, bytes, options)));
        } catch (const std::invalid_argument& e) {
            // Only sharp can fail after its structural check (a switch without SHARP): skip it.
            if (chosen || a == Algorithm::Ring) throw;
            result.notes.push_back(std::string(toString(a)) + " not simulated: " + e.what());
            continue;
        }
        names += (names.empty() ? "" : ", ") + std::string(toString(a));
        ScheduleRun r = run(*schedules.back());
        if (!have || r.total < best.total) {
            best = std::move(r);
            have = true;
        }
    }
    if (candidates.size() > 1) {
        result.notes.push_back(std::string("algorithm ") + toString(best.schedule->algorithm) + " picked as the fastest of " + names +
                               " (simulated)");
    }
    if (!best.schedule->note.empty()) result.notes.push_back(best.schedule->note);
    return best;
}

} // namespace model::sim
