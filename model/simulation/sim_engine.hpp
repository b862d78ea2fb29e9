#pragma once
/// @file sim_engine.hpp
/// Internal driver shared by the public entry points (simulation.cpp): owns the expanded
/// network, the router and the utilisation recorder for one simulation, simulates step
/// patterns and combines them by a Schedule's rule (collective_schedule.hpp).

#include "model/simulation/collective_schedule.hpp"
#include "model/simulation/flow_sim.hpp"
#include "model/simulation/sim_graph.hpp"
#include "model/simulation/sim_routing.hpp"
#include "model/simulation/simulation.hpp"
#include "model/simulation/utilization.hpp"

#include <memory>
#include <vector>

namespace model::sim {

/// One simulated step pattern.
struct PatternRun {
    double duration = 0;   ///< seconds, last flow finished (drain + latency + overhead)
    double drain = 0;      ///< seconds, last byte drained (no latency)
    int flows = 0;
    std::shared_ptr<FlowSimulator> sim;
    /// Per transfer, in the pattern's order: its latency, seconds (routed wire + send overhead).
    /// Read by Engine::run for pipelined rings, then freed.
    std::vector<double> latency;
};

/// Time of `steps` per-rank pipelined ring steps (ScheduledPhase::ringLength): steps x `drain`
/// + the largest sum of `latency` over `steps` consecutive hops of one ring (circularly; the
/// rings are the consecutive blocks of `ringLength` entries of `latency`). Seconds.
/// @throws std::invalid_argument when ringLength < 1 or does not divide latency.size().
[[nodiscard]] double pipelinedRingSeconds(const std::vector<double>& latency, int ringLength, int steps, double drain);

/// A schedule after simulation, before it is placed on the timeline.
struct ScheduleRun {
    const Schedule* schedule = nullptr;
    std::vector<PatternRun> runs;   ///< per phase (reused phases share the run)
    double total = 0;               ///< seconds for one occurrence of the whole collective
};

class Engine {
public:
    Engine(const Design& design, const Catalog& catalog, const SimulationOptions& options,
           const ProgressFn& onProgress);

    /// Simulates every distinct pattern of `s` and computes its total time.
    /// @throws Cancelled when the progress callback says stop.
    ScheduleRun run(const Schedule& s);
    /// Places a run on the timeline at `t0`, `outer` times back to back; records phase timings
    /// and link utilisation. @return the time it occupies, seconds.
    double place(const ScheduleRun& r, double t0, int outer, const std::string& prefix = {});

    /// Picks the algorithm (Auto = fastest of the candidates: all_reduce ring,
    /// hierarchical, tree, nvls, nvls_tree and, when the design enables it, sharp, each where
    /// it applies; alltoall pairwise; others ring), simulates it and returns the chosen run;
    /// `schedules` keeps the schedules alive.
    /// @throws std::invalid_argument as buildSchedule for a chosen algorithm.
    ScheduleRun simulateCollective(CollectiveOp op, Algorithm algorithm,
                                   const std::vector<std::vector<int>>& groups, double bytes,
                                   std::vector<std::unique_ptr<Schedule>>& schedules);

    /// Simulates one pattern as a batch of flows starting at once.
    PatternRun simulatePattern(const std::vector<Transfer>& transfers);

    /// Set how much of the overall progress the next patterns cover.
    void setProgressPlan(int patterns) noexcept { plannedPatterns_ = std::max(1, patterns); }

    /// NCCL's latency of one ring step by hop kind, seconds (protocol_plan.hpp), set by
    /// simulateCollective for ring collectives: when set, a transfer's latency is the larger of
    /// its routed wire latency and its kind's step latency (NCCL's figure holds the wire; a
    /// longer wire than NCCL assumes is what the simulator adds), instead of wire +
    /// options.sendOverhead.
    struct StepLatency {
        bool set = false;
        double intraServer = 0;   ///< a transfer between two GPUs of one server
        double interServer = 0;   ///< a transfer between servers
    } ncclStep;
    /// Latency, seconds, a ring schedule (Algorithm::Ring) pays once on top of its steps: NCCL's
    /// base latency (protocol_plan.hpp); 0 otherwise.
    double ringBaseLatency = 0;
    /// Bytes on the wire per payload byte of a transfer between two servers (protocol_plan.hpp
    /// allToAllProtocolPlan: 1 / the measured all-to-all efficiency; hierarchicalProtocolPlan:
    /// 1 / the measured network size efficiency); 1 otherwise.
    double interServerWireFactor = 1.0;
    /// Tree / NVLS / NVLSTree (and hierarchical) schedules priced with NCCL's cost model
    /// (protocol_plan.hpp), set by simulateCollective for an explicit request of that algorithm.
    /// A schedule of `algorithm` then takes base + its fill phases' NCCL latency hops
    /// (ScheduledPhase::latencyHops, each the larger of its kind's NCCL hop latency and its
    /// routed wire latency; not simulated) + fill x pipeline chunks x the steady step's
    /// simulated drain.
    struct PipelinePricing {
        bool set = false;
        Algorithm algorithm = Algorithm::Tree;
        double base = 0;       ///< seconds, once per collective (NCCL's base latency)
        double intraHop = 0;   ///< seconds per latency hop inside a server
        double interHop = 0;   ///< seconds per latency hop between servers
        double fill = 1.0;     ///< NCCL's pipeline fill factor on the drain (>= 1)
    } ncclPipeline;

    const Design& design;
    const SimulationOptions& options;
    NetworkGraph graph;
    Router router;
    UtilizationRecorder recorder;
    SimulationResult result;

private:
    bool tick();
    /// A fill phase of a schedule priced by ncclPipeline: its NCCL latency hops, seconds, and
    /// `run` set to that latency spread over its repeats (not simulated).
    double pricedFillLatency(const ScheduledPhase& p, PatternRun& run);
    const ProgressFn& onProgress_;
    int plannedPatterns_ = 1;
    int donePatterns_ = 0;
};

/// NCCL CollNet (SHARP) enabled for the design: its analysis settings say "sharp": true (the
/// analytical engine's rule, analyze_design.cpp; NCCL needs NCCL_COLLNET_ENABLE=1).
[[nodiscard]] bool sharpEnabled(const nlohmann::json& analysis) noexcept;

/// Runs model::predictCollective on `request` and stores it in r.analytical (or the reason it
/// failed in r.analyticalError); notes the simulated/analytical time ratio.
void attachAnalytical(SimulationResult& r, const Design& design, const Catalog& catalog,
                      const CollectiveRequest& request);

} // namespace model::sim
