// Ring schedules priced with the analytical engine's step cost model (protocol_plan.hpp).
#include "model/simulation/protocol_plan.hpp"

#include "model/analysis/cluster_facts.hpp"
#include "model/analysis/collective_algorithms.hpp"
#include "model/analysis/collective_pricing.hpp"
#include "model/analysis/comm_group.hpp"
#include "model/analysis/hierarchical_pricing.hpp"
#include "model/analysis/nccl_cost.hpp"
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>
#include <exception>

namespace model::sim {

namespace {

/// Marks `plan` as applying to `algorithm` and copies a pricing's protocol, NCCL base latency and
/// per-hop latencies (microseconds in the pricing structs: analysis::NcclPricing,
/// analysis::HierarchicalPricing).
template <class Pricing>
void applyPricing(ProtocolPlan& plan, Algorithm algorithm, const Pricing& c)
{
    plan.applies = true;
    plan.algorithm = algorithm;
    plan.protocol = c.protocol;
    plan.intraStepLatency = Duration::microseconds(c.intraHopUs);
    plan.interStepLatency = Duration::microseconds(c.interHopUs);
    plan.baseLatency = Duration::microseconds(c.baseLatencyUs);
}

/// The group as its servers' NICs see it, without the analytical engine's estimate of what
/// an oversubscribed tier leaves (CommGroup::fabricRingFactor, fabricTreeFactor): the simulator
/// routes the traffic over the fabric itself, so its plan, and the measured-ramp floor
/// (applyRampFloor) built from it, price the NICs alone; a floor from the derated rates would
/// hand the simulator the analytical engine's answer on an oversubscribed fabric.
analysis::CommGroup groupAtTheNics(const Design& design, const Catalog& catalog, int gpus)
{
    const analysis::ClusterFacts facts = analysis::extractFacts(design, catalog);
    analysis::CommGroup g = analysis::placeGroup(facts, gpus, false);
    g.fabricRingFactor = 1.0;
    g.fabricTreeFactor = 1.0;
    return g;
}

} // namespace

ProtocolPlan ringProtocolPlan(const Design& design, const Catalog& catalog, CollectiveOp op, double bytes, int gpus,
                              NcclRelease release) noexcept
{
    ProtocolPlan plan;
    if (op == CollectiveOp::AllToAll || gpus < 2 || !(bytes > 0)) return plan;
    try {
        analysis::CommGroup g = groupAtTheNics(design, catalog, gpus);
        g.ncclRelease = release;
        const int n = g.n;
        double volume = (n - 1.0) / n * bytes;
        if (op == CollectiveOp::AllReduce) volume = 2.0 * (n - 1) / n * bytes;
        if (op == CollectiveOp::Broadcast) volume = bytes;
        const double b = g.k == 1 ? g.intraGBps : std::min(g.intraGBps, g.nicNodeGBps * g.fabricRingFactor);
        if (!(b > 0)) return plan;
        const analysis::NcclShape shape = analysis::ncclShape(g);
        const analysis::StepCost c = analysis::ncclChooseProtocol(Algorithm::Ring, op, shape, bytes, volume, b);
        const double protoGBps = analysis::ncclProtocolGBps(Algorithm::Ring, c.protocol, shape, b, op);
        if (!(protoGBps > 0)) return plan;
        plan.applies = true;
        plan.protocol = c.protocol;
        const analysis::RingLatency lat = analysis::ncclRingLatency(c.protocol, op, shape);
        plan.intraStepLatency = Duration::microseconds(lat.intraStepUs);
        // The simulated ring's first chunk crosses the network k times a phase (the ring comes
        // back to its first server), where NCCL's latency counts k - 1 network steps a phase
        // (interSteps 2(k-1) for all-reduce, k-1 for all-gather / reduce-scatter): each crossing
        // carries (k - 1) / k of NCCL's network-step latency, so that the simulated total is
        // NCCL's. The difference was one step a phase, 67 us on GPUDirect-TCPXO (helper-92: a
        // 1 MiB ring all-reduce over 2 x 8 H100 simulated at 350.8 us against 216.6).
        // A broadcast is a chain, not a loop: it crosses k - 1 times, as NCCL counts.
        const bool loop = op != CollectiveOp::Broadcast && g.k > 1;
        plan.interStepLatency = Duration::microseconds(loop ? lat.interStepUs * (g.k - 1.0) / g.k : lat.interStepUs);
        plan.baseLatency = Duration::microseconds(lat.baseUs);
        plan.wireFactor = b / protoGBps;
        plan.nodes = g.k;
        plan.simpleBandwidthUs = analysis::usFor(volume, b);
        plan.rampStretch = analysis::ncclTransportRampStretch(Algorithm::Ring, op, shape);
    } catch (const std::exception&) {
        plan = ProtocolPlan{};
    }
    return plan;
}

ProtocolPlan algorithmProtocolPlan(const Design& design, const Catalog& catalog, Algorithm algorithm, CollectiveOp op,
                                   double bytes, int gpus, NcclRelease release) noexcept
{
    if (algorithm == Algorithm::Ring) return ringProtocolPlan(design, catalog, op, bytes, gpus, release);
    ProtocolPlan plan;
    if (gpus < 2 || !(bytes > 0)) return plan;
    try {
        analysis::CommGroup g = groupAtTheNics(design, catalog, gpus);
        g.ncclRelease = release;
        const analysis::NcclPricing c = analysis::ncclPricing(algorithm, g, op, bytes);
        if (!c.applicable || !(c.wireFactor > 0)) return plan;
        applyPricing(plan, algorithm, c);
        plan.fillFactor = c.fillFactor;
        plan.wireFactor = c.wireFactor;
        plan.nodes = c.nodes;
        plan.simpleBandwidthUs = c.simpleBandwidthUs;
        plan.rampStretch = c.rampStretch;
        plan.deeperTreeLatencyUs = c.deeperTreeLatencyUs;
    } catch (const std::exception&) {
        plan = ProtocolPlan{};
    }
    return plan;
}

ProtocolPlan allToAllProtocolPlan(const Design& design, const Catalog& catalog, double bytes, int gpus) noexcept
{
    ProtocolPlan plan;
    if (gpus < 2 || !(bytes > 0)) return plan;
    try {
        const analysis::ClusterFacts facts = analysis::extractFacts(design, catalog);
        const analysis::CommGroup g = analysis::placeGroup(facts, gpus, false);
        plan.applies = true;
        plan.algorithm = Algorithm::Direct;
        plan.protocol = Protocol::Simple;
        plan.intraStepLatency = Duration::microseconds(analysis::pairwiseLatencyUs(g, false));
        plan.interStepLatency = Duration::microseconds(analysis::pairwiseLatencyUs(g, true));
        plan.nodes = g.k;
        if (g.k > 1) plan.interServerWireFactor = 1.0 / analysis::allToAllSizeEfficiency(bytes, g.k);
    } catch (const std::exception&) {
        plan = ProtocolPlan{};
    }
    return plan;
}

ProtocolPlan hierarchicalProtocolPlan(const Design& design, const Catalog& catalog, CollectiveOp op, double bytes, int gpus,
                                      NcclRelease release) noexcept
{
    ProtocolPlan plan;
    if (op != CollectiveOp::AllReduce || gpus < 2 || !(bytes > 0)) return plan;
    try {
        analysis::CommGroup g = groupAtTheNics(design, catalog, gpus);
        g.ncclRelease = release;
        const analysis::HierarchicalPricing c = analysis::hierarchicalPricing(g, op, bytes);
        if (!c.applicable || !(c.interEfficiency > 0)) return plan;
        applyPricing(plan, Algorithm::Hierarchical, c);
        plan.nodes = c.nodes;
        plan.rampStretch = c.rampStretch;
        plan.interServerWireFactor = 1.0 / c.interEfficiency;
    } catch (const std::exception&) {
        plan = ProtocolPlan{};
    }
    return plan;
}

double applyRampFloor(const ProtocolPlan& plan, double bytes, double simulatedSeconds) noexcept
{
    if (!plan.applies) return simulatedSeconds;
    return analysis::withMeasuredRampUs(simulatedSeconds * 1e6, plan.simpleBandwidthUs,
                                        analysis::measuredRampNodes(plan.algorithm, plan.nodes), bytes, plan.rampStretch,
                                        plan.deeperTreeLatencyUs) *
           1e-6;
}

} // namespace model::sim
