// The global batch a run takes when the design gives none: the model's published batch (or 4M
// tokens), spread over the data-parallel replicas in whole micro-batches.
#include "test_analysis_support.hpp"

#include "model/analysis/scaling.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace model;
using namespace model::analysis;

namespace {
std::string templatePath(const std::string& name) { return bundledTemplateDirectory() + "/" + name + ".json"; }
} // namespace

TEST_CASE("presets carry their published global batch and custom models 4M tokens", "[scaling][batch]")
{
    CHECK(defaultGlobalBatch(presetModel("gpt3-175b")) == 1536);   // Narayanan et al. 2021, 5.1
    CHECK(defaultGlobalBatch(presetModel("megatron-530b")) == 2520); // Narayanan et al. 2021, Table 1
    CHECK(defaultGlobalBatch(presetModel("megatron-1t")) == 3072);
    CHECK(defaultGlobalBatch(presetModel("llama3-405b")) == 2048);   // 16M tokens of 8,192
    // No published batch: 4,194,304 tokens (Llama 2's) in sequences of the model's length.
    CHECK(defaultGlobalBatch(presetModel("llama3-8b")) == 512);
    CHECK(defaultGlobalBatch(presetModel("llama3-70b")) == 512);
    CHECK(defaultGlobalBatch(presetModel("megatron-22b")) == 2048);
    TransformerModel custom = presetModel("llama3-8b");
    custom.publishedGlobalBatch = 0;
    custom.seqLen = 3000;
    CHECK(defaultGlobalBatch(custom) == 1398); // 4,194,304 / 3,000 = 1,398.1
    custom.seqLen = 0;
    CHECK(defaultGlobalBatch(custom) == 1);
}

TEST_CASE("the default global batch is the published one in whole micro-batches per replica", "[scaling][batch]")
{
    // gpt3-175b on 1,024 B200 GPUs (the 4-SU template): 1536 sequences in whole micro-batches
    // per replica, whatever layout the engine takes (tp 8 x pp 1 x dp 128 gave 12 each).
    // Before: one micro-batch per replica (128 sequences at dp 128), so the 43.75 GB gradient
    // all-reduce was paid every micro-batch: MFU 5.8 %.
    const Design b200 = loadDesign(templatePath("dgx-b200-4su"));
    const DesignAnalysis a = analyzeDesign(b200, golden::catalog(), {{"workload", "gpt3-175b"}});
    REQUIRE(a.hasStep);
    CHECK(a.step.globalBatch == 1536);
    CHECK(a.step.gradAccumulation == 1536 / (a.step.dp * a.step.microBatch));
    CHECK(a.step.gradAccumulation * a.step.dp * a.step.microBatch == 1536);
    CHECK(a.step.gradAccumulation >= a.step.pp);
    CHECK(a.step.mfu > 0.25);
    // Weak scaling keeps 12 micro-batches per replica at every count: above 45 % from 16 GPUs
    // to the whole design (was 19.6 % at 16 GPUs and 10.2 % at 1,024).
    for (const auto& p : a.scaling)
        if (p.gpus >= 16) {
            INFO(p.gpus << " GPUs");
            CHECK(p.efficiency > 0.45);
        }
    // Strong scaling: the batch stays 1536, rounded to whole micro-batches where dp does not
    // divide it; the curve reaches the whole design.
    REQUIRE_FALSE(a.scalingStrong.empty());
    CHECK(a.scalingStrong.back().gpus == 1024);

    // llama3-405b on the SuperPOD unit: the batch is a whole number of micro-batches per
    // replica, within half a micro-batch per replica of 2048, and never fewer micro-batches
    // than pipeline stages.
    const Design su = loadDesign(templatePath("superpod-h100-1su"));
    const DesignAnalysis full = analyzeDesign(su, golden::catalog(), {{"workload", "llama3-405b"}});
    REQUIRE(full.hasStep);
    const int perMicro = full.step.dp * full.step.microBatch;
    CHECK(full.step.globalBatch % perMicro == 0);
    CHECK(std::abs(full.step.globalBatch - 2048) <= perMicro / 2);
    CHECK(full.step.gradAccumulation >= full.step.pp);

    // An explicit grad_accumulation or global_batch still wins.
    const DesignAnalysis ga = analyzeDesign(b200, golden::catalog(), {{"workload", "gpt3-175b"}, {"grad_accumulation", 3}});
    CHECK(ga.step.gradAccumulation == 3);
    CHECK(ga.step.globalBatch == ga.step.dp * ga.step.microBatch * 3);
    const DesignAnalysis gb = analyzeDesign(b200, golden::catalog(), {{"workload", "gpt3-175b"}, {"global_batch", 256}});
    CHECK(gb.step.globalBatch == 256);
}
