#pragma once
/// @file test_simulation_fabrics.hpp
/// Small rail-optimized fat trees built with the model::Design API, for the simulation tests
/// and benchmarks/bench_simulation.cpp (independent of the topology generator so the engine's
/// tests do not move when the generator changes).
///
///   spines (2-tier) or pod spines + cores (3-tier, when there are more than 64 leaves)
///        ||   bundles of `count` cables
///   leaf(group g, rail r): serversPerLeaf down ports, serversPerLeaf / oversubscription up
///        |
///   server NIC port r (one cable per rail)

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace simtest {

struct RailFabric {
    int servers = 4;
    int serversPerLeaf = 32;
    double oversubscription = 1.0;   ///< leaf down:up
    int spines = 0;                  ///< 2-tier spine count; 0 = as many as 64-port spines need
    std::string server = "dgx-h100";
    std::string switchModel = "qm9700";
    model::LinkMedium medium = model::LinkMedium::InfiniBand;
    bool pfcEcn = true;
};

/// Builds the fabric; servers are named "s-<i>", leaves "leaf-g<g>-r<r>", spines "spine-<i>".
inline model::Design buildRailFabric(const model::Catalog& catalog, const RailFabric& f)
{
    using namespace model;
    const ServerSpec* server = catalog.server(f.server);
    if (!server) throw std::invalid_argument("no server " + f.server);
    const int rails = server->computeNicCount;
    const int groups = (f.servers + f.serversPerLeaf - 1) / f.serversPerLeaf;
    const int up = static_cast<int>(f.serversPerLeaf / f.oversubscription);
    Design d;
    d.name = "test rail fabric";
    auto addSwitch = [&](const std::string& name, SwitchTier tier) {
        Node n;
        n.kind = NodeKind::Switch;
        n.model = f.switchModel;
        n.name = name;
        n.tier = tier;
        n.pfcEcn = f.pfcEcn;
        return d.addNode(n);
    };
    auto connect = [&](Id a, int pa, Id b, int pb, int count) {
        Link l;
        l.a = {a, pa};
        l.b = {b, pb};
        l.medium = f.medium;
        l.laneSpeed = Bandwidth::Gbps(400);
        l.count = count;
        return d.addLink(l);
    };
    std::vector<Id> serverIds;
    for (int s = 0; s < f.servers; ++s) {
        Node n;
        n.kind = NodeKind::Server;
        n.model = f.server;
        n.name = "s-" + std::to_string(s);
        serverIds.push_back(d.addNode(n));
    }
    std::vector<std::vector<Id>> leaf(groups, std::vector<Id>(rails));
    for (int g = 0; g < groups; ++g)
        for (int r = 0; r < rails; ++r)
            leaf[g][r] = addSwitch("leaf-g" + std::to_string(g) + "-r" + std::to_string(r), SwitchTier::Leaf);
    for (int s = 0; s < f.servers; ++s)
        for (int r = 0; r < rails; ++r) connect(serverIds[s], r, leaf[s / f.serversPerLeaf][r], s % f.serversPerLeaf, 1);
    const int leaves = groups * rails;
    if (groups == 1 && rails == 1) return d;
    if (leaves <= 64) {
        int spines = f.spines;
        if (spines <= 0) spines = std::max(1, up / std::max(1, 64 / leaves));
        const int bundle = std::max(1, up / spines);
        std::vector<Id> spineIds;
        for (int i = 0; i < spines; ++i) spineIds.push_back(addSwitch("spine-" + std::to_string(i), SwitchTier::Spine));
        for (int g = 0; g < groups; ++g)
            for (int r = 0; r < rails; ++r)
                for (int i = 0; i < spines; ++i) connect(leaf[g][r], -1, spineIds[i], -1, bundle);
        return d;
    }
    // 3-tier: pods of 32 leaves; each leaf one cable to each of `up` pod spines; pod spine i of
    // every pod joins core group i (4 cores, bundles so a core has at most 64 ports).
    const int leavesPerPod = 32;
    const int pods = (leaves + leavesPerPod - 1) / leavesPerPod;
    const int coresPerGroup = 4;
    const int coreBundle = std::max(1, 32 / coresPerGroup);
    std::vector<std::vector<Id>> cores(up);
    for (int i = 0; i < up; ++i)
        for (int c = 0; c < coresPerGroup; ++c)
            cores[i].push_back(addSwitch("core-" + std::to_string(i) + "-" + std::to_string(c), SwitchTier::Core));
    std::vector<Id> flat;
    for (int g = 0; g < groups; ++g)
        for (int r = 0; r < rails; ++r) flat.push_back(leaf[g][r]);
    for (int p = 0; p < pods; ++p) {
        for (int i = 0; i < up; ++i) {
            const Id spine = addSwitch("pod" + std::to_string(p) + "-spine-" + std::to_string(i), SwitchTier::Spine);
            for (int l = p * leavesPerPod; l < std::min(leaves, (p + 1) * leavesPerPod); ++l) connect(flat[l], -1, spine, -1, 1);
            for (Id core : cores[i]) connect(spine, -1, core, -1, coreBundle);
        }
    }
    return d;
}

/// The bundled catalog plus an Ethernet twin of the QM9700 ("test-eth-400g": 64 x 400G, PFC/ECN
/// capable, port-to-port latency 500 ns) so the same fabric can be simulated as InfiniBand,
/// RoCE or lossy Ethernet.
inline model::Catalog catalogWithEthernet()
{
    model::Catalog c = model::Catalog::loadBundled();
    model::SwitchSpec eth = *c.switchModel("qm9700");
    eth.id = "test-eth-400g";
    eth.name = "Test 64 x 400GbE switch";
    eth.protocol = model::NetProtocol::Ethernet;
    eth.lossless = model::LosslessMode::PfcEcn;
    eth.inNetworkReduction.clear();
    eth.latencyNs = 500.0; // test value: equals the default network hop latency
    eth.raw = nlohmann::json::object();
    c.addOrReplace(eth);
    return c;
}

/// catalogWithEthernet(), built once per test process.
inline const model::Catalog& ethernetCatalog()
{
    static const model::Catalog c = catalogWithEthernet();
    return c;
}

} // namespace simtest
