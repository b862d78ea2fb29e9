// The importers on the variants real_inputs does not cover (SOC token, glued cells, rocm-smi,
// MPI prefixes, rccl-tests, every *_perf factor), and on damaged input: a file cut at any byte
// is read or rejected with InputError, never a crash or another exception.
#include "test_import_support.hpp"
#include "model/io/import/import.hpp"
#include "model/io/input_error.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace model;
using namespace model::io;

namespace {

std::string slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// A synthetic nccl-tests table: `rows` sizes doubling from 1 MiB, busbw = algbw x factor.
std::string testsTable(const std::string& binary, int ranks, double factor, const std::string& redop, int root, bool rankLines)
{
    std::ostringstream o;
    o << "$ ./build/" << binary << " -b 1M -e 1G -f 2 -g 1\n";
    o << "# nThread 1 nGpus 1 minBytes 1048576 maxBytes 1073741824 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n#\n";
    if (rankLines) {
        o << "# Using devices\n";
        for (int r = 0; r < ranks; ++r)
            o << "#  Rank " << r << " Group  0 Pid  " << 1000 + r << " on node0" << r / 8 << " device  " << r % 8 << " [0x18] NVIDIA H100 80GB HBM3\n";
    }
    o << "#\n#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n";
    o << "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n";
    o.setf(std::ios::fixed);
    for (double bytes = 1 << 20; bytes <= (1 << 30); bytes *= 2) {
        const double algbw = 20.0 + std::log2(bytes) * 3.0; // GB/s, any positive shape
        const double timeUs = bytes / (algbw * 1e9) * 1e6;
        char row[256];
        std::snprintf(row, sizeof row, "%12.0f %12.0f %9s %7s %7d %8.1f %7.2f %7.2f %6d %8.1f %7.2f %7.2f %6d\n", bytes, bytes / 4, "float",
                      redop.c_str(), root, timeUs, algbw, algbw * factor, 0, timeUs, algbw, algbw * factor, 0);
        o << row;
    }
    o << "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 42.0\n#\n";
    return o.str();
}

} // namespace

TEST_CASE("topo -m: old SOC token, glued cells, no legend", "[import][topo]")
{
    const std::string text = "        GPU0    GPU1    GPU2    GPU3    mlx4_0  CPU Affinity\n"
                             "GPU0     X      PHB     SOC     SOC     PHB     0-9,20-29\n"
                             "GPU1    PHB      X      SOCSOC          PHB     0-9,20-29\n"
                             "GPU2    SOC     SOC      X      PHB     SOC     10-19,30-39\n"
                             "GPU3    SOC     SOC     PHB      X      SOC     10-19,30-39\n"
                             "mlx4_0  PHB     PHB     SOC     SOC      X\n";
    const ImportResult r = importText("old.txt", text, ImportKind::Auto);
    REQUIRE(r.server);
    const ServerModel& s = *r.server;
    CHECK(s.format == "nvidia-smi topo -m");
    CHECK(s.gpus.size() == 4);
    REQUIRE(s.nics.size() == 1);
    CHECK(s.nics[0].label == "mlx4_0");
    CHECK(s.pair(0, 2)->path == PathKind::Sys); // SOC means SYS
    CHECK(s.pair(1, 3)->token == "SOC");        // from the glued "SOCSOC"
    CHECK(s.nearestNic(2)->path == PathKind::Sys);
    CHECK(s.gpus[2].cpuAffinity == "10-19,30-39");
    CHECK(s.complete);
    CHECK(r.warnings.empty());
}

TEST_CASE("topo -m: a header of glued labels and an asymmetric matrix are named, not guessed", "[import][topo]")
{
    const std::string text = "\tGPU0GPU1\tCPU Affinity\n"
                             "GPU0\t X \tNV4\t0-7\n"
                             "GPU1\tNV2\t X \t0-7\n";
    const ImportResult r = importText("glued.txt", text, ImportKind::NvidiaSmiTopo);
    CHECK(r.server->gpus.size() == 2);
    CHECK(r.server->pair(0, 1)->token == "NV4");
    CHECK(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) { return w.find("not symmetric") != std::string::npos; }));
}

