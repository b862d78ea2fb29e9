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

/// A way out followed literally: `n` workstations with `followed` report tp x pp x dp at
/// `memoryGB` per GPU and fit; n - 1 do not (the count was the fewest).
void checkClaimHolds(const nlohmann::json& followed, int n, int tp, int pp, int dp, double memoryGB)
{
    CAPTURE(followed.dump(), n);
    const DesignAnalysis held = analyzeDesign(workstations(n), golden::catalog(), followed);
    REQUIRE(held.hasStep);
    CHECK(held.step.fitsInMemory);
    CHECK(held.step.tp == tp);
    CHECK(held.step.pp == pp);
    CHECK(held.step.dp == dp);
    CHECK(held.step.memoryPerGpuGB == Approx(memoryGB).margin(0.05));
    const DesignAnalysis fewer = analyzeDesign(workstations(n - 1), golden::catalog(), followed);
    REQUIRE(fewer.hasStep);
    CHECK_FALSE(fewer.step.fitsInMemory);
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
    // 64.0 is 64 (a file written by hand or another tool).
    nlohmann::json decimal = settingsWithWorkload(p5.analysis, "megatron-1t");
    decimal["rental"]["max_gpus"] = 64.0;
    CHECK(analyzeDesign(p5, golden::catalog(), decimal).bottleneck.explanation.ends_with(
        ways + ", past the provider's limit of 64 GPUs; or pick GPUs with more memory"));
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
    checkClaimHolds({{"workload", "llama3-70b"}, {"micro_batch", 1}, {"recompute", "full"}}, 40, 1, 80, 2, 19.6);
    // Full recompute alone on 40 does not hold it: the micro-batch is needed too.
    const DesignAnalysis recomputeOnly =
        analyzeDesign(workstations(40), golden::catalog(), {{"workload", "llama3-70b"}, {"micro_batch", 2}, {"recompute", "full"}});
    REQUIRE(recomputeOnly.hasStep);
    CHECK_FALSE(recomputeOnly.step.fitsInMemory);
}

TEST_CASE("where only tensor parallel over host memory holds a workload the advice names it - and the layout holds", "[analysis][memory]")
{
    // RTX 4090s reach each other through host memory only, and the engine's own search keeps
    // tensor parallel 1 there: 128 stages of megatron-1t leave 1e12 x 4 / 128 = 31.3 GB of
    // weights and gradients per GPU. The advice read "no cluster of up to 131,072 of these GPUs
    // holds it"; tensor parallel 4 over host memory does.
    const Design one = loadDesign(bundledTemplateDirectory() + "/workstation-4x-rtx4090.json");
    const DesignAnalysis a = analyzeDesign(one, golden::catalog(), {{"workload", "megatron-1t"}});
    REQUIRE(a.bottleneck.scope == Scope::Memory);
    // The template's workstation has no compute NIC: more of them hold the run once networked,
    // and the advice says so (helper-81 read "72 workstations of 4" as if they could be cabled).
    CHECK(a.bottleneck.explanation.ends_with("no link limits it; tensor parallel 4 over host-staged copies, full recompute and add GPUs: "
                                             "1,536 GPUs (384 workstations of 4, each given a compute NIC, which this workstation lacks) hold it at tensor 4 x pipeline 128 x data 3, 19.0 GB per "
                                             "GPU; or pick GPUs with more memory"));
    // A tensor parallel set by hand is offered first where it holds (megatron-530b at tp 2), the
    // largest where it does not (llama3-405b: tp 2 holds at no count, tp 4 does).
    const DesignAnalysis keep = analyzeDesign(one, golden::catalog(), {{"workload", "megatron-530b"}, {"tp", 2}});
    CHECK(keep.bottleneck.explanation.ends_with(
        "; tensor parallel 2 over host-staged copies, full recompute, add GPUs and let the engine choose the rest of the layout: 1,052 "
        "GPUs (263 workstations of 4, each given a compute NIC, which this workstation lacks) hold it at tensor 2 x pipeline 105 x data 5 (1,050 of them busy), 20.6 GB per GPU; or pick GPUs "
        "with more memory"));
    const DesignAnalysis larger = analyzeDesign(one, golden::catalog(), {{"workload", "llama3-405b"}, {"tp", 2}});
    CHECK(larger.bottleneck.explanation.ends_with(
        "; tensor parallel 4 over host-staged copies, full recompute, add GPUs and let the engine choose the rest of the layout: 504 "
        "GPUs (126 workstations of 4, each given a compute NIC, which this workstation lacks) hold it at tensor 4 x pipeline 126 x data 1, 21.3 GB per GPU; or pick GPUs with more memory"));
    // Followed: 126 workstations at tp 4 with full recompute report that layout and fit; 125 do not.
    checkClaimHolds({{"workload", "llama3-405b"}, {"tp", 4}, {"recompute", "full"}}, 126, 4, 126, 1, 21.3);
}

TEST_CASE("savings that hold a workload only together are offered on the design's own GPUs - before adding any", "[analysis][memory]")
{
    // llama3-405b at micro-batch 8 on one NVL72 rack: neither sequence parallelism nor full
    // recompute alone holds it, both together do on the rack as it is. The advice said "add
    // GPUs: 144 GPUs (2 racks of 72)", one rack more than needed.
    topology::RackScaleOptions o;
    o.racks = 1;
    const Design rack = topology::generateRackScale(golden::catalog(), o);
    const nlohmann::json asked = {{"workload", "llama3-405b"}, {"micro_batch", 8}, {"recompute", "none"}, {"sequence_parallel", false},
                                  {"sharded_optimizer", false}, {"interleave", 2}};
    const DesignAnalysis a = analyzeDesign(rack, golden::catalog(), asked);
    REQUIRE(a.bottleneck.scope == Scope::Memory);
    CHECK(a.bottleneck.explanation.ends_with(
        "no link limits it; sequence parallelism and full recompute: tensor 8 x pipeline 9 x data 1, 139 GB per GPU; or pick GPUs with "
        "more memory"));
    nlohmann::json followed = asked;
    followed["sequence_parallel"] = true;
    followed["recompute"] = "full";
    const DesignAnalysis held = analyzeDesign(rack, golden::catalog(), followed);
    REQUIRE(held.hasStep);
    CHECK(held.step.fitsInMemory);
    CHECK(held.step.tp == 8);
    CHECK(held.step.pp == 9);
    CHECK(held.step.dp == 1);
}
