// NCCL release-aware tuner constants (model/analysis/nccl_release.hpp): the version strings
// NCCL prints map to the three tuner generations, each generation's ring LL factor, Hopper
// llMaxBw and NVLS / NVLSTree latencies are the ones its tuning.cc states, and both engines
// follow the release a request names. Values from tuning.cc at v2.18.5-1, v2.20.5-1, v2.30.7-1.
#include "test_engine_agreement.hpp"

#include "model/analysis/nccl_cost.hpp"
#include "model/analysis/nccl_release.hpp"
#include "model/io/import/advisor.hpp"
#include "model/io/import/import.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <string>

using model::Algorithm;
using model::CollectiveOp;
using model::NcclRelease;
using model::Protocol;
using model::analysis::GpuGeneration;
using model::analysis::NcclShape;

namespace {
NcclShape shape(int nodes, GpuGeneration gen, NcclRelease release)
{
    NcclShape s;
    s.ranksPerNode = 8;
    s.chainRanks = 8;
    s.nodes = nodes;
    s.ranks = 8 * nodes;
    s.generation = gen;
    s.release = release;
    return s;
}
} // namespace

TEST_CASE("NCCL version strings name their tuner generation", "[nccl][release]")
{
    using model::parseNcclRelease;
    CHECK(parseNcclRelease("2.18.5") == NcclRelease::UpTo2_18);
    CHECK(parseNcclRelease("2.18.5+cuda12.2") == NcclRelease::UpTo2_18);
    CHECK(parseNcclRelease("2.17.1") == NcclRelease::Is2_17);
    CHECK(parseNcclRelease("2.16.5") == NcclRelease::Before2_17);
    CHECK(parseNcclRelease("2.8.3") == NcclRelease::Before2_17);
    CHECK(parseNcclRelease("2.3.7") == NcclRelease::Before2_17);
    CHECK(parseNcclRelease("2.19.3") == NcclRelease::From2_19);
    CHECK(parseNcclRelease("2.20") == NcclRelease::From2_19);
    CHECK(parseNcclRelease("2.21.5") == NcclRelease::Current);
    CHECK(parseNcclRelease("2.26.2+cuda12.8") == NcclRelease::Current);
    CHECK(parseNcclRelease("2.30.7") == NcclRelease::Current);
    CHECK(parseNcclRelease("current") == NcclRelease::Current);
    for (NcclRelease r : {NcclRelease::Before2_17, NcclRelease::Is2_17, NcclRelease::UpTo2_18, NcclRelease::From2_19, NcclRelease::Current})
        CHECK(parseNcclRelease(model::toString(r)) == r);
    // Releases before 2.18 read the 2.18 tables.
    for (NcclRelease r : {NcclRelease::Before2_17, NcclRelease::Is2_17, NcclRelease::UpTo2_18}) CHECK(model::usesTuner2_18(r));
    CHECK_FALSE(model::usesTuner2_18(NcclRelease::From2_19));
    for (const char* bad : {"", "2", "2.", "two.18", "3.0.1", "2.18.x", "2.18.5cuda", "1.3.4", "2.-5", "2.18.-1", "2.+18", " 2.18"}) {
        INFO(bad);
        CHECK_THROWS_AS(parseNcclRelease(bad), std::invalid_argument);
    }
    try {
        (void)parseNcclRelease("2.18.5cuda");
        FAIL("no error");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()).find("\"2.18.5cuda\"") != std::string::npos);
        CHECK(std::string(e.what()).find("expected major.minor") != std::string::npos);
    }
}

