// Hierarchical all-reduce, all-to-all, SHARP and fabric oversubscription: golden numbers by
// hand (engine_formulas.md §4, §6, §8; engine_anchors.md §a.3).
#include "test_analysis_support.hpp"
#include "model/analysis/comm_group.hpp"
#include "model/analysis/size_efficiency.hpp"
#include "model/topology/fat_tree.hpp"

#include <catch2/catch.hpp>

using namespace model;

namespace {
using testsupport::k1GiB;
using testsupport::k16GiB;
} // namespace

TEST_CASE("hierarchical all-reduce: intra RS, per-rail inter AR, intra AG", "[collective][hierarchical]")
{
    // 4 DGX H100, S = 1 GiB. Latency, paid in series by the first chunk (hierarchical_pricing.hpp):
    // 8.4 (Simple ring base) + 2 x 7 x 3.4 (NVLink steps) + 2 x 3 x 14 (network steps) = 140 us.
    // Transfers, overlapped by the pipeline: NVLink 2 x 7/8 x S / 370.8 = 5067.55 us; network
    // 2 x 3/4 x (S/8) / 48.5 / eta, eta(1 GiB, 4 nodes) = 0.93 -> 4463.51 us.
    // t = 140 + max = 5207.55 us (before: max(t1 + t3, t2) with the latencies inside, 5115.15).
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, k1GiB, 32, "hierarchical");
    CHECK(r.algorithm == model::Algorithm::Hierarchical);
    CHECK(r.time.inMicroseconds() == Approx(5207.55).epsilon(1e-6));
    // NCCL does not implement it, so it is never chosen automatically.
    CHECK(golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, k1GiB, 32).algorithm != model::Algorithm::Hierarchical);
}

TEST_CASE("all-to-all inside a node and across nodes", "[collective][alltoall]")
{
    // One node: 8.4 + 3.4 + 7/8 x S / 370.8 = 2545.58 us.
    const CollectiveResult one = golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllToAll, k1GiB, 8);
    CHECK(one.algorithm == model::Algorithm::Direct);
    CHECK(one.time.inMicroseconds() == Approx(2545.5759).epsilon(1e-7));
    CHECK(one.busbw.inGBps() == Approx(one.algbw.inGBps() * 7.0 / 8.0));
    // Two nodes: half of each buffer crosses NICs at 48.5 GB/s per GPU, SimAI's all-to-all
    // efficiency eta_ata(1 GiB, 2 nodes) = 0.81 (ata_ratio.csv), after the latency of one Simple
    // ring base and NET hop, 8.4 + 14.0 = 22.4 us:
    // t = 22.4 + 0.5 x S / 48500 / 0.81 = 13688.45 us (intra part 7/16 x S / 370.8 = 1266.89 us hides).
    const CollectiveResult two = golden::run(golden::rail("dgx-h100", 2), CollectiveOp::AllToAll, k1GiB, 16);
    CHECK(two.time.inMicroseconds() == Approx(13688.4535).epsilon(1e-6));
    CHECK(two.time.inMicroseconds() - 22.4 == Approx(0.5 * k1GiB / 48500.0 / 0.81).epsilon(1e-9));
}

TEST_CASE("oversubscription derates all-to-all traffic that leaves the leaf", "[collective][fabric]")
{
    // 4 servers, 1 NIC each, 2 per leaf, 4:1 leaves. A server's NIC traffic goes evenly to the
    // 3 other servers, 2 of them behind the other leaf: 2/3 of it leaves the leaf (issue 16:
    // this was 1 - 2/4 = 1/2, counting the server's own ranks, whose traffic never reaches the
    // NIC). factor = 1 / (4 x 2/3) = 0.375; per GPU 48.5 / 8 x 0.375 = 2.2734375 GB/s;
    // t = 22.4 + 24/32 x S / 2273.4375 / 0.94 = 376856.56 us (eta_ata(1 GiB, 4 nodes) = 0.94).
    const CollectiveResult r = golden::run(golden::oversubscribed(), CollectiveOp::AllToAll, k1GiB, 32);
    CHECK(r.time.inMicroseconds() == Approx(376856.56).epsilon(1e-6));
}

