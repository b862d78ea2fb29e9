// The "add GPUs" way out of a workload that does not fit in GPU memory: past a rented design's
// provider limit it says so, and where neither more GPUs nor full recompute alone hold the
// workload, every saving at once is tried before "no cluster holds it" (memory_advice.hpp).
#include "test_analysis_support.hpp"

#include "model/analysis/memory_advice.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace model;
using namespace model::analysis;

namespace {

/// Two rented AWS p5.48xlarge (16 H100) of a provider whose clusters go up to `maxGpus`.
Design rentedP5(int maxGpus)
{
    topology::RentedOptions o;
    o.server = "aws-p5-48xlarge";
    o.nodes = 2;
    o.perNodeGbps = 3200;
    o.pricePerGpuHourUsd = 3;
    o.maxGpus = maxGpus;
    return topology::generateRented(golden::catalog(), o);
}

/// `n` RTX 4090 workstations, one ConnectX-7 400G each, on a QM9700 fat tree.
Design workstations(int n)
{
    topology::FatTreeOptions o;
    o.server = "ws-4x-rtx4090";
    o.nodes = n;
    o.nicModel = "connectx-7-400g";
    o.nicsPerNode = 1;
    o.switchModel = "qm9700";
    return topology::generateFatTree(golden::catalog(), o);
}

} // namespace

TEST_CASE("add GPUs past a rented design's provider limit says so - within the limit it does not", "[analysis][memory]")
{
    // Before: 2 rented p5 were told "512 GPUs (64 instances of 8) hold it" with nothing of the
    // provider's 64-GPU limit, and `generate rented --nodes 64` then refused the count.
    const std::string ways = "add GPUs: 512 GPUs (64 instances of 8) hold it at tensor 8 x pipeline 32 x data 2, 67.6 GB per GPU";
    const Design p5 = rentedP5(64), p5Roomy = rentedP5(1024);
    const DesignAnalysis limited = analyzeDesign(p5, golden::catalog(), settingsWithWorkload(p5.analysis, "megatron-1t"));
    REQUIRE(limited.bottleneck.scope == Scope::Memory);
    CHECK(limited.bottleneck.explanation.ends_with(ways + ", past the provider's limit of 64 GPUs; or pick GPUs with more memory"));
    const DesignAnalysis roomy = analyzeDesign(p5Roomy, golden::catalog(), settingsWithWorkload(p5Roomy.analysis, "megatron-1t"));
    REQUIRE(roomy.bottleneck.scope == Scope::Memory);
    CHECK(roomy.bottleneck.explanation.ends_with(ways + "; or pick GPUs with more memory"));
    // The limit comes from the design's rental block: a built design of the same servers has none.
    nlohmann::json noRental = settingsWithWorkload(p5.analysis, "megatron-1t");
    noRental.erase("rental");
    const DesignAnalysis built = analyzeDesign(p5, golden::catalog(), noRental);
    CHECK(built.bottleneck.explanation.ends_with(ways + "; or pick GPUs with more memory"));
}

TEST_CASE("where neither more GPUs nor full recompute alone hold a workload every saving at once is tried - and holds",
          "[analysis][memory]")
{
    // llama3-70b at micro-batch 2 on RTX 4090 workstations: no count holds it as set or with
    // full recompute alone, and the advice read "no cluster of up to 131,072 of these GPUs
    // holds it". Micro-batch 1 with full recompute does, on 40 workstations.
    const nlohmann::json asked = {{"workload", "llama3-70b"}, {"micro_batch", 2}};
    const DesignAnalysis one = analyzeDesign(workstations(1), golden::catalog(), asked);
    REQUIRE(one.bottleneck.scope == Scope::Memory);
    CHECK(one.bottleneck.explanation.ends_with("micro-batch 1, full recompute and add GPUs: 160 GPUs (40 workstations of 4) hold it "
                                               "at tensor 1 x pipeline 80 x data 2, 19.6 GB per GPU; or pick GPUs with more memory"));
    // Only what the count needs is named: with full recompute already set, micro-batch 1 alone;
    // sequence parallelism, which a tensor-parallel 1 layout does not use, never.
    const DesignAnalysis recomputing =
        analyzeDesign(workstations(1), golden::catalog(), {{"workload", "llama3-70b"}, {"micro_batch", 2}, {"recompute", "full"}});
    CHECK(recomputing.bottleneck.explanation.ends_with("; micro-batch 1 and add GPUs: 160 GPUs (40 workstations of 4) hold it at tensor 1 x "
                                                       "pipeline 80 x data 2, 19.6 GB per GPU; or pick GPUs with more memory"));
    const DesignAnalysis noSequence =
        analyzeDesign(workstations(1), golden::catalog(), {{"workload", "llama3-70b"}, {"micro_batch", 2}, {"sequence_parallel", false}});
    CHECK(noSequence.bottleneck.explanation.find("; micro-batch 1, full recompute and add GPUs: 160 GPUs (40 workstations of 4)") !=
          std::string::npos);
    CHECK(noSequence.bottleneck.explanation.find("sequence parallelism") == std::string::npos);
    // Followed: 40 workstations with both changes report that layout and fit; 39 do not.
    const nlohmann::json followed = {{"workload", "llama3-70b"}, {"micro_batch", 1}, {"recompute", "full"}};
    const DesignAnalysis forty = analyzeDesign(workstations(40), golden::catalog(), followed);
    REQUIRE(forty.hasStep);
    CHECK(forty.step.fitsInMemory);
    CHECK(forty.step.tp == 1);
    CHECK(forty.step.pp == 80);
    CHECK(forty.step.dp == 2);
    CHECK(forty.step.memoryPerGpuGB == Approx(19.6).margin(0.05));
    const DesignAnalysis fewer = analyzeDesign(workstations(39), golden::catalog(), followed);
    REQUIRE(fewer.hasStep);
    CHECK_FALSE(fewer.step.fitsInMemory);
    // Full recompute alone on 40 does not hold it: the micro-batch is needed too.
    const DesignAnalysis recomputeOnly =
        analyzeDesign(workstations(40), golden::catalog(), {{"workload", "llama3-70b"}, {"micro_batch", 2}, {"recompute", "full"}});
    REQUIRE(recomputeOnly.hasStep);
    CHECK_FALSE(recomputeOnly.step.fitsInMemory);
}