TEST_CASE("ring LL bandwidth follows the release's tuner: x1/4 (x1/3 for one-node all-gather) up to 2.20, x1/2 after",
          "[nccl][release]")
{
    using model::analysis::ncclProtocolGBps;
    // 8 A100 (NCCL's 12 x 20 GB/s = 240 GB/s Simple ring): llMaxBw 87.7 on one node.
    for (double simple : {60.0, 120.0, 240.0, 400.0}) {
        INFO("Simple ring " << simple << " GB/s");
        const NcclShape old = shape(1, GpuGeneration::Older, NcclRelease::UpTo2_18);
        const NcclShape mid = shape(1, GpuGeneration::Older, NcclRelease::From2_19);
        const NcclShape now = shape(1, GpuGeneration::Older, NcclRelease::Current);
        CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL, old, simple, CollectiveOp::AllReduce) == Approx(std::min(87.7, simple / 4)));
        CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL, mid, simple, CollectiveOp::AllReduce) == Approx(std::min(87.7, simple / 4)));
        CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL, old, simple, CollectiveOp::AllGather) == Approx(std::min(87.7, simple / 3)));
        CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL, now, simple, CollectiveOp::AllReduce) == Approx(std::min(87.7, simple / 2)));
        CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL, now, simple, CollectiveOp::AllGather) == Approx(std::min(87.7, simple / 2)));
        // Across nodes x1/4 for every collective, capped by the host CPU's llMaxBw (Intel, 2 nodes: 39).
        const NcclShape oldTwo = shape(2, GpuGeneration::Older, NcclRelease::UpTo2_18);
        CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL, oldTwo, simple, CollectiveOp::AllGather) == Approx(std::min(39.0, simple / 4)));
        // LL128 and Simple did not change.
        CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL128, old, simple) == Approx(simple * 0.92));
        CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::Simple, old, simple) == Approx(simple));
    }
    // Hopper on one node: llMaxBw 87.7 before v2.21, 141 after (370.8 GB/s Simple ring).
    CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL, shape(1, GpuGeneration::Hopper, NcclRelease::UpTo2_18), 370.8,
                           CollectiveOp::AllGather) == Approx(87.7));
    CHECK(ncclProtocolGBps(Algorithm::Ring, Protocol::LL, shape(1, GpuGeneration::Hopper, NcclRelease::Current), 370.8,
                           CollectiveOp::AllGather) == Approx(141.0));
}

TEST_CASE("NVLS and NVLSTree latencies follow the release's tuner", "[nccl][release]")
{
    using model::analysis::ncclLatencyUs;
    const auto lat = [](Algorithm a, int nodes, NcclRelease r) {
        return ncclLatencyUs(a, Protocol::Simple, CollectiveOp::AllReduce, shape(nodes, GpuGeneration::Hopper, r));
    };
    // One node: 23 us up to 2.20 (base 23 in 2.18, NVLink hop 23 in 2.19-2.20), 25 us now.
    CHECK(lat(Algorithm::Nvls, 1, NcclRelease::UpTo2_18) == Approx(23.0));
    CHECK(lat(Algorithm::Nvls, 1, NcclRelease::From2_19) == Approx(23.0));
    CHECK(lat(Algorithm::Nvls, 1, NcclRelease::Current) == Approx(25.0));
    for (int k : {2, 3, 4, 8, 16, 64}) {
        INFO(k << " nodes");
        const double depth = std::ceil(std::log2(k));
        // v2.18.5: 23 + 2 (nodes - 1) x 19; v2.20.5: 23 + 2 log2(nodes) x 14; now 25 + 2 log2(nodes) x 20.9.
        CHECK(lat(Algorithm::NvlsTree, k, NcclRelease::UpTo2_18) == Approx(23.0 + 2.0 * (k - 1) * 19.0));
        CHECK(lat(Algorithm::NvlsTree, k, NcclRelease::From2_19) == Approx(23.0 + 2.0 * depth * 14.0));
        CHECK(lat(Algorithm::NvlsTree, k, NcclRelease::Current) == Approx(25.0 + 2.0 * depth * 20.9));
        // NVLS across nodes (with CollNet): one NET hop, 18 us before v2.21.
        CHECK(lat(Algorithm::Nvls, k, NcclRelease::UpTo2_18) == Approx(23.0 + 18.0));
        // A transport's own latency (65 us, GPUDirect-TCPXO): v2.20.5 adds it twice to each NVLS
        // NET hop (latencyInter and the Simple flush), v2.18.5 not at all.
        NcclShape tcpxo = shape(k, GpuGeneration::Hopper, NcclRelease::From2_19);
        tcpxo.netLatencyUs = 65.0;
        CHECK(ncclLatencyUs(Algorithm::NvlsTree, Protocol::Simple, CollectiveOp::AllReduce, tcpxo) ==
              Approx(23.0 + 2.0 * depth * (14.0 + 2 * 65.0)));
        tcpxo.release = NcclRelease::UpTo2_18;
        CHECK(ncclLatencyUs(Algorithm::NvlsTree, Protocol::Simple, CollectiveOp::AllReduce, tcpxo) ==
              Approx(23.0 + 2.0 * (k - 1) * 19.0));
    }
    // Ring and tree latencies are the same in the three tables.
    for (int k : {1, 2, 8})
        for (Protocol p : {Protocol::LL, Protocol::LL128}) {
            CHECK(ncclLatencyUs(Algorithm::Ring, p, CollectiveOp::AllReduce, shape(k, GpuGeneration::Older, NcclRelease::UpTo2_18)) ==
                  Approx(ncclLatencyUs(Algorithm::Ring, p, CollectiveOp::AllReduce, shape(k, GpuGeneration::Older, NcclRelease::Current))));
        }
}

