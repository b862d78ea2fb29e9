// An unsteady nccl-tests run is not blamed on the network, and a command line's NCCL settings
// are read (curve_steadiness.hpp; helper-81: nccl_tests_06, the KVM H200 guests of
// nccl-tests #256, read "the gap is most likely outside the server, in the network", though the
// fix was in the hosts, and its "-x NCCL_NET_GDR_LEVEL=4" went unreported).
#include "test_import_support.hpp"
#include "test_catalog_support.hpp"

#include "model/io/import/advisor.hpp"
#include "model/io/import/curve_steadiness.hpp"
#include "model/io/import/import.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace model;
using namespace model::io;
using importtest::realInputPath;

namespace {
const AdvisorFinding* findRule(const std::vector<AdvisorFinding>& fs, const std::string& rule, const std::string& text = {})
{
    for (const auto& f : fs)
        if (f.rule == rule && f.message.find(text) != std::string::npos) return &f;
    return nullptr;
}

/// A two-node all_reduce table of 16 ranks whose rows are `rows` (size, out-of-place time, in-place time, us).
std::string table(const std::string& command, const std::vector<std::tuple<double, double, double>>& rows)
{
    std::string t = command + "\n# nThread 1 nGpus 1 minBytes 1048576 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20\n#\n# Using devices\n";
    for (int r = 0; r < 16; ++r)
        t += "#  Rank " + std::to_string(r) + " Group  0 Pid 1 on node0" + std::to_string(r / 8) + " device " + std::to_string(r % 8) +
             " [0x1" + std::to_string(r % 8) + "] NVIDIA H100 80GB HBM3\n";
    t += "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n";
    for (const auto& [size, out, in] : rows) {
        const double bytes = size; // a structured binding is not captured by clang's lambdas
        const auto bw = [bytes](double us) { return bytes / us / 1e3; };
        char line[256];
        std::snprintf(line, sizeof line, "%12.0f %12.0f float sum -1 %8.1f %6.2f %6.2f 0 %8.1f %6.2f %6.2f 0\n", bytes, bytes / 4, out, bw(out),
                      bw(out) * 1.875, in, bw(in), bw(in) * 1.875);
        t += line;
    }
    return t;
}
} // namespace

TEST_CASE("the KVM run of nccl-tests #256 is unsteady: the hosts come before the network", "[import][advisor][unsteady]")
{
    const ImportReview rev = reviewImport(importFile(realInputPath("nccl_tests_06.txt"), ImportKind::Auto), nullptr, testsupport::bundledCatalog());
    const AdvisorFinding* unsteady = findRule(rev.findings, "unsteady-times");
    REQUIRE(unsteady);
    CHECK(unsteady->severity == topology::Severity::Warning);
    CHECK(unsteady->message.rfind("the times are unsteady: in-place and out-of-place times differ by up to 1.63x (out-of-place 54,434 us "
                                  "against in-place 33,360 us at 864 MiB); busbw falls from 2.95 GB/s at 32 MiB to 2.23 GB/s at 96 MiB. ", 0) == 0);
    // The row as written, its leading blanks kept (helper-93).
    CHECK(unsteady->evidence.text.find("905969664") == unsteady->evidence.text.find_first_not_of(' '));
    const AdvisorFinding* below = findRule(rev.findings, "below-prediction");
    REQUIRE(below);
    CHECK(below->message.find("but the run's times are unsteady (unsteady-times), which a limit in the network alone does not cause: look at "
                              "the hosts first") != std::string::npos);
    CHECK(below->message.find("most likely outside the server, in the network") == std::string::npos);
    const AdvisorFinding* gdr = findRule(rev.findings, "env-override", "NCCL_NET_GDR_LEVEL=4");
    REQUIRE(gdr);
    CHECK(gdr->message == "NCCL_NET_GDR_LEVEL=4 allows GPUDirect RDMA across CPU sockets (SYS, looser than the default PXB): a GPU reaching "
                          "its NIC through the CPUs' interconnect may run slower that way than staged in host memory");
    CHECK(gdr->evidence.line == 1);
}