TEST_CASE("topo -m: a row the header does not name is reported, not dropped unseen", "[import][topo]")
{
    // helper-81: GPU1 renamed NIC9 in the header; the GPU1 row vanished without a word.
    const std::string text = "\tGPU0\tNIC9\tGPU2\tCPU Affinity\n"
                             "GPU0\t X \tNV4\tNV4\t0-7\n"
                             "GPU1\tNV4\t X \tNV4\t0-7\n"
                             "GPU2\tNV4\tNV4\t X \t0-7\n";
    const ImportResult r = importText("renamed.txt", text, ImportKind::NvidiaSmiTopo);
    REQUIRE(r.server);
    CHECK(r.server->gpus.size() == 2);
    CHECK(std::find(r.warnings.begin(), r.warnings.end(),
                    "line 3: row GPU1 ignored: the header on line 1 has no GPU1 column, so its cells cannot be matched to devices") != r.warnings.end());
    // Whatever its label (helper-83: a row relabelled "NVSwitch0" went unreported).
    std::string odd = text;
    odd.replace(odd.find("GPU1\tNV4"), 4, "NVSwitch0");
    const ImportResult o = importText("odd.txt", odd, ImportKind::NvidiaSmiTopo);
    CHECK(std::find(o.warnings.begin(), o.warnings.end(),
                    "line 3: row NVSwitch0 ignored: the header on line 1 has no NVSwitch0 column, so its cells cannot be matched to devices") != o.warnings.end());
}

TEST_CASE("rocm-smi --showtopo: XGMI and PCIE link types, NUMA nodes", "[import][topo]")
{
    const std::string text = "======================= ROCm System Management Interface =======================\n"
                             "=========================== Weight between two GPUs ============================\n"
                             "       GPU0         GPU1         GPU2         GPU3\n"
                             "GPU0   0            15           15           72\n"
                             "GPU1   15           0            15           72\n"
                             "GPU2   15           15           0            72\n"
                             "GPU3   72           72           72           0\n"
                             "========================== Link Type between two GPUs ==========================\n"
                             "       GPU0         GPU1         GPU2         GPU3\n"
                             "GPU0   0            XGMI         XGMI         PCIE\n"
                             "GPU1   XGMI         0            XGMI         PCIE\n"
                             "GPU2   XGMI         XGMI         0            PCIE\n"
                             "GPU3   PCIE         PCIE         PCIE         0\n"
                             "================================== Numa Nodes ==================================\n"
                             "GPU[0]\t\t: (Topology) Numa Node: 0\n"
                             "GPU[1]\t\t: (Topology) Numa Node: 0\n"
                             "GPU[2]\t\t: (Topology) Numa Node: 1\n"
                             "GPU[3]\t\t: (Topology) Numa Node: 1\n"
                             "============================= End of ROCm SMI Log ==============================\n";
    const ImportResult r = importText("rocm.txt", text, ImportKind::Auto);
    REQUIRE(r.server);
    const ServerModel& s = *r.server;
    CHECK(s.format == "rocm-smi --showtopo");
    CHECK(s.gpus.size() == 4);
    CHECK(s.pair(0, 1)->path == PathKind::NVLink);
    CHECK(s.pair(0, 1)->token == "XGMI");
    CHECK(s.pair(2, 3)->path == PathKind::Pcie);
    CHECK(s.gpus[2].numaNode == 1);
    CHECK(s.numaNodes() == std::vector<int>{0, 1});
}