TEST_CASE("a request naming NCCL 2.18 is predicted with its tuner by both engines", "[nccl][release][simulation]")
{
    const model::Catalog cat = model::Catalog::loadBundled();
    const model::Design d = enginetest::fatTree(cat, "dgx-a100", "qm8700", 1);
    model::CollectiveRequest q;
    q.op = CollectiveOp::AllReduce;
    q.gpus = 8;
    // 8 A100, 1 MiB all-reduce: ring LL both times. Bus bytes 2 x 7/8 MiB per GPU.
    // Current: 15 us (6.6 + 14 x 0.6) + 1.835 MB / 87.7 GB/s = 35.9 us.
    // NCCL 2.18: 15 us + 1.835 MB / (240 / 4 = 60 GB/s) = 45.6 us.
    q.bytes = 1 << 20;
    const model::CollectiveResult now = model::predictCollective(d, cat, q);
    q.ncclRelease = NcclRelease::UpTo2_18;
    const model::CollectiveResult old = model::predictCollective(d, cat, q);
    CHECK(now.protocol == Protocol::LL);
    CHECK(old.protocol == Protocol::LL);
    const double busBytes = 2.0 * 7.0 / 8.0 * (1 << 20);
    CHECK(now.time.inMicroseconds() == Approx(15.0 + busBytes / 87.7e3).epsilon(1e-6));
    CHECK(old.time.inMicroseconds() == Approx(15.0 + busBytes / 60.0e3).epsilon(1e-6));
    // A sweep: never faster under the older tuner, equal where Simple or LL128 wins.
    for (double bytes = 1024; bytes <= 64.0 * (1 << 20); bytes *= 4) {
        INFO(bytes << " B");
        q.bytes = bytes;
        q.ncclRelease = NcclRelease::Current;
        const double t1 = model::predictCollective(d, cat, q).time.inMicroseconds();
        q.ncclRelease = NcclRelease::UpTo2_18;
        const model::CollectiveResult r = model::predictCollective(d, cat, q);
        CHECK(r.time.inMicroseconds() >= t1 * (1 - 1e-9));
        if (r.protocol != Protocol::LL) CHECK(r.time.inMicroseconds() == Approx(t1));
    }
    // The simulator prices the same ring with the same release: within 10 % at 1 and 4 MiB.
    for (double bytes : {1.0 * (1 << 20), 4.0 * (1 << 20)}) {
        INFO(bytes << " B");
        q.bytes = bytes;
        q.algorithm = Algorithm::Ring;
        q.ncclRelease = NcclRelease::UpTo2_18;
        model::SimulationOptions o;
        o.compareWithAnalytical = false;
        const double sim = model::simulateCollective(d, cat, q, o).collective.time.inMicroseconds();
        const double ana = model::predictCollective(d, cat, q).time.inMicroseconds();
        CHECK(sim / ana == Approx(1.0).margin(0.10));
        q.ncclRelease = NcclRelease::Current;
        const double simNow = model::simulateCollective(d, cat, q, o).collective.time.inMicroseconds();
        // 1 MiB runs LL (slower under 2.18's x1/4); 4 MiB runs LL128 under both tuners.
        if (bytes < 2.0 * (1 << 20))
            CHECK(sim > 1.1 * simNow);
        else
            CHECK(sim == Approx(simNow));
    }
}