TEST_CASE("steady runs, real and built, are not called unsteady - one hiccup is not enough", "[import][advisor][unsteady]")
{
    // nccl_tests_02 has one 2 MiB row whose halves differ 1.45x in an otherwise steady run.
    for (const char* file : {"nccl_tests_01.txt", "nccl_tests_02.txt", "nccl_tests_05.txt", "nccl_tests_08.txt", "nccl_tests_09.txt",
                             "nccl_tests_12.txt", "nccl_tests_13.txt", "nccl_tests_15.txt", "nccl_tests_17.txt"}) {
        INFO(file);
        const ImportResult r = importFile(realInputPath(file), ImportKind::Auto);
        REQUIRE(r.curve);
        CHECK_FALSE(unsteadyTimes(*r.curve));
        CHECK_FALSE(findRule(reviewImport(r, nullptr, testsupport::bundledCatalog()).findings, "unsteady-times"));
    }
    const std::string cmd = "mpirun -np 16 ./all_reduce_perf -b 1M -e 1G -f 2 -g 1";
    // Two sizes whose halves differ by 1.3x or more: unsteady; by 1.29x: steady.
    CHECK(unsteadyTimes(*importText("a.txt", table(cmd, {{1 << 20, 100, 130}, {1 << 21, 150, 150}, {1 << 22, 260, 200}}), ImportKind::Auto).curve));
    CHECK_FALSE(unsteadyTimes(*importText("b.txt", table(cmd, {{1 << 20, 100, 129}, {1 << 21, 150, 150}, {1 << 22, 258, 200}}), ImportKind::Auto).curve));
    // One uneven row and one fall of busbw below 85 % of the size before: unsteady.
    const auto fall = unsteadyTimes(*importText("c.txt", table(cmd, {{1 << 20, 100, 140}, {1 << 21, 150, 150}, {1 << 22, 400, 400}}), ImportKind::Auto).curve);
    REQUIRE(fall);
    CHECK(fall->words.find("busbw falls from") != std::string::npos);
    // One disturbed row (its halves apart and its busbw below the size before) is one signal;
    // a steady table printed out of size order is no fall (helper-83).
    CHECK_FALSE(unsteadyTimes(*importText("f.txt", table(cmd, {{1 << 20, 100, 100}, {1 << 21, 300, 150}, {1 << 22, 280, 280}}), ImportKind::Auto).curve));
    CHECK_FALSE(unsteadyTimes(*importText("g.txt", table(cmd, {{1 << 22, 280, 280}, {1 << 20, 100, 100}, {1 << 21, 150, 150}}), ImportKind::Auto).curve));
    // Below 1 MiB, launch jitter is not judged.
    CHECK_FALSE(unsteadyTimes(*importText("d.txt", table(cmd, {{1 << 18, 10, 20}, {1 << 19, 10, 20}, {1 << 20, 100, 100}}), ImportKind::Auto).curve));
}

TEST_CASE("NCCL settings on the command line are reported like those of a log", "[import][advisor][env]")
{
    const std::vector<std::tuple<double, double, double>> rows = {{1 << 20, 100, 100}, {1 << 21, 150, 150}};
    const auto rules = [&](const std::string& cmd) { return adviseFromFile(importText("e.txt", table(cmd, rows), ImportKind::Auto)); };
    const auto leading = rules("NCCL_ALGO=Ring NCCL_PROTO='Simple' ./build/all_reduce_perf -b 1M -e 2M -g 1");
    CHECK(findRule(leading, "env-override", "NCCL_ALGO=Ring forces the algorithm"));
    CHECK(findRule(leading, "env-override", "NCCL_PROTO=Simple forces the protocol"));
    const auto srun = rules("srun --export=ALL,NCCL_NET_GDR_LEVEL=LOC ./all_reduce_perf -b 1M -e 2M");
    const AdvisorFinding* off = findRule(srun, "env-override", "NCCL_NET_GDR_LEVEL=LOC turns GPUDirect RDMA off");
    REQUIRE(off);
    CHECK(off->severity == topology::Severity::Warning);
    // "-x NCCL_IB_HCA" exports the caller's value, which the file does not show: nothing is said.
    CHECK_FALSE(findRule(rules("mpirun -x NCCL_IB_HCA -x NCCL_DEBUG=INFO ./all_reduce_perf -b 1M -e 2M"), "env-override"));
    // Quotes and commas stay inside a value; a repeated setting counts once, with its last value;
    // a comment is no setting (helper-83).
    const auto quoted = rules("mpirun -x NCCL_IB_HCA=\"mlx5_0:1,mlx5_1:1\" -x 'NCCL_TOPO_FILE=/my dir/t.xml' -x NCCL_ALGO=Tree "
                              "-x NCCL_ALGO=Ring ./all_reduce_perf -b 1M # NCCL_PROTO=LL");
    CHECK(findRule(quoted, "env-override", "NCCL_IB_HCA=mlx5_0:1,mlx5_1:1 restricts NCCL to the HCAs mlx5_0:1,mlx5_1:1"));
    CHECK(findRule(quoted, "env-override", "NCCL_TOPO_FILE=/my dir/t.xml replaces"));
    CHECK(findRule(quoted, "env-override", "NCCL_ALGO=Ring forces"));
    CHECK_FALSE(findRule(quoted, "env-override", "NCCL_ALGO=Tree"));
    CHECK_FALSE(findRule(quoted, "env-override", "NCCL_PROTO"));
    CHECK(findRule(rules("srun --export=ALL,NCCL_IB_HCA=mlx5_0,mlx5_1,NCCL_PROTO=LL ./all_reduce_perf"), "env-override",
                   "NCCL_IB_HCA=mlx5_0,mlx5_1 restricts"));
    // Every level NCCL names, by name and by its retired number.
    for (const auto& [value, words] : std::vector<std::pair<std::string, std::string>>{
             {"2", "sets NCCL's default (PXB)"}, {"PXB", "sets NCCL's default (PXB)"}, {"3", "allows GPUDirect RDMA through the CPU's PCIe host bridge too (PHB"},
             {"PHB", "allows GPUDirect RDMA through the CPU's PCIe host bridge too (PHB"}, {"7", "allows GPUDirect RDMA across CPU sockets (SYS"}, {"0", "turns GPUDirect RDMA off"}})
        CHECK(findRule(rules("mpirun -x NCCL_NET_GDR_LEVEL=" + value + " ./all_reduce_perf"), "env-override", "NCCL_NET_GDR_LEVEL=" + value + " " + words));
}

