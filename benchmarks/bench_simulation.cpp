// Benchmark of the flow-level simulator (issue 16 item 6), each case in its own process so its
// peak memory is its own:
//   - 1 GiB all-to-all (direct, NCCL's grouped send/recv) over 1,024 GPUs = 128 DGX H100 on
//     rail-optimized QM9700 fat trees from the project's generator at 1:1, 2:1 and 4:1
//     (targets: at most 2 s and 1 GB each);
//   - the same over 512 GPUs at 2:1 (the case that took 60 s before);
//   - 1 GiB all-reduce over 65,536 GPUs = 8,192 DGX H100 on a 1:1 three-tier fat tree, the
//     algorithm chosen automatically (the one NCCL's tuner picks, as the analytical engine)
//     (target: at most 10 s and 4 GB);
//   - 1 GiB all-to-all over 4,096 GPUs (512 DGX H100, 1:1, three tiers): the largest all-to-all
//     within the simulator's default flow budget (SimulationOptions::flowBudget, 16.8 million
//     flows), and over 8,192 GPUs (1,024 DGX H100), above it: printed as "refused: ..." with the
//     engine's message. "a2a-8192-1:1-nobudget" runs that one with the budget lifted (minutes;
//     only when named).
// Prints the simulated time, the algorithm, flows and events, wall time (design
// generation excluded), the CPU time of the simulation (user + system: the figure to read on a
// loaded machine), events per second of wall time and the process's peak resident memory. Not a test:
// it asserts nothing.
//
// usage: bench_simulation [case...]   cases: a2a-1024-1:1 a2a-1024-2:1 a2a-1024-4:1 a2a-512-2:1 ar-65536
//                                              a2a-4096-1:1 a2a-8192-1:1 a2a-8192-1:1-nobudget (named only)

#include "model/simulation/simulation.hpp"
#include "model/topology/fat_tree.hpp"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace {

struct Case {
    std::string name;
    model::CollectiveOp op;
    int servers;
    double oversubscription;
    bool noBudget = false;   ///< lift SimulationOptions::flowBudget
    bool onlyWhenNamed = false;
};

void runCase(const Case& c)
{
    const model::Catalog catalog = model::Catalog::loadBundled();
    model::topology::FatTreeOptions ft;
    ft.server = "dgx-h100";
    ft.nodes = c.servers;
    ft.switchModel = "qm9700";
    ft.oversubscription = c.oversubscription;
    const model::Design d = model::topology::generateFatTree(catalog, ft);
    model::CollectiveRequest req;
    req.op = c.op;
    req.bytes = 1024.0 * 1024.0 * 1024.0;
    model::SimulationOptions o;
    o.compareWithAnalytical = false;
    if (c.noBudget) o.flowBudget = 0;
    rusage before{};
    getrusage(RUSAGE_SELF, &before);
    const auto t0 = std::chrono::steady_clock::now();
    model::SimulationResult r;
    try {
        r = model::simulateCollective(d, catalog, req, o);
    } catch (const model::SimulationTooLarge& e) {
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf("%-14s %6d refused after %.3f s: %s\n", c.name.c_str(), c.servers, wall, e.what());
        std::fflush(stdout);
        return;
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    rusage use{};
    getrusage(RUSAGE_SELF, &use);
    auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec * 1e-6; };
    const double cpu = seconds(use.ru_utime) + seconds(use.ru_stime) - seconds(before.ru_utime) - seconds(before.ru_stime);
    std::printf("%-14s %6d %7d %-10s %12.1f %10lld %10lld %8lld %9.3f %8.3f %12.0f %10.1f\n", c.name.c_str(), c.servers,
                r.collective.gpus, model::toString(r.collective.algorithm), r.collective.time.inMicroseconds(), r.flowsSimulated, r.events, r.eventBatches, wall, cpu,
                r.events / wall, use.ru_maxrss / 1024.0);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<Case> all = {
        {"a2a-1024-1:1", model::CollectiveOp::AllToAll, 128, 1.0},
        {"a2a-1024-2:1", model::CollectiveOp::AllToAll, 128, 2.0},
        {"a2a-1024-4:1", model::CollectiveOp::AllToAll, 128, 4.0},
        {"a2a-512-2:1", model::CollectiveOp::AllToAll, 64, 2.0},
        {"ar-65536", model::CollectiveOp::AllReduce, 8192, 1.0},
        {"a2a-4096-1:1", model::CollectiveOp::AllToAll, 512, 1.0},
        {"a2a-8192-1:1", model::CollectiveOp::AllToAll, 1024, 1.0},
        {"a2a-8192-1:1-nobudget", model::CollectiveOp::AllToAll, 1024, 1.0, true, true},
    };
    std::vector<Case> chosen;
    for (int i = 1; i < argc; ++i)
        for (const Case& c : all)
            if (c.name == argv[i]) chosen.push_back(c);
    if (chosen.empty())
        for (const Case& c : all)
            if (!c.onlyWhenNamed) chosen.push_back(c);
    std::printf("%-14s %6s %7s %-10s %12s %10s %10s %8s %9s %8s %12s %10s\n", "case", "nodes", "gpus", "algorithm",
                "time_us", "flows", "events", "batches", "wall_s", "cpu_s", "events/s", "peak_MB");
    std::fflush(stdout);
    for (const Case& c : chosen) {
        const pid_t pid = fork();
        if (pid == 0) {
            runCase(c);
            _exit(0);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) std::printf("%-14s failed\n", c.name.c_str());
    }
    return 0;
}
