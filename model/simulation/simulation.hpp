#pragma once
/// @file simulation.hpp
/// Public entry points of the flow-level simulation engine (issue 6): one collective, the
/// communication of one training step, an incast, each optionally under what-if failures.
///
/// The simulator expands the design into GPUs, NICs, intra-node fabrics and switch links
/// (sim_graph.hpp), routes every flow on a shortest path with per-flow ECMP (sim_routing.hpp),
/// shares link capacity max-min fairly, recomputed at every flow arrival and departure
/// (max_min.hpp, flow_sim.hpp), and applies the fabric's loss behaviour (fabric_behaviour.hpp).
/// Collectives are turned into step patterns the way NCCL schedules them (collective_schedule.hpp:
/// ring, hierarchical, pairwise; schedule_algorithms.hpp: tree, nvls, nvls_tree, sharp).
///
/// Thread use: every function is re-entrant and touches no global state, so it can run on a
/// worker thread; `onProgress` is called from that thread (at most every few thousand events)
/// and cancels the run by returning false.

#include "model/analysis/analysis.hpp"
#include "model/analysis/calibration.hpp"
#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/units/units.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace model {

/// How flows between nodes pick their NIC.
enum class RoutingPolicy {
    /// Each GPU sends from its own NIC and the fabric routes on shortest paths (ECMP).
    Shortest,
    /// NCCL PXN-like: on NVLink servers a flow first crosses NVLink to the local GPU whose NIC is
    /// on the destination GPU's rail, so it stays on that rail's leaf where the fabric allows
    /// (NCCL 2.12 "PXN"; shared/reference/engine_formulas.md section 4, rail-aligned phases).
    RailAware,
};

/// One what-if failure applied before routing.
struct Failure {
    enum class Kind {
        LinkDown,     ///< `link` fails (both directions, every cable of the bundle)
        SwitchDown,   ///< switch `node` fails: every link attached to it is down
        PlaneDown,    ///< rail/plane `port`: every server link on NIC port `port` is down
        NicDegraded,  ///< NIC `port` of server `node` runs at `speed` instead of its line rate
    };
    Kind kind = Kind::LinkDown;
    Id link = 0;        ///< LinkDown
    Id node = 0;        ///< SwitchDown, NicDegraded
    int port = -1;      ///< PlaneDown, NicDegraded (NIC index = rail)
    Bandwidth speed;    ///< NicDegraded: new line rate, one direction
};

/// Default SimulationOptions::flowBudget: 2^24 = 16,777,216 flows, the all-to-all of 4,096
/// ranks (4,096 x 4,095 = 16,773,120). An engineering choice [eng], not a published figure: the
/// simulator's cost grows with the flows it routes and shares, about 1.5 us of one core per flow
/// (1 GiB all-to-all on DGX H100 fat trees, bench_simulation: 1,024 GPUs = 1.05 million flows in
/// 0.6-1.7 s; 4,096 GPUs = 16.8 million flows in about 25 s and 0.6 GB), so this budget keeps
/// one run within about a minute and a few GB on a two-core machine, while 8,192 GPUs (67
/// million flows, 1,025 batches) took about three minutes with nothing to warn or bound it.
inline constexpr long long kDefaultSimulationFlowBudget = 1LL << 24;

