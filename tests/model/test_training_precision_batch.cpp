// What helper-88 found in the training step: selective recompute charged an attention pass that
// flash attention leaves nothing to recompute, FP8 on a GPU without FP8 was priced as BF16
// without a word, FP16 was reported as BF16, and a global batch other than the published one
// was trained without saying so.
#include "test_analysis_support.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace model;
using namespace model::analysis;

TEST_CASE("selective recompute costs nothing where flash attention stores no scores and a pass where it does", "[training]")
{
    // The SuperPOD unit, tp 8 x pp 1 x dp 32 set: llama3 presets train with flash attention,
    // GPT-3 175B without (its Megatron runs kept the score matrix).
    const Design d = loadDesign(defaultDesignPath());
    for (const char* workload : {"llama3-8b", "llama3-70b"}) {
        INFO(workload);
        const auto at = [&](const char* recompute) {
            return analyzeDesign(d, golden::catalog(), {{"workload", workload}, {"tp", 8}, {"pp", 1}, {"dp", 32}, {"recompute", recompute}});
        };
        const DesignAnalysis selective = at("selective"), none = at("none");
        REQUIRE(selective.hasStep);
        REQUIRE(none.hasStep);
        CHECK(selective.step.tokensPerSecond == Approx(none.step.tokensPerSecond).epsilon(1e-9)); // was 3-7 % slower
        CHECK(selective.step.activationsGB == Approx(none.step.activationsGB).epsilon(1e-9));
        for (const auto& l : selective.levers) CHECK(l.lever != "no_recompute"); // nothing to gain
    }
    const auto gpt = [&](const char* recompute) {
        return analyzeDesign(d, golden::catalog(), {{"workload", "gpt3-175b"}, {"tp", 8}, {"pp", 8}, {"dp", 4}, {"recompute", recompute}});
    };
    const DesignAnalysis selective = gpt("selective"), none = gpt("none");
    REQUIRE(selective.hasStep);
    REQUIRE(none.hasStep);
    CHECK(selective.step.tokensPerSecond < none.step.tokensPerSecond);   // the score pass is recomputed
    CHECK(selective.step.activationsGB < none.step.activationsGB);       // and not stored
    bool lever = false;
    for (const auto& l : selective.levers) lever = lever || l.lever == "no_recompute";
    CHECK(lever);
}

TEST_CASE("FP8 on a GPU without FP8 is priced at BF16 and said while FP16 is reported as set", "[training]")
{
    const Design a100 = golden::fatTree("dgx-a100", 1);
    const DesignAnalysis fp8 = analyzeDesign(a100, golden::catalog(), {{"workload", "llama3-8b"}, {"precision", "fp8"}});
    const DesignAnalysis bf16 = analyzeDesign(a100, golden::catalog(), {{"workload", "llama3-8b"}, {"precision", "bf16"}});
    REQUIRE(fp8.hasStep);
    REQUIRE(bf16.hasStep);
    CHECK(fp8.step.tokensPerSecond == Approx(bf16.step.tokensPerSecond));
    CHECK(golden::hasWarning(fp8, "precision fp8: the "));
    CHECK(golden::hasWarning(fp8, "lists no dense FP8 rate"));
    CHECK_FALSE(golden::hasWarning(bf16, "precision fp8"));
    // An H100 has FP8: no such warning, and a faster step.
    const Design h100 = golden::fatTree("dgx-h100", 1);
    const DesignAnalysis h = analyzeDesign(h100, golden::catalog(), {{"workload", "llama3-8b"}, {"precision", "fp8"}});
    REQUIRE(h.hasStep);
    CHECK_FALSE(golden::hasWarning(h, "lists no dense FP8 rate"));
    // FP16 trains as BF16 does and is named as set.
    const DesignAnalysis fp16 = analyzeDesign(a100, golden::catalog(), {{"workload", "llama3-8b"}, {"precision", "fp16"}});
    REQUIRE(fp16.hasStep);
    CHECK(fp16.step.precision == "fp16");
    CHECK(fp16.step.tokensPerSecond == Approx(bf16.step.tokensPerSecond));
}