TEST_CASE("nccl-tests: Open MPI tag-output prefixes and every *_perf factor over rank counts", "[import][nccl-tests]")
{
    struct Case {
        const char* binary;
        const char* collective;
        const char* redop;
        int root;
    };
    const Case cases[] = {{"all_reduce_perf", "all_reduce", "sum", -1},      {"all_gather_perf", "all_gather", "none", -1},
                          {"reduce_scatter_perf", "reduce_scatter", "sum", -1}, {"alltoall_perf", "alltoall", "none", -1},
                          {"broadcast_perf", "broadcast", "none", 0},        {"sendrecv_perf", "sendrecv", "sum", -1}};
    for (const Case& c : cases)
        for (int n : {2, 3, 4, 8, 16, 32, 64}) {
            INFO(c.binary << " on " << n << " ranks");
            const double factor = *busbwFactor(c.collective, n);
            // With the command and the rank lines: read as printed.
            const ImportResult full = importText("t.txt", testsTable(c.binary, n, factor, c.redop, c.root, true), ImportKind::Auto);
            REQUIRE(full.curve);
            CHECK(full.curve->collective == c.collective);
            CHECK(full.curve->ranks == n);
            CHECK(full.curve->outOfPlace.size() == 11);
            CHECK(full.warnings.empty());
            // Without them (a table pasted alone): the factor names the family and, where the
            // digits pin it, the rank count.
            std::string bare = testsTable(c.binary, n, factor, c.redop, c.root, false);
            bare.erase(0, bare.find('\n') + 1); // drop the command line
            const ImportResult b = importText("t.txt", bare, ImportKind::Auto);
            const MeasuredCurve& m = *b.curve;
            const std::string coll = c.collective;
            if (coll == "all_reduce") {
                CHECK(m.collective == (n == 2 ? std::string() : coll)); // at n = 2 its factor is 1, like sendrecv
                if (n > 2 && n <= 16) CHECK(m.ranks == n);
            } else if (coll == "all_gather" || coll == "alltoall") {
                CHECK(m.collective.empty()); // same factor, redop and root: not told apart
                CHECK(std::find(m.candidates.begin(), m.candidates.end(), coll) != m.candidates.end());
            } else if (coll == "reduce_scatter" || coll == "broadcast") {
                CHECK(m.collective == coll);
            } else if (coll == "sendrecv") {
                CHECK(m.collective.empty()); // factor 1, root -1, redop sum: all_reduce on 2 ranks reads the same
                CHECK(m.candidates == std::vector<std::string>{"sendrecv", "all_reduce"});
            }
            if (m.ranks > 0) CHECK(m.ranks == n); // never a wrong rank count
        }
    // MPI --tag-output prefixes.
    std::string tagged;
    std::istringstream in(testsTable("all_reduce_perf", 8, 1.75, "sum", -1, true));
    for (std::string line; std::getline(in, line);) tagged += "[1,0]<stdout>:" + line + "\n";
    const ImportResult r = importText("mpi.txt", tagged, ImportKind::Auto);
    CHECK(r.curve->collective == "all_reduce");
    CHECK(r.curve->ranks == 8);
    CHECK(r.curve->outOfPlace.size() == 11);
}

TEST_CASE("nccl-tests: rccl-tests is named, a row whose algbw is not size/time is refused", "[import][nccl-tests]")
{
    std::string t = testsTable("all_reduce_perf", 8, 1.75, "sum", -1, true);
    t = "RCCL version 2.18.3+hip6.1\n" + t;
    // Corrupt the 4 MiB row's algbw (columns shifted by a bad paste).
    const auto at = t.find("\n     4194304");
    REQUIRE(at != std::string::npos);
    const auto end = t.find('\n', at + 1);
    std::string row = t.substr(at + 1, end - at - 1);
    auto cells = splitBlanks(row);
    cells[6] = "999.99";
    std::string bad;
    for (auto& c : cells) bad += c + " ";
    t.replace(at + 1, end - at - 1, bad);
    const ImportResult r = importText("rccl.txt", t, ImportKind::NcclTests);
    CHECK(r.curve->tool == "rccl-tests");
    CHECK(r.curve->ncclVersion == "2.18.3+hip6.1");
    CHECK(r.curve->outOfPlace.size() == 10);
    CHECK(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) { return w.find("size / time") != std::string::npos; }));
}