TEST_CASE("an imported nccl-tests run is compared with the tuner of the NCCL it printed", "[nccl][release][import]")
{
    const model::Catalog cat = model::Catalog::loadBundled();
    const model::Design d = enginetest::fatTree(cat, "dgx-a100", "qm8700", 1);
    const auto logWith = [](const std::string& versionLine) {
        std::string text = "# nThread 1 nGpus 1 minBytes 1024 maxBytes 1048576 step: 1024(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n#\n# Using devices\n";
        for (int r = 0; r < 8; ++r)
            text += "#  Rank  " + std::to_string(r) + " Group  0 Pid  " + std::to_string(100 + r) + " on host device  " + std::to_string(r) +
                    " [0x07] NVIDIA A100-SXM4-80GB\n";
        text += versionLine;
        text += "#\n"
                "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
                "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
                "     1048576        262144     float     sum      -1    50.66   20.70   36.22      0    50.60   20.72   36.26      0\n";
        return text;
    };
    const auto predictedUs = [&](const std::string& versionLine) {
        const model::io::ImportResult imported = model::io::importText("run.txt", logWith(versionLine), model::io::ImportKind::NcclTests);
        REQUIRE(imported.curve);
        const model::io::CurveComparison cmp = model::io::compareCurve(*imported.curve, d, cat);
        REQUIRE(cmp.points.size() == 1);
        return cmp.points[0].predictedTimeUs;
    };
    // 1 MiB on 8 A100, ring LL: 45.6 us under NCCL 2.18's tuner (LL at 240 / 4 GB/s), 35.9 us under the current one.
    const double busBytes = 2.0 * 7.0 / 8.0 * (1 << 20);
    CHECK(predictedUs("node01:1:1 [0] NCCL INFO NCCL version 2.18.5+cuda12.2\n") == Approx(15.0 + busBytes / 60.0e3).epsilon(1e-6));
    CHECK(predictedUs("node01:1:1 [0] NCCL INFO NCCL version 2.26.2+cuda12.8\n") == Approx(15.0 + busBytes / 87.7e3).epsilon(1e-6));
    CHECK(predictedUs("") == Approx(15.0 + busBytes / 87.7e3).epsilon(1e-6));
    // RCCL (AMD's fork) prints NCCL-like numbers with its own tuner: the current one is kept.
    CHECK(predictedUs("node01:1:1 [0] NCCL INFO RCCL version 2.18.3+hip6.0\n") == Approx(15.0 + busBytes / 87.7e3).epsilon(1e-6));
}

