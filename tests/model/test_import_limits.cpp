// The importers on hostile sizes: nesting and matrices far beyond any real server are refused
// or read quickly, never crash or stall.
#include "model/io/import/import.hpp"
#include "model/io/import/import_text.hpp"
#include "model/io/input_error.hpp"

#include "topo_matrix_text.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

using namespace model;
using namespace model::io;

namespace {

/// `<system><cpu>` with `depth` nested `<pci>` elements, each on its own line, the innermost a
/// GPU (a file without one is refused).
std::string nestedPci(int depth)
{
    std::string s = "<system>\n<cpu>\n";
    for (int i = 0; i < depth; ++i) s += i + 1 < depth ? "<pci>\n" : "<pci class=\"0x030200\">\n";
    for (int i = 0; i < depth; ++i) s += "</pci>";
    return s + "\n</cpu>\n</system>\n";
}

} // namespace

TEST_CASE("NCCL XML: <pci> nested thousands deep is refused at the line where it passes the limit", "[import][xml][robustness]")
{
    try {
        (void)importText("deep.xml", nestedPci(8000), ImportKind::NcclTopo);
        FAIL("a file nested 8000 deep was read");
    } catch (const InputError& e) {
        CHECK(e.file() == "deep.xml");
        CHECK(e.entry() == "line 35"); // <system> line 1, <cpu> line 2, the 33rd <pci> (depth 32) on line 35
        CHECK(e.problem().find("nesting deeper than 32") != std::string::npos);
    }
    // A handful of switch levels, as on a real server, is still read.
    const ImportResult r = importText("ok.xml", nestedPci(6), ImportKind::NcclTopo);
    REQUIRE(r.server);
    CHECK(r.server->pcie.size() == 6);
    CHECK(r.server->gpus.size() == 1);
}

TEST_CASE("topo -m: a 400-GPU matrix is read whole (its speed is bench_analysis's)", "[import][topo][robustness]")
{
    constexpr int n = 400;
    const ImportResult r = importText("big.txt", topotext::nvlinkMatrix(n), ImportKind::Auto);
    REQUIRE(r.server);
    CHECK(r.server->gpus.size() == n);
    CHECK(r.server->gpus.back().nvlinks == 18); // every pair NV18: NVSwitch, the full count per GPU
}

namespace {

/// A topo -m matrix of `n` GPUs, every pair NV18; `pad` blanks before each header label.
std::string nvlinkMatrix(int n, int pad = 1) { return topotext::nvlinkMatrix(n, std::string(static_cast<std::size_t>(pad), ' ')); }

} // namespace

TEST_CASE("topo -m: a matrix past 1000 GPUs is refused naming the limit and not as cut off at the top", "[import][topo][robustness]")
{
    // 1000 GPUs (GPU0 to GPU999) are read; GPU1000 was no label, so the header went unseen and
    // the first row was diagnosed as a file starting mid-matrix.
    const ImportResult ok = importText("m1000.txt", nvlinkMatrix(1000), ImportKind::Auto);
    REQUIRE(ok.server);
    CHECK(ok.server->gpus.size() == 1000);
    for (int n : {1001, 2000}) {
        INFO(n << " GPUs");
        try {
            (void)importText("big.txt", nvlinkMatrix(n), ImportKind::Auto);
            FAIL("expected InputError");
        } catch (const InputError& e) {
            CHECK(e.entry() == "line 1");
            CHECK(e.problem() == "expected at most 1000 GPU and 1000 NIC columns (GPU0 to GPU999), got the column \"GPU1000\": "
                                 "a matrix of more than 1000 devices of a kind is not read");
        }
    }
    // A header too long to read (blanks padding 1000 labels past 16384 characters) says so.
    try {
        (void)importText("wide.txt", nvlinkMatrix(1000, 16), ImportKind::Auto);
        FAIL("expected InputError");
    } catch (const InputError& e) {
        CHECK(e.entry() == "line 1");
        CHECK(e.problem().find("expected a matrix header row of at most 16384 characters, got ") == 0);
        CHECK(e.problem().find("mid-matrix") == std::string::npos);
    }
}

TEST_CASE("import file reading: a missing file says why and a FIFO or device is refused at once instead of blocking", "[import][robustness][files]")
{
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("cd-import-read-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    auto problemOf = [](const std::string& path) {
        try {
            (void)readImportFile(path);
        } catch (const InputError& e) {
            CHECK(e.file() == path);
            return e.problem();
        }
        return std::string("read without error");
    };
    CHECK(problemOf((dir / "missing.txt").string()) == "cannot open the file for reading: No such file or directory");
    // A FIFO with no writer: reading it blocked forever. It is refused before any read.
    const std::string fifo = (dir / "fifo").string();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(problemOf(fifo) == "expected a regular file, got a FIFO (named pipe): it is not read, since it may never end (pass '-' to read standard input)");
    CHECK(problemOf("/dev/null").find("expected a regular file, got a character device") == 0);
    CHECK(problemOf(dir.string()) == "expected a file, got a directory");
    CHECK(problemOf("-").find("'-' (standard input)") != std::string::npos);
    // A regular file still reads, and so does a stream (standard input for '-').
    std::ofstream(dir / "ok.txt") << "GPU0\n";
    CHECK(readImportFile((dir / "ok.txt").string()) == "GPU0\n");
    std::istringstream in("line one\nline two\n");
    CHECK(readImportStream(in, "<stdin>") == "line one\nline two\n");
    fs::remove_all(dir);
}
