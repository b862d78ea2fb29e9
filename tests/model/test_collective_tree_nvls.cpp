// Double binary tree (incl. the 2-node effect), NVLS and NVLSTree: golden numbers by hand
// (engine_formulas.md §3 and §5).
#include "test_analysis_support.hpp"

#include "model/analysis/analysis_json.hpp"
#include "model/analysis/nccl_cost.hpp"
#include "model/simulation/simulation.hpp"

#include <catch2/catch.hpp>

using namespace model;

namespace {
using testsupport::k8GiB;
using testsupport::k16GiB;
} // namespace

TEST_CASE("tree latency on 4 nodes x 8 H100 is 35.2 us (engine_formulas.md §3 worked example)", "[collective][tree]")
{
    // LL: 6.8 + 2 x ((8 - 1) x 0.6 + log2(4) x 5.0) = 35.2 us; bandwidth LL capped at 20.4 GB/s
    // for 3+ nodes: 2 x 16 B / 20.4 GB/s. Measured floor 34.8 us (nccl-tests #309).
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, 16, 32, "tree");
    CHECK(r.protocol == model::Protocol::LL);
    CHECK(r.time.inMicroseconds() == Approx(35.2 + 32.0 / 20400.0));
}

TEST_CASE("tree on 2 nodes doubles the usable NIC bandwidth (2-node effect)", "[collective][tree]")
{
    // busbw_tree base = min(2 x 388 (two-node effect), 370.8 x 8/7 = 423.77) = 423.77 GB/s,
    // x 0.92 (tuning.cc) = 389.87; t = 2 S / 389.87 / eta, eta(16 GiB, 2 nodes) = 0.96:
    // t = 2 x 17179869184 / 389870 / 0.96 = 91803.47 us -> busbw = S/t x 2(n-1)/n = 350.88 GB/s.
    const CollectiveResult two = golden::run(golden::rail("dgx-h100", 2), CollectiveOp::AllReduce, k16GiB, 16, "tree");
    CHECK(two.time.inMicroseconds() == Approx(91803.47).epsilon(1e-6));
    CHECK(two.busbw.inGBps() == Approx(350.88).epsilon(1e-5));
    // 4 nodes: no doubling: base = min(388, 423.77) = 388, the ramp t = 2 S / (388 x 0.92 x 0.96)
    // = 100,249.92 us, plus the latency of the deeper tree the 2-node ramp does not hold:
    // 2 x (log2 4 - log2 2) x 14 us (tree Simple NET hop) = 28 us -> 100,277.92 us, busbw 331.88.
    const CollectiveResult four = golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, k16GiB, 32, "tree");
    CHECK(four.time.inMicroseconds() == Approx(2.0 * 17179869184.0 / (388 * 0.92 * 0.96 * 1000.0) + 28.0).epsilon(1e-9));
    CHECK(four.busbw.inGBps() == Approx(331.88).epsilon(1e-5));
    CHECK(two.busbw > four.busbw);
    CHECK_THROWS_AS(golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllReduce, k8GiB, 8, "tree"), std::invalid_argument);
}

TEST_CASE("NVLS on 8 H100: S (1 + 1/n) over NVLink x 0.85", "[collective][nvls]")
{
    // t = 25 + 8589934592 x 9/8 / (370.8 x 0.85 x 1000) = 25 + 30660.82 = 30685.82 us;
    // busbw = S/t x 1.75 = 489.88 GB/s (measured 478.87 Azure ND H100 v5, 480 ml-engineering).
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllReduce, k8GiB, 8);
    CHECK(r.algorithm == model::Algorithm::Nvls);
    CHECK(r.time.inMicroseconds() == Approx(30685.82).epsilon(1e-6));
    CHECK(r.busbw.inGBps() == Approx(489.88).epsilon(1e-4));
    // B200: NVLink 5 18 x 40.1 = 721.8 GB/s x 0.74: t = 25 + S x 9/8 / 534.132 = 18117.30 us.
    const CollectiveResult b = golden::run(golden::rail("dgx-b200", 1), CollectiveOp::AllReduce, k8GiB, 8);
    CHECK(b.algorithm == model::Algorithm::Nvls);
    CHECK(b.time.inMicroseconds() == Approx(18117.30).epsilon(1e-6));
}