TEST_CASE("importers: empty, binary and foreign files are rejected with the file named", "[import]")
{
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"", "expected one of"},
        {"hello world\nthis is not a cluster\n", "expected one of"},
        // Prose naming algbw, busbw and an issue number (shared/real_inputs/LOG.md) is not an
        // nccl-tests header: it used to be read as one and fail for want of rows.
        {"# Provenance\n* flag: always show algbw and busbw, see nccl-tests #293\n", "expected one of"},
        {std::string("GPU0\0GPU1", 9), "binary"},
        {"<notsystem><cpu/></notsystem>", "<system>"},
        {"<system version=\"1\"><cpu numaid=\"0\"><pci busid=", "cut off"},
    };
    for (const auto& [text, phrase] : bad) {
        INFO(phrase);
        try {
            (void)importText("bad.txt", text, ImportKind::Auto);
            FAIL("expected InputError");
        } catch (const InputError& e) {
            CHECK(std::string(e.what()).find("bad.txt") == 0);
            CHECK(std::string(e.what()).find(phrase) != std::string::npos);
        }
    }
    // A real header still counts, also behind a Slurm "0: " prefix.
    const std::string header = "0: #       size         count      type   redop    root     time   algbw   busbw #wrong\n"
                               "0:         1024           256     float     sum      -1    29.75    0.03    0.06      0\n";
    CHECK(importText("t.txt", header, ImportKind::Auto).kind == ImportKind::NcclTests);
    // A kind forced on the wrong format says what it expected.
    CHECK_THROWS_AS(importText("x.txt", "node01:1:2 [0] NCCL INFO Using network IB\n", ImportKind::NcclTests), InputError);
    CHECK_THROWS_AS(importText("x.txt", "# nThread 1\n", ImportKind::NcclLog), InputError);
    CHECK_THROWS_AS(importText("x.txt", "GPU0 X\n", ImportKind::NcclTopo), InputError);
}

TEST_CASE("importers: every real input cut at any point is read or rejected, never crashes", "[import][robustness]")
{
    namespace fs = std::filesystem;
    std::mt19937 rng(15);
    for (const auto& e : fs::directory_iterator(std::string(CD_SHARED_DIR "/real_inputs"))) {
        if (e.path().filename() == "LOG.md") continue;
        const std::string content = slurp(e.path().string());
        const std::size_t step = std::max<std::size_t>(1, content.size() / 120);
        for (std::size_t cut = 0; cut <= content.size(); cut += step) {
            for (ImportKind k : {ImportKind::Auto, ImportKind::NvidiaSmiTopo, ImportKind::NcclTopo, ImportKind::NcclTests, ImportKind::NcclLog}) {
                try {
                    const ImportResult r = importText(e.path().filename().string(), std::string_view(content).substr(0, cut), k);
                    (void)toJson(r).dump();
                } catch (const InputError&) {
                    // a clear rejection
                }
            }
        }
        // Bytes flipped at random: still read or rejected.
        std::string noisy = content;
        for (int i = 0; i < 20 && !noisy.empty(); ++i) noisy[rng() % noisy.size()] = static_cast<char>(1 + rng() % 255);
        try {
            (void)importText("noisy", noisy, ImportKind::Auto);
        } catch (const InputError&) {
        }
    }
    SUCCEED("no crash and no exception other than InputError");
}

