// SimAI's measured size efficiency (size_efficiency.hpp) as the engines read it: every row and
// column of nic_ratio.csv, the time never falling with size, and the stretch a slow transport
// puts on it (nccl_cost.hpp ncclTransportRampStretch).
#include "test_catalog_support.hpp"
#include "model/analysis/nccl_cost.hpp"
#include "model/analysis/size_efficiency.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

using model::analysis::nicSizeEfficiency;

namespace {
using testsupport::kMiB;
using testsupport::kGiB;
} // namespace

TEST_CASE("size efficiency: every row and column of SimAI's nic_ratio.csv", "[collective][size_efficiency]")
{
    // Values of the file (aliyun/SimAI astra-sim-alibabacloud/inputs/ratio/nic_ratio.csv).
    CHECK(nicSizeEfficiency(16 * kMiB, 2) == Approx(0.32));
    CHECK(nicSizeEfficiency(128 * kMiB, 2) == Approx(0.67));
    CHECK(nicSizeEfficiency(64 * kMiB, 4) == Approx(0.53));
    CHECK(nicSizeEfficiency(1 * kGiB, 4) == Approx(0.93));
    CHECK(nicSizeEfficiency(256 * kMiB, 16) == Approx(0.57));
    CHECK(nicSizeEfficiency(1 * kGiB, 128) == Approx(0.314575));
    CHECK(nicSizeEfficiency(16 * kGiB, 1) == Approx(0.81));
    // Below 16 MiB the first row, above 16 GiB the last, beyond 128 nodes the last column.
    CHECK(nicSizeEfficiency(1 * kMiB, 8) == Approx(0.13));
    CHECK(nicSizeEfficiency(64 * kGiB, 2) == Approx(0.96));
    CHECK(nicSizeEfficiency(16 * kGiB, 1024) == Approx(0.919175));
    // Linear in bytes between rows: 96 MiB on 2 nodes, halfway from 0.50 (64 MiB) to 0.67.
    CHECK(nicSizeEfficiency(96 * kMiB, 2) == Approx(0.585));
    // Linear in log2(nodes) between columns: 3 nodes at 256 MiB, 0.585 of the way from 0.85
    // (2 nodes) to 0.77 (4 nodes).
    CHECK(nicSizeEfficiency(256 * kMiB, 3) == Approx(0.85 + std::log2(1.5) * (0.77 - 0.85)));
}

TEST_CASE("size efficiency: a larger message never completes sooner, 1 to 1,024 nodes", "[collective][size_efficiency]")
{
    // On 64 nodes the file goes from 0.051 at 64 MiB to 0.107 at 128 MiB: interpolated alone,
    // 96 MiB would read 0.079 and take longer than 128 MiB. The 128 MiB row bounds it:
    // 0.107 x 96 / 128 = 0.08025.
    CHECK(nicSizeEfficiency(96 * kMiB, 64) == Approx(0.107 * 96.0 / 128.0));
    int checked = 0;
    for (int nodes : {1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 100, 128, 1024}) {
        double lastTime = 0;
        for (double s = 1 * kMiB; s <= 32 * kGiB; s *= 1.05) {
            const double eta = nicSizeEfficiency(s, nodes);
            CHECK(eta > 0);
            CHECK(eta <= 1);
            const double time = s / eta; // proportional to the ramp's time at a fixed plateau rate
            if (time < lastTime * (1.0 - 1e-12)) {
                std::ostringstream why;
                why << nodes << " nodes: " << s << " B take " << time << ", less than the smaller message's " << lastTime;
                FAIL_CHECK(why.str());
            }
            lastTime = time;
            ++checked;
        }
    }
    CHECK(checked > 3000);
}

TEST_CASE("size efficiency: a transport's own latency stretches the ramp, RDMA does not", "[collective][size_efficiency]")
{
    using model::Algorithm;
    using model::CollectiveOp;
    using model::analysis::ncclTransportRampStretch;
    model::analysis::NcclShape s; // 2 x 8 H100 over NVLink
    s.ranks = 16;
    s.nodes = 2;
    s.ranksPerNode = 8;
    s.chainRanks = 8;
    s.intraPath = model::analysis::IntraPath::NVLink;
    s.generation = model::analysis::GpuGeneration::Hopper;
    // InfiniBand / RoCE: NCCL's net_ib reports no latency, the ramp is read as measured.
    CHECK(ncclTransportRampStretch(Algorithm::Tree, CollectiveOp::AllReduce, s) == 1.0);
    CHECK(ncclTransportRampStretch(Algorithm::Ring, CollectiveOp::AllReduce, s) == 1.0);
    // GPUDirect-TCPXO, 65 us per NET hop (catalog gcp-gpudirect-tcpxo-200g), counted twice for
    // Simple. Tree: 8.4 + 2 (7 x 4 + 1 x (14 + 130)) = 352.4 us against 8.4 + 2 (28 + 14) = 92.4.
    s.netLatencyUs = 65;
    CHECK(ncclTransportRampStretch(Algorithm::Tree, CollectiveOp::AllReduce, s) == Approx(352.4 / 92.4));
    // Ring all-reduce, Simple x1.4 across nodes: 1.4 (8.4 + 28 x max(3.4, 3 x 1.0) + 2 x 144)
    // = 548.24 us against 1.4 (8.4 + 28 x 3.4 + 2 x 14) = 184.24.
    CHECK(ncclTransportRampStretch(Algorithm::Ring, CollectiveOp::AllReduce, s) == Approx(548.24 / 184.24));
    // One node: no network hop, no stretch.
    s.nodes = 1;
    s.ranks = 8;
    CHECK(ncclTransportRampStretch(Algorithm::Ring, CollectiveOp::AllReduce, s) == 1.0);
}
