// The ways out of a workload that does not fit in GPU memory name only what makes it fit
// (memory_advice.hpp). An NVL72 rack asked for megatron-1t was told to "add pipeline stages
// or GPUs, shard the optimizer": its optimizer was sharded, and no pipeline depth of 72 GPUs
// holds 1T parameters in 72 x 167 GB.
#include "test_analysis_support.hpp"

#include "model/analysis/memory_advice.hpp"
#include "model/analysis/memory_fit.hpp"
#include "model/analysis/scaling.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <regex>
#include <string>

using namespace model;
using namespace model::analysis;

namespace {

std::string adviceTemplate(const std::string& name) { return bundledTemplateDirectory() + "/" + name + ".json"; }

/// The engine's layout of `c` (layout fields cleared) on `gpus` GPUs fits `limitGB`.
bool engineLayoutFits(TrainingConfig c, int gpus, const CommGroup& node, double memoryGB)
{
    c.tp = c.pp = c.dp = c.globalBatch = 0;
    try {
        return memoryPerGpuGB(resolveLayout(c, gpus, node, memoryGB)) <= kMemoryLimitShare * memoryGB;
    } catch (const std::invalid_argument&) {
        return false;
    }
}

/// The workload preset `name`, layout left to the engine, optimizer sharded, with a design
/// file's defaults: selective recompute and sequence parallelism.
TrainingConfig preset(const std::string& name)
{
    TrainingConfig c;
    c.model = presetModel(name);
    c.tp = c.pp = c.dp = c.globalBatch = 0;
    c.shardedOptimizer = true;
    c.recompute = Recompute::Selective;
    c.sequenceParallel = true;
    return c;
}

} // namespace

TEST_CASE("an NVL72 rack asked for megatron-1t is told how many GPUs hold it - not to add pipeline stages",
          "[analysis][memory]")
{
    const DesignAnalysis a =
        analyzeDesign(loadDesign(adviceTemplate("gb200-nvl72-1rack")), golden::catalog(), {{"workload", "megatron-1t"}});
    REQUIRE(a.bottleneck.scope == Scope::Memory);
    // pp 16 (8 layers a stage) leaves 16 of the 144 GPUs idle; pp 18 would keep them all busy
    // but with 8 layers on its largest stage it does the same work on 18 x 8 / 128 = 1.125
    // times the GPUs, and a deeper bubble.
    const std::string ways = "add GPUs: 144 GPUs (2 racks of 72) hold it at tensor 8 x pipeline 16 x data 1 (128 of them busy), "
                             "154 GB per GPU; or pick GPUs with more memory";
    CHECK(a.bottleneck.explanation.ends_with("the run cannot start, so no link limits it; " + ways));
    REQUIRE(memoryOverflowWarning(a.warnings) != nullptr);
    CHECK(memoryOverflowWarning(a.warnings)->ends_with("of activations); " + ways));
    CHECK(a.bottleneck.explanation.find("pipeline stages") == std::string::npos);
    CHECK(a.bottleneck.explanation.find("shard") == std::string::npos);
}

TEST_CASE("a layout set by hand that does not fit is told the engine's layout - and an unsharded optimizer to shard it",
          "[analysis][memory]")
{
    const CommGroup node = placeGroup(extractFacts(golden::rail("dgx-h100", 4), golden::catalog()), 8, false);
    TrainingConfig c = preset("gpt3-175b");
    c.tp = 8;
    c.pp = 4;
    c.shardedOptimizer = false;
    const TrainingConfig laid = resolveLayout(c, 32, node, 80.0);
    // 175e9 / 32 x (4 + 12) B = 87.5 GB > 72 GB, and dp 1 leaves nothing to shard over: the
    // engine's deepest pipeline on 32 GPUs is the same, so only more GPUs hold it. 6 servers
    // do, at a pipeline depth that is no power of two (58.3 GB of state, 10.3 of activations).
    CHECK(laid.dp == 1);
    CHECK(stateMemoryPerGpuGB(laid) == Approx(87.5).epsilon(0.01));
    CHECK(memoryWaysOut(c, laid, 32, node, 80.0) ==
          "add GPUs and let the engine choose the layout: 48 GPUs (6 servers of 8) hold it at tensor 8 x pipeline 6 x data 1, "
          "68.6 GB per GPU; "
          "or pick GPUs with more memory");
    // On 64 GPUs dp 2 halves the optimizer state: sharding alone fits, and so does the engine's layout.
    const TrainingConfig laid64 = resolveLayout(c, 64, node, 80.0);
    CHECK(laid64.dp == 2);
    CHECK(stateMemoryPerGpuGB(laid64) == Approx(87.5).epsilon(0.01));
    const std::string ways64 = memoryWaysOut(c, laid64, 64, node, 80.0);
    CHECK(ways64 == "let the engine choose the layout: tensor 8 x pipeline 8 x data 1, 54.0 GB per GPU; or shard the optimizer: "
                    "tensor 8 x pipeline 4 x data 2, 65.0 GB per GPU; or pick GPUs with more memory");
}