TEST_CASE("NCCL XML: a narrow or slow GPU link and a VM's numaid -1 are named", "[import][xml]")
{
    // Two H100 under one switch: GPU0 trained down to x8, GPU1 at Gen4 under a Gen5 bridge.
    const std::string xml = R"(<system version="1">
  <cpu numaid="-1" arch="x86_64" vendor="GenuineIntel" familyid="6" modelid="143">
    <pci busid="0000:10:00.0" class="0x060400" vendor="0x1000" device="0xc030" link_speed="32.0 GT/s PCIe" link_width="16">
      <pci busid="0000:11:00.0" class="0x030200" vendor="0x10de" device="0x2330" link_speed="32.0 GT/s PCIe" link_width="8">
        <gpu dev="0" sm="90" rank="0" gdr="1"/>
      </pci>
      <pci busid="0000:12:00.0" class="0x030200" vendor="0x10de" device="0x2330" link_speed="16.0 GT/s PCIe" link_width="16">
        <gpu dev="1" sm="90" rank="1" gdr="1"/>
      </pci>
      <pci busid="0000:13:00.0" class="0x020700" vendor="0x15b3" device="0x1021" link_speed="32.0 GT/s PCIe" link_width="16">
        <nic><net name="mlx5_0" dev="0" speed="400000" port="1" gdr="1"/></nic>
      </pci>
    </pci>
  </cpu>
</system>
)";
    const ImportResult r = importText("two.xml", xml, ImportKind::Auto);
    std::vector<std::string> degraded;
    bool vm = false;
    for (const auto& f : r.findings) {
        if (f.rule == "pcie-link-degraded") degraded.push_back(f.message);
        if (f.rule == "vm-flattened-topology") {
            vm = true;
            CHECK(f.message.find("numaid -1") != std::string::npos);
            CHECK(f.evidence.line == 2);
        }
    }
    REQUIRE(degraded.size() == 2);
    CHECK(degraded[0].find("GPU0") == 0);
    CHECK(degraded[0].find("x8 instead of x16") != std::string::npos);
    CHECK(degraded[1].find("16 GT/s under a 32 GT/s bridge") != std::string::npos);
    CHECK(vm);
    CHECK(r.server->nics[0].speedGbps == Approx(400.0));
    CHECK(r.server->nearestNic(0)->path == PathKind::PIX);
    CHECK(r.server->gpus[0].numaNode == -1);
}

TEST_CASE("importers: a megabyte-long line is skipped, not matched", "[import][robustness]")
{
    const std::string junk(1 << 20, 'N');
    CHECK_THROWS_AS(importText("junk.txt", junk, ImportKind::Auto), InputError);
    for (ImportKind k : {ImportKind::NvidiaSmiTopo, ImportKind::NcclTests, ImportKind::NcclLog, ImportKind::Lspci})
        CHECK_THROWS_AS(importText("junk.txt", junk + "\n", k), InputError);
    // In the middle of a real table it costs only that line.
    std::string t = testsTable("all_reduce_perf", 8, 1.75, "sum", -1, true);
    t.insert(t.find("# Out of bounds"), "node01:1:2 [0] NCCL INFO " + junk + "\n");
    const ImportResult r = importText("t.txt", t, ImportKind::Auto);
    CHECK(r.curve->outOfPlace.size() == 11);
}

TEST_CASE("nccl-tests: a row beyond the measured ranges is ignored with a warning, not imported", "[import][robustness]")
{
    std::string t = testsTable("all_reduce_perf", 8, 1.75, "sum", -1, true);
    // 1 GiB in 1 ns: algbw agrees with size / time, but 1.07e6 GB/s is no measurement.
    const std::size_t at = t.find("  1073741824 ");
    REQUIRE(at != std::string::npos);
    const std::size_t end = t.find('\n', at);
    t.replace(at, end - at, "  1073741824    268435456     float     sum      -1    0.001 1073741.82 1879048.19      0    0.001 1073741.82 1879048.19      0");
    const ImportResult r = importText("t.txt", t, ImportKind::NcclTests);
    REQUIRE(r.curve);
    CHECK(r.curve->outOfPlace.size() == 10);
    CHECK(r.curve->outOfPlace.back().bytes == 536870912.0);
    // The warning names the field and the range (it said "1073741824 B is not a complete nccl-tests row").
    CHECK(std::any_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) {
        return w.find("out-of-place algbw \"1073741.82\": expected a finite number of GB/s from 0 to 100000; the row is ignored") != std::string::npos;
    }));
}

