// JSON produced for `analyze --json` and `collective --json` (contract keys in
// shared/design/ARCHITECTURE.md).
#include "test_analysis_support.hpp"

#include "model/analysis/analysis_json.hpp"

#include <catch2/catch.hpp>

using namespace model;

TEST_CASE("collective JSON carries the contract keys in decimal GB/s and us", "[json]")
{
    const CollectiveResult r = golden::run(golden::rail("dgx-h100", 1), CollectiveOp::AllReduce, 8589934592.0, 8);
    const nlohmann::json j = toJson(r);
    for (const char* k : {"op", "bytes", "gpus", "engine", "algorithm", "time_us", "algbw_GBps", "busbw_GBps"}) CHECK(j.contains(k));
    CHECK(j["op"] == "all_reduce");
    CHECK(j["engine"] == "analytical");
    CHECK(j["algorithm"] == "nvls");
    CHECK(j["gpus"] == 8);
    CHECK(j["time_us"].get<double>() == Approx(r.time.inMicroseconds()));
    CHECK(j["busbw_GBps"].get<double>() == Approx(489.88).epsilon(1e-4));
}

TEST_CASE("analyze JSON: layers with scopes, bottleneck, scaling, and the step with a workload", "[json]")
{
    const DesignAnalysis a = analyzeDesign(loadDesign(defaultDesignPath()), golden::catalog());
    const nlohmann::json j = toJson(a, false);
    CHECK(j["gpus"] == 256);
    CHECK(j["nodes"] == 32);
    REQUIRE(j["layers"].size() == 4);
    const char* scopes[] = {"hbm", "intra_node", "node_boundary", "fabric"};
    for (int i = 0; i < 4; ++i) {
        CHECK(j["layers"][i]["scope"] == scopes[i]);
        CHECK(j["layers"][i].contains("technology"));
        CHECK(j["layers"][i].contains("per_gpu_GBps"));
    }
    CHECK(j["layers"][1]["per_gpu_GBps"].get<double>() == Approx(450));
    CHECK(j["bottleneck"].contains("scope"));
    CHECK(j["bottleneck"].contains("explanation"));
    CHECK(j["scaling"][0]["gpus"] == 1);
    // The design trains a step that fits, which the bottleneck quotes: the step is there without
    // --workload too (helper-88: "8.2 % of the step" with no step in the output).
    REQUIRE(j.contains("step"));
    CHECK(j["step"]["step_s"].get<double>() == Approx(a.step.stepS));
    // A step that does not fit is left to the memory bottleneck unless a workload is asked for.
    DesignAnalysis unfit = a;
    unfit.step.fitsInMemory = false;
    CHECK_FALSE(toJson(unfit, false).contains("step"));
    CHECK(toJson(unfit, true).contains("step"));
    const nlohmann::json w = toJson(a, true);
    for (const char* k : {"compute_s", "tp_exposed_s", "pp_bubble_s", "pp_transfer_s", "dp_exposed_s", "step_s", "tokens_per_s", "mfu"})
        CHECK(w["step"].contains(k));
    CHECK(w.contains("scaling_strong"));
    CHECK(w.contains("levers"));
}

TEST_CASE("sweep JSON rows are nccl-tests columns", "[json]")
{
    CollectiveRequest req;
    req.gpus = 8;
    const auto rows = sweepCollective(golden::rail("dgx-h100", 1), golden::catalog(), req, 8, 16.0 * (1ull << 30));
    REQUIRE(rows.size() == 32); // 8 B ... 16 GiB doubling: 2^3 .. 2^34
    const nlohmann::json j = sweepToJson(rows);
    CHECK(j["rows"].size() == 32);
    CHECK(j["rows"][0]["size"] == 8.0);
    CHECK(j["rows"][0]["count"] == 2.0);  // all_reduce: 8 B / 4 B floats
    CHECK(j["rows"][0]["type"] == "float");
    // busbw grows with the size and ends near the NVLS plateau.
    CHECK(j["rows"][31]["busbw_GBps"].get<double>() > j["rows"][10]["busbw_GBps"].get<double>());
    CHECK(ncclTestsCount(CollectiveOp::AllGather, 1024, 8) == Approx(32));
    CHECK(ncclTestsCount(CollectiveOp::AllReduce, 7, 8) == 1.0);    // whole elements only
    CHECK(ncclTestsCount(CollectiveOp::AllToAll, 1024, 256) == 1.0); // 1024 / (4 x 256)
    CHECK(ncclTestsCount(CollectiveOp::AllToAll, 8, 256) == 0.0);
    CHECK_THROWS_AS(sweepCollective(golden::rail("dgx-h100", 1), golden::catalog(), req, 0, 8), std::invalid_argument);
}