TEST_CASE("NVLS needs Hopper NVSwitch and more than 4 GPUs", "[collective][nvls]")
{
    CHECK_THROWS_AS(golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllReduce, k8GiB, 4, "nvls"), std::invalid_argument);
    CHECK_THROWS_AS(golden::run(golden::rail("dgx-a100", 1), CollectiveOp::AllReduce, k8GiB, 8, "nvls"), std::invalid_argument);
    CHECK(golden::run(golden::rail("dgx-a100", 1), CollectiveOp::AllReduce, k8GiB, 8).algorithm == model::Algorithm::Ring);
    CHECK(golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllReduce, k8GiB, 4).algorithm == model::Algorithm::Ring);
}

TEST_CASE("NVLSTree across 2 nodes is what NCCL would pick for large messages", "[collective][nvls]")
{
    // NVLS busbw 370.8 x 0.85 x 14/9 = 490.28; x 8/7 = 560.32 < 2 x 388: t = 2 S / 560.32 / 0.96.
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 2), CollectiveOp::AllReduce, k16GiB, 16);
    CHECK(r.algorithm == model::Algorithm::NvlsTree);
    CHECK(r.time.inMicroseconds() == Approx(63876.70).epsilon(1e-6));
}

TEST_CASE("NVLS and NVLSTree pay their chunk pipeline's fill at medium sizes, nothing at the plateau", "[collective][nvls][nccl]")
{
    using model::analysis::ncclNvlsChunkBytes;
    using model::analysis::ncclPipelineFillFactor;
    model::analysis::NcclShape one;
    one.ranks = one.ranksPerNode = 8;
    one.generation = model::analysis::GpuGeneration::Hopper;
    // NCCL enqueue.cc on 8 H100: 16 NVLS channels x 8 heads = 128 concurrent ops.
    // 16 MiB: below 8 x 128 x 64 KiB, not below 2 x 128 x 32 KiB -> 32 KiB chunks, C = 4:
    // fill with NCCL's three NVLS stages (scatter, switch reduce and multicast, gather):
    // 1 + 2/4 - 2/64 = 1.46875.
    CHECK(ncclNvlsChunkBytes(Algorithm::Nvls, one, 16.0 * (1 << 20), 8) == 32768);
    CHECK(ncclPipelineFillFactor(Algorithm::Nvls, one, 16.0 * (1 << 20), 8) == Approx(1.46875));
    // 1 MiB: 16 KiB chunks, half a chunk per op still crosses all three stages: 1 + 2 - 2/64.
    CHECK(ncclNvlsChunkBytes(Algorithm::Nvls, one, 1 << 20, 8) == 16384);
    CHECK(ncclPipelineFillFactor(Algorithm::Nvls, one, 1 << 20, 8) == Approx(2.96875));
    // 1 GiB and up: 128 KiB chunks, 64 or more per op: NCCL's plateau figure holds as it is.
    CHECK(ncclNvlsChunkBytes(Algorithm::Nvls, one, 1024.0 * (1 << 20), 8) == 131072);
    CHECK(ncclPipelineFillFactor(Algorithm::Nvls, one, 1024.0 * (1 << 20), 8) == 1.0);
    CHECK(ncclPipelineFillFactor(Algorithm::Nvls, one, k8GiB, 8) == 1.0);
    // Across 2 nodes (NVLSTree, 8 heads): 1 MiB -> 32 KiB chunks, C < 1, P = 4 + 2 log2(2) = 6
    // (scatter, reduce to the network, tree up, tree down, broadcast, gather): 1 + 5 - 5/32.
    model::analysis::NcclShape two = one;
    two.ranks = 16;
    two.nodes = 2;
    CHECK(ncclNvlsChunkBytes(Algorithm::NvlsTree, two, 1 << 20, 8) == 32768);
    CHECK(ncclPipelineFillFactor(Algorithm::NvlsTree, two, 1 << 20, 8) == Approx(6.0 - 5.0 / 32));
    // Ring and tree carry no such term (a ring has no fill; the tree's is in NCCL's correction).
    CHECK(ncclPipelineFillFactor(Algorithm::Ring, one, 1 << 20, 8) == 1.0);
    CHECK(ncclPipelineFillFactor(Algorithm::Tree, two, 1 << 20, 8) == 1.0);
    // Never below 1 and never growing with size, 4 KiB to 16 GiB.
    for (const auto& s : {one, two}) {
        const Algorithm a = s.nodes > 1 ? Algorithm::NvlsTree : Algorithm::Nvls;
        double last = 1e9;
        for (double b = 4096; b <= k16GiB; b *= 2) {
            const double f = ncclPipelineFillFactor(a, s, b, 8);
            CHECK(f >= 1.0);
            CHECK(f <= last + 1e-12);
            last = f;
        }
    }
}