TEST_CASE("a global batch other than the published one is said with why", "[training][layout]")
{
    // The DGX B200 four-unit template (1,024 GPUs), llama3-8b at tp 1 x pp 1 set by hand: data
    // parallel 1,024 x micro-batch 1 cannot train the published 512 sequences a step.
    const Design b200 = loadDesign(bundledTemplateDirectory() + "/dgx-b200-4su.json");
    const DesignAnalysis a = analyzeDesign(b200, golden::catalog(), {{"workload", "llama3-8b"}, {"tp", 1}, {"pp", 1}});
    REQUIRE(a.hasStep);
    INFO(a.step.globalBatch);
    CHECK(a.step.dp * a.step.microBatch == 1024);
    CHECK(a.step.globalBatch == 1024);
    CHECK(golden::hasWarning(a, "global batch 1,024 sequences a step, not the published 512 of llama3-8b: data parallel 1,024 x "
                                "micro-batch 1 trains at least 1,024 sequences a step"));
    // Left to the engine, the layout keeps the published batch where a split does (helper-92:
    // it took tp 1 x dp 1,024 at 1,024 sequences, faster only by training twice the batch).
    const DesignAnalysis searched = analyzeDesign(b200, golden::catalog(), {{"workload", "llama3-8b"}});
    REQUIRE(searched.hasStep);
    CHECK(searched.step.globalBatch == 512);
    CHECK(searched.step.tp * searched.step.pp * searched.step.dp == 1024);
    CHECK_FALSE(golden::hasWarning(searched, "not the published"));
    // The batch set by hand: no note.
    const DesignAnalysis set = analyzeDesign(b200, golden::catalog(), {{"workload", "llama3-8b"}, {"global_batch", 2048}});
    REQUIRE(set.hasStep);
    CHECK_FALSE(golden::hasWarning(set, "not the published"));
    // The published batch kept (the SuperPOD unit, gpt3-175b, 1,536): no note.
    const DesignAnalysis kept = analyzeDesign(loadDesign(defaultDesignPath()), golden::catalog(), {{"workload", "gpt3-175b"}});
    REQUIRE(kept.hasStep);
    CHECK(kept.step.globalBatch == 1536);
    CHECK_FALSE(golden::hasWarning(kept, "not the published"));
}

TEST_CASE("micro-batches of few tokens are bound by reading the weights not by the math", "[training]")
{
    // helper-88: llama3-70b at seq_len 16 on the SuperPOD unit trained at MFU 59 %, above the
    // 48.7 % of seq_len 8192: 16 tokens do 16 FLOPs per weight byte, where an H100's math needs
    // ~300 to be the limit (roofline). Each of the 8,192 micro-batches streams 3 x 17.6 GB.
    const Design d = loadDesign(defaultDesignPath());
    const auto at = [&](int seq) {
        return analyzeDesign(d, golden::catalog(), {{"workload", "llama3-70b"}, {"seq_len", seq}, {"tp", 8}, {"pp", 1}, {"dp", 32}});
    };
    const DesignAnalysis tiny = at(16), real = at(8192);
    REQUIRE(tiny.hasStep);
    REQUIRE(real.hasStep);
    CHECK(tiny.step.mfu < 0.05);
    CHECK(real.step.mfu > 0.40);
    // The weight reads, by hand: micro-batches x 3 passes x weights per GPU / HBM.
    const double weightsPerGpu = parameterCount(presetModel("llama3-70b")) / 8.0 * 2.0; // bytes, tp 8, BF16
    const double reads = tiny.step.gradAccumulation * 3.0 * weightsPerGpu / 3350e9;
    CHECK(tiny.step.computeS == Approx(reads + tiny.step.memoryBoundS).epsilon(1e-6));
    CHECK(tiny.step.computeS > 10 * real.step.computeS * 16.0 / 8192.0); // not the FLOPs' share
}
