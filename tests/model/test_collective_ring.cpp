// Ring collectives, golden numbers worked out by hand (engine_formulas.md §2, NCCL tuning.cc
// constants in model/analysis/calibration.hpp).
//
// 8 x H100 in one DGX: B = 18 NVLinks x 20.6 GB/s (NCCL's per-link model) = 370.8 GB/s.
// Ring all-reduce, Simple protocol: t = base + 2(n-1) hop + 2(n-1)/n S / B
//   = 8.4 + 14 x 3.4 + 1.75 x 8589934592 / (370.8 x 1000) us = 56.0 + 40540.41 = 40596.41 us.
#include "test_analysis_support.hpp"

#include <catch2/catch.hpp>

using namespace model;

namespace {
using testsupport::k8GiB;
using testsupport::k16GiB;
using testsupport::k1GiB;
} // namespace

TEST_CASE("ring all-reduce of 8 GiB on 8 H100: 2(n-1)/n S/B + 2(n-1) alpha", "[collective][ring]")
{
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllReduce, k8GiB, 8, "ring");
    CHECK(r.algorithm == model::Algorithm::Ring);
    CHECK(r.protocol == model::Protocol::Simple);
    CHECK(r.time.inMicroseconds() == Approx(8.4 + 14 * 3.4 + 1.75 * k8GiB / 370800.0));
    CHECK(r.time.inMicroseconds() == Approx(40596.41).epsilon(1e-6));
    // algbw = S / t; busbw = algbw x 2(n-1)/n = 1.75 x 8589934592 / 40596.41 us = 370.29 GB/s.
    CHECK(r.algbw.inGBps() == Approx(k8GiB / 40596.414e3).epsilon(1e-5));
    CHECK(r.busbw.inGBps() == Approx(370.29).epsilon(1e-4));
}

TEST_CASE("ring all-reduce of 8 bytes uses LL: 6.6 + 14 x 0.6 = 15.0 us", "[collective][ring]")
{
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllReduce, 8, 8, "ring");
    CHECK(r.protocol == model::Protocol::LL);
    // LL bandwidth: min(0.5 x 370.8, Hopper cap 141) = 141 GB/s; 1.75 x 8 B / 141 GB/s.
    CHECK(r.time.inMicroseconds() == Approx(15.0 + 14.0 / 141000.0));
}

TEST_CASE("ring reduce-scatter and broadcast on 8 H100", "[collective][ring]")
{
    const Design d = golden::rail("dgx-h100", 1);
    // RS of 16 GiB: 8.4 + 7 x 3.4 + 7/8 x 17179869184 / 370800 = 40572.61 us.
    const CollectiveResult rs = golden::run(d, CollectiveOp::ReduceScatter, k16GiB, 8);
    CHECK(rs.algorithm == model::Algorithm::Ring);
    CHECK(rs.time.inMicroseconds() == Approx(40572.61).epsilon(1e-6));
    CHECK(rs.busbw.inGBps() == Approx(0.875 * k16GiB / 40572.614e3).epsilon(1e-5));
    // Broadcast of 1 GiB, pipelined ring: Simple 8.4 + 8 x 3.4 + S / 370.8 = 2931.34 us
    // (LL128 would take 14 + 8 x 1.9 + S / (0.92 x 370.8) = 3176.75 us).
    const CollectiveResult bc = golden::run(d, CollectiveOp::Broadcast, k1GiB, 8);
    CHECK(bc.time.inMicroseconds() == Approx(2931.3439).epsilon(1e-7));
    CHECK(bc.busbw.inGBps() == Approx(bc.algbw.inGBps())); // broadcast busbw factor 1
}

TEST_CASE("multi-node ring: bandwidth x measured size efficiency, latency per hop", "[collective][ring]")
{
    // 4 DGX H100, 8 x 400G NICs each: per node 8 x 50 x 0.97 = 388 GB/s > NVLink 370.8, so
    // B = 370.8; at 16 GiB on 4 nodes eta = 0.96 (SimAI nic_ratio), bandwidth term dominates:
    // busbw = 370.8 x 0.96 = 355.968 GB/s.
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, k16GiB, 32, "ring");
    CHECK(r.protocol == model::Protocol::Simple);
    CHECK(r.busbw.inGBps() == Approx(355.968).epsilon(1e-6));
    // 8 bytes: LL latency 6.6 + (62 - 6) x max(0.6, 1.0 net overhead) + 6 x 2.7 = 78.8 us.
    const CollectiveResult small = golden::run(golden::rail("dgx-h100", 4), CollectiveOp::AllReduce, 8, 32, "ring");
    CHECK(small.protocol == model::Protocol::LL);
    CHECK(small.time.inMicroseconds() == Approx(6.6 + 56 * 1.0 + 6 * 2.7 + 2.0 * 31 / 32 * 8 / 20400.0));
}

TEST_CASE("busbw factors follow nccl-tests", "[collective][ring]")
{
    const Design d = golden::rail("dgx-h100", 1);
    const CollectiveResult ag = golden::run(d, CollectiveOp::AllGather, k1GiB, 8);
    CHECK(ag.busbw.inGBps() == Approx(ag.algbw.inGBps() * 7.0 / 8.0));
    const CollectiveResult ar = golden::run(d, CollectiveOp::AllReduce, k1GiB, 4, "ring");
    CHECK(ar.busbw.inGBps() == Approx(ar.algbw.inGBps() * 2.0 * 3.0 / 4.0));
}

TEST_CASE("bad requests are rejected with the reason", "[collective][ring]")
{
    const Design d = golden::rail("dgx-h100", 1);
    CHECK_THROWS_AS(golden::run(d, CollectiveOp::AllReduce, -1, 8), std::invalid_argument);
    CHECK_THROWS_AS(golden::run(d, CollectiveOp::AllReduce, 1024, 9), std::invalid_argument);
    CHECK_THROWS_AS(golden::run(d, CollectiveOp::AllReduce, 1024, 8, "butterfly"), std::invalid_argument);
    CHECK_THROWS_AS(parseCollectiveOp("allreduce"), std::invalid_argument);
    CHECK(parseCollectiveOp("alltoall") == CollectiveOp::AllToAll);
    CHECK(parseCollectiveOp("all_to_all") == CollectiveOp::AllToAll); // spelt like the other ops
}

TEST_CASE("multi-node ring: latency and bandwidth add, so 8 GiB takes longer than 1 GiB at 8,192 GPUs", "[collective][ring]")
{
    // Issue 16: with max(latency, bandwidth) a ring all-reduce over 8,192 GPUs took 108,353 us for
    // 1 GiB and for 8 GiB alike. NCCL's time is latency + bytes / bandwidth (nccl_cost.hpp).
    const model::Design d = golden::rail("dgx-h100", 1024);
    const CollectiveResult one = golden::run(d, CollectiveOp::AllReduce, k1GiB, 8192, "ring");
    const CollectiveResult eight = golden::run(d, CollectiveOp::AllReduce, 8 * k1GiB, 8192, "ring");
    CHECK(eight.time.inMicroseconds() > one.time.inMicroseconds() * 1.5);
    CHECK(one.time.inMicroseconds() > one.latency.inMicroseconds());
}
