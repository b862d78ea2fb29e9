// The algorithm/protocol table under the busbw chart (issue 16 item 7): model::algorithmSpans
// groups the engine's own per-size choices, and model::busbwDifference compares the engines.
#include "test_analysis_support.hpp"

#include "model/analysis/sweep_spans.hpp"
#include "model/simulation/engine_difference.hpp"

#include <catch2/catch.hpp>

using namespace model;

TEST_CASE("algorithm spans: contiguous runs of the engine's algorithm and protocol, per size", "[collective][sweep]")
{
    for (int nodes : {1, 4, 16}) {
        const Design d = golden::rail("dgx-h100", nodes);
        for (const CollectiveSweep& s : chartSweeps(d, golden::catalog())) {
            INFO(nodes << " servers, " << toString(s.op) << " " << s.scope);
            const std::vector<AlgorithmSpan> spans = algorithmSpans(s);
            REQUIRE_FALSE(spans.empty());
            CHECK(spans.front().firstPoint == 0);
            CHECK(spans.back().lastPoint == static_cast<int>(s.points.size()) - 1);
            for (std::size_t k = 0; k < spans.size(); ++k) {
                const AlgorithmSpan& sp = spans[k];
                CHECK(sp.fromBytes == s.points[sp.firstPoint].bytes);
                CHECK(sp.toBytes == s.points[sp.lastPoint].bytes);
                if (k > 0) {
                    CHECK(sp.firstPoint == spans[k - 1].lastPoint + 1);
                    // Maximal runs: a new span changes algorithm or protocol.
                    CHECK((sp.algorithm != spans[k - 1].algorithm || sp.protocol != spans[k - 1].protocol));
                }
                for (int i = sp.firstPoint; i <= sp.lastPoint; ++i) {
                    CHECK(s.points[i].algorithm == sp.algorithm);
                    CHECK(s.points[i].protocol == sp.protocol);
                }
            }
            // Each point's protocol is the one predictCollective reports for that size alone.
            for (std::size_t i : {std::size_t{0}, std::size_t{12}, std::size_t{20}, std::size_t{31}}) {
                const CollectiveResult one = golden::run(d, s.op, s.points[i].bytes, s.gpus);
                CHECK(s.points[i].protocol == one.protocol);
                CHECK(s.points[i].algorithm == one.algorithm);
            }
        }
    }
    CHECK(algorithmSpans(CollectiveSweep{}).empty());
}

TEST_CASE("busbw difference: simulated against analytical busbw of the same request", "[simulation][sweep]")
{
    SimulationResult r;
    r.collective.busbw = Bandwidth::GBps(110.0);
    CHECK_FALSE(busbwDifference(r).has_value());
    r.analytical = CollectiveResult{};
    r.analytical->busbw = Bandwidth::GBps(100.0);
    CHECK(*busbwDifference(r) == Approx(0.10));
    r.collective.busbw = Bandwidth::GBps(75.0);
    CHECK(*busbwDifference(r) == Approx(-0.25));
    r.analytical->busbw = Bandwidth::GBps(0.0);
    CHECK_FALSE(busbwDifference(r).has_value());
}