/// Modelling switches. Defaults follow the sources named on each field.
struct SimulationOptions {
    RoutingPolicy routing = RoutingPolicy::RailAware;
    /// Rings (NCCL channels) per collective; 0 = one per compute NIC of a server when the
    /// collective spans servers (NCCL opens at least one channel per NIC), else 1.
    int channels = 0;
    /// Use practical rates instead of spec rates (true by default, the analytical engine's
    /// constants from model/analysis/calibration.hpp): NVLink = NCCL's per-link constant x links
    /// (SM80 20.0, SM90 20.6, SM100 40.1 GB/s per link, nccl topo.h; H100 18 x 20.6 = 370.8
    /// GB/s), network = SimAI's practical NIC rate (48.5 of 50 GB/s at 400G), PCIe = NCCL's
    /// width x speed / 80 (0.75 of nominal); engine_formulas.md section 0. False = spec rates.
    bool effectiveRates = true;
    /// Software overhead added once per flow (per ring step), seconds: SimAI AS_SEND_LAT
    /// default 6 us (engine_anchors.md section b.2). Ring schedules priced by `ncclStepCost`
    /// use NCCL's per-step latency instead.
    Duration sendOverhead = Duration::microseconds(6.0);
    /// Price ring collectives (an explicit ring, or all-gather / reduce-scatter / broadcast on
    /// auto) and a tree, nvls or nvls_tree all-reduce (explicit, or NCCL's choice on auto) with the analytical engine's
    /// cost model (protocol_plan.hpp): the protocol NCCL chooses, NCCL's per-step (per-hop)
    /// latency, the protocol's efficiency, the tree correction and NVLS pipeline fill, and across
    /// nodes the measured size-efficiency floor; and all-to-all with the analytical engine's
    /// pairwise model (protocol_plan.hpp allToAllProtocolPlan: NCCL's Simple base and hop
    /// latency per flow, and between servers the measured all-to-all efficiency of SimAI's
    /// ata_ratio.csv); and a hierarchical all-reduce with the analytical engine's hierarchical
    /// terms (protocol_plan.hpp hierarchicalProtocolPlan: NCCL's Simple ring base and step
    /// latencies, the measured network size efficiency between servers). False: the Simple
    /// protocol and `sendOverhead` per step (the flow mechanics alone).
    bool ncclStepCost = true;
    /// Latency of one NVLink/NVSwitch hop: SimAI -nl default 0.000025 ms = 25 ns (b.2).
    Duration nvlinkHopLatency = Duration::nanoseconds(25.0);
    /// Latency of one network hop (cable + port) when the switch's port-to-port latency is not
    /// in the catalog: SimAI -l default 0.0005 ms = 500 ns (b.2).
    Duration networkHopLatency = Duration::nanoseconds(500.0);
    /// Latency of one PCIe hop [eng]: no public per-hop figure; 100 ns.
    Duration pcieHopLatency = Duration::nanoseconds(100.0);
    /// Pipeline chunk, bytes (NCCL Simple: NCCL_BUFFSIZE 4 MiB / NCCL_STEPS 8 = 512 KiB per
    /// step), used for pipelined broadcast, tree, nvls, nvls_tree (chunks per channel) and for
    /// the hierarchical and sharp all-reduces' phase overlap.
    double chunkBytes = 512.0 * 1024.0;
    /// Most pipeline chunks one hierarchical or sharp all-reduce is cut into [eng].
    int maxPipelineChunks = 64;
    /// Most flows one concurrent all-to-all pattern holds ("direct", the default for alltoall):
    /// above it the n(n-1) transfers run in concurrent batches one after another
    /// (schedule_algorithms.hpp allToAllSchedule). Default calibration::kAllToAllConcurrentFlows,
    /// which the analytical engine's ECMP term assumes too (ecmp_imbalance.hpp).
    int maxConcurrentFlows = calibration::kAllToAllConcurrentFlows;
    /// Flows predicted to finish within this fraction of the current time after the next
    /// departure leave together with it, so one rate re-solve serves them all [eng: bounds the
    /// event batches of asymmetric patterns; each such flow keeps its own finish time, only its
    /// last bytes (at most this fraction of its life) stop holding bandwidth early].
    double departureTolerance = 1e-3;
    /// Lossy Ethernet model (fabric_behaviour.hpp): packet payload, bytes (RoCE MTU 4096).
    double mtuBytes = 4096.0;
    /// Lossy Ethernet: retransmission timeout, seconds. 200 us is the fine-grained RTO
    /// Vasudevan et al. (SIGCOMM 2009, "Safe and effective fine-grained TCP retransmissions")
    /// recommend for datacenters; Linux' default minimum is 200 ms.
    Duration retransmitTimeout = Duration::microseconds(200.0);
    /// RoCE with PFC: model head-of-line blocking of flows sharing a paused ingress.
    bool pfcHeadOfLineBlocking = true;
    std::vector<Failure> failures;
    /// Also run the analytical engine (model::predictCollective) and report it beside.
    bool compareWithAnalytical = true;
    /// Most points kept per link utilisation series (longer series are averaged down).
    int maxSeriesPoints = 200;
    /// Most flows (transfers) one simulation may hold over all its patterns; a request whose
    /// estimate (estimateSimulationWork) is above it is refused before anything is simulated
    /// (SimulationTooLarge). Default kDefaultSimulationFlowBudget [eng]; 0 or less = no limit.
    long long flowBudget = kDefaultSimulationFlowBudget;
};

