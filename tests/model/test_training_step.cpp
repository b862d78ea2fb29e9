// Training-step model: FLOP counts, compute + memory-bound time, tensor- and data-parallel
// exposure, golden numbers by hand (engine_formulas.md §10).
#include "test_analysis_support.hpp"

#include "model/analysis/comm_group.hpp"
#include "model/analysis/scaling.hpp"
#include "model/analysis/training.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

using namespace model;
using namespace model::analysis;

namespace {
TransformerModel tiny()
{
    TransformerModel m;
    m.name = "tiny";
    m.layers = 2;
    m.hidden = 1024;
    m.heads = 8;
    m.kvHeads = 8;
    m.ffn = 4096;
    m.seqLen = 1024;
    m.vocab = 1000;
    return m;
}

CommGroup dgxH100()
{
    static const Design d = golden::rail("dgx-h100", 1);
    return placeGroup(extractFacts(d, golden::catalog()), 8, false);
}
} // namespace

TEST_CASE("step FLOPs equal Megatron's 72 B s L h^2 (1 + s/6h + V/12Lh)", "[training]")
{
    const TransformerModel g = presetModel("gpt3-175b");
    const double B = 1536, s = 2048, L = 96, h = 12288, V = 51200;
    CHECK(stepFlops(g, 1536, Recompute::None) == Approx(72 * B * s * L * h * h * (1 + s / (6 * h) + V / (12 * L * h))).epsilon(1e-12));
    // Full recompute: 96 B s L h^2 (1 + s/6h + V/16Lh) (Narayanan et al. 2021 appendix).
    CHECK(stepFlops(g, 1536, Recompute::Full) == Approx(96 * B * s * L * h * h * (1 + s / (6 * h) + V / (16 * L * h))).epsilon(1e-12));
}

TEST_CASE("Llama 3 8B FLOPs with grouped-query attention and SwiGLU", "[training]")
{
    // Per token per layer forward: 2 (2 h^2 + 2 h h_kv) + 2 x 3 h ffn = 436207616 GEMM FLOPs,
    // attention 4 s h = 134217728; logits 2 h V = 1050673152. Training = 3 x forward:
    // 32 x 3 x 570425344 + 3 x 1050673152 = 57912852480 FLOPs per token.
    const TransformerModel m = presetModel("llama3-8b");
    CHECK(stepFlops(m, 1, Recompute::None) == Approx(57912852480.0 * 8192));
    CHECK_THROWS_AS(presetModel("gpt-5"), std::invalid_argument);
    CHECK(presetNames().size() == 7);
}

TEST_CASE("one GPU: compute at 0.65 of peak plus activation traffic at HBM speed", "[training]")
{
    TrainingConfig c;
    c.model = tiny();
    c.globalBatch = 1;
    c.precision = Precision::BF16;
    c.recompute = Recompute::None;
    CommGroup one = dgxH100();
    one.n = one.g = 1;
    const TrainingStep s = predictStep(c, one, 989);
    // FLOPs: 1024 tokens x (2 layers x 3 x (24 h^2 + 4 s h) + 3 x 2 h V) = 186680082432.
    CHECK(s.modelFlopsPerStep == Approx(186680082432.0));
    // Math: 186680082432 / (989e12 x 0.65) = 290.394 us; activations: h (10 + 24) + 5 a s =
    // 75776 B per token per layer, 6 passes: 1024 x 2 x 6 x 75776 / 3350e9 = 277.951 us.
    CHECK(s.memoryBoundS == Approx(277.951e-6).epsilon(1e-5));
    CHECK(s.computeS == Approx(290.394e-6 + 277.951e-6).epsilon(1e-5));
    CHECK(s.stepS == Approx(s.computeS));
    CHECK(s.tokensPerSecond == Approx(1024 / s.stepS));
    CHECK(s.mfu == Approx(186680082432.0 / (s.stepS * 989e12)));
}

TEST_CASE("tensor parallel: 4 all-reduces of b s h per layer per micro-batch", "[training]")
{
    TrainingConfig c;
    c.model = tiny();
    c.tp = 8;
    c.globalBatch = 1;
    c.recompute = Recompute::None;
    // Each all-reduce: 1 x 1024 x 1024 x 2 B = 2 MiB on 8 H100; ring LL is fastest at 41.0285 us
    // (LL128 51.4, Simple 65.9, NVLS 25 + 2097152 x 9/8 / 315.18 x fill = 25 + 7.4856 x 2.96875
    // = 47.22 us). The NVLS fill (nccl_cost.hpp): NCCL's NVLS chunk is 16 KiB here
    // (2 MiB < 2 x 16 channels x 8 heads x 32 KiB), so each (channel, head) moves C = 1 chunk
    // through the 3-stage pipeline: 1 + (3 - 1) / 1 - (3 - 1) / 64.
    // 1 micro-batch x 2 layers x 4 x 41.0285 = 328.228 us.
    const TrainingStep s = predictStep(c, dgxH100(), 989);
    CHECK(s.tpExposedS == Approx(328.228e-6).epsilon(1e-5));
    c.recompute = Recompute::Full; // + 2 all-reduces per layer for the recomputed forward
    CHECK(predictStep(c, dgxH100(), 989).tpExposedS == Approx(328.228e-6 * 6 / 4).epsilon(1e-5));
    c.tp = 16;
    CHECK_THROWS_AS(predictStep(c, dgxH100(), 989), std::invalid_argument);
}