TEST_CASE("SHARP reduces in the InfiniBand switches when asked", "[collective][sharp]")
{
    Design d = golden::rail("dgx-h100", 4);
    // Intra RS + AG: 1.75 x 16 GiB / 370.8 = 81080.83 us; inter: (S/8) / (48.5 x 0.85) =
    // 52091.78 us, pipelined with it; NCCL's CollNetDirect latency 2 (3.7 + 7 x 0.4) + 31 =
    // 44.0 us added (tuning.cc): t = 81124.83 us.
    const CollectiveResult r = golden::run(d, CollectiveOp::AllReduce, k16GiB, 32, "sharp");
    CHECK(r.time.inMicroseconds() == Approx(81124.83).epsilon(1e-6));
    // 1 MiB: 44.0 + max(1.75 MiB / 370.8 = 4.95 us, 128 KiB / 41.225 = 3.18 us) = 48.95 us, above
    // the measured-ramp floor (3.18 us / eta(1 MiB, 2 nodes)); before, max(latency 37.9, bandwidth)
    // reported 37.9 us and dropped the transfer.
    const CollectiveResult m = golden::run(d, CollectiveOp::AllReduce, 1048576.0, 32, "sharp");
    CHECK(m.time.inMicroseconds() == Approx(44.0 + 1.75 * 1048576.0 / 370.8e3).epsilon(1e-6));
    // NCCL needs the CollNet plugin: not chosen unless the design enables it.
    CHECK(golden::run(d, CollectiveOp::AllReduce, k16GiB, 32).algorithm != model::Algorithm::CollNet);
    d.analysis["sharp"] = true;
    // Enabled: SHARP (81124.83 us) beats NVLSTree (2 S / 388 / 0.96 = 92248.5 us, NIC-bound).
    CHECK(golden::run(d, CollectiveOp::AllReduce, k16GiB, 32, "").algorithm == model::Algorithm::CollNet);
    // Ethernet leaves have no SHARP.
    const Design eth = golden::rail("dgx-h100", 4, "sn5600");
    CHECK_THROWS_AS(golden::run(eth, CollectiveOp::AllReduce, k16GiB, 32, "sharp"), std::invalid_argument);
}

TEST_CASE("PCIe servers: host-staged GeForce, socket crossing, PCIe switch sharing", "[collective][pcie]")
{
    // 4 x RTX 4090, no peer-to-peer: PCIe Gen4 x16 32 x 0.75 = 24 GB/s, halved by the host
    // copy = 12 GB/s; hops cost 2 x the PCIe hop.  8 B: LL 6.6 + 6 x 2 x 1.0 = 18.6 us.
    const Design ws = golden::rail("ws-4x-rtx4090", 1);
    CHECK(golden::run(ws, CollectiveOp::AllReduce, 8, 4).time.inMicroseconds() == Approx(18.6 + 12.0 / 6000.0));
    // 1 GiB: Simple 8.4 + 6 x 5.7 x 2 + 1.5 x S / 12000 = 134294.53 us -> busbw ~ 12 GB/s.
    const CollectiveResult big = golden::run(ws, CollectiveOp::AllReduce, k1GiB, 4);
    CHECK(big.time.inMicroseconds() == Approx(134294.53).epsilon(1e-6));
    // 8 x L40S on 2 sockets: the ring crosses UPI, min(24, 22) = 22 GB/s.
    const CollectiveResult l40s = golden::run(golden::rail("pcie-2-8-5-l40s", 1), CollectiveOp::AllReduce, k16GiB, 8);
    CHECK(l40s.busbw.inGBps() == Approx(22.0).epsilon(1e-3));
    // 4 GPUs of one socket stay at 24 GB/s.
    CHECK(golden::run(golden::rail("pcie-2-8-5-l40s", 1), CollectiveOp::AllReduce, k16GiB, 4).busbw.inGBps() == Approx(24.0).epsilon(1e-3));
}

TEST_CASE("all-to-all across nodes: latency plus transfer, SimAI's all-to-all efficiency, time grows with size",
          "[collective][alltoall]")
{
    using model::analysis::allToAllSizeEfficiency;
    // ata_ratio.csv entries at its rows and columns, held outside (no column wider than 16 nodes).
    CHECK(allToAllSizeEfficiency(16.0 * (1 << 20), 2) == Approx(0.52));
    CHECK(allToAllSizeEfficiency(1024.0 * (1 << 20), 16) == Approx(0.85));
    CHECK(allToAllSizeEfficiency(16.0 * 1024 * (1 << 20), 4) == Approx(0.95));
    CHECK(allToAllSizeEfficiency(1024.0 * (1 << 20), 128) == Approx(0.85));
    CHECK(allToAllSizeEfficiency(4096.0, 8) == Approx(0.64));
    // 25 DGX H100 (200 GPUs): latency and transfer add; a 64 KiB exchange costs more than its
    // 22.4 us latency (before: the larger of the two, 22.4 us).
    const model::Design d = golden::rail("dgx-h100", 25);
    const CollectiveResult small = golden::run(d, CollectiveOp::AllToAll, 64 * 1024.0, 200);
    CHECK(small.time.inMicroseconds() > 22.4 + 1.0);
    // Time grows with size, and from 384 MiB to 1 GiB (2.67 x the bytes) by at least 2.3 x
    // (before: 1.18 x, from the NIC table's 128-node ramp).
    double last = 0;
    for (double mib : {1.0, 16.0, 96.0, 384.0, 1024.0, 4096.0}) {
        const double us = golden::run(d, CollectiveOp::AllToAll, mib * (1 << 20), 200).time.inMicroseconds();
        CHECK(us > last);
        last = us;
    }
    const double t384 = golden::run(d, CollectiveOp::AllToAll, 384.0 * (1 << 20), 200).time.inMicroseconds();
    const double t1g = golden::run(d, CollectiveOp::AllToAll, k1GiB, 200).time.inMicroseconds();
    CHECK(t1g / t384 > 2.3);
}