TEST_CASE("lspci: a table of numbers named as lspci is refused, not read as an empty tree", "[import][lspci]")
{
    // nccl-tests rows ("  8388608 ... 12.34  56.78") once passed for "BB.F  device" lines:
    // `import lspci nccl_tests_13.txt` said "0 GPUs, 0 NICs, no findings".
    const std::string table = testsTable("all_reduce_perf", 8, 1.75, "sum", -1, true);
    CHECK_THROWS_AS(importText("nccl_tests.txt", table, ImportKind::Lspci), InputError);
    // A real tree still reads: one GPU behind a bridge, one NIC.
    const std::string tree = "-[0000:00]-+-00.0  Intel Corporation Device 09a2\n"
                             "           +-01.0-[01]----00.0  NVIDIA Corporation Device 2335\n"
                             "           \\-02.0-[02]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]\n";
    const ImportResult r = importText("lspci.txt", tree, ImportKind::Lspci);
    REQUIRE(r.server);
    CHECK(r.server->gpus.size() == 1);
    CHECK(r.server->nics.size() == 1);
}

TEST_CASE("NCCL XML importer: a plain-text file is called not XML, not a cut-off file", "[import][xml][wording]")
{
    // topo_smi_05 is an nvidia-smi topo -m table given as NCCL XML by hand.
    const std::string path = std::string(CD_SHARED_DIR "/real_inputs/topo_smi_05.txt");
    try {
        (void)importFile(path, ImportKind::NcclTopo);
        FAIL("topo_smi_05.txt was read as NCCL XML");
    } catch (const InputError& e) {
        INFO(e.what());
        CHECK(e.problem() == "expected NCCL topology XML (a <system> element, optionally after <?xml ...?>), got plain text that is not XML: "
                             "\"GPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tNIC0\tCPU Affinity\tNU...\"");
        CHECK(std::string(e.what()).find("cut off") == std::string::npos);
    }
    // A real XML file cut short still says it is cut off.
    CHECK_THROWS_WITH(importText("cut.xml", "<system version=\"1\">\n  <cpu numaid=\"0\">\n", ImportKind::NcclTopo),
                      Catch::Contains("cut off before its elements close"));
}

TEST_CASE("nccl-tests importer: an unreadable collective is explained once", "[import][nccl_tests][wording]")
{
    // nccl_tests_19: no *_perf line and algbw 0.00-0.4x GB/s: the warning once read
    // "... not printed (no *_perf command line) and not printed, and every algbw ...".
    const auto r = importFile(std::string(CD_SHARED_DIR "/real_inputs/nccl_tests_19.txt"), ImportKind::NcclTests);
    const std::string expected = "the collective is not printed (no *_perf command line) and cannot be inferred: every algbw is below 0.5 GB/s, "
                                 "too coarse to read nccl-tests' busbw factor";
    CHECK(std::find(r.warnings.begin(), r.warnings.end(), expected) != r.warnings.end());
    for (const auto& w : r.warnings) CHECK(w.find("and not printed") == std::string::npos);
}

TEST_CASE("topo -m: a matrix whose every row is bad cites the first bad row - not the header", "[import][topo]")
{
    const std::string text = "\tGPU0\tGPU1\tCPU Affinity\n\nGPU0\t X \tQQQ\t0-7\nGPU1\tNV18\tQQQ\t0-7\n";
    try {
        (void)importText("allbad.txt", text, ImportKind::NvidiaSmiTopo);
        FAIL("a matrix without a readable row was read");
    } catch (const InputError& e) {
        INFO(e.what());
        CHECK(e.entry() == "line 3");
        CHECK(e.problem() == "expected matrix rows (GPU0 X ...) after the header on line 1, found none that could be read; the first, row GPU0: "
                             "expected 2 matrix cells, got 1 and then \"QQQ\"");
    }
}