/// Work a simulation would take, estimated from the request alone (no flow built or routed).
struct SimulationWork {
    /// Transfers the schedules hold over all their patterns (all-to-all: n(n-1) per group, one
    /// per ordered pair of ranks); 0 for a collective the estimate does not count.
    long long flows = 0;
    /// Patterns simulated one after another (all-to-all: concurrent batches, or pairwise
    /// rounds); 0 when not counted.
    long long patterns = 0;
    /// The budget it is held against (SimulationOptions::flowBudget; <= 0 = no limit).
    long long budget = 0;
    /// Most ranks per group whose all-to-all fits the budget (the budget's n, n(n-1) x groups
    /// <= budget); 0 when no limit applies or the op is not counted.
    int maxGpusWithinBudget = 0;
    /// Whether `flows` is above a budget in force.
    [[nodiscard]] bool overBudget() const noexcept { return budget > 0 && flows > budget; }
};

/// Estimates the flows of simulating `op` run by `groups` concurrent groups of `gpus` ranks
/// each, as the schedules would build them (schedule_alltoall.cpp): all-to-all (direct, auto
/// or pairwise) = gpus x (gpus - 1) x groups transfers, in analysis::allToAllBatches(gpus,
/// groups, options.maxConcurrentFlows) batches (direct, auto) or gpus - 1 rounds (pairwise).
/// A transfer between GPUs with several NICs each becomes one flow per NIC lane: the estimate
/// counts transfers, the lower bound. Other collectives are not counted (flows 0, never over
/// the budget): their schedules simulate a few patterns of about gpus x channels flows each and
/// reuse identical steps (a 65,536-GPU all-reduce takes about 10 s, bench_simulation ar-65536).
/// Cheap: arithmetic only.
[[nodiscard]] SimulationWork estimateSimulationWork(CollectiveOp op, Algorithm algorithm, int gpus,
                                                    const SimulationOptions& options, int groups = 1) noexcept;

/// The refusal of an estimate over its budget, in words: the op, the GPUs, the flows and
/// patterns, the budget, and what to do instead (the analytical engine, or at most
/// work.maxGpusWithinBudget GPUs). `label`, when not empty, names what is refused instead of
/// "`op` over `gpus` GPUs" (a training step's all-to-all phases; `op` and `gpus` then describe
/// its largest group).
[[nodiscard]] std::string simulationBudgetMessage(const SimulationWork& work, CollectiveOp op, int gpus,
                                                  const std::string& label = {});

/// Thrown by simulateCollective and simulateTrainingStep, before anything is simulated, when the
/// request's estimate is above SimulationOptions::flowBudget. An std::invalid_argument (a request
/// the engine will not run, with the reason in what(): simulationBudgetMessage), so the command
/// line and the GUI report it as they report any impossible request.
struct SimulationTooLarge : std::invalid_argument {
    SimulationTooLarge(const std::string& message, const SimulationWork& estimate)
        : std::invalid_argument(message), work(estimate)
    {
    }
    SimulationWork work; ///< the estimate that was refused
};

/// Piecewise-constant utilisation of one link over [start, end), seconds from the start.
struct UtilizationSegment {
    double start_s = 0;
    double end_s = 0;
    double utilization = 0;  ///< busier direction, carried rate / modelled capacity, 0..1
};

