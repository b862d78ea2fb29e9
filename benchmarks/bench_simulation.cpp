// Benchmark of the flow-level simulator (issue 6, item 7): a 1 GiB ring all-reduce on 1,024
// and 8,192 H100 GPUs over a rail-optimized, non-blocking fat tree of QM9700 switches made by
// the project's generator (model/topology/fat_tree.hpp; 2-tier for 128 DGX H100, 3-tier for
// 1,024), then the same on the tests' hand-built fabric, NCCL's double binary tree and SHARP
// (CollNet) on the generated fabric, and the automatic algorithm choice (ring, hierarchical,
// tree, nvls_tree simulated, the fastest kept; shown as "auto:<algorithm>"), and a 1 GiB direct
// all-to-all up to 1,024 GPUs. Prints wall time
// and events per second. Target for the ring rows on the 2-core development machine: <= 1 s
// and <= 10 s. Not a test: it asserts nothing.
//
// usage: bench_simulation [servers...]   (default 128 1024)

#include "model/simulation/simulation.hpp"
#include "model/topology/fat_tree.hpp"
#include "tests/model/test_simulation_fabrics.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv)
{
    std::vector<int> sizes;
    for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
    if (sizes.empty()) sizes = {128, 1024};
    const model::Catalog catalog = model::Catalog::loadBundled();
    auto run = [&](const char* fabric, const model::Design& d, int servers, const std::string& algorithm,
                   model::CollectiveOp op = model::CollectiveOp::AllReduce) {
        model::CollectiveRequest req;
        req.op = op;
        req.bytes = 1024.0 * 1024.0 * 1024.0;
        req.algorithm = model::parseAlgorithm(algorithm);
        model::SimulationOptions o;
        o.compareWithAnalytical = false;
        const auto t0 = std::chrono::steady_clock::now();
        const model::SimulationResult r = model::simulateCollective(d, catalog, req, o);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const std::string name = model::toString(r.collective.algorithm);
        const std::string shown = algorithm.empty() ? "auto:" + name : name;
        std::printf("%10s %8d %8d %16s %12.1f %10.1f %12lld %10lld %12.3f %12.0f\n", fabric, servers, r.collective.gpus,
                    shown.c_str(), r.collective.time.inMicroseconds(), r.collective.busbw.inGBps(),
                    r.flowsSimulated, r.events, wall, r.events / wall);
    };
    std::printf("%10s %8s %8s %16s %12s %10s %12s %10s %12s %12s\n", "fabric", "servers", "gpus", "algorithm",
                "time_us", "busbw", "flows", "events", "wall_s", "events/s");
    for (int servers : sizes) {
        model::topology::FatTreeOptions ft;
        ft.server = "dgx-h100";
        ft.nodes = servers;
        ft.switchModel = "qm9700";
        const model::Design generated = model::topology::generateFatTree(catalog, ft);
        simtest::RailFabric f;
        f.servers = servers;
        const model::Design handBuilt = simtest::buildRailFabric(catalog, f);
        run("generator", generated, servers, "ring");
        run("hand-built", handBuilt, servers, "ring");
        run("generator", generated, servers, "tree");
        run("generator", generated, servers, "sharp");
        run("generator", generated, servers, "");
        // Concurrent all-to-all (every pair, batched above SimulationOptions::maxConcurrentFlows):
        // n(n-1) flows, so only up to 1,024 GPUs.
        if (servers <= 128) run("generator", generated, servers, "direct", model::CollectiveOp::AllToAll);
    }
    return 0;
}