TEST_CASE("NVLS and NVLSTree under an older tuner: the simulator pays the same latency parts", "[nccl][release][simulation]")
{
    using model::analysis::ncclLatencyUs;
    using model::analysis::ncclNvlsLatency;
    // The parts add up to the release's latency (what the simulator charges per switch pass and
    // per tree edge is what the analytical engine charges in all).
    for (NcclRelease r : {NcclRelease::UpTo2_18, NcclRelease::From2_19, NcclRelease::Current})
        for (int k : {1, 2, 3, 5, 8, 32}) {
            INFO(model::toString(r) << ", " << k << " nodes");
            const NcclShape s = shape(k, GpuGeneration::Hopper, r);
            const auto nvls = ncclNvlsLatency(Algorithm::Nvls, s);
            CHECK(nvls.baseUs + nvls.intraHopUs + (k > 1 ? nvls.netHopUs : 0.0) ==
                  Approx(ncclLatencyUs(Algorithm::Nvls, Protocol::Simple, CollectiveOp::AllReduce, s)));
            if (k > 1) {
                const auto tree = ncclNvlsLatency(Algorithm::NvlsTree, s);
                CHECK(tree.baseUs + tree.intraHopUs + 2.0 * std::ceil(std::log2(k)) * tree.netHopUs ==
                      Approx(ncclLatencyUs(Algorithm::NvlsTree, Protocol::Simple, CollectiveOp::AllReduce, s)));
            }
        }
    // Both engines, NCCL 2.18 and 2.20, DGX H100: NVLS on one node, NVLSTree on 2, 3 and 8.
    const model::Catalog cat = model::Catalog::loadBundled();
    for (int nodes : {1, 2, 3, 8}) {
        const model::Design d = enginetest::fatTree(cat, "dgx-h100", "qm9700", nodes);
        for (NcclRelease r : {NcclRelease::UpTo2_18, NcclRelease::From2_19})
            for (double bytes : {1.0 * (1 << 20), 16.0 * (1 << 20), 256.0 * (1 << 20)}) {
                INFO(nodes << " nodes, " << model::toString(r) << ", " << bytes << " B");
                model::CollectiveRequest q;
                q.op = CollectiveOp::AllReduce;
                q.bytes = bytes;
                q.algorithm = nodes == 1 ? Algorithm::Nvls : Algorithm::NvlsTree;
                q.ncclRelease = r;
                model::SimulationOptions o;
                o.compareWithAnalytical = false;
                const double sim = model::simulateCollective(d, cat, q, o).collective.time.inMicroseconds();
                const double ana = model::predictCollective(d, cat, q).time.inMicroseconds();
                CHECK(sim / ana == Approx(1.0).margin(0.02));
            }
    }
}

TEST_CASE("NCCL before 2.17 has no NVLS and 2.17 no NVLS tree: the engines never offer them", "[nccl][release]")
{
    // helper-85: --nccl-version 2.12.12 still picked nvls/Simple on an 8 x H100 server. NVLS
    // came in NCCL 2.17, NVLSTree in 2.18 (release notes v2.17.1-1, v2.18.1-1): an H100 run of
    // NCCL 2.16 is a ring (or tree) and its busbw is compared with one.
    const model::Catalog cat = model::Catalog::loadBundled();
    for (const int nodes : {1, 2, 4}) {
        const model::Design d = enginetest::fatTree(cat, "dgx-h100", "qm9700", nodes);
        model::CollectiveRequest q;
        q.op = model::CollectiveOp::AllReduce;
        q.bytes = 1 << 30;
        INFO(nodes << " DGX H100");
        q.ncclRelease = NcclRelease::Current;
        const model::CollectiveResult current = model::predictCollective(d, cat, q);
        const Algorithm now = current.algorithm;
        CHECK(current.note.find(nodes == 1 ? "nvls " : "nvls_tree ") != std::string::npos); // a candidate
        if (nodes <= 2) CHECK((now == Algorithm::Nvls || now == Algorithm::NvlsTree));
        q.ncclRelease = NcclRelease::Before2_17;
        const model::CollectiveResult before = model::predictCollective(d, cat, q);
        CHECK(before.algorithm != Algorithm::Nvls);
        CHECK(before.algorithm != Algorithm::NvlsTree);
        CHECK(before.note.find("nvls") == std::string::npos); // not even a candidate
        q.ncclRelease = NcclRelease::Is2_17;
        const Algorithm v17 = model::predictCollective(d, cat, q).algorithm;
        CHECK(v17 != Algorithm::NvlsTree);
        if (nodes == 1) CHECK(v17 == Algorithm::Nvls);
        q.ncclRelease = NcclRelease::UpTo2_18;
        CHECK(model::predictCollective(d, cat, q).algorithm == now);
        // Asked for by name, refused with the reason.
        q.ncclRelease = NcclRelease::Before2_17;
        q.algorithm = nodes == 1 ? Algorithm::Nvls : Algorithm::NvlsTree;
        try {
            (void)model::predictCollective(d, cat, q);
            FAIL("no error");
        } catch (const std::invalid_argument& e) {
            CHECK(std::string(e.what()).find(nodes == 1 ? "NVLS came in NCCL 2.17; this is NCCL 2.16" : "NVLS tree came in NCCL 2.18") !=
                  std::string::npos);
        }
    }
}