TEST_CASE("NCCL 2.18 gives a small NVLS message to its first channels whole and 2.20 on spreads it", "[collective][nvls][nccl]")
{
    using model::analysis::ncclPipelineFillFactor;
    model::analysis::NcclShape now;
    now.ranks = now.ranksPerNode = 8;
    now.generation = model::analysis::GpuGeneration::Hopper;
    model::analysis::NcclShape old = now;
    old.release = model::NcclRelease::UpTo2_18;
    const double kKiB = 1024.0;
    // 1 MiB on 8 H100: 16 KiB chunks, 8 heads -> 128 KiB a channel; all_reduce.h v2.18.5 starts
    // channel b at b x 128 KiB, so 8 of the 16 channels carry it: twice the fill of 2.20 on.
    CHECK(ncclPipelineFillFactor(Algorithm::Nvls, old, 1 << 20, 8) == Approx(2.0 * 2.96875));
    CHECK(ncclPipelineFillFactor(Algorithm::Nvls, now, 1 << 20, 8) == Approx(2.96875));
    CHECK(ncclPipelineFillFactor(Algorithm::Nvls, old, 256 * kKiB, 8) == Approx(8.0 * 2.96875));
    // The busiest channel's bytes (size x fill) are the same from 128 KiB to 2 MiB under 2.18:
    // the flat 42.2-44.8 us the Azure ND H100 v5 guide measures there (NCCL 2.18.5, NVLS).
    const double flat = 128 * kKiB * ncclPipelineFillFactor(Algorithm::Nvls, old, 128 * kKiB, 8);
    for (double b = 128 * kKiB; b <= 2048 * kKiB; b *= 2)
        CHECK(b * ncclPipelineFillFactor(Algorithm::Nvls, old, b, 8) == Approx(flat));
    // From one full loop (16 channels x 8 heads x chunk) on, both releases agree; so does the
    // current release with the 2.20 tables' class.
    model::analysis::NcclShape mid = now;
    mid.release = model::NcclRelease::From2_19;
    for (double b = 4 * kKiB; b <= 16.0 * (1 << 30); b *= 4) {
        CHECK(ncclPipelineFillFactor(Algorithm::Nvls, mid, b, 8) == ncclPipelineFillFactor(Algorithm::Nvls, now, b, 8));
        if (b >= 2048 * kKiB) CHECK(ncclPipelineFillFactor(Algorithm::Nvls, old, b, 8) == ncclPipelineFillFactor(Algorithm::Nvls, now, b, 8));
    }
    // NVLSTree on 2 nodes, 2.18: 1 MiB in 32 KiB chunks x 8 heads = 256 KiB a channel, 4 of 16 busy.
    model::analysis::NcclShape two = old;
    two.ranks = 16;
    two.nodes = 2;
    CHECK(ncclPipelineFillFactor(Algorithm::NvlsTree, two, 1 << 20, 8) == Approx(4.0 * (6.0 - 5.0 / 32)));
}

