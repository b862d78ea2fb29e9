#pragma once
// Shared by the tests that set the flow-level simulator beside the analytical engine on
// generated fat trees (issue 16 items 2 and 3): the design, and both engines' times for one
// collective, the simulator with its defaults (NCCL pricing on, no analytical comparison).
#include "model/analysis/analysis.hpp"
#include "model/simulation/simulation.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

namespace enginetest {

/// A fat tree from the generator: `nodes` x `server` on `switchModel`, `nicsPerNode` rails
/// (0 = the server's own count), leaf oversubscription `ratio` (1 = non-blocking).
/// @throws as model::topology::generateFatTree.
inline model::Design fatTree(const model::Catalog& cat, const char* server, const char* switchModel, int nodes,
                             int nicsPerNode = 0, double ratio = 1.0)
{
    model::topology::FatTreeOptions o;
    o.server = server;
    o.nodes = nodes;
    o.switchModel = switchModel;
    if (nicsPerNode > 0) o.nicsPerNode = nicsPerNode;
    o.oversubscription = ratio;
    // Cloud instances (EFA on AWS p5) sit on the switch as a stand-in for the provider's
    // network, as generate rented draws it; the user-facing protocol check is tested in
    // test_topology_generators.cpp.
    o.requireNicProtocol = false;
    return model::topology::generateFatTree(cat, o);
}

/// A RoCE leaf/spine fabric from the generator (PFC/ECN on): `nodes` x `server` on the Ethernet
/// `switchModel`, leaf oversubscription `ratio`. @throws as model::topology::generateRoceFabric.
inline model::Design roceFabric(const model::Catalog& cat, const char* server, const char* switchModel, int nodes,
                                double ratio = 1.0)
{
    model::topology::FatTreeOptions o;
    o.server = server;
    o.nodes = nodes;
    o.switchModel = switchModel;
    o.oversubscription = ratio;
    return model::topology::generateRoceFabric(cat, o);
}

/// One collective's time in both engines, microseconds.
struct EngineTimes {
    double simulatedUs = 0;
    double analyticalUs = 0;
    /// Simulated over analytical time (dimensionless).
    [[nodiscard]] double ratio() const { return simulatedUs / analyticalUs; }
};

/// `op` of `bytes` (nccl-tests size) with `algorithm` over the first `gpus` GPUs (0 = all).
/// @throws as model::simulateCollective and model::predictCollective.
inline EngineTimes bothEngines(const model::Design& d, const model::Catalog& cat, model::CollectiveOp op,
                               model::Algorithm algorithm, double bytes, int gpus = 0)
{
    model::CollectiveRequest q;
    q.op = op;
    q.bytes = bytes;
    q.gpus = gpus;
    q.algorithm = algorithm;
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    EngineTimes t;
    t.simulatedUs = model::simulateCollective(d, cat, q, o).collective.time.inSeconds() * 1e6;
    t.analyticalUs = model::predictCollective(d, cat, q).time.inSeconds() * 1e6;
    return t;
}

} // namespace enginetest
