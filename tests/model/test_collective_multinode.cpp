// Hierarchical all-reduce, all-to-all, SHARP and fabric oversubscription: golden numbers by
// hand (engine_formulas.md §4, §6, §8; engine_anchors.md §a.3).
#include "test_analysis_support.hpp"

#include <catch2/catch.hpp>

using namespace model;

namespace {
constexpr double k1GiB = 1073741824.0;
constexpr double k16GiB = 17179869184.0;
} // namespace

TEST_CASE("hierarchical all-reduce: intra RS, per-rail inter AR, intra AG", "[collective][hierarchical]")
{
    // 4 DGX H100, S = 1 GiB. t1 + t3 = 2 x (7 x 3.4 + 7/8 x S / 370.8) = 5115.15 us;
    // t2 = 6 x 14 + 2 x 3/4 x (S/8) / 48.5 / eta, eta(1 GiB, 4 nodes) = 0.91 -> 4645.61 us;
    // pipelined: t = max = 5115.15 us.
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, k1GiB, 32, "hierarchical");
    CHECK(r.algorithm == model::Algorithm::Hierarchical);
    CHECK(r.time.inMicroseconds() == Approx(5115.15).epsilon(1e-6));
    // NCCL does not implement it, so it is never chosen automatically.
    CHECK(golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, k1GiB, 32).algorithm != model::Algorithm::Hierarchical);
}

TEST_CASE("all-to-all inside a node and across nodes", "[collective][alltoall]")
{
    // One node: 8.4 + 3.4 + 7/8 x S / 370.8 = 2545.58 us.
    const CollectiveResult one = golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllToAll, k1GiB, 8);
    CHECK(one.algorithm == model::Algorithm::Pairwise);
    CHECK(one.time.inMicroseconds() == Approx(2545.5759).epsilon(1e-7));
    CHECK(one.busbw.inGBps() == Approx(one.algbw.inGBps() * 7.0 / 8.0));
    // Two nodes: half of each buffer crosses NICs at 48.5 GB/s per GPU, eta(1 GiB, 2) = 0.92:
    // t = 0.5 x S / 48500 / 0.92 = 12032.07 us (intra part 7/16 x S / 370.8 = 1266.89 us hides).
    const CollectiveResult two = golden::run(golden::rail("dgx-h100", 2), CollectiveOp::AllToAll, k1GiB, 16);
    CHECK(two.time.inMicroseconds() == Approx(12032.07).epsilon(1e-6));
}

TEST_CASE("oversubscription derates all-to-all traffic that leaves the leaf", "[collective][fabric]")
{
    // 4 servers, 1 NIC each, 2 per leaf, 4:1 leaves. A server's NIC traffic goes evenly to the
    // 3 other servers, 2 of them behind the other leaf: 2/3 of it leaves the leaf (issue 16:
    // this was 1 - 2/4 = 1/2, counting the server's own ranks, whose traffic never reaches the
    // NIC). factor = 1 / (4 x 2/3) = 0.375; per GPU 48.5 / 8 x 0.375 = 2.2734375 GB/s;
    // t = 24/32 x S / 2273.4375 / 0.91 = 389257.26 us.
    const CollectiveResult r = golden::run(golden::oversubscribed(), CollectiveOp::AllToAll, k1GiB, 32);
    CHECK(r.time.inMicroseconds() == Approx(389257.26).epsilon(1e-6));
}

TEST_CASE("SHARP reduces in the InfiniBand switches when asked", "[collective][sharp]")
{
    Design d = golden::rail("dgx-h100", 4);
    // Intra RS + AG: 1.75 x 16 GiB / 370.8 = 81080.83 us; inter: (S/8) / (48.5 x 0.85) / 0.96 =
    // 54262.27 us; latency 3.7 + 31 + 0.4 x 8 = 37.9 us: t = 81080.83 us.
    const CollectiveResult r = golden::run(d, CollectiveOp::AllReduce, k16GiB, 32, "sharp");
    CHECK(r.time.inMicroseconds() == Approx(81080.83).epsilon(1e-6));
    // NCCL needs the CollNet plugin: not chosen unless the design enables it.
    CHECK(golden::run(d, CollectiveOp::AllReduce, k16GiB, 32).algorithm != model::Algorithm::CollNet);
    d.analysis["sharp"] = true;
    // Enabled: SHARP (81080.83 us) beats NVLSTree (2 S / 388 / 0.96 = 92248.5 us, NIC-bound).
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