TEST_CASE("data parallel: gradient all-reduce, exposed without overlap", "[training]")
{
    TrainingConfig c;
    c.model = tiny();
    c.dp = 8;
    c.globalBatch = 8;
    c.dpOverlap = false;
    // Parameters: 2 x (2 h^2 + 2 h^2 + 2 h ffn) + V h = 26189824; BF16 gradients 52379648 B;
    // NVLS on 8 GPUs: 25 + 52379648 x 9/8 / 315.18 x fill = 25 + 186.963 x 1.128903 = 236.063 us;
    // fill: 32 KiB NVLS chunks (52379648 < 8 x 128 ops x 64 KiB), C = 52379648 / (128 x 32 KiB)
    // = 12.488 chunks per (channel, head), three stages: 1 + 2 / 12.488 - 2 / 64 (nccl_cost.hpp).
    CHECK(parameterCount(c.model) == Approx(26189824));
    const TrainingStep s = predictStep(c, dgxH100(), 989);
    CHECK(s.dpExposedS == Approx(236.063e-6).epsilon(1e-5));
    c.dpOverlap = true; // overlap can only hide time
    CHECK(predictStep(c, dgxH100(), 989).dpExposedS <= s.dpExposedS);
    c.globalBatch = 12; // not a multiple of dp x micro-batch
    CHECK_THROWS_AS(predictStep(c, dgxH100(), 989), std::invalid_argument);
}

TEST_CASE("pipeline bubble is (p - 1) / (v m) of the compute", "[training]")
{
    TrainingConfig c;
    c.model = tiny();
    c.model.layers = 4; // 2 stages of 2 layers, each split in 2 virtual stages
    c.pp = 2;
    c.globalBatch = 4; // m = 4 micro-batches
    CommGroup two = dgxH100();
    const TrainingStep s = predictStep(c, two, 989);
    CHECK(s.ppBubbleS == Approx(s.computeS * 1.0 / 4.0));
    c.interleave = 2;
    CHECK(predictStep(c, two, 989).ppBubbleS == Approx(s.computeS * 1.0 / 8.0));
}

TEST_CASE("pipeline depth and interleave must split the layers evenly, as Megatron-LM requires", "[training]")
{
    TrainingConfig c;
    c.model = tiny();
    c.model.layers = 12;
    c.globalBatch = 12;
    const auto why = [&] {
        try {
            (void)predictStep(c, dgxH100(), 989);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("timed");
    };
    for (int pp : {1, 2, 3, 4, 6, 12}) {
        c.pp = pp;
        CAPTURE(pp);
        CHECK(why() == "timed");
        CHECK(pipelineProblem(c.model, pp, 1).empty());
    }
    for (int pp : {5, 7, 8, 9, 10, 11, 13}) {
        c.pp = pp;
        CAPTURE(pp);
        CHECK(why() == "pipeline parallel " + std::to_string(pp) +
                           " does not divide the 12 layers of tiny (every stage holds the same number of layers)");
    }
    c.pp = 2; // 6 layers a stage: 1, 2, 3 or 6 virtual stages
    for (int v : {1, 2, 3, 6}) {
        c.interleave = v;
        CHECK(why() == "timed");
    }
    for (int v : {4, 5, 7, 12}) {
        c.interleave = v;
        CAPTURE(v);
        CHECK(why() == "interleave " + std::to_string(v) + " does not divide the 6 layers of each of the 2 pipeline stages of tiny");
    }
    c.pp = 1; // no pipeline: nothing to interleave, nothing refused
    c.interleave = 5;
    CHECK(why() == "timed");
    c.model.layers = 0; // a model without a layer count is never refused
    c.pp = 5;
    c.interleave = 1;
    CHECK(pipelineProblem(c.model, 5, 3).empty());
}

TEST_CASE("workload settings are read strictly", "[training]")
{
    CHECK(trainingConfigFromJson({{"workload", "llama3-70b"}}, "d.json").model.layers == 80);
    CHECK_THROWS_AS(trainingConfigFromJson({{"workload", "nope"}}, "d.json"), InputError);
    CHECK_THROWS_AS(trainingConfigFromJson({{"precision", "int3"}}, "d.json"), InputError);
    CHECK_THROWS_AS(trainingConfigFromJson({{"model", {{"layers", 2}}}}, "d.json"), InputError);
    const TrainingConfig custom = trainingConfigFromJson(
        {{"model", {{"layers", 2}, {"hidden", 1024}, {"heads", 8}, {"seq_len", 1024}, {"vocab", 1000}}}}, "d.json");
    CHECK(custom.model.ffn == 4096);
    CHECK(parameterCount(custom.model) == Approx(26189824));
}