TEST_CASE("a transport's own network latency adds to every NET hop, twice for Simple (NCCL latencyInter)", "[collective][nccl]")
{
    using namespace model::analysis;
    NcclShape s;
    s.ranks = 16;
    s.nodes = 2;
    s.ranksPerNode = 8;
    s.generation = GpuGeneration::Hopper;
    NcclShape t = s;
    t.netLatencyUs = 65.0;
    const auto extra = [&](Algorithm a, Protocol p) {
        return ncclLatencyUs(a, p, CollectiveOp::AllReduce, t) - ncclLatencyUs(a, p, CollectiveOp::AllReduce, s);
    };
    // tuning.cc: interLat += latencyInter (again for Simple). Tree: 2 log2(k) NET hops; ring
    // all-reduce: 2 (k - 1) NET steps, x1.4 for Simple across nodes; NVLSTree: 2 log2(k).
    CHECK(extra(Algorithm::Tree, Protocol::LL128) == Approx(2 * 65.0));
    CHECK(extra(Algorithm::Tree, Protocol::Simple) == Approx(2 * 2 * 65.0));
    CHECK(extra(Algorithm::Ring, Protocol::LL) == Approx(2 * 65.0));
    CHECK(extra(Algorithm::Ring, Protocol::Simple) == Approx(2 * 2 * 65.0 * 1.4));
    CHECK(extra(Algorithm::NvlsTree, Protocol::Simple) == Approx(2 * 2 * 65.0));
    CHECK(ncclNetHopLatencyUs(Algorithm::Ring, Protocol::LL128, t) == Approx(4.0 + 65.0));
    // One node has no NET hop: nothing changes.
    NcclShape one = t;
    one.ranks = one.ranksPerNode = 8;
    one.nodes = 1;
    NcclShape oneIb = one;
    oneIb.netLatencyUs = 0;
    CHECK(ncclLatencyUs(Algorithm::Ring, Protocol::LL, CollectiveOp::AllReduce, one) ==
          Approx(ncclLatencyUs(Algorithm::Ring, Protocol::LL, CollectiveOp::AllReduce, oneIb)));
    // A transport profile without LL disables LL across nodes only; one that names LL128
    // enables LL128 across nodes without GPUDirect RDMA.
    t.netGpuDirect = false;
    CHECK_FALSE(ncclProtocolEnabled(Algorithm::Ring, Protocol::LL128, t));
    t.netNamesLl128 = true;
    t.netAllowsLl = false;
    CHECK(ncclProtocolEnabled(Algorithm::Ring, Protocol::LL128, t));
    CHECK_FALSE(ncclProtocolEnabled(Algorithm::Tree, Protocol::LL, t));
    one.netAllowsLl = false;
    CHECK(ncclProtocolEnabled(Algorithm::Ring, Protocol::LL, one));
}

TEST_CASE("GCP A3 Mega across nodes: TCPXO's profile (LL128, Simple) and its 65 us per network hop", "[collective][nccl]")
{
    // 8 B over 2 x 8 H100: tree LL128 = 14 + 2 x (7 x 1.25 + (8.5 + 65)) = 178.5 us (ring LL128
    // 14 + 26 x 1.9 + 2 x (4 + 65) = 201.4; NVLSTree 25 + 2 x (20.9 + 2 x 65) = 326.8; LL off).
    // Measured 135.8 us out-of-place, 123.5 in-place (nccl_measurements.csv a3m-2n-8b).
    const CollectiveResult r = golden::run(golden::rail("gcp-a3-megagpu-8g", 2, "sn5600"), CollectiveOp::AllReduce, 8, 16);
    CHECK(r.algorithm == model::Algorithm::Tree);
    CHECK(r.protocol == model::Protocol::LL128);
    CHECK(r.time.inMicroseconds() == Approx(178.5).margin(0.5));
    // One A3 Mega node uses no NIC: ring LL as on any 8 x H100 (6.6 + 14 x 0.6 = 15.0 us).
    const CollectiveResult one = golden::run(golden::rail("gcp-a3-megagpu-8g", 1, "sn5600"), CollectiveOp::AllReduce, 8, 8);
    CHECK(one.protocol == model::Protocol::LL);
    CHECK(one.time.inMicroseconds() == Approx(15.0).margin(0.1));
}

