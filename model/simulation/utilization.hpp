#pragma once
/// @file utilization.hpp
/// Collects per-link utilisation over the whole simulated timeline from the runs of the step
/// patterns. A pattern that occurs once keeps its exact rate steps; a pattern repeated r times
/// (the identical steps of a ring) is shown over its r x duration as its average utilisation,
/// with its peak kept separately. Utilisation = carried rate / modelled capacity of that
/// direction; a link's value is its busier direction.

#include "model/design/design.hpp"
#include "model/simulation/flow_sim.hpp"
#include "model/simulation/sim_graph.hpp"
#include "model/simulation/simulation.hpp"

#include <unordered_map>
#include <vector>

namespace model::sim {

class UtilizationRecorder {
public:
    explicit UtilizationRecorder(const NetworkGraph& graph) : g_(graph) {}

    /// Adds one run of a pattern placed at `t0` seconds, lasting `duration` seconds per
    /// occurrence, occurring `repeats` times back to back; each occurrence carries `scale`
    /// times the simulated bytes (pipeline chunks squeezed into one occurrence's slot).
    void addPattern(const FlowSimulator& sim, double t0, double duration, int repeats, double scale = 1.0);

    /// Fills r.links (by link id) and r.mostCongested (top 10 by peak, then mean) for a run of
    /// `total` seconds, keeping at most `maxPoints` segments per series.
    void finish(const Design& design, SimulationResult& r, double total, int maxPoints) const;

private:
    struct Direction {
        std::vector<UtilizationSegment> segments;
        double bytes = 0;
        double peak = 0;
        double capacity = 0;
    };
    const NetworkGraph& g_;
    std::unordered_map<int, Direction> channels_;   ///< design-link channels that carried traffic
};

} // namespace model::sim
