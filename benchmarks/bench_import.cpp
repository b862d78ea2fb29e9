// Times the import of large `nvidia-smi topo -m` matrices (every pair NV18) of 100 to 1,000
// GPUs: the NVLinks-per-GPU count once scanned every pair for each pair (GPUs^4: 400 GPUs 7 s,
// 1,000 GPUs over 2 minutes). Prints wall and CPU time per import; never a timed test.
#include "model/io/import/import.hpp"
#include "../tests/model/topo_matrix_text.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <exception>
#include <string>

namespace {

/// A topo -m matrix of `n` GPUs, every pair NV18 (an NVSwitch box), one CPU and NUMA column.
std::string matrix(int n) { return topotext::nvlinkMatrix(n); }

/// CPU time of this thread, ms (the wall clock also counts other processes on a shared machine).
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

} // namespace

int main()
{
    try {
        std::printf("bench_import: nvidia-smi topo -m matrices, every pair NV18\n");
        for (int n : {100, 200, 400, 1000}) {
            const std::string text = matrix(n);
            const double cpu0 = threadCpuMs();
            const auto t0 = std::chrono::steady_clock::now();
            const model::io::ImportResult r = model::io::importText("bench.txt", text, model::io::ImportKind::Auto);
            const double wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            const double cpuMs = threadCpuMs() - cpu0;
            std::printf("  %5d GPUs (%7.2f MB): %9.1f ms wall, %9.1f ms CPU, %zu GPUs read\n", n, text.size() / 1e6, wallMs, cpuMs,
                        r.server ? r.server->gpus.size() : std::size_t{0});
            std::fflush(stdout);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_import: %s\n", e.what());
        return 1;
    }
    return 0;
}