TEST_CASE("GCP A3 Mega all-gather of 64 KB reproduces the published 110 us TCPXO's latency was derived from", "[collective][nccl]")
{
    // catalogs/network.json gcp-gpudirect-tcpxo-200g: ring LL128 all-gather over 2 x 8 H100,
    // 14 + 14 x 1.9 + 1 x (4.0 + 65) us of latency plus 0.4 us of bandwidth; published 110.00 us
    // (MG-Cafe TCPXO-Enabled-A3-Mega-H100-Benchmarks, not a validation row).
    const CollectiveResult r = golden::run(golden::rail("gcp-a3-megagpu-8g", 2, "sn5600"), CollectiveOp::AllGather, 65536, 16);
    CHECK(r.protocol == model::Protocol::LL128);
    CHECK(r.latency.inMicroseconds() == Approx(14 + 14 * 1.9 + 4.0 + 65.0));
    CHECK(r.time.inMicroseconds() == Approx(110.0).epsilon(0.01));
}

TEST_CASE("a tree over more nodes is slower by its extra depth's latency at every size", "[collective][tree]")
{
    // The tree reads the measured ramp at 2 nodes (its per-server traffic does not grow with
    // the node count); the deeper tree's extra hops are NCCL's latency on top, at every size.
    // Before, from 16 MiB up the ramp hid the depth: 293.75 us from 4 to 128 DGX H100.
    for (const char* algo : {"tree", "nvls_tree"}) {
        for (double bytes : {1048576.0, 8388608.0, 16777216.0, 67108864.0, 1073741824.0, 17179869184.0}) {
            double previousUs = 0, previousLatencyUs = 0, bandwidthUs = -1;
            for (int nodes : {4, 8, 16, 64, 128}) {
                INFO(algo << " " << bytes << " B on " << nodes << " DGX H100");
                const CollectiveResult r = golden::run(golden::rail("dgx-h100", nodes), CollectiveOp::AllReduce, bytes, 8 * nodes, algo);
                // Slower by at least the extra latency (NVLSTree's pipeline fill also grows with depth).
                CHECK(r.time.inMicroseconds() - previousUs >= r.latency.inMicroseconds() - previousLatencyUs - 1e-6);
                CHECK(r.time.inMicroseconds() > previousUs);
                // The tree: what is not latency is the same on every node count from 4 up (f(k) = 1).
                const double bwUs = r.time.inMicroseconds() - r.latency.inMicroseconds();
                if (bandwidthUs >= 0 && std::string(algo) == "tree") CHECK(bwUs == Approx(bandwidthUs).epsilon(1e-9));
                bandwidthUs = bwUs;
                previousUs = r.time.inMicroseconds();
                previousLatencyUs = r.latency.inMicroseconds();
            }
        }
    }
    // 16 MiB tree (LL128): 4 nodes 310.8 us, 128 nodes 395.8 us, 5 more tree levels of
    // 2 x 8.5 us (the tree LL128 NET hop) = 85 us apart.
    const double t4 = golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, 16777216.0, 32, "tree").time.inMicroseconds();
    const double t128 = golden::run(golden::rail("dgx-h100", 128), CollectiveOp::AllReduce, 16777216.0, 1024, "tree").time.inMicroseconds();
    CHECK(t128 - t4 == Approx(85.0).epsilon(1e-9));
}