TEST_CASE("oversubscription is charged leaf by leaf for the traffic the group sends up", "[collective][fabric]")
{
    // 48 DGX H100 on QM9700 at 1:1 and 2:1 (generate fat-tree --nodes 48). 200 GPUs = 25 servers:
    // 24 behind the first scalable unit's rail leaves, one behind the second's. Before, the
    // worst down:up ratio of any leaf (2) was paired with the fewest group servers on any leaf
    // (1): all-to-all 2.00x and ring all-reduce 1.91x slower at 2:1 than at 1:1, while the one
    // server's single port per rail leaf goes up twelve uplinks and the simulator found 1.00x.
    const Design one = golden::fatTree("dgx-h100", 48, 1.0), two = golden::fatTree("dgx-h100", 48, 2.0);
    const analysis::ClusterFacts f2 = analysis::extractFacts(two, golden::catalog());
    for (int gpus : {200, 264, 384}) {
        const analysis::CommGroup g = analysis::placeGroup(f2, gpus, false);
        INFO(gpus << " GPUs");
        CHECK(g.fabricRingFactor == Approx(1.0));
        // All-to-all from a scalable unit of 24 servers: 24 x 50 GB/s x (k - 24) / (k - 1) up
        // 12 uplinks of 50 GB/s; binding only when most peers sit behind the other unit.
        const double m = 24.0, k = gpus / 8.0;
        const double need = m * 50.0 * (k - m) / (k - 1.0) / (12 * 50.0);
        CHECK(g.fabricAllToAllFactor == Approx(std::min(1.0, 1.0 / need)).epsilon(0.03));
    }
    for (CollectiveOp op : {CollectiveOp::AllToAll, CollectiveOp::AllReduce}) {
        const double t1 = golden::run(one, op, k1GiB, 200, op == CollectiveOp::AllReduce ? "ring" : "").time.inMicroseconds();
        const double t2 = golden::run(two, op, k1GiB, 200, op == CollectiveOp::AllReduce ? "ring" : "").time.inMicroseconds();
        CHECK(t2 == Approx(t1));
    }
}

TEST_CASE("a group that ends inside a server counts only the NICs next to its GPUs there", "[collective][fabric]")
{
    // 12 GPUs on two DGX H100 (8 NICs of 400 Gb/s each): 8 + 4, and the second server's 4 GPUs
    // send through their own 4 NICs; 9 GPUs (8 + 1) through one. Whole servers keep all 8.
    const Design d = golden::rail("dgx-h100", 4);
    const analysis::ClusterFacts f = analysis::extractFacts(d, golden::catalog());
    const double whole = analysis::placeGroup(f, 16, false).nicNodeGBps;
    REQUIRE(whole > 0);
    CHECK(analysis::placeGroup(f, 16, false).nicPortsPerNode == 8);
    for (int gpus : {9, 12, 15, 20, 28}) {
        const analysis::CommGroup g = analysis::placeGroup(f, gpus, false);
        const int last = gpus % 8;
        INFO(gpus << " GPUs");
        CHECK(g.nicPortsPerNode == last);
        CHECK(g.nicNodeGBps == Approx(whole * last / 8.0));
    }
    // The ring's bandwidth term follows: 1 GiB all-gather over 12 GPUs moves the same bytes per
    // GPU as over 16 but through half the NICs at the boundary.
    const auto bandwidthUs = [&d](int gpus) {
        const CollectiveResult r = golden::run(d, CollectiveOp::AllGather, k1GiB, gpus, "ring");
        return (r.time - r.latency).inMicroseconds();
    };
    const double t12 = bandwidthUs(12), t16 = bandwidthUs(16);
    CHECK(t12 / t16 > 1.7);
    // The note names the split the figures are for (it said "2 node(s) x 5" for 8 + 1).
    CHECK(golden::run(d, CollectiveOp::AllReduce, k1GiB, 9).note.find("on 9 GPUs = 2 node(s): 8 + 1 GPUs;") != std::string::npos);
    CHECK(golden::run(d, CollectiveOp::AllReduce, k1GiB, 12).note.find("on 12 GPUs = 2 node(s): 8 + 4 GPUs;") != std::string::npos);
    CHECK(golden::run(d, CollectiveOp::AllReduce, k1GiB, 17).note.find("on 17 GPUs = 3 node(s) of 1 to 8 GPUs;") != std::string::npos);
    CHECK(golden::run(d, CollectiveOp::AllReduce, k1GiB, 16).note.find("on 16 GPUs = 2 node(s) x 8;") != std::string::npos);
    CHECK(golden::run(d, CollectiveOp::AllReduce, k1GiB, 6).note.find("on 6 GPUs = 1 node(s) x 6;") != std::string::npos);
}
