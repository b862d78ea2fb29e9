// The busbw-against-size curves the Analysis dock charts (model::chartSweeps, issue 5 item 2).
#include "test_analysis_support.hpp"

#include "model/design/link_defaults.hpp"

#include <catch2/catch.hpp>

using namespace model;

TEST_CASE("chart sweeps: one server and the whole design, four ops, 8 B to 16 GiB", "[collective][sweep]")
{
    const Design d = golden::rail("dgx-h100", 4); // 32 GPUs
    const std::vector<CollectiveSweep> sweeps = chartSweeps(d, golden::catalog());
    REQUIRE(sweeps.size() == 8);
    for (const CollectiveSweep& s : sweeps) {
        INFO(toString(s.op) << " " << s.scope);
        REQUIRE(s.points.size() == 32); // 2^3 .. 2^34 bytes
        CHECK(s.points.front().bytes == 8.0);
        CHECK(s.points.back().bytes == 17179869184.0);
        CHECK((s.scope == "one server" ? s.gpus == 8 : s.gpus == 32));
        // Every point is exactly what `collective --bytes B --gpus N` predicts.
        for (std::size_t i : {std::size_t{0}, std::size_t{17}, std::size_t{31}}) {
            const CollectiveResult one = golden::run(d, s.op, s.points[i].bytes, s.gpus);
            CHECK(s.points[i].time.inMicroseconds() == Approx(one.time.inMicroseconds()));
            CHECK(s.points[i].algorithm == one.algorithm);
        }
    }
    // One server, all-reduce at 8 GiB: NVLS, busbw 489.88 GB/s (test_collective_tree_nvls.cpp).
    const CollectiveSweep& ar = sweeps.front();
    CHECK(ar.op == CollectiveOp::AllReduce);
    CHECK(ar.scope == "one server");
    CHECK(ar.points[30].bytes == 8589934592.0);
    CHECK(ar.points[30].algorithm == model::Algorithm::Nvls);
    CHECK(ar.points[30].busbw.inGBps() == Approx(489.88).epsilon(1e-4));
    // busbw never falls as messages grow past the latency-bound range on one server.
    for (std::size_t i = 1; i < ar.points.size(); ++i) CHECK(ar.points[i].busbw.inGBps() >= ar.points[i - 1].busbw.inGBps() * 0.999);
}

TEST_CASE("chart sweeps: a single server has only the whole-design curves", "[collective][sweep]")
{
    const std::vector<CollectiveSweep> sweeps = chartSweeps(golden::rail("dgx-h100", 1), golden::catalog(), 1024, 4096);
    REQUIRE(sweeps.size() == 4);
    CHECK(sweeps[0].scope == "whole design");
    CHECK(sweeps[0].gpus == 8);
    CHECK(sweeps[0].points.size() == 3);
    CHECK(chartSweeps(Design{}, golden::catalog()).empty());
    CHECK_THROWS_AS(chartSweeps(golden::rail("dgx-h100", 1), golden::catalog(), 0, 8), std::invalid_argument);
}

TEST_CASE("chart sweeps: a split design charts its largest island and says so", "[collective][sweep]")
{
    // Labelled "all 32 GPUs" on a design of 40: the unwired server's 8 GPUs are not in the curve.
    Design d = golden::rail("dgx-h100", 4);
    d.addNode(defaultNode(d, NodeKind::Server, "dgx-h100", {})); // dropped from the palette, no cable
    const std::vector<CollectiveSweep> sweeps = chartSweeps(d, golden::catalog(), 1024, 4096);
    REQUIRE(sweeps.size() == 8);
    int island = 0;
    for (const CollectiveSweep& s : sweeps) {
        CHECK(s.scope != "whole design");
        if (s.scope == "largest island") {
            CHECK(s.gpus == 32);
            ++island;
        }
    }
    CHECK(island == 4);
}