TEST_CASE("lspci: GeForce cards named without a PCI id get the no-peer-to-peer finding and the NIC finding cites the NIC's line", "[import][lspci]")
{
    const std::string text = "-[0000:00]-+-00.0  Advanced Micro Devices, Inc. [AMD] Starship/Matisse Root Complex\n"
                             "           +-01.1-[01]----00.0  NVIDIA Corporation AD102 [GeForce RTX 4090]\n"
                             "           +-01.2-[02]----00.0  NVIDIA Corporation AD102 [GeForce RTX 4090]\n"
                             "           +-03.1-[03]----00.0  NVIDIA Corporation AD102 [GeForce RTX 4090]\n"
                             "           +-03.2-[04]----00.0  NVIDIA Corporation AD102 [GeForce RTX 4090]\n"
                             "           +-05.1-[05]----00.0  Mellanox Technologies MT2910 Family [ConnectX-7]\n"
                             "           \\-07.1-[06]----00.0  Intel Corporation I210 Gigabit Network Connection\n";
    const auto r = importText("geforce.txt", text, ImportKind::Auto);
    REQUIRE(r.kind == ImportKind::Lspci);
    REQUIRE(r.server->gpus.size() == 4);
    const auto rule = [&](const std::string& id) -> const AdvisorFinding* {
        for (const auto& f : r.findings)
            if (f.rule == id) return &f;
        return nullptr;
    };
    const AdvisorFinding* p2p = rule("no-peer-to-peer");
    REQUIRE(p2p);
    CHECK(p2p->message.rfind("GeForce RTX 4090 (GPU0, GPU1, GPU2, GPU3): GeForce cards have no GPUDirect peer-to-peer", 0) == 0);
    CHECK(p2p->evidence.line == 2);
    const AdvisorFinding* nics = rule("fewer-nics-than-gpus");
    REQUIRE(nics);
    CHECK(nics->message.rfind("4 GPUs share 1 NIC:", 0) == 0);
    CHECK(nics->evidence.line == 6); // was 0: lspci has no header line
    CHECK(nics->evidence.text.find("ConnectX-7") != std::string::npos);
}

TEST_CASE("topo -m: a CPU or NUMA affinity nvidia-smi never prints is named and not read", "[import][topo]")
{
    // topo_smi_05 with GPU0's "0-35,72-107" and "0" turned into "abc" and "99999999999999": both
    // were taken without a word ("abc" counted as a CPU-affinity set, the NUMA count printed as fact).
    const std::string text = importtest::edited(importtest::realInput("topo_smi_05.txt"), "0-35,72-107\t0\t", "abc\t99999999999999\t");
    const ImportResult r = importText("t5.txt", text, ImportKind::Auto);
    REQUIRE(r.server);
    const auto has = [&](const std::string& w) { return std::find(r.warnings.begin(), r.warnings.end(), w) != r.warnings.end(); };
    CHECK(has("line 2: GPU0's CPU Affinity \"abc\" is not a CPU list: expected CPU numbers and ranges such as \"0-35,72-107\" (or N/A); "
              "the GPU's CPU affinity is not stated"));
    CHECK(has("line 2: GPU0's NUMA Affinity \"99999999999999\" is out of range: expected a NUMA node from 0 to 4095 (or N/A); "
              "the GPU's NUMA node is not stated"));
    const auto& g0 = r.server->gpus.front();
    CHECK(g0.label == "GPU0");
    CHECK(g0.cpuAffinity.empty());
    CHECK_FALSE(g0.numaNode.has_value());
    CHECK(r.server->gpus[1].cpuAffinity == "0-35,72-107");
    CHECK(r.server->gpus[1].numaNode == 0);
    CHECK(r.server->affinityUnread == 2);
    CHECK(toJson(r)["server"]["affinity_cells_unread"] == 2);
    // A word where the NUMA node goes is named as such; real lists and N/A read as before.
    const std::string word = importtest::edited(importtest::realInput("topo_smi_05.txt"), "0-35,72-107\t0\t", "0-35,72-107\tnode0\t");
    const ImportResult w = importText("t5.txt", word, ImportKind::Auto);
    CHECK(std::any_of(w.warnings.begin(), w.warnings.end(), [](const std::string& x) {
        return x.find("line 2: GPU0's NUMA Affinity \"node0\" is not a whole number: expected a NUMA node from 0 to 4095") == 0;
    }));
    CHECK(w.server->gpus.front().cpuAffinity == "0-35,72-107");
    const ImportResult plain = importText("t5.txt", importtest::realInput("topo_smi_05.txt"), ImportKind::Auto);
    CHECK(plain.server->affinityUnread == 0);
    CHECK(plain.server->gpus.front().numaNode == 0);
}
