// NCCL versions in imported runs: nccl-tests' own header (nccl-library=22807) is read, a text
// that is not a version is named and not used, two different versions in one run are named
// with both lines.
#include "model/io/import/import.hpp"
#include "model/io/import/nccl_version.hpp"

#include "test_import_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

using namespace model::io;

namespace {

using importtest::realInput;

/// `text` with line `n` (1-based) replaced by `line`.
std::string withLine(const std::string& text, int n, const std::string& line)
{
    std::istringstream in(text);
    std::ostringstream out;
    std::string l;
    for (int i = 1; std::getline(in, l); ++i) out << (i == n ? line : l) << "\n";
    return out.str();
}

/// `text` with `line` inserted before line `n` (1-based).
std::string insertLine(const std::string& text, int n, const std::string& line)
{
    std::istringstream in(text);
    std::ostringstream out;
    std::string l;
    for (int i = 1; std::getline(in, l); ++i) {
        if (i == n) out << line << "\n";
        out << l << "\n";
    }
    return out.str();
}

bool anyWarning(const ImportResult& r, const std::string& needle)
{
    return std::any_of(r.warnings.begin(), r.warnings.end(), [&](const std::string& w) { return w.find(needle) != std::string::npos; });
}

} // namespace

TEST_CASE("NCCL version texts: digits with an optional build suffix and nccl-tests' version codes", "[import][nccl_version]")
{
    for (const char* ok : {"2.26.2", "2.26.2+cuda12.8", "2.26.2+cuda.", "2.18.3-1"}) CHECK(isNcclVersion(ok));
    for (const char* bad : {"banana", "2.26", "2.26.x", "v2.26.2", "2.26.2cuda", ""}) CHECK_FALSE(isNcclVersion(bad));
    CHECK(ncclVersionNumber("2.26.2+cuda12.8") == "2.26.2");
    CHECK(ncclVersionFromCode(22807) == "2.28.7");
    CHECK(ncclVersionFromCode(2708) == "2.7.8"); // the encoding up to 2.8
    CHECK(ncclVersionFromCode(12).empty());
}

TEST_CASE("nccl-tests: the version line of nccl_tests_01 is read with its line", "[import][nccl_version]")
{
    const auto r = importText("nccl_tests_01.txt", realInput("nccl_tests_01.txt"), ImportKind::NcclTests);
    REQUIRE(r.curve);
    CHECK(r.curve->ncclVersion == "2.26.2+cuda12.8");
    CHECK(r.curve->ncclVersionLine == 41);
    CHECK(toJson(*r.curve)["nccl_version_line"] == 41);
}

TEST_CASE("nccl-tests: its own header names nccl-tests' version and the NCCL library it ran with", "[import][nccl_version]")
{
    const std::string header = "# nccl-tests version 2.17.6 nccl-headers=22807 nccl-library=22807\n";
    const auto r = importText("hdr.txt", header + realInput("nccl_tests_12.txt"), ImportKind::NcclTests);
    REQUIRE(r.curve);
    CHECK(r.curve->testsVersion == "2.17.6");
    CHECK(r.curve->ncclVersion == "2.28.7");
    CHECK(r.curve->ncclVersionLine == 1);
    CHECK(toJson(*r.curve)["nccl_tests_version"] == "2.17.6");
    // With a "NCCL version" line of the same release, its build suffix is kept, without a warning.
    const auto both = importText("both.txt", header + "NCCL version 2.28.7+cuda12.9\n" + realInput("nccl_tests_12.txt"), ImportKind::NcclTests);
    CHECK(both.curve->ncclVersion == "2.28.7+cuda12.9");
    CHECK_FALSE(anyWarning(both, "version"));
}

TEST_CASE("nccl-tests: a version that is not one is named with its line and not used", "[import][nccl_version]")
{
    const auto r = importText("banana.txt", withLine(realInput("nccl_tests_01.txt"), 41, "NCCL version banana"), ImportKind::NcclTests);
    REQUIRE(r.curve);
    CHECK(r.curve->ncclVersion.empty());
    CHECK(anyWarning(r, "line 41: NCCL version \"banana\" is not a version: expected MAJOR.MINOR.PATCH in digits"));
    const auto code = importText("code.txt", "# nccl-tests version 2.17.6 nccl-headers=22807 nccl-library=banana\n" + realInput("nccl_tests_12.txt"),
                                 ImportKind::NcclTests);
    CHECK(code.curve->ncclVersion.empty());
    CHECK(anyWarning(code, "line 1: nccl-library=banana is not an NCCL version code"));
}

TEST_CASE("NCCL log: a version that is not one is named and two different versions name both lines", "[import][nccl_version]")
{
    // nccl_log_02's version is on line 15 ("NCCL INFO NCCL version 2.26.2+cuda.").
    const std::string log = realInput("nccl_log_02.txt");
    const auto banana = importText("banana.txt", withLine(log, 15, "node01:574629:574629 [0] NCCL INFO NCCL version banana"), ImportKind::NcclLog);
    REQUIRE(banana.log);
    CHECK(banana.log->ncclVersion.empty());
    CHECK(anyWarning(banana, "line 15: NCCL version \"banana\" is not a version"));

    const auto two = importText("two.txt", insertLine(log, 16, "node02:753023:753023 [0] NCCL INFO NCCL version 2.19.3+cuda12.2"), ImportKind::NcclLog);
    REQUIRE(two.log);
    CHECK(two.log->ncclVersion == "2.26.2+cuda.");
    CHECK(two.log->versionLine.line == 15);
    const auto n = std::count_if(two.warnings.begin(), two.warnings.end(), [](const std::string& w) { return w.find("differs from") != std::string::npos; });
    CHECK(n == 1); // the log's table reads the same lines: said once
    CHECK(anyWarning(two, "line 16: NCCL version 2.19.3+cuda12.2 differs from 2.26.2+cuda. on line 15"));
    // The same release built for another CUDA is not a second version.
    const auto same = importText("same.txt", insertLine(log, 16, "node02:753023:753023 [0] NCCL INFO NCCL version 2.26.2+cuda12.4"), ImportKind::NcclLog);
    CHECK_FALSE(anyWarning(same, "differs from"));
}
