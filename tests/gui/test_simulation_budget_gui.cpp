// The simulator's flow budget seen from the GUI's worker: an all-to-all above it ends the run
// with the engine's refusal as the error text the Simulation tab shows (an expected refusal,
// not a crash dialog, not a hang), and a run above it is never started.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/simulation_runner.hpp"
#include "model/simulation/simulation.hpp"

#include <QSignalSpy>

namespace {
/// Longest wait for the run, milliseconds (a bound against hangs, not a timing assertion).
constexpr int kBudgetRunTimeoutMs = 120000;
} // namespace

TEST_CASE("simulation runner: an all-to-all above the flow budget ends with the refusal as its error", "[gui][simulation]")
{
    // 513 DGX H100 = 4,104 GPUs: 4,104 x 4,103 = 16,838,712 flows, above the default budget of
    // 16,777,216 (4,096 GPUs fit).
    const model::Design design = guitest::fatTree("dgx-h100", 513);
    model::CollectiveRequest request;
    request.op = model::CollectiveOp::AllToAll;
    request.bytes = 1024.0 * 1024.0 * 1024.0;
    model::SimulationOptions options; // the defaults the Simulation tab runs with
    options.compareWithAnalytical = false;
    app::SimulationRunner runner;
    QSignalSpy finished(&runner, &app::SimulationRunner::finished);
    REQUIRE(runner.start(design, guitest::catalog(), request, options) != 0);
    REQUIRE(QTest::qWaitFor([&] { return !finished.isEmpty(); }, kBudgetRunTimeoutMs));
    const auto outcome = finished.front().front().value<app::SimulationOutcome>();
    INFO(outcome.error.toStdString());
    CHECK(outcome.result == nullptr);
    CHECK_FALSE(outcome.cancelled);
    CHECK_FALSE(outcome.unexpected);
    CHECK(outcome.error.startsWith(QStringLiteral("too large to simulate: alltoall over 4,104 GPUs is 16,838,712 flows")));
    CHECK(outcome.error.contains(QStringLiteral("budget of 16,777,216 flows")));
    CHECK(outcome.error.contains(QStringLiteral("at most 4,096 GPUs fit the budget")));
    CHECK(outcome.error.contains(QStringLiteral("GPUs in the Simulation tab")));
    CHECK_FALSE(runner.isRunning());
}
