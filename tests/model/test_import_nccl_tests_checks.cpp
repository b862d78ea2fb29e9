// nccl-tests rows whose figures contradict each other: a busbw that is not the collective's
// factor x size / time, a time of 0. Each is warned about naming its line and kept out.
#include "model/io/import/advisor.hpp"
#include "model/io/import/import.hpp"
#include "model/io/import/nccl_tests_checks.hpp"
#include "model/io/input_error.hpp"

#include "test_catalog_support.hpp"
#include "test_import_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

using namespace model::io;

namespace {

using importtest::edited;
using importtest::realInput;

bool anyWarning(const ImportResult& r, const std::string& a, const std::string& b)
{
    return std::any_of(r.warnings.begin(), r.warnings.end(),
                       [&](const std::string& w) { return w.find(a) != std::string::npos && w.find(b) != std::string::npos; });
}

} // namespace

TEST_CASE("nccl-tests: the rounding of a printed number is half its last digit", "[import][nccl-tests]")
{
    CHECK(halfLastDigit("613.3") == Approx(0.05));
    CHECK(halfLastDigit("382.99") == Approx(0.005));
    CHECK(halfLastDigit("15870") == Approx(0.5));
    CHECK(halfLastDigit("1.2e+03") == Approx(50));
}

TEST_CASE("nccl-tests: a busbw that is not factor x size / time is named by line and kept out of the curve", "[import][nccl-tests]")
{
    // nccl_tests_12 line 18: 512 MiB in 2175.8 us = 246.75 GB/s algbw, x 1.75 (all_reduce, 8 ranks) = 431.81.
    const std::string text = edited(realInput("nccl_tests_12.txt"), "246.75  431.81", "246.75  4318.1");
    const ImportResult r = importText("n12.txt", text, ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(anyWarning(r, "line 18: out-of-place busbw 4318.10 GB/s", "= 431.81 GB/s"));
    // Was: peak 4318.1 GB/s. Now the peak is the largest busbw of both columns, the in-place
    // 476.53 at 4 GiB (line 21; the out-of-place column peaks at 473.60), named as such, and
    // 512 MiB charts its in-place half.
    CHECK(r.curve->peakBusbwGBps() == Approx(476.53));
    CHECK(r.curve->peak().column == "in-place");
    CHECK(r.curve->peak().bytes == 4294967296.0);
    CHECK(r.curve->peak().line == 21);
    const auto pts = r.curve->points();
    const auto at512 = std::find_if(pts.begin(), pts.end(), [](const MeasuredPoint& p) { return p.bytes == 536870912.0; });
    REQUIRE(at512 != pts.end());
    CHECK(at512->busbwGBps == Approx(430.69));
    // The unedited file passes the check on every row: printed digits round, they do not disagree.
    const ImportResult clean = importText("n12.txt", realInput("nccl_tests_12.txt"), ImportKind::Auto);
    CHECK_FALSE(anyWarning(clean, "busbw", "factor"));
    CHECK(clean.curve->outOfPlace.size() == 6);
}

TEST_CASE("nccl-tests: a row measured in 0 us is refused naming its line", "[import][nccl-tests]")
{
    const std::string text = edited(realInput("nccl_tests_12.txt"), "1139.2  235.63  412.35", "   0.0  235.63  412.35");
    const ImportResult r = importText("n12.txt", text, ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(anyWarning(r, "line 17: out-of-place time 0.0 us for 268435456 B", "expected a positive time"));
    for (const auto& p : r.curve->outOfPlace) CHECK(p.timeUs > 0);
}

TEST_CASE("nccl-tests: a size measured twice keeps its first row and names both lines, and a negative size is named", "[import][nccl-tests]")
{
    // A second 512 MiB row after line 18 (the file's own), at half the bandwidth.
    const std::string dup = "   536870912     134217728     float     sum      -1   4351.6  123.37  215.90      0   4362.8  123.06  215.35      0\n";
    std::string text = realInput("nccl_tests_12.txt");
    const auto line19 = text.find("  1073741824");
    REQUIRE(line19 != std::string::npos);
    text.insert(line19, dup);
    const ImportResult r = importText("dup.txt", text, ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(anyWarning(r, "line 19: size 536870912 B is measured again (first on line 18)", "the first row is kept"));
    CHECK(r.curve->outOfPlace.size() == 6); // was 7, with 512 MiB twice ("falls from 432 GB/s at 512 MiB to 216 GB/s at 512 MiB")
    for (const auto& f : r.findings) CHECK(f.message.find("at 512 MiB to") == std::string::npos);

    const std::string neg = edited(realInput("nccl_tests_12.txt"), "   268435456      67108864", "  -268435456      67108864");
    const ImportResult n = importText("neg.txt", neg, ImportKind::Auto);
    CHECK(anyWarning(n, "line 17: size -268435456 B", "expected a size in bytes, 0 or more"));
    CHECK(n.curve->outOfPlace.size() == 5);
}

TEST_CASE("nccl-tests: an unreadable number names its half, field and the range expected", "[import][nccl-tests]")
{
    const std::string base = realInput("nccl_tests_12.txt");
    struct Case {
        const char* from;
        const char* to;
        const char* says;
    };
    for (const Case& k : {Case{"2175.8  246.75  431.81", "2175.8  246.75     inf", "out-of-place busbw \"inf\": expected a finite number of GB/s from 0 to 100000"},
                          Case{"2175.8  246.75  431.81", "2175.8     nan  431.81", "out-of-place algbw \"nan\": expected a finite number of GB/s"},
                          Case{"2175.8  246.75  431.81", "1e308  246.75  431.81", "out-of-place time \"1e308\": expected a finite number of us from 0 to"},
                          Case{"2175.8  246.75  431.81", "2175.8  246.75 -431.81", "out-of-place busbw \"-431.81\": expected"},
                          Case{"2181.4  246.11  430.69", "-2181.4  246.11  430.69", "line 18: in-place time \"-2181.4\": expected"}}) {
        INFO(k.to);
        const ImportResult r = importText("n12.txt", edited(base, k.from, k.to), ImportKind::Auto);
        // Was: "the row for 536870912 B is not a complete nccl-tests row".
        CHECK(anyWarning(r, "line 18: ", k.says));
        CHECK_FALSE(anyWarning(r, "line 18", "not a complete nccl-tests row"));
    }
}

TEST_CASE("nccl-tests: rank lines naming different GPUs say which, on which ranks - not that none is named", "[import][nccl-tests]")
{
    // helper-81: one damaged byte in rank 0's GPU name read "the ranks run on 2 different GPU
    // models", then "the run does not name its GPU (no '# Rank ... device' lines)".
    const std::string text = edited(realInput("nccl_tests_12.txt"), "[0x18] NVIDIA H100 80GB HBM3", "[0x18] NVIDIA H1\xff" "0 80GB HBM3");
    const ImportResult r = importText("damaged.txt", text, ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(r.curve->gpuName.empty());
    const auto w = std::find_if(r.warnings.begin(), r.warnings.end(), [](const std::string& s) { return s.find("different GPU models") != std::string::npos; });
    REQUIRE(w != r.warnings.end());
    CHECK(w->find("\"NVIDIA H100 80GB HBM3\" on ranks 1-7") != std::string::npos);
    CHECK(w->find("on rank 0), so the run names no one GPU") != std::string::npos);
    const ImportReview rev = reviewImport(r, nullptr, testsupport::bundledCatalog());
    CHECK(rev.comparison.note.find("the run's \"# Rank\" lines name different GPU models") != std::string::npos);
    CHECK(rev.comparison.note.find("no \"# Rank ... device\" lines") == std::string::npos);
}

TEST_CASE("nccl-tests: rank lines naming one GPU with other blanks or case name one GPU", "[import][nccl-tests]")
{
    // helper-83: "NVIDIA  H100" (two blanks) on one rank read as a second GPU model.
    const std::string text = edited(realInput("nccl_tests_12.txt"), "[0x18] NVIDIA H100 80GB HBM3", "[0x18] nvidia  H100 80GB HBM3");
    const ImportResult r = importText("spaced.txt", text, ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(r.curve->gpuName == "NVIDIA H100 80GB HBM3");
    CHECK(std::none_of(r.warnings.begin(), r.warnings.end(), [](const std::string& w) { return w.find("different GPU models") != std::string::npos; }));
}

TEST_CASE("nccl-tests: a file cut off at the top says what is missing and states its rank count as inferred", "[import][nccl-tests]")
{
    // nccl_tests_15 starts mid-header (line 1 is the tail of the column-group line): it read as
    // complete, without a warning, and the summary said "8 ranks" as if printed.
    const ImportResult r = importFile(importtest::realInputPath("nccl_tests_15.txt"), ImportKind::Auto);
    REQUIRE(r.curve);
    const MeasuredCurve& c = *r.curve;
    CHECK_FALSE(c.complete);
    REQUIRE(!r.warnings.empty());
    CHECK(r.warnings.front() ==
          "line 4: the top of the file is cut off: the table starts with no command line, no \"# nThread N nGpus M minBytes ...\" header, "
          "no \"# Rank\" lines and no \"out-of-place  in-place\" column-group line before it, so what the run printed there (the ranks, "
          "their hosts and GPUs) is not in the file");
    CHECK(c.ranks == 8);
    CHECK(c.ranksInferred());
    CHECK(c.ranksFrom == "busbw/algbw = 1.750 (line 7) = 2(n-1)/n with n = 8");
    CHECK(c.ranksWords() == "8 ranks (inferred from busbw/algbw)");
    CHECK(c.outOfPlace.size() == 5);
    CHECK(c.peakBusbwGBps() == Approx(97.54));
    const auto j = toJson(r);
    CHECK(j["curve"]["complete"] == false);
    CHECK(j["curve"]["ranks_inferred"] == true);
    // nccl_tests_17 is cut the same way (and at the bottom): the same warning, with its own line.
    const ImportResult r17 = importFile(importtest::realInputPath("nccl_tests_17.txt"), ImportKind::Auto);
    REQUIRE(r17.curve);
    CHECK_FALSE(r17.curve->complete);
    REQUIRE(!r17.warnings.empty());
    CHECK(r17.warnings.front().rfind("line 3: the top of the file is cut off: the table starts with no command line, no \"# nThread N nGpus M", 0) == 0);
    CHECK(r17.curve->ranks == 0);
    CHECK(r17.curve->ranksWords() == "? ranks");
    // A whole file says nothing of the kind and its ranks are printed ones.
    const ImportResult whole = importFile(importtest::realInputPath("nccl_tests_12.txt"), ImportKind::Auto);
    CHECK(whole.curve->complete);
    CHECK_FALSE(anyWarning(whole, "top of the file", "cut off"));
    CHECK_FALSE(whole.curve->ranksInferred());
    CHECK(whole.curve->ranksWords() == "8 ranks");
}

namespace {

/// `text` with the `cell`-th blank-separated cell (0-based) of every data row removed
/// (cell >= 0), or with "7" added after it (`add`), rows joined by single blanks.
std::string rowsEdited(const std::string& text, std::size_t cell, bool add, int onlyLine = 0)
{
    std::istringstream in(text);
    std::string out, line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const auto cells = splitBlanks(line);
        const bool row = !cells.empty() && std::isdigit(static_cast<unsigned char>(cells[0][0])) && (onlyLine == 0 || onlyLine == number);
        if (row && cells.size() > cell) {
            std::string joined;
            for (std::size_t k = 0; k < cells.size(); ++k) {
                if (k == cell && !add) continue;
                joined += (joined.empty() ? "" : " ") + cells[k];
                if (k == cell && add) joined += " 7";
            }
            line = joined;
        }
        out += line + "\n";
    }
    return out;
}

} // namespace

TEST_CASE("nccl-tests: a row with a cell missing or added is ignored naming its cell count - not read into shifted fields", "[import][nccl-tests]")
{
    const std::string n12 = realInput("nccl_tests_12.txt");
    // Every row without its out-of-place busbw (cell 7): algbw was read as time, "in-place 272 us"
    // was an algbw, and a false unsteady-times finding came out. Now no row is usable: refused.
    try {
        (void)importText("n12.txt", rowsEdited(n12, 7, false), ImportKind::Auto);
        FAIL("a table whose every row lacks a cell was imported");
    } catch (const model::InputError& e) {
        CHECK(e.file() == "n12.txt");
        CHECK(e.problem() == "expected nccl-tests rows (size count type ... time algbw busbw), found none that could be read: 6 rows have "
                             "another cell count than the 13 columns the header names (the first on line 16)");
    }
    // One row without it: that row is named and ignored, the others are read as printed.
    const ImportResult one = importText("n12.txt", rowsEdited(n12, 7, false, 18), ImportKind::Auto);
    REQUIRE(one.curve);
    CHECK(one.warnings.front() == "line 18: 12 cells, the header (line 14) has 13 columns: expected one cell per column (a cell missing or added "
                                  "moves the time, algbw and busbw after it into other fields); the row is ignored");
    CHECK(one.curve->outOfPlace.size() == 5);
    CHECK(one.curve->inPlace.size() == 5);
    for (const auto& p : one.curve->outOfPlace) CHECK(p.bytes != 536870912.0);
    CHECK(one.curve->collective == "all_reduce");
    CHECK(one.curve->peakBusbwGBps() == Approx(476.53));
    CHECK(std::none_of(one.findings.begin(), one.findings.end(), [](const AdvisorFinding& f) { return f.rule == "unsteady-times"; }));
    // A cell added (a stray "7" after the root) is named the same way.
    const ImportResult added = importText("n12.txt", rowsEdited(n12, 4, true, 20), ImportKind::Auto);
    CHECK(anyWarning(added, "line 20: 14 cells, the header (line 14) has 13 columns", "the row is ignored"));
    CHECK(added.curve->outOfPlace.size() == 5);
    CHECK(added.curve->outOfPlace.back().bytes == 4294967296.0);
    CHECK(added.curve->outOfPlace.back().timeUs == Approx(15870));
    // A table without a header: the layout's own column count (old layout, 12) stands in.
    const ImportResult r19 = importFile(importtest::realInputPath("nccl_tests_19.txt"), ImportKind::NcclTests);
    const ImportResult r19short = importText("n19.txt", rowsEdited(realInput("nccl_tests_19.txt"), 6, false, 5), ImportKind::NcclTests);
    CHECK(anyWarning(r19short, "line 5: 11 cells, the old (error column, no root) layout has 12 columns", "the row is ignored"));
    CHECK(r19short.curve->outOfPlace.size() + 1 == r19.curve->outOfPlace.size());
}

TEST_CASE("nccl-tests: an in-place algbw that is not size / time is named and that half ignored", "[import][nccl-tests]")
{
    // nccl_tests_12 line 17: 256 MiB in 1134.8 us in place = 236.56 GB/s algbw; 136.56 was read without a word.
    const std::string text = edited(realInput("nccl_tests_12.txt"), "1134.8  236.56", "1134.8  136.56");
    const ImportResult r = importText("n12.txt", text, ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(anyWarning(r, "line 17: in-place algbw 136.56 GB/s does not equal size / time (236.5", "that half of the row is ignored"));
    CHECK(r.curve->outOfPlace.size() == 6);
    CHECK(r.curve->inPlace.size() == 5);
    for (const auto& p : r.curve->inPlace) CHECK(p.bytes != 268435456.0);
    // The out-of-place half of that row is kept as printed.
    CHECK(r.curve->outOfPlace[1].algbwGBps == Approx(235.63));
    CHECK(r.curve->outOfPlace[1].line == 17);
}

TEST_CASE("nccl-tests: a row repeated thousands of times gives five warnings and one count - not one warning per row", "[import][nccl-tests]")
{
    // nccl_tests_12 whose first row (line 16) repeats: 400,000 copies gave 399,999 warning lines
    // and a 47 MB JSON. 2,000 copies read the same way, faster.
    std::istringstream in(realInput("nccl_tests_12.txt"));
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    REQUIRE(lines.size() >= 21);
    std::string text;
    for (std::size_t i = 0; i < 15; ++i) text += lines[i] + "\n";
    for (int k = 0; k < 2000; ++k) text += lines[15] + "\n"; // lines 16 to 2,015
    for (std::size_t i = 21; i < lines.size(); ++i) text += lines[i] + "\n";
    const ImportResult r = importText("rep.txt", text, ImportKind::Auto);
    REQUIRE(r.curve);
    CHECK(r.curve->outOfPlace.size() == 1);
    CHECK(r.curve->outOfPlace.front().line == 16);
    REQUIRE(r.warnings.size() == 6);
    for (int k = 0; k < 5; ++k)
        CHECK(r.warnings[static_cast<std::size_t>(k)] == "line " + std::to_string(17 + k) +
                                                             ": size 134217728 B is measured again (first on line 16); the first row is kept, this one is ignored");
    CHECK(r.warnings[5] == "... and 1,994 more rows measured again (lines 22 to 2,015), ignored as those above");
    const std::string json = toJson(r).dump();
    CHECK(json.find("1,994 more rows measured again") != std::string::npos);
    CHECK(json.size() < 20000);
    // Each kind is counted on its own: rows of another cell count after the repeats.
    std::string mixed = text;
    const std::string row = lines[15] + "\n";
    std::string shortRow = lines[16];
    shortRow = shortRow.substr(0, shortRow.rfind(' ')) + "\n"; // without its last cell (in-place #wrong)
    std::string shorts;
    for (int k = 0; k < 8; ++k) shorts += shortRow;
    mixed.insert(mixed.find(row) + row.size(), shorts); // lines 17 to 24
    const ImportResult m = importText("rep.txt", mixed, ImportKind::Auto);
    CHECK(std::count_if(m.warnings.begin(), m.warnings.end(), [](const std::string& w) { return w.find(" cells, the header (line 14) has 13 columns") != std::string::npos; }) == 5);
    CHECK(std::find(m.warnings.begin(), m.warnings.end(), "... and 3 more rows with another cell count than 13 (lines 22 to 24), ignored as those above") != m.warnings.end());
    CHECK(std::find(m.warnings.begin(), m.warnings.end(), "... and 1,994 more rows measured again (lines 30 to 2,023), ignored as those above") != m.warnings.end());
    CHECK(m.warnings.size() == 12);
}