/// Traffic on one design link during the simulation (for heat on the canvas link).
struct LinkUtilization {
    Id link = 0;
    std::string description;          ///< "dgx-01 port 0 <-> leaf-1 (rail 0)"
    double peak = 0;                  ///< highest utilisation of either direction, 0..1
    double mean = 0;                  ///< time-averaged utilisation of the busier direction, 0..1
    double bytesAtoB = 0;             ///< bytes carried from end a to end b
    double bytesBtoA = 0;
    Bandwidth capacity;               ///< modelled capacity of one direction
    std::vector<UtilizationSegment> series;
};

/// Time of one step pattern or phase of the schedule.
struct PhaseTiming {
    std::string label;                ///< e.g. "ring step", "inter-node all-reduce (per rail)"
    Duration timePerRepeat;           ///< simulated time of one occurrence
    int repeats = 1;                  ///< identical occurrences the total counts (symmetry reuse)
    int flows = 0;                    ///< concurrent flows in one occurrence
};

/// Everything one simulation returns.
struct SimulationResult {
    /// The simulated figure in the analytical engine's struct (engine = "simulation").
    CollectiveResult collective;
    /// model::predictCollective on the same request, when compareWithAnalytical and the
    /// analytical engine could answer; `analyticalError` says why not otherwise.
    std::optional<CollectiveResult> analytical;
    std::string analyticalError;
    std::vector<PhaseTiming> phases;
    std::vector<LinkUtilization> links;       ///< every design link that carried traffic, by id
    std::vector<LinkUtilization> mostCongested; ///< up to 10 busiest links (peak, then mean)
    std::vector<std::string> notes;           ///< modelling notes: fallbacks, reroutes, symmetry
    int reroutedFlows = 0;                    ///< flows whose path avoided a failed element
    long long events = 0;                     ///< flow arrivals + departures processed
    long long eventBatches = 0;               ///< rate re-solves (events at one instant share one)
    long long flowsSimulated = 0;
    double wallSeconds = 0;                   ///< host time the simulation took
    bool cancelled = false;                   ///< onProgress returned false
    std::string scenario = "collective";      ///< "collective", "training_step" or "incast"
};

/// Progress callback: `progress` in 0..1; return false to cancel.
using ProgressFn = std::function<bool(double progress)>;

/// Whether the simulator has a schedule of `algorithm` for `op`: ring every op but all-to-all;
/// hierarchical, tree, nvls, nvls_tree and sharp all-reduce only; direct and pairwise
/// all-to-all only; auto every op. The hardware or the ranks may still rule one out
/// (simulateCollective says why); this is what a menu of algorithms for `op` offers.
[[nodiscard]] bool simulatorRunsOp(Algorithm algorithm, CollectiveOp op) noexcept;

/// Simulates one collective (nccl-tests semantics for `request.bytes`, ranks = the first
/// `request.gpus` GPUs in server-id order, 0 = all). Algorithms (collective_schedule.hpp,
/// schedule_algorithms.hpp):
///  - "ring" (all ops);
///  - "hierarchical" (all_reduce: intra-node reduce-scatter, inter-node all-reduce per rail,
///    intra-node all-gather; with ncclStepCost priced with the analytical engine's terms,
///    model/analysis/hierarchical_pricing.hpp);
///  - "tree" (all_reduce on >= 2 servers: NCCL's double binary tree, intra-node chains);
///  - "nvls" (all_reduce inside one server whose NVSwitch reduces, NVLink SHARP, >= 5 GPUs:
///    flows GPU -> NVSwitch -> GPU);
///  - "nvls_tree" (all_reduce over >= 2 such servers: NVLS inside, double binary tree between);
///  - "sharp" (all_reduce over >= 2 servers through InfiniBand SHARP switches, NCCL CollNet;
///    "collnet" is accepted too);
///  - "direct" (alltoall: every rank sends to all its peers at once, as NCCL posts all
///    send/recv pairs inside one group; batched above SimulationOptions::maxConcurrentFlows);
///  - "pairwise" (alltoall as n-1 synchronized pairwise-exchange rounds, the explicit variant).
/// Auto: all_reduce runs the algorithm NCCL's tuner picks for the size and group, which is the
/// analytical engine's choice from the same cost model (ring, tree, nvls or nvls_tree), priced
/// as when forced, so both engines name and time the same algorithm. With failures (which the
/// tuner does not see), with ncclStepCost off, or when that choice has no priced schedule, it
/// simulates every algorithm above that applies (sharp only when the design's analysis
/// settings say "sharp": true, as the analytical engine) and keeps the fastest. The algorithm
/// is named in result.collective.algorithm; alltoall uses direct, other ops ring.
/// @throws SimulationTooLarge when estimateSimulationWork is above options.flowBudget (before
///         any flow is built); std::invalid_argument for an impossible request (no GPUs at all, more GPUs than the design, negative
///         size, an unknown algorithm, one the op or the hardware cannot run with the reason,
///         e.g. "nvls" on GPUs without an NVLink SHARP NVSwitch, a pair of GPUs the failures
///         disconnect); InputError when the design names hardware the catalog lacks, or
///         ("<command line>", "--fail", spec, ...) for a failure naming a link, switch, server,
///         NIC port or plane the design lacks, or a degraded speed above the port's line rate
///         (failure_check.hpp).
[[nodiscard]] SimulationResult simulateCollective(const Design& design, const Catalog& catalog,
                                                  const CollectiveRequest& request,
                                                  const SimulationOptions& options = {},
                                                  const ProgressFn& onProgress = {});