TEST_CASE("the GPU count advised is the fewest whole servers whose engine layout holds the workload - swept",
          "[analysis][memory]")
{
    const CommGroup node = placeGroup(extractFacts(golden::rail("dgx-h100", 4), golden::catalog()), 8, false);
    const std::regex count("add GPUs: ([0-9,]+) GPUs");
    int checked = 0, recomputed = 0;
    for (const char* name : {"gpt3-175b", "llama3-405b", "megatron-530b", "megatron-1t"}) {
        for (const double memoryGB : {24.0, 48.0, 80.0, 141.0}) {
            for (const int gpus : {8, 16, 24, 64}) {
                const TrainingConfig c = preset(name);
                const TrainingConfig laid = resolveLayout(c, gpus, node, memoryGB);
                if (memoryPerGpuGB(laid) <= kMemoryLimitShare * memoryGB) continue;
                const std::string ways = memoryWaysOut(c, laid, gpus, node, memoryGB);
                INFO(name << " on " << gpus << " x " << memoryGB << " GB: " << ways);
                std::smatch m;
                if (!std::regex_search(ways, m, count)) {
                    // Where recomputing the activations is enough on these GPUs, that way comes
                    // first, and no GPUs are counted: it must fit.
                    REQUIRE(ways.rfind("full recompute: ", 0) == 0);
                    TrainingConfig full = laid;
                    full.recompute = Recompute::Full;
                    CHECK(memoryPerGpuGB(full) <= kMemoryLimitShare * memoryGB);
                    ++recomputed;
                    continue;
                }
                std::string digits = m[1];
                std::erase(digits, ',');
                const int advised = std::stoi(digits);
                // "full recompute and add GPUs": the count is for the workload recomputed.
                TrainingConfig asked = c;
                if (ways.rfind("full recompute and add GPUs: ", 0) == 0) {
                    asked.recompute = Recompute::Full;
                    ++recomputed;
                }
                CHECK(advised % 8 == 0);
                CHECK(advised > gpus);
                CHECK(engineLayoutFits(asked, advised, node, memoryGB));
                for (int fewer = gpus + 8; fewer < advised; fewer += 8) CHECK_FALSE(engineLayoutFits(asked, fewer, node, memoryGB));
                CHECK(ways.ends_with("; or pick GPUs with more memory"));
                ++checked;
            }
        }
    }
    std::printf("memory advice sweep: %d GPU counts checked, %d with full recompute\n", checked, recomputed);
    CHECK(checked >= 30);
    CHECK(recomputed >= 1);
}

TEST_CASE("a workload no cluster of these GPUs holds says so - and only that more memory helps", "[analysis][memory]")
{
    // A model of 2 layers of hidden size 65,536 (107 B parameters) on 24 GB RTX 4090s: at most
    // 2 stages and tensor parallel 4 (the workstation's GPUs), so the weights and gradients
    // alone (4 bytes a parameter, the optimizer sharded away) take 1.07e11 x 4 / 8 = 54 GB per
    // GPU, more than 21.6 GB, however many GPUs.
    const nlohmann::json wide = {{"name", "wide"}, {"layers", 2}, {"hidden", 65536}, {"heads", 64}, {"seq_len", 2048}, {"vocab", 32000}};
    const DesignAnalysis a = analyzeDesign(loadDesign(adviceTemplate("workstation-4x-rtx4090")), golden::catalog(), {{"model", wide}});
    REQUIRE(a.bottleneck.scope == Scope::Memory);
    CHECK(a.bottleneck.explanation.ends_with(
        "no link limits it; no cluster of up to 131,072 of these GPUs holds it: pick GPUs with more memory"));
}

TEST_CASE("tensor parallel that Megatron refuses or that crosses servers is refused - and never chosen", "[analysis][training]")
{
    const CommGroup node = placeGroup(extractFacts(golden::rail("dgx-h100", 4), golden::catalog()), 8, false);
    TrainingConfig c = preset("gpt3-175b"); // 96 heads
    CHECK(tensorParallelProblem(c.model, 8, 8, true).empty());
    CHECK(tensorParallelProblem(c.model, 3, 8, false).empty()); // inside one server: 96 heads / 3
    CHECK(tensorParallelProblem(c.model, 3, 8, true) ==
          "tensor parallel 3 does not divide the 8 GPUs of a server, so its groups would cross servers");
    CHECK(tensorParallelProblem(preset("llama3-70b").model, 16, 72, false) ==
          "tensor parallel 16 does not divide the 8 key/value heads of llama3-70b");
    TransformerModel odd = c.model;
    odd.name = "odd";
    odd.heads = odd.kvHeads = 20;
    CHECK(tensorParallelProblem(odd, 8, 8, false) == "tensor parallel 8 does not divide the 20 attention heads of odd");

    // Timed: tp 3 over 32 GPUs of 8-GPU servers is refused with the reason.
    c.tp = 3;
    c.pp = 2;
    c.dp = 5;
    c.globalBatch = 5;
    try {
        (void)predictStep(c, node, 989.0);
        FAIL("tp 3 across servers was timed");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()) == "tensor parallel 3 does not divide the 8 GPUs of a server, so its groups would cross servers");
    }
    // Chosen: GPT-3's shape with 20 heads needs model parallelism and is split 4 ways, never 8.
    TrainingConfig mine = preset("gpt3-175b");
    mine.model = odd;
    for (const int gpus : {32, 64, 128}) {
        const TrainingConfig laid = resolveLayout(mine, gpus, node, 80.0);
        CHECK(laid.tp == 4);
        CHECK(laid.pp > 1);
        CHECK_NOTHROW(predictStep(laid, node, 989.0));
    }
}

