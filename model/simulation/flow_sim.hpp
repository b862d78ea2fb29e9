#pragma once
/// @file flow_sim.hpp
/// Discrete-event, flow-level simulator. A flow is a number of bytes that starts at a given
/// time on a fixed path of channels. Events are flow arrivals and departures (all flows that
/// arrive or drain at the same instant are one event batch). At each event the simulator finds
/// the connected component of flows that share channels with the flows that changed, re-solves
/// max-min fair rates for that component only (max_min.hpp), applies the fabric's loss/pause
/// behaviour as rate caps (fabric_behaviour.hpp), and predicts the next departures. The rate a
/// flow offers to a switch port is its max-min share of its sending host's channels (a second
/// solve over the host part of each path, fabric_behaviour.hpp), run only when some port looks
/// overloaded even with the path-capacity upper bound.
/// A flow finishes when its last byte has drained plus its path latency plus the per-flow send
/// overhead (the α of the α-β model, engine_formulas.md section 1: t = α + S/B per hop chain).
///
/// A batch of departures only (no arrival; lossless fabric) re-solves only the flows whose rate
/// is at least the smallest rate L of a departing flow: the others keep theirs. Progressive
/// filling without the departed flows runs as before up to level L (a channel that filled below
/// L held no departed flow, which would have frozen below L; the channels that held one carry
/// less at every level), so every flow frozen below L freezes at the same rate, and the filling
/// continues from L over the remaining capacity (MaxMinSolver::solve `fixed`). Only the flows
/// at or above L that are connected to the departures through such flows are re-solved: the
/// continued filling splits into independent parts at the channels only kept flows share, and
/// a part no departed flow touched keeps its rates.

#include "model/simulation/fabric_behaviour.hpp"
#include "model/simulation/max_min.hpp"
#include "model/simulation/sim_graph.hpp"

#include <functional>
#include <span>
#include <stdexcept>
#include <vector>

namespace model::sim {

/// Thrown (internally) when a progress callback asks to stop.
struct Cancelled : std::runtime_error {
    Cancelled() : std::runtime_error("simulation cancelled") {}
};

struct FlowSpec {
    std::vector<int> path;   ///< channel ids; empty = local copy, finishes after `latency`
    double bytes = 0;        ///< bytes to move
    double start = 0;        ///< seconds
    double latency = 0;      ///< seconds added after the last byte drains (path + overhead)
};

/// Rate history of one channel: (time s, carried bytes/s) steps, piecewise constant.
struct RateStep {
    double t = 0;
    double rate = 0;
};

class FlowSimulator {
public:
    FlowSimulator(const NetworkGraph& graph, const SimulationOptions& options);

    /// Adds a flow before run(). @return its index.
    int add(const FlowSpec& flow);
    /// The same without building a FlowSpec: `path` is copied into the simulator's path table.
    int add(std::span<const int> path, double bytes, double start, double latency);
    /// Reserves room for `flows` more flows crossing `channels` channel hops in all.
    void reserve(std::size_t flows, std::size_t channels);

    /// Runs every flow to completion. `tick` is called every 4096 events and at the end; when
    /// it returns false the run throws Cancelled. @return the makespan, seconds (last finish).
    /// @throws std::runtime_error when flows can make no progress (a zero-rate deadlock).
    double run(const std::function<bool()>& tick = {});

    [[nodiscard]] const std::vector<double>& finishTimes() const noexcept { return finish_; }
    /// Frees everything kept per flow (paths, rates, finish times: finishTimes() is empty
    /// afterwards) and the solvers' scratch (the main solver's per-channel arrays too, so a
    /// finished pattern holds little more than its traces: an all-to-all keeps every batch's
    /// simulator until it is placed); keeps the channel traces (packed into one array),
    /// capacities and counters,
    /// which is all a finished pattern is read for (utilization.hpp). Call after run().
    void releaseFlows();
    [[nodiscard]] long long events() const noexcept { return events_; }
    /// Event batches processed: each re-solves the rates of the flows it touches.
    [[nodiscard]] long long batches() const noexcept { return batches_; }
    [[nodiscard]] std::size_t flowCount() const noexcept { return bytes_.size(); }
    /// Rate steps of channel c (recorded for every channel that carried traffic).
    [[nodiscard]] std::span<const RateStep> trace(int c) const
    {
        if (traceStart_.empty()) return trace_[static_cast<std::size_t>(c)];
        const auto from = static_cast<std::size_t>(traceStart_[static_cast<std::size_t>(c)]);
        const auto to = static_cast<std::size_t>(traceStart_[static_cast<std::size_t>(c) + 1]);
        return {traceSteps_.data() + from, to - from};
    }
    /// Bytes channel c carried in the run.
    [[nodiscard]] double bytesOn(int c) const;
    [[nodiscard]] const std::vector<double>& capacity() const noexcept { return solver_.capacity(); }

private:
    void activate(int f);
    void deactivate(int f);
    /// Re-solves the rates of the flows sharing channels with `seedChannels` at time `now`, and
    /// drops the flows that departed from the seeds' lists (only the seeds can hold one).
    /// Flows whose rate is below `keepBelow` keep it (the filling continues above them, see
    /// the file comment); 0 re-solves every flow of the component.
    void resolve(const std::vector<int>& seedChannels, double now, double keepBelow);

    const NetworkGraph& g_;
    FabricView fabric_;
    MaxMinSolver solver_;
    MaxMinSolver hostSolver_;               ///< solves the host parts of paths (offered rates)
    bool needsFabric_ = false;

    FlowPaths paths_;
    FlowPaths prefix_;                      ///< per flow: hostPrefix() of its path
    std::vector<double> bytes_, start_, latency_, demand_, rtt_;
    std::vector<double> offer_, hostRate_;  ///< per flow: offered rate, host-part max-min rate (bytes/s)
    std::vector<double> remaining_, since_, rate_, caps_, finish_;
    std::vector<int> version_;
    std::vector<char> state_;               ///< 0 pending, 1 active, 2 done
    std::vector<std::vector<int>> onChannel_;
    std::vector<std::vector<RateStep>> trace_;
    /// After releaseFlows: the traces in one array (channel c's steps are traceSteps_[
    /// traceStart_[c] .. traceStart_[c+1]]), instead of one vector per channel (24 bytes each,
    /// mostly empty, for every batch of an all-to-all until it is placed).
    std::vector<int> traceStart_;
    std::vector<RateStep> traceSteps_;
    std::vector<double> channelRate_;
    std::vector<double> before_;            ///< scratch: rates of a resolve's flows before it
    std::vector<int> flows_, channels_;     ///< scratch: a resolve's component
    std::vector<int> kept_;                 ///< scratch: flows of a resolve keeping their rate
    std::vector<int> stampC_, stampF_;
    std::vector<int> changedC_;             ///< per channel: the resolve epoch that changed its carried rate
    struct Completion {
        double t;
        int flow;
        int version;
        bool operator>(const Completion& o) const noexcept { return t > o.t; }
    };
    std::vector<Completion> heap_;          ///< min-heap of predicted drain times
    int epoch_ = 0;
    long long events_ = 0;
    long long batches_ = 0;
    double coalesce_ = 0;                   ///< SimulationOptions::departureTolerance
};

} // namespace model::sim
