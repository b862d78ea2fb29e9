// A ring's network-step latency in both engines on a transport slow to start (GPUDirect-TCPXO,
// 65 us per NET hop, catalog gcp-gpudirect-tcpxo-200g): the simulated ring crosses the network
// k times a phase and NCCL's latency counts k - 1, so each simulated crossing carries (k - 1) / k
// of NCCL's step latency (protocol_plan.cpp). Before, a 1 MiB ring all-reduce over 2 x 8 H100
// on A3 Mega simulated at 350.8 us against the analytical 216.6 (helper-92): one network step a
// phase too many, 134 us, the whole way from 64 KiB to 16 MiB.
#include "test_catalog_support.hpp"
#include "test_engine_agreement.hpp"

#include <catch2/catch.hpp>

#include <cstdio>

namespace {
using testsupport::catalog;
} // namespace

TEST_CASE("ring on GPUDirect-TCPXO: simulated and analytical within 5 %, 2 to 16 servers, 64 KiB to 64 MiB", "[simulation][ring]")
{
    const model::Design a3 = enginetest::fatTree(catalog(), "gcp-a3-megagpu-8g", "sn5600", 16);
    std::printf("\n%-15s %5s %10s %10s %10s %7s\n", "op", "gpus", "bytes", "sim_us", "ana_us", "ratio");
    for (const auto op : {model::CollectiveOp::AllReduce, model::CollectiveOp::AllGather, model::CollectiveOp::ReduceScatter})
        for (const int gpus : {16, 32, 128})
            for (const double bytes : {64.0 * 1024, 1024.0 * 1024, 16.0 * 1024 * 1024, 64.0 * 1024 * 1024}) {
                const enginetest::EngineTimes t = enginetest::bothEngines(a3, catalog(), op, model::Algorithm::Ring, bytes, gpus);
                std::printf("%-15s %5d %10.0f %10.1f %10.1f %7.3f\n", model::toString(op), gpus, bytes, t.simulatedUs, t.analyticalUs, t.ratio());
                INFO(model::toString(op) << ", " << gpus << " GPUs, " << bytes << " B: simulated " << t.simulatedUs << " us, analytical "
                                         << t.analyticalUs << " us");
                CHECK(t.ratio() == Approx(1.0).margin(0.05));
            }
}
