// `collective --engine simulation` refuses an all-to-all above the simulator's flow budget
// (SimulationOptions::flowBudget) with a non-zero exit and the reason, the flows and what to do
// on stderr, before simulating anything; the analytical engine still answers for the design.
#include <catch2/catch.hpp>

#include "cli_run.hpp"

#include <QTemporaryDir>

TEST_CASE("collective refuses a simulation above the flow budget and names what to do", "[cli][collective][budget]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString design = dir.filePath(QStringLiteral("ft513.json"));
    // 513 DGX H100 = 4,104 GPUs: 4,104 x 4,103 = 16,838,712 all-to-all flows, above the default
    // budget of 16,777,216 (the all-to-all of 4,096 GPUs).
    const clitest::Outcome gen = clitest::cli({QStringLiteral("generate"), QStringLiteral("fat-tree"), QStringLiteral("--nodes"),
                                               QStringLiteral("513"), QStringLiteral("-o"), design});
    REQUIRE(gen.code == 0);
    const QStringList a2a = {QStringLiteral("collective"), design,         QStringLiteral("--op"), QStringLiteral("all_to_all"),
                             QStringLiteral("--bytes"),    QStringLiteral("1GiB")};
    const clitest::Outcome refused = clitest::cli(a2a + QStringList{QStringLiteral("--engine"), QStringLiteral("simulation")});
    INFO(refused.err.toStdString());
    CHECK(refused.code == 1);
    CHECK(refused.out.isEmpty());
    CHECK(refused.err.startsWith(QStringLiteral(
        "cluster-designer: collective: too large to simulate: alltoall over 4,104 GPUs is 16,838,712 flows (one per ordered pair of ranks, "
        "257 patterns simulated one after another), above the simulator's budget of 16,777,216 flows")));
    CHECK(refused.err.contains(QStringLiteral("Use the analytical engine instead (collective --engine analytical")));
    CHECK(refused.err.contains(QStringLiteral("at most 4,096 GPUs fit the budget (--gpus on the command line")));
    // What the message suggests works: the analytical engine prices the same exchange.
    const clitest::Outcome analytical = clitest::cli(a2a + QStringList{QStringLiteral("--engine"), QStringLiteral("analytical")});
    CHECK(analytical.code == 0);
    CHECK(analytical.err.isEmpty());
    CHECK(analytical.out.contains(QStringLiteral("alltoall")));
}
