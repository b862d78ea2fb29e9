// Validation against whole nccl-tests curves that people posted from healthy clusters
// (shared/real_inputs, LOG.md): every size from 32 MiB up, where the measured multi-node ramp
// (size_efficiency.hpp) sets the time. nccl_measurements.csv samples these systems at 1 MiB
// and 16 GiB only; the curves check the sizes in between.
//   nccl_tests_01.txt: 2 x Dell XE9680 (8 x H100 SXM, 8 x CX-7 400G NDR), NCCL 2.26.2, the
//                      maintainer: "Your numbers look good" (nccl-tests issue 309);
//   nccl_tests_02.txt: 4 of the same nodes (32 GPUs), nccl_measurements.csv row nt309-4n.
// Nothing is fitted to these files: the design is the rail-optimised one the CSV rows use.
#include "test_validation_support.hpp"

#include "model/analysis/analysis.hpp"
#include "model/io/import/import.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <string>

using namespace model;

TEST_CASE("predicted all-reduce matches healthy H100 NDR curves from 32 MiB to 16 GiB, 2 and 4 nodes",
          "[validation][collective]")
{
    const Catalog cat = Catalog::loadBundled();
    struct Case {
        const char* file;
        int nodes;
    };
    int checked = 0;
    for (const Case& c : {Case{"nccl_tests_01.txt", 2}, Case{"nccl_tests_02.txt", 4}}) {
        const io::ImportResult imp = io::importFile(std::string(CD_SHARED_DIR "/real_inputs/") + c.file, io::ImportKind::NcclTests);
        REQUIRE(imp.curve.has_value());
        REQUIRE(imp.curve->collective == "all_reduce");
        REQUIRE(imp.curve->nodes == c.nodes);
        const Design d = validation::railDesign(cat, "dgx-h100", c.nodes, 0, 0, "qm9700");
        std::printf("\n%s (%d x 8 H100, NDR 400G)\n%12s %-10s %-6s %9s %9s %8s\n", c.file, c.nodes, "bytes", "algorithm", "proto",
                    "pred_bus", "meas_bus", "error");
        for (const io::MeasuredPoint& p : imp.curve->points()) {
            if (p.bytes < 32.0 * 1024 * 1024) continue;
            CollectiveRequest req;
            req.op = CollectiveOp::AllReduce;
            req.bytes = p.bytes;
            req.gpus = imp.curve->ranks;
            const CollectiveResult res = predictCollective(d, cat, req);
            // Error of the predicted busbw against the measured (= measured time / predicted - 1).
            const double err = res.busbw.inGBps() / p.busbwGBps - 1.0;
            std::printf("%12.0f %-10s %-6s %9.2f %9.2f %+7.1f%%\n", p.bytes, toString(res.algorithm), toString(res.protocol),
                        res.busbw.inGBps(), p.busbwGBps, 100.0 * err);
            CHECK(std::fabs(err) <= 0.25);
            ++checked;
        }
    }
    CHECK(checked == 20); // 32 MiB to 16 GiB, 10 sizes in each file
}
