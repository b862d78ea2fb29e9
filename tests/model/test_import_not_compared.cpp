// An imported curve or log that is not set beside a prediction says why (review.comparison.note,
// printed by `import` as "not compared: ..."): the collective the engine does not predict, a run
// that names no GPU, a GPU the catalog lacks, no catalog server of the run's GPUs per node, a
// log without an nccl-tests table.
#include "test_import_support.hpp"
#include "test_catalog_support.hpp"

#include "model/io/import/advisor.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <sstream>

using namespace model;
using namespace model::io;

namespace {

using testsupport::catalog;
using importtest::realInputPath;

/// A small all_reduce table run by `ranks` ranks, `perNode` to a host, on GPU `gpu`.
std::string allReduce(int ranks, int perNode, const std::string& gpu)
{
    std::ostringstream o;
    o << "# nThread 1 nGpus 1 minBytes 1048576 maxBytes 4194304 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n#\n";
    o << "# Using devices\n";
    for (int r = 0; r < ranks; ++r)
        o << "#  Rank " << r << " Group  0 Pid  " << 1000 + r << " on node" << r / perNode << " device  " << r % perNode << " [0x18] " << gpu << "\n";
    o << "#\n#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n";
    o << "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n";
    const double factor = 2.0 * (ranks - 1) / ranks; // all_reduce's busbw / algbw
    for (double bytes = 1 << 20; bytes <= (1 << 22); bytes *= 2) {
        const double timeUs = 40.0 + bytes / 40e3; // any positive shape
        const double algbw = bytes / timeUs / 1e3;  // GB/s
        char row[256];
        std::snprintf(row, sizeof row, "%12.0f %12.0f %9s %7s %7d %8.2f %7.2f %7.2f %6d %8.2f %7.2f %7.2f %6d\n", bytes, bytes / 4, "float", "sum",
                      -1, timeUs, algbw, algbw * factor, 0, timeUs, algbw, algbw * factor, 0);
        o << row;
    }
    o << "# Avg bus bandwidth    : 48.2\n";
    return o.str();
}

} // namespace

TEST_CASE("not compared: sendrecv in nccl_log_02 names the collective the engine does not predict", "[import][advisor]")
{
    const auto rev = reviewImport(importFile(realInputPath("nccl_log_02.txt"), ImportKind::Auto), nullptr, catalog());
    CHECK(rev.comparison.points.empty());
    CHECK(rev.comparison.note.find("the engine does not predict sendrecv") == 0);
    CHECK(toJson(rev)["comparison"]["note"].get<std::string>() == rev.comparison.note);
}

TEST_CASE("not compared: nccl_tests_15 names no GPU - the note says so and what to pass", "[import][advisor]")
{
    const auto rev = reviewImport(importFile(realInputPath("nccl_tests_15.txt"), ImportKind::Auto), nullptr, catalog());
    CHECK(rev.comparison.points.empty());
    CHECK(rev.comparison.note.find("the run does not name its GPU") == 0);
    CHECK(rev.comparison.note.find("--design DESIGN.json") != std::string::npos);
}

TEST_CASE("not compared: a GPU the catalog lacks is named", "[import][advisor]")
{
    const auto rev = reviewImport(importText("unknown.txt", allReduce(8, 8, "Acme Warp 9000"), ImportKind::NcclTests), nullptr, catalog());
    CHECK(rev.comparison.points.empty());
    CHECK(rev.comparison.note.find("the GPU the run names (\"Acme Warp 9000\") is not one the catalog holds") == 0);
}

TEST_CASE("not compared: 4 H100 per node on 2 nodes has no catalog server of exactly 4", "[import][advisor]")
{
    const auto rev = reviewImport(importText("four.txt", allReduce(8, 4, "NVIDIA H100 80GB HBM3"), ImportKind::NcclTests), nullptr, catalog());
    CHECK(rev.comparison.points.empty());
    CHECK(rev.comparison.note.find("server of exactly 4 GPUs with a compute NIC (the run used 4 per node on 2 nodes)") != std::string::npos);
    // The same run on one node of 8 is compared: the note is then empty.
    const auto one = reviewImport(importText("eight.txt", allReduce(8, 8, "NVIDIA H100 80GB HBM3"), ImportKind::NcclTests), nullptr, catalog());
    CHECK_FALSE(one.comparison.points.empty());
    CHECK(one.comparison.note.empty());
}

TEST_CASE("not compared: a log without an nccl-tests table says it has no measured busbw", "[import][advisor]")
{
    const auto rev = reviewImport(importFile(realInputPath("nccl_log_01.txt"), ImportKind::Auto), nullptr, catalog());
    CHECK(rev.comparison.note.find("the log holds no nccl-tests table") == 0);
}