TEST_CASE("a hand-set layout the GPUs or the layers cannot take says which - never 'x dp 0'", "[analysis][training]")
{
    const CommGroup node = placeGroup(extractFacts(golden::rail("dgx-h100", 4), golden::catalog()), 8, false);
    TrainingConfig c = preset("gpt3-175b"); // 96 layers
    c.tp = 8;
    c.pp = 97;
    const auto why = [&](const TrainingConfig& t) {
        try {
            (void)resolveLayout(t, 256, node, 80.0);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(why(c) == "pipeline parallel 97 is more stages than the 96 layers of gpt3-175b");
    c.pp = 64;
    CHECK(why(c) == "tensor parallel 8 x pipeline parallel 64 needs 512 GPUs a replica, more than the 256 GPUs available");
    c.pp = 6;
    c.interleave = 5;
    CHECK(why(c) == "interleave 5 x pipeline parallel 6 does not divide the 96 layers of gpt3-175b (every virtual stage holds "
                    "the same number of layers)");
    c.interleave = 4;
    CHECK(why(c) == "accepted");
    c.interleave = 1;
    c.pp = 32;
    CHECK(why(c) == "accepted");
}

TEST_CASE("ways out for the activations name the layout the engine would choose with the change", "[analysis][memory]")
{
    // 6 DGX H100, llama3-8b at micro-batch 64: 329 GB of activations a GPU. Before: "micro-batch
    // 1: tensor 8 x pipeline 6 x data 1", the split the overflow forced, at 33.5 % MFU; with
    // micro-batch 1 the engine runs plain data parallel.
    const DesignAnalysis a =
        analyzeDesign(golden::rail("dgx-h100", 6), golden::catalog(), {{"workload", "llama3-8b"}, {"micro_batch", 64}});
    REQUIRE(a.hasStep);
    CHECK_FALSE(a.step.fitsInMemory);
    REQUIRE(memoryOverflowWarning(a.warnings) != nullptr);
    const std::string& w = *memoryOverflowWarning(a.warnings);
    CHECK(w.find("; micro-batch 1: tensor 1 x pipeline 1 x data 48, 70.6 GB per GPU; or full recompute: ") != std::string::npos);
    // Followed, each way fits.
    for (const nlohmann::json& change : {nlohmann::json{{"micro_batch", 1}}, nlohmann::json{{"micro_batch", 64}, {"recompute", "full"}}}) {
        nlohmann::json s = {{"workload", "llama3-8b"}};
        s.update(change);
        const DesignAnalysis fixed = analyzeDesign(golden::rail("dgx-h100", 6), golden::catalog(), s);
        CHECK(fixed.step.fitsInMemory);
    }
    // An interleave that leaves no pipeline depth for gpt3-175b's 96 layers: dropping it is the
    // way out, not "pick GPUs with more memory" alone.
    const DesignAnalysis v = analyzeDesign(golden::rail("dgx-h100", 6), golden::catalog(), {{"workload", "gpt3-175b"}, {"interleave", 1024}});
    REQUIRE(memoryOverflowWarning(v.warnings) != nullptr);
    CHECK(memoryOverflowWarning(v.warnings)->ends_with("; no interleaving: tensor 8 x pipeline 6 x data 1, 68.6 GB per GPU; or pick GPUs "
                                                       "with more memory"));
}

TEST_CASE("a lever whose run would not fit in GPU memory is listed as not possible, with no step", "[analysis][memory]")
{
    // The 8x L40S template trains llama3-8b with full recompute (30.3 GB a GPU). Before, its
    // no_recompute lever read "step 147 s, 28,461 tokens/s, MFU 56.9 %", a run of 64.6 GB on
    // 48 GB cards.
    const DesignAnalysis a = analyzeDesign(loadDesign(adviceTemplate("server-8x-l40s")), golden::catalog());
    REQUIRE(a.hasStep);
    REQUIRE(a.step.fitsInMemory);
    bool seen = false;
    for (const LeverEffect& l : a.levers) {
        if (l.lever != "no_recompute") continue;
        seen = true;
        CHECK(l.stepS == 0);
        CHECK(l.tokensPerSecond == 0);
        CHECK(l.description == "keep activations instead of recomputing them (needs the memory) (not possible in this layout: 64.6 GB "
                               "per GPU, more than the 43.2 GB that fit)");
    }
    CHECK(seen);
    // The levers that fit keep their figures.
    for (const LeverEffect& l : a.levers)
        if (l.lever != "no_recompute") CHECK(l.stepS > 0);
}