TEST_CASE("command-line settings on continuation lines cite the line that holds them", "[import][advisor][env]")
{
    // nccl_tests_01's mpirun spans lines 1-9 with '\' continuations: both findings cited line 1
    // ("mpirun --np 16 -H node01:8,node02:8 \"), where neither setting is.
    const ImportResult r = importFile(realInputPath("nccl_tests_01.txt"), ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(r.curve->commandLine == 1);
    const AdvisorFinding* gdr = findRule(r.findings, "env-override", "NCCL_NET_GDR_LEVEL=1 ");
    REQUIRE(gdr);
    CHECK(gdr->evidence.line == 4);
    CHECK(gdr->evidence.text == "-x NCCL_NET_GDR_LEVEL=1 \\");
    const AdvisorFinding* hca = findRule(r.findings, "env-override", "NCCL_IB_HCA=mlx5_0:1,");
    REQUIRE(hca);
    CHECK(hca->evidence.line == 7);
    CHECK(hca->evidence.text == "-x NCCL_IB_HCA=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_7:1 \\");
    CHECK(toJson(*hca)["line"] == 7);
    // A setting given twice is cited where its last value (the one the run sees) is set; one on
    // the binary's own line is cited there.
    const std::vector<std::tuple<double, double, double>> rows = {{1 << 20, 100, 100}, {1 << 21, 150, 150}};
    const std::string cmd = "mpirun -np 16 \\\n  -x NCCL_ALGO=Tree \\\n  -x NCCL_ALGO=Ring \\\n  ./all_reduce_perf -b 1M -e 2M NCCL_PROTO=LL";
    const auto twice = adviseFromFile(importText("e.txt", table(cmd, rows), ImportKind::Auto));
    const AdvisorFinding* algo = findRule(twice, "env-override", "NCCL_ALGO=Ring");
    REQUIRE(algo);
    CHECK(algo->evidence.line == 3);
    CHECK(algo->evidence.text == "  -x NCCL_ALGO=Ring \\"); // as written, indent kept
    const AdvisorFinding* proto = findRule(twice, "env-override", "NCCL_PROTO=LL");
    REQUIRE(proto);
    CHECK(proto->evidence.line == 4);
    // A command on one line is cited on that line.
    const auto one = adviseFromFile(importText("e.txt", table("mpirun -x NCCL_ALGO=Ring ./all_reduce_perf -b 1M", rows), ImportKind::Auto));
    REQUIRE(findRule(one, "env-override", "NCCL_ALGO=Ring"));
    CHECK(findRule(one, "env-override", "NCCL_ALGO=Ring")->evidence.line == 1);
}
