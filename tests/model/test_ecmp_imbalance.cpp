// Per-flow ECMP on Ethernet fabrics (model/analysis/ecmp_imbalance.hpp): the balls-into-bins
// factor against a direct count of hashed flows, and both engines on oversubscribed RoCE
// fabrics, where the analytical engine used to assume an even split of the flows over the
// leaf uplinks and the simulator, which hashes every flow, took 1.09 x its time (128 DGX H100
// on SN5600 at 2:1, 1 GiB all-to-all; 1.26 x at 200 nodes).
#include "model/analysis/ecmp_imbalance.hpp"
#include "test_engine_agreement.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

/// Mean over `trials` of the busiest of `links` bins, over the mean, when lambda x links flows
/// are hashed uniformly onto them (a 64-bit LCG, Knuth's MMIX constants; top bits as the hash).
double countedBusiest(int lambda, int links, int trials)
{
    std::uint64_t x = 12345;
    double sum = 0;
    std::vector<int> bins(static_cast<std::size_t>(links));
    for (int t = 0; t < trials; ++t) {
        std::fill(bins.begin(), bins.end(), 0);
        for (long f = 0; f < static_cast<long>(lambda) * links; ++f) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            ++bins[static_cast<std::size_t>((x >> 33) % static_cast<std::uint64_t>(links))];
        }
        sum += *std::max_element(bins.begin(), bins.end());
    }
    return sum / trials / lambda;
}

} // namespace

TEST_CASE("ECMP: the busiest of hashed links, Poisson expectation against counted hashing", "[analysis][ecmp]")
{
    using model::analysis::ecmpBusiestLinkFactor;
    struct Case {
        int lambda, links;
    };
    for (const Case c : {Case{5, 16}, Case{20, 100}, Case{60, 40}, Case{295, 288}, Case{1000, 100}}) {
        const double expected = ecmpBusiestLinkFactor(c.lambda, c.links);
        const double counted = countedBusiest(c.lambda, c.links, 200);
        INFO(c.lambda << " flows per link over " << c.links << " links: expected " << expected << ", counted " << counted);
        // Within the counting's own spread over 200 trials (about 1 % at 5 flows per link).
        CHECK(expected == Approx(counted).epsilon(0.03));
    }
    CHECK(ecmpBusiestLinkFactor(295, 288) == Approx(1.1709).epsilon(1e-3));
    CHECK(ecmpBusiestLinkFactor(1000, 100) == Approx(1.0804).epsilon(1e-3));
    // Nothing to imbalance: one link, no flows.
    CHECK(ecmpBusiestLinkFactor(500, 1) == 1.0);
    CHECK(ecmpBusiestLinkFactor(0, 64) == 1.0);
    // More flows per link even out; more links leave a busier worst one.
    double last = 1e9;
    for (double lambda : {1.0, 10.0, 100.0, 1e3, 1e4, 1e5}) {
        const double f = ecmpBusiestLinkFactor(lambda, 256);
        CHECK(f < last);
        CHECK(f > 1.0);
        last = f;
    }
    last = 1.0;
    for (double links : {2.0, 8.0, 64.0, 512.0, 4096.0}) {
        const double f = ecmpBusiestLinkFactor(200, links);
        CHECK(f > last);
        last = f;
    }
}

TEST_CASE("ECMP: both engines agree on all-to-all over oversubscribed RoCE fabrics", "[simulation][ecmp][roce]")
{
    // generate roce, DGX H100 on SN5600, 1 GiB all-to-all. 128 nodes at 2:1 and 4:1 fill two
    // scalable units, so half the traffic crosses the hashed spine tier, which binds; before the
    // ECMP term the simulator took 1.092 and 1.049 x the analytical time. 64 nodes fit one
    // unit (nothing hashed, both at the NIC rate) and stay within 1 %.
    const model::Catalog cat = model::Catalog::loadBundled();
    struct Case {
        int nodes;
        double ratio;
        double margin;
    };
    for (const Case c : {Case{128, 2.0, 0.04}, Case{128, 4.0, 0.04}, Case{64, 2.0, 0.015}}) {
        const model::Design d = enginetest::roceFabric(cat, "dgx-h100", "sn5600", c.nodes, c.ratio);
        const auto t = enginetest::bothEngines(d, cat, model::CollectiveOp::AllToAll, model::Algorithm::Auto,
                                               1024.0 * (1 << 20));
        INFO(c.nodes << " DGX H100 at " << c.ratio << ":1: simulated " << t.simulatedUs << " us, analytical "
                     << t.analyticalUs << " us");
        CHECK(t.ratio() == Approx(1.0).margin(c.margin));
    }
}

