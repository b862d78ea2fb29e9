// The host-issue floor of runs that drive several GPUs from one thread (nccl-tests -g N):
// analysis/host_issue.hpp, calibration kHostIssuePerGpuUs (nccl-tests issue 123).
#include "test_catalog_support.hpp"

#include "model/analysis/analysis.hpp"
#include "model/analysis/host_issue.hpp"
#include "model/io/import/advisor.hpp"
#include "model/io/import/import.hpp"
#include "model/simulation/simulation.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

using namespace model;

namespace {
using testsupport::catalog;

Design oneServer(const std::string& server) { return topology::generateSingleServer(catalog(), {server, server}); }

CollectiveResult predict(const Design& d, double bytes, int perThread, CollectiveOp op = CollectiveOp::AllReduce)
{
    CollectiveRequest r;
    r.op = op;
    r.bytes = bytes;
    r.gpusPerThread = perThread;
    return predictCollective(d, catalog(), r);
}
} // namespace

TEST_CASE("host-issue floor: one thread issuing N GPUs costs N x 4.2 us, nothing for one GPU per thread", "[engines][host]")
{
    CHECK(analysis::hostIssueFloorUs(0) == 0.0);
    CHECK(analysis::hostIssueFloorUs(1) == 0.0);
    for (int g = 2; g <= 16; ++g) CHECK(analysis::hostIssueFloorUs(g) == Approx(4.2 * g));
    // nccl-tests issue 123 (DGX A100, one thread, -g 4..8): 16.88, 20.8, 25.2, 29.5, 33.7 us.
    const double measured[] = {16.88, 20.8, 25.2, 29.5, 33.7};
    for (int g = 4; g <= 8; ++g) CHECK(std::abs(analysis::hostIssueFloorUs(g) / measured[g - 4] - 1.0) < 0.03);
}

TEST_CASE("host-issue floor: -g 8 on one server bounds small sizes only and keeps time, algbw and busbw consistent", "[engines][host]")
{
    for (const std::string server : {"dgx-a100", "dgx-h100"}) {
        const Design d = oneServer(server);
        bool boundSeen = false, freeSeen = false;
        double lastBound = 0, firstFree = 0;
        for (CollectiveOp op : {CollectiveOp::AllReduce, CollectiveOp::AllGather, CollectiveOp::ReduceScatter}) {
            for (double b = 8; b <= 1024.0 * 1024 * 1024; b *= 4) {
                INFO(server << " " << toString(op) << " " << b << " B");
                const CollectiveResult free = predict(d, b, 1, op);
                const CollectiveResult g8 = predict(d, b, 8, op);
                CHECK(g8.time.inMicroseconds() == Approx(std::max(free.time.inMicroseconds(), 33.6)).epsilon(1e-9));
                CHECK(g8.algorithm == free.algorithm);
                CHECK(g8.busbw.inGBps() * g8.time.inSeconds() == Approx(free.busbw.inGBps() * free.time.inSeconds()).epsilon(1e-9));
                const bool bound = free.time.inMicroseconds() < 33.6;
                CHECK((g8.note.find("host-bound") != std::string::npos) == bound);
                if (op == CollectiveOp::AllReduce) {
                    if (bound) { boundSeen = true; lastBound = b; }
                    else if (!freeSeen) { freeSeen = true; firstFree = b; }
                }
            }
        }
        // The floor binds at the small end and lets go once the GPU time exceeds it, never again.
        CHECK(boundSeen);
        CHECK(freeSeen);
        CHECK(lastBound < firstFree);
        std::printf("%s all-reduce, -g 8: host-bound up to %.0f B, GPU-bound from %.0f B\n", server.c_str(), lastBound, firstFree);
    }
    // Fewer GPUs per thread, lower floor: -g 2..8 at 8 B on one DGX A100.
    const Design a100 = oneServer("dgx-a100");
    const double gpuOnly = predict(a100, 8, 1).time.inMicroseconds();
    for (int g = 2; g <= 8; ++g) CHECK(predict(a100, 8, g).time.inMicroseconds() == Approx(std::max(gpuOnly, 4.2 * g)));
}

TEST_CASE("host-issue floor: the simulator applies the same floor as the analytical engine", "[engines][host][simulation]")
{
    const Design d = oneServer("dgx-h100");
    for (double b : {1024.0, 1024.0 * 1024 * 1024}) {
        CollectiveRequest r;
        r.bytes = b;
        r.gpusPerThread = 8;
        r.algorithm = Algorithm::Ring;
        const SimulationResult s = simulateCollective(d, catalog(), r, SimulationOptions{});
        r.gpusPerThread = 1;
        const SimulationResult s1 = simulateCollective(d, catalog(), r, SimulationOptions{});
        INFO(b << " B");
        CHECK(s.collective.time.inMicroseconds() == Approx(std::max(s1.collective.time.inMicroseconds(), 33.6)).epsilon(1e-9));
    }
}

