// `import`'s summary line counts the NICs as the design and the advisor do: where some NICs are
// nearest to no GPU (a front-end or storage card), it says how many are compute NICs.
#include <catch2/catch.hpp>

#include "cli_run.hpp"

TEST_CASE("import names how many of the file's NICs are compute NICs", "[cli][import]")
{
    const QString dir = QStringLiteral(CD_SHARED_DIR "/real_inputs/");
    // nccl_topo_12: 5 bonded ConnectX-6 Dx, mlx5_bond_0 on its own slot, nearest to no GPU.
    const clitest::Outcome twelve = clitest::cli({QStringLiteral("import"), QStringLiteral("nccl-topo"), dir + QStringLiteral("nccl_topo_12.xml")});
    CHECK(twelve.code == 0);
    CHECK(twelve.out.contains(QStringLiteral("GPUs 8 (A100 SXM4 80GB), NICs 5 (4 compute, 1 nearest to no GPU), NUMA nodes 2")));
    CHECK(twelve.out.contains(QStringLiteral("8 GPUs share 4 compute NICs")));
    // nccl_topo_05 (AWS p4d): every NIC is some GPU's nearest, so the count stands alone.
    const clitest::Outcome five = clitest::cli({QStringLiteral("import"), QStringLiteral("nccl-topo"), dir + QStringLiteral("nccl_topo_05.xml")});
    CHECK(five.code == 0);
    CHECK(five.out.contains(QStringLiteral("GPUs 8 (A100 SXM4 40GB), NICs 4, NUMA nodes 2")));
}

TEST_CASE("import says why a curve is not compared with a prediction", "[cli][import]")
{
    const QString dir = QStringLiteral(CD_SHARED_DIR "/real_inputs/");
    const clitest::Outcome o = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), dir + QStringLiteral("nccl_tests_15.txt")});
    CHECK(o.code == 0);
    CHECK(o.out.contains(QStringLiteral("  not compared: the run does not name its GPU")));
}
