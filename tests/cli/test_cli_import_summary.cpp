// `import`'s summary line counts the NICs as the design and the advisor do: where some NICs are
// nearest to no GPU (a front-end or storage card), it says how many are compute NICs. It says
// why a curve is not compared, and what becomes of --server.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

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

TEST_CASE("import's NUMA count is a lower bound where rows are missing or a NUMA id names earlier nodes", "[cli][import]")
{
    // helper-81: topo_smi_23 read "NUMA nodes 1" from a file cut after three rows.
    const QString dir = QStringLiteral(CD_SHARED_DIR "/real_inputs/");
    const auto summary = [&](const char* file) { return clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), dir + QLatin1String(file)}).out; };
    CHECK(summary("topo_smi_23.txt").contains(QStringLiteral(", NUMA nodes at least 1 (rows are missing), ")));
    // Both GPUs on NUMA node 1 of a two-socket EPYC (NIC on the other): nodes 0 and 1 exist.
    CHECK(summary("topo_smi_11.txt").contains(QStringLiteral(", NUMA nodes at least 2 (a device on NUMA node 1: nodes count from 0), ")));
    // SYS inside one NUMA node (EPYC, every GPU on 0-63): one node, as the file says (helper-83).
    CHECK(summary("topo_smi_04.txt").contains(QStringLiteral(", NUMA nodes 1 (from the CPU-affinity sets), ")));
    CHECK(summary("topo_smi_05.txt").contains(QStringLiteral(", NUMA nodes 2, ")));          // complete, both sockets listed
    CHECK(summary("topo_smi_07.txt").contains(QStringLiteral(", NUMA nodes 1, ")));          // complete, one node
}

TEST_CASE("import says why a curve is not compared with a prediction", "[cli][import]")
{
    const QString dir = QStringLiteral(CD_SHARED_DIR "/real_inputs/");
    const clitest::Outcome o = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), dir + QStringLiteral("nccl_tests_15.txt")});
    CHECK(o.code == 0);
    CHECK(o.out.contains(QStringLiteral("  not compared: the run does not name its GPU")));
}

TEST_CASE("import --server is checked without -o and said not used for a curve", "[cli][import]")
{
    const QString dir = QStringLiteral(CD_SHARED_DIR "/real_inputs/");
    // topo_smi_01 (NV18) against the L40S server: refused even without -o, naming the line.
    const clitest::Outcome l40s = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), dir + QStringLiteral("topo_smi_01.txt"),
                                                QStringLiteral("--server"), QStringLiteral("pcie-2-8-5-l40s")});
    CHECK(l40s.code == 1);
    INFO(l40s.err.toStdString());
    CHECK(l40s.err.contains(QStringLiteral("--server pcie-2-8-5-l40s does not fit the file: ")));
    CHECK(l40s.err.contains(QStringLiteral("entry \"line 2\": field \"--server\": the file shows NVLink between the GPUs")));
    CHECK(l40s.err.contains(QStringLiteral("L40S has no NVLink")));
    // A server that fits is accepted without -o.
    const clitest::Outcome h100 = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), dir + QStringLiteral("topo_smi_01.txt"),
                                                QStringLiteral("--server"), QStringLiteral("dgx-h100")});
    CHECK(h100.code == 0);
    // A curve: --server is said not used, in text and in --json.
    const clitest::Outcome curve = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), dir + QStringLiteral("nccl_tests_13.txt"),
                                                 QStringLiteral("--server"), QStringLiteral("pcie-2-8-5-l40s")});
    CHECK(curve.code == 0);
    CHECK(curve.out.contains(QStringLiteral("  warning: --server pcie-2-8-5-l40s is not used: ")));
    CHECK(curve.out.contains(QStringLiteral("pass --design DESIGN.json")));
    const clitest::Outcome json = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), dir + QStringLiteral("nccl_tests_13.txt"),
                                                QStringLiteral("--server"), QStringLiteral("pcie-2-8-5-l40s"), QStringLiteral("--json")});
    const auto j = nlohmann::json::parse(json.out.toStdString());
    CHECK(j["server_option"]["used"] == false);
    CHECK(j["server_option"]["why"].get<std::string>().find("is not used") != std::string::npos);
}

TEST_CASE("import shows the NCCL version of an nccl-tests run", "[cli][import]")
{
    const clitest::Outcome o = clitest::cli({QStringLiteral("import"), QStringLiteral("auto"), QStringLiteral(CD_SHARED_DIR "/real_inputs/nccl_tests_01.txt")});
    CHECK(o.code == 0);
    CHECK(o.out.contains(QStringLiteral("NVIDIA H100 80GB HBM3, NCCL 2.26.2+cuda12.8\n")));
}