TEST_CASE("host-issue floor: an imported nccl-tests run with nGpus 8 is compared with the floor it ran under", "[import][host]")
{
    // One process, one thread, 8 GPUs (the header's nGpus), DGX A100, as Azure's harness runs it.
    const std::string text =
        "# nThread 1 nGpus 8 minBytes 1024 maxBytes 1073741824 step: 1024(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
        "#\n# Using devices\n"
        "#  Rank  0 Group  0 Pid   1 on host device  0 [0x07] NVIDIA A100-SXM4-80GB\n"
        "#  Rank  1 Group  0 Pid   1 on host device  1 [0x0b] NVIDIA A100-SXM4-80GB\n"
        "#  Rank  2 Group  0 Pid   1 on host device  2 [0x48] NVIDIA A100-SXM4-80GB\n"
        "#  Rank  3 Group  0 Pid   1 on host device  3 [0x4c] NVIDIA A100-SXM4-80GB\n"
        "#  Rank  4 Group  0 Pid   1 on host device  4 [0x88] NVIDIA A100-SXM4-80GB\n"
        "#  Rank  5 Group  0 Pid   1 on host device  5 [0x8b] NVIDIA A100-SXM4-80GB\n"
        "#  Rank  6 Group  0 Pid   1 on host device  6 [0xc8] NVIDIA A100-SXM4-80GB\n"
        "#  Rank  7 Group  0 Pid   1 on host device  7 [0xcb] NVIDIA A100-SXM4-80GB\n"
        "#\n"
        "#                                                              out-of-place                       in-place\n"
        "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
        "        1024           256     float     sum      -1    44.80    0.02    0.04      0    44.70    0.02    0.04      0\n"
        "     1048576        262144     float     sum      -1    50.66   20.70   36.22      0    50.60   20.72   36.26      0\n"
        "  1073741824     268435456     float     sum      -1   8150.0  131.75  230.56      0   8150.0  131.75  230.56      0\n";
    const io::ImportResult imported = io::importText("run.txt", text, io::ImportKind::NcclTests);
    REQUIRE(imported.curve);
    REQUIRE(imported.curve->gpusPerThread.value_or(0) == 8);
    const io::CurveComparison cmp = io::compareCurve(*imported.curve, oneServer("dgx-a100"), catalog());
    REQUIRE(cmp.points.size() == 3);
    // 1 KiB: bound by the host at 8 x 4.2 us, and said so; 1 GiB: the GPU time, no floor.
    CHECK(cmp.points[0].predictedTimeUs == Approx(33.6));
    CHECK(cmp.points[0].algorithm.find("host-bound (-g 8)") != std::string::npos);
    CHECK(cmp.points[2].predictedTimeUs == Approx(predict(oneServer("dgx-a100"), 1073741824.0, 1).time.inMicroseconds()));
    CHECK(cmp.points[2].algorithm.find("host-bound") == std::string::npos);
    // The advisor says it before anyone blames the GPUs or the network, on the header line.
    const auto findings = io::adviseFromFile(imported);
    const auto it = std::find_if(findings.begin(), findings.end(), [](const io::AdvisorFinding& f) { return f.rule == "single-thread-launch"; });
    REQUIRE(it != findings.end());
    CHECK(it->message.find("33.6 us") != std::string::npos);
    CHECK(it->message.find("44.8 us") != std::string::npos); // the smallest charted (out-of-place) time
    CHECK(it->evidence.line == 1);
    CHECK(it->evidence.text.find("nGpus 8") != std::string::npos);
    // One process per GPU (nGpus 1): no such finding.
    const io::ImportResult mpi = io::importFile(std::string(CD_SHARED_DIR "/real_inputs/nccl_tests_13.txt"), io::ImportKind::Auto);
    REQUIRE(mpi.curve);
    REQUIRE(mpi.curve->gpusPerThread.value_or(1) == 1);
    for (const auto& f : io::adviseFromFile(mpi)) CHECK(f.rule != "single-thread-launch");
}

TEST_CASE("host-issue floor: one thread cannot drive more GPUs than the run has", "[engines][host]")
{
    const Design d = oneServer("dgx-h100");
    CollectiveRequest req;
    req.op = CollectiveOp::AllGather;
    req.bytes = 24 * 1024.0;
    req.gpus = 8;
    for (int bad : {9, 12, 1000000}) {
        req.gpusPerThread = bad;
        CHECK_THROWS_WITH(predictCollective(d, catalog(), req),
                          Catch::Contains("is " + std::to_string(bad) + ", more than the 8 GPUs of the run"));
        CHECK_THROWS_WITH(simulateCollective(d, catalog(), req), Catch::Contains("more than the 8 GPUs of the run"));
        CHECK_THROWS_AS(sweepCollective(d, catalog(), req, 8, 1 << 20), std::invalid_argument);
    }
    req.gpusPerThread = 0;
    CHECK_THROWS_WITH(predictCollective(d, catalog(), req), Catch::Contains("must be at least 1"));
    // Every GPU of the run from one thread is allowed: 8 x 4.2 us.
    req.gpusPerThread = 8;
    CHECK(predictCollective(d, catalog(), req).time.inMicroseconds() == Approx(33.6));
}