TEST_CASE("ECMP: a partly used last server keeps both engines together on oversubscribed RoCE",
          "[simulation][ecmp][roce]")
{
    // generate roce, 136 DGX H100 on SN5600 at 2:1 (1.943:1 with whole uplinks), all-to-all of
    // 64 MiB over 1,084 GPUs: 135 whole servers and GPUs 0-3 of the last. NCCL's PXN relays only
    // through ranks of the communicator, so the last server sends to rails 4-7 from its own 4
    // NICs, as the analytical engine counts it (comm_group.cpp). Before, the simulator relayed
    // through GPUs 4-7, which are not ranks: the last server's 8 NICs each carried half the
    // flows, each flow offered twice the rate of every other one, ports looked overloaded and
    // PFC paused the fabric (1.235 x the analytical time; 0.983 with all 1,088 GPUs).
#if defined(__SANITIZE_ADDRESS__)
    constexpr bool kSanitized = true;
#elif defined(__has_feature)
    constexpr bool kSanitized = __has_feature(address_sanitizer);
#else
    constexpr bool kSanitized = false;
#endif
    if (kSanitized) {
        // 1.18 million simulated flows take 131 s under AddressSanitizer (15 s optimised): the
        // sanitizer pass checks memory safety on the routing unit test; the figure is held here.
        WARN("skipped under AddressSanitizer; the optimised build runs it");
        return;
    }
    const model::Catalog cat = model::Catalog::loadBundled();
    const model::Design d = enginetest::roceFabric(cat, "dgx-h100", "sn5600", 136, 2.0);
    const auto t = enginetest::bothEngines(d, cat, model::CollectiveOp::AllToAll, model::Algorithm::Auto,
                                           64.0 * (1 << 20), 1084);
    INFO("1,084 GPUs: simulated " << t.simulatedUs << " us, analytical " << t.analyticalUs << " us");
    CHECK(t.ratio() == Approx(1.0).margin(0.05));
}

TEST_CASE("all-to-all batches: a count that reaches every rail of a server in each batch", "[analysis][ecmp]")
{
    // ceil(n (n - 1) / 65,536), raised by one when even: a stride of 16 would send every rank
    // of a batch to one or two rails only (offsets 2, 18, 34, ... from a rank of the last,
    // half-used server of 1,004 GPUs all land on its rail 7 peers).
    CHECK(model::analysis::allToAllBatches(1004, 1, 65536) == 17); // 15.4 -> 16 -> 17
    CHECK(model::analysis::allToAllBatches(1024, 1, 65536) == 17); // 16 -> 17
    CHECK(model::analysis::allToAllBatches(1348, 1, 65536) == 29); // 28 -> 29
    CHECK(model::analysis::allToAllBatches(1356, 1, 65536) == 29); // 29 stays
    CHECK(model::analysis::allToAllBatches(264, 1, 65536) == 3);   // 1.06 -> 2 -> 3
    CHECK(model::analysis::allToAllBatches(200, 1, 65536) == 1);   // 39,800 flows: one batch
    CHECK(model::analysis::allToAllBatches(4, 1, 2) == 3);         // capped at n - 1 offsets
    for (int n : {300, 513, 1000, 2048, 4096})
        for (int g : {1, 4}) {
            const int b = model::analysis::allToAllBatches(n, g, 65536);
            if (b > 1 && b < n - 1) CHECK(b % 2 == 1);
            CHECK(static_cast<double>(n) * (n - 1) * g / b <= 65536.0);
        }
}