/// One collective of a training step, run concurrently by every group of ranks it names.
/// Ranks 0..N-1 are cut into groups of `groupSize` ranks spaced `groupStride` apart
/// (Megatron: TP groups = size t, stride 1; DP groups = size d, stride t x p), N = request.gpus
/// or all GPUs, which must be a multiple of groupSize x groupStride.
struct CommPhase {
    std::string label;                ///< "TP all-reduce (fwd)", "DP gradient all-reduce", ...
    CollectiveRequest request;        ///< op, bytes per group (nccl-tests size), algorithm
    int groupSize = 0;                ///< 0 = all ranks in one group
    int groupStride = 1;
    int repeat = 1;                   ///< occurrences per step (e.g. 4 per layer x layers)
};

/// Simulates the communication of one training step as the given phases run one after the
/// other (no overlap with compute). result.collective.time = total, algorithm = "step".
/// @throws as simulateCollective (SimulationTooLarge when its all-to-all phases together, each
///         counted once per group, are above options.flowBudget), plus std::invalid_argument
///         for groups that do not tile.
[[nodiscard]] SimulationResult simulateTrainingStep(const Design& design, const Catalog& catalog,
                                                    const std::vector<CommPhase>& phases,
                                                    const SimulationOptions& options = {},
                                                    const ProgressFn& onProgress = {});

/// Simulates an incast: `senders` GPUs on other servers (GPU 0 of servers 1, 2, ..., then
/// GPU 1, ...) each send `bytesPerSender` bytes to GPU 0 of the first server, all starting at
/// once. result.collective: algorithm "incast", bytes = total received, gpus = senders + 1.
/// @throws std::invalid_argument when senders < 1, the design has too few GPUs, or bytes < 0.
[[nodiscard]] SimulationResult simulateIncast(const Design& design, const Catalog& catalog, int senders,
                                              double bytesPerSender, const SimulationOptions& options = {},
                                              const ProgressFn& onProgress = {});

/// JSON of a result: the `collective --json` keys (op, bytes, gpus, engine, algorithm,
/// time_us, algbw_GBps, busbw_GBps) at the top level, then `analytical` (same keys),
/// `phases` (with `phases_note` where a pipelined schedule's overlapping phases do not add up to
/// time_us), `most_congested_links` (id, description, peak, mean) and, when `withSeries`,
/// `links` with their utilisation series.
[[nodiscard]] nlohmann::json toJson(const SimulationResult& r, bool withSeries = false);

/// Parses a failure spec from the command line: "link:ID", "switch:ID", "plane:PORT",
/// "nic:NODE:PORT:GBPS". @throws InputError("<command line>", "--fail", spec, expected forms).
[[nodiscard]] Failure parseFailure(const std::string& spec);

} // namespace model