namespace {
/// A -g 8 nccl-tests table on one DGX H100 whose header reads `header`.
std::string eightGpuRun(const std::string& header, const std::string& firstSize = "1024")
{
    std::string ranks;
    for (int i = 0; i < 8; ++i)
        ranks += "#  Rank  " + std::to_string(i) + " Group  0 Pid   1 on host device  " + std::to_string(i) +
                 " [0x07] NVIDIA H100 80GB HBM3\n";
    return "# " + header + " minBytes 1024 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
           "#\n# Using devices\n" + ranks +
           "#\n"
           "#                                                              out-of-place                       in-place\n"
           "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
           "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
           "  " + firstSize + "           256     float     sum      -1    25.60    0.04    0.07      0    25.50    0.04    0.07      0\n"
           "     1048576        262144     float     sum      -1    42.00   24.97   43.70      0    42.00   24.97   43.70      0\n"
           "  1073741824     268435456     float     sum      -1   4000.0  268.44  469.77      0   4000.0  268.44  469.77      0\n"
           "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 171.2\n";
}

bool anyWarning(const io::ImportResult& r, const std::string& part)
{
    return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const std::string& w) { return w.find(part) != std::string::npos; });
}
} // namespace

TEST_CASE("nccl-tests import: an nGpus the run cannot have is named and ignored, never crashes", "[import][host]")
{
    // nGpus above the 8 ranks the "# Rank" lines list, 0, negative and too large for an int.
    const struct {
        std::string header, warning;
    } cases[] = {{"nThread 1 nGpus 64", "nGpus 64 is more than the 8 ranks of the run"},
                 {"nThread 1 nGpus 0", "nGpus 0 is not a GPU count"},
                 {"nThread 1 nGpus -3", "nGpus -3 is not a GPU count"},
                 {"nThread 1 nGpus 99999999999", "nGpus 99999999999 is not a GPU count"}};
    for (const auto& c : cases) {
        INFO(c.header);
        const io::ImportResult r = io::importText("run.txt", eightGpuRun(c.header), io::ImportKind::NcclTests);
        REQUIRE(r.curve);
        CHECK_FALSE(r.curve->gpusPerThread.has_value());
        CHECK(anyWarning(r, c.warning));
        CHECK(r.curve->outOfPlace.size() == 3);
        for (const auto& f : io::adviseFromFile(r)) CHECK(f.rule != "single-thread-launch");
    }
    // nGpus 8 of 8 ranks: kept, and the advisor names the floor (the 25.6 us point is in reach).
    const io::ImportResult ok = io::importText("run.txt", eightGpuRun("nThread 1 nGpus 8"), io::ImportKind::NcclTests);
    REQUIRE(ok.curve);
    CHECK(ok.curve->gpusPerThread.value_or(0) == 8);
    const auto findings = io::adviseFromFile(ok);
    CHECK(std::any_of(findings.begin(), findings.end(), [](const io::AdvisorFinding& f) { return f.rule == "single-thread-launch"; }));
}

TEST_CASE("nccl-tests import: the single-thread finding only where a measured time is near the host floor", "[import][host]")
{
    // real_inputs/nccl_tests_12.txt: -g 8, 128 MiB to 4 GiB, the smallest time 613 us against a
    // 33.6 us floor: no size of this run is host-bound, so no finding.
    const io::ImportResult big = io::importFile(std::string(CD_SHARED_DIR "/real_inputs/nccl_tests_12.txt"), io::ImportKind::Auto);
    REQUIRE(big.curve);
    REQUIRE(big.curve->gpusPerThread.value_or(1) == 8);
    for (const auto& f : io::adviseFromFile(big)) CHECK(f.rule != "single-thread-launch");
}

TEST_CASE("nccl-tests import: a row whose size no run can have is named, not dropped silently", "[import]")
{
    const io::ImportResult r =
        io::importText("run.txt", eightGpuRun("nThread 1 nGpus 1", "99999999999999999999999"), io::ImportKind::NcclTests);
    REQUIRE(r.curve);
    CHECK(r.curve->outOfPlace.size() == 2);
    CHECK(anyWarning(r, "line 16: size 99999999999999999999999 B is beyond any size nccl-tests measures"));
}
