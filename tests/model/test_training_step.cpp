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

TEST_CASE("an uneven pipeline split is timed at its largest stage - interleave must split the layers evenly", "[training]")
{
    TrainingConfig c;
    c.model = tiny();
    c.model.layers = 12;
    c.globalBatch = 12;
    c.recompute = Recompute::Selective;
    c.sequenceParallel = true;
    const auto why = [&] {
        try {
            (void)predictStep(c, dgxH100(), 989);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("timed");
    };
    c.pp = 4; // 3 layers a stage
    const TrainingStep even = predictStep(c, dgxH100(), 989);
    // 5 stages of 12 layers: the largest holds 3, as with 4 stages: 5 x 3 / 12 = 1.25 the work
    // of an even split, so the same compute per step as pp 4 and the same state per GPU; its
    // first stage holds 5 micro-batches of 3 layers in flight, not 4.
    c.pp = 5;
    CHECK(stageLayers(c.model, 5) == 3);
    CHECK(pipelineImbalance(c.model, 5) == Approx(1.25));
    const TrainingStep five = predictStep(c, dgxH100(), 989);
    CHECK(five.computeS == Approx(even.computeS));
    CHECK(five.stateGB == Approx(even.stateGB));
    CHECK(five.activationsGB == Approx(even.activationsGB * 15 / 12));
    for (int pp : {1, 2, 3, 4, 6, 12}) {
        CAPTURE(pp);
        CHECK(pipelineImbalance(c.model, pp) == 1.0);
    }
    CHECK(pipelineImbalance(c.model, 7) == Approx(7.0 * 2 / 12)); // largest stage 2 layers
    CHECK(pipelineImbalance(c.model, 11) == Approx(11.0 * 2 / 12));
    c.pp = 13;
    CHECK(why() == "pipeline parallel 13 is more stages than the 12 layers of tiny");
    c.pp = 2; // 6 layers a stage: 1, 2, 3 or 6 virtual stages
    for (int v : {1, 2, 3, 6}) {
        c.interleave = v;
        CHECK(why() == "timed");
    }
    for (int v : {4, 5, 7, 12}) {
        c.interleave = v;
        CAPTURE(v);
        CHECK(why() == "interleave " + std::to_string(v) + " x pipeline parallel 2 does not divide the 12 layers of tiny "
                       "(every virtual stage holds the same number of layers)");
    }
    c.pp = 1; // no pipeline: nothing to interleave, nothing refused
    c.interleave = 5;
    CHECK(why() == "timed");
    c.model.layers = 0; // a model without a layer count is never refused
    CHECK(pipelineProblem(c.model, 5, 3).empty());
    CHECK(pipelineImbalance(c.model, 5) == 1.0);
}

TEST_CASE("activations per GPU follow Korthikanti et al. 2022 Table 2, held by the first 1F1B stage", "[training][memory]")
{
    // gpt3-175b: s 2048, h 12288, a 96, 96 layers, micro-batch 1, tp 8.
    // 96 micro-batches of tp 8 x pp 2 x dp 16: the first stage holds pp = 2 of its 48 layers each.
    TrainingConfig c = golden::presetRun("gpt3-175b", 8, 2, 16, 1536);
    const double sbh = 2048.0 * 12288.0;
    // Tensor parallel, sequence parallel, selective recompute: 34 s b h / t a layer.
    c.sequenceParallel = true;
    c.recompute = Recompute::Selective;
    CHECK(activationMemoryPerGpuGB(c) == Approx(34.0 * sbh / 8 * 96 / 1e9));
    CHECK(activationMemoryPerGpuGB(c) == Approx(10.268).epsilon(0.001));
    // No recompute, no flash attention: + 5 a s^2 b / t for the attention scores.
    c.recompute = Recompute::None;
    CHECK(activationMemoryPerGpuGB(c) == Approx((34.0 * sbh / 8 + 5.0 * 96 * 2048.0 * 2048.0 / 8) * 96 / 1e9));
    c.flashAttention = true; // scores never stored
    CHECK(activationMemoryPerGpuGB(c) == Approx(34.0 * sbh / 8 * 96 / 1e9));
    c.flashAttention = false;
    // Tensor parallel without sequence parallelism: s b h (10 + 24 / t).
    c.sequenceParallel = false;
    c.recompute = Recompute::Selective;
    CHECK(activationMemoryPerGpuGB(c) == Approx(sbh * (10.0 + 24.0 / 8) * 96 / 1e9));
    // Full recompute: each layer's input only, 2 s b h (/ t with sequence parallelism).
    c.recompute = Recompute::Full;
    CHECK(activationMemoryPerGpuGB(c) == Approx(2.0 * sbh * 96 / 1e9));
    c.sequenceParallel = true;
    CHECK(activationMemoryPerGpuGB(c) == Approx(2.0 * sbh / 8 * 96 / 1e9));
    // Linear in the micro-batch; a deeper pipeline keeps the same total on the first stage.
    c.recompute = Recompute::Selective;
    const double one = activationMemoryPerGpuGB(c);
    c.microBatch = 4;
    c.globalBatch = 1536;
    CHECK(activationMemoryPerGpuGB(c) == Approx(4 * one));
    c.microBatch = 1;
    for (int pp : {1, 2, 4, 8, 16, 32, 96}) {
        c.pp = pp;
        c.dp = 1;
        CAPTURE(pp);
        CHECK(activationMemoryPerGpuGB(c) == Approx(one));
    }
    // Fewer micro-batches than stages: only those are in flight (8 stages, 2 micro-batches).
    c.pp = 8;
    c.globalBatch = 2;
    CHECK(activationMemoryPerGpuGB(c) == Approx(one * 2 / 8));
    // Interleaving (v = 2) holds 1 + (p - 1) / (p v) times as much (section 4.2.3).
    c.globalBatch = 64;
    c.interleave = 2;
    CHECK(activationMemoryPerGpuGB(c) == Approx(one * (1.0 + 7.0 / 16)));
    c.interleave = 1;
    // FP32 activations take twice the bytes.
    c.precision = Precision::FP32;
    CHECK(activationMemoryPerGpuGB(c) == Approx(2 * one));
    c.precision = Precision::BF16;
    // The step reports state, activations and their sum (one server: tp 8 x pp 1).
    c.pp = 1;
    c.dp = 1;
    c.globalBatch = 16;
    const TrainingStep s = predictStep(c, dgxH100(), 989);
    CHECK(s.stateGB == Approx(stateMemoryPerGpuGB(c)));
    CHECK(s.activationsGB == Approx(activationMemoryPerGpuGB(c)));
    CHECK(s.memoryPerGpuGB == Approx(s.stateGB + s.activationsGB));
    CHECK(memoryPerGpuGB(c) == Approx(s.memoryPerGpuGB));
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

TEST_CASE("pipeline transfers cross the network wherever the pipeline spans servers - even with several stages per server", "[training]")
{
    // helper-92: tp 4 x pp 16 on 8 DGX H100 puts 2 stages on each server, and 7 of the 15 stage
    // boundaries on the network; the transfers were charged at NVLink rate, so the step did not
    // depend on the NICs at all.
    static const Design d = golden::rail("dgx-h100", 8);
    const CommGroup node = placeGroup(extractFacts(d, golden::catalog()), 64, false);
    REQUIRE(node.g == 8);
    TrainingConfig c;
    c.model = tiny();
    c.model.layers = 16;
    c.tp = 4;
    c.globalBatch = 8;
    const auto perTransferUs = [&](int pp, int dp) {
        c.pp = pp;
        c.dp = dp;
        const TrainingStep s = predictStep(c, node, 989);
        return s.ppTransferS * 1e6 / (2.0 * c.interleave * s.gradAccumulation);
    };
    // One micro-batch's activations b s h x 2 B = 2 MiB, split over tp 4: 524,288 B through one
    // GPU's 400 Gb/s NIC (50 GB/s): 10.486 us of wire, plus the network hop's latency.
    const double twoStagesPerServer = perTransferUs(16, 1);
    const double oneStagePerServer = perTransferUs(8, 2);
    const double insideOneServer = perTransferUs(2, 1); // tp 4 x pp 2 = 8 GPUs: NVLink only
    CHECK(twoStagesPerServer == Approx(oneStagePerServer));
    CHECK(twoStagesPerServer > 524288.0 / 50e3);
    CHECK(insideOneServer < 524288.0 / 50e3);
}