TEST_CASE("auto all-reduce names the algorithm NCCL's own tuner would run where it is not the fastest here", "[collective][nvls][nccl]")
{
    const model::Design one = golden::rail("dgx-h100", 1);
    model::CollectiveRequest req;
    req.op = CollectiveOp::AllReduce;
    req.bytes = 1 << 20;
    req.gpus = 8;
    req.ncclRelease = model::NcclRelease::UpTo2_18;
    // NCCL 2.18 on 8 H100, 1 MiB: its tuner ranks NVLS first (23 us + 1 MiB at the NVLS rate,
    // about 26 us, against ring LL's 36 us), but NVLS then runs on 8 of its 16 channels and its
    // pipeline fills: 45.2 us, where ring LL takes 35.9.
    const model::CollectiveResult autoPick = model::predictCollective(one, golden::catalog(), req);
    CHECK(autoPick.algorithm == model::Algorithm::Ring);
    CHECK(autoPick.ncclDefaultAlgorithm == model::Algorithm::Nvls);
    req.algorithm = model::Algorithm::Nvls;
    const model::CollectiveResult nvls = model::predictCollective(one, golden::catalog(), req);
    CHECK(autoPick.ncclDefaultTime.inMicroseconds() == Approx(nvls.time.inMicroseconds()));
    CHECK(nvls.time.inMicroseconds() == Approx(45.22).margin(0.01));
    CHECK(autoPick.time.inMicroseconds() < nvls.time.inMicroseconds());
    CHECK(autoPick.note.find("it would run nvls here, 45.2 us on this design; NCCL_ALGO=Ring gets this figure") != std::string::npos);
    CHECK(model::toJson(autoPick)["nccl_default_algorithm"] == "nvls");
    // A forced algorithm has no default to name.
    CHECK(nvls.ncclDefaultTime.inMicroseconds() == 0.0);
    CHECK_FALSE(model::toJson(nvls).contains("nccl_default_algorithm"));
    // Current NCCL, 1 KiB to 16 MiB: where NCCL's pick is the fastest, the two are the same.
    req.algorithm = model::Algorithm::Auto;
    req.ncclRelease = model::NcclRelease::Current;
    for (double b = 1024; b <= 16.0 * (1 << 20); b *= 4) {
        req.bytes = b;
        const model::CollectiveResult r = model::predictCollective(one, golden::catalog(), req);
        if (r.ncclDefaultAlgorithm == r.algorithm) CHECK(r.ncclDefaultTime.inMicroseconds() == Approx(r.time.inMicroseconds()));
        else CHECK(r.ncclDefaultTime.inMicroseconds() > r.time.inMicroseconds());
    }
}

TEST_CASE("an NCCL release older than Blackwell is refused on a Blackwell design and taken on Hopper", "[collective][nccl]")
{
    model::CollectiveRequest req;
    req.op = CollectiveOp::AllReduce;
    req.bytes = 1 << 20;
    req.gpus = 8;
    for (auto release : {model::NcclRelease::UpTo2_18, model::NcclRelease::From2_19, model::NcclRelease::Is2_17}) {
        req.ncclRelease = release;
        try {
            (void)model::predictCollective(golden::rail("dgx-b200", 1), golden::catalog(), req);
            FAIL("NCCL before 2.25 priced on B200");
        } catch (const std::invalid_argument& e) {
            CHECK(std::string(e.what()).find("Blackwell GPUs from 2.25 on") != std::string::npos);
        }
        CHECK_THROWS_AS(model::simulateCollective(golden::rail("dgx-b200", 1), golden::catalog(), req), std::invalid_argument);
        CHECK(model::predictCollective(golden::rail("dgx-h100", 1), golden::catalog(), req).time.inMicroseconds() > 0);
    }
    req.ncclRelease = model::NcclRelease::Current;
    CHECK(model::predictCollective(golden::rail("dgx-b200", 1), golden::catalog(), req).time.inMicroseconds() > 0);
}
