// Layouts that leave GPUs idle: when no tensor x pipeline split whose replicas use every GPU
// fits in memory, the one that fits and uses the most GPUs, said in words; the scaling curves
// of 31 DGX H100 stay those of 30 and 32.
#include "test_analysis_support.hpp"

#include "model/analysis/analysis_json.hpp"
#include "model/analysis/memory_fit.hpp"
#include "model/analysis/scaling.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

using namespace model;
using namespace model::analysis;

namespace {

/// GPT-3 175B state per GPU as resolveLayout counts it: BF16 weights and gradients (4 B a
/// parameter) and Adam state (12 B) sharded over the data-parallel replicas, decimal GB.
double stateGB(int tp, int pp, int dp)
{
    return parameterCount(presetModel("gpt3-175b")) / (tp * pp) * (4.0 + 12.0 / dp) / 1e9;
}

bool anyWarningStarts(const DesignAnalysis& a, const std::string& start)
{
    return std::any_of(a.warnings.begin(), a.warnings.end(), [&](const std::string& w) { return w.rfind(start, 0) == 0; });
}

/// The SuperPOD template (32 DGX H100) with its last `remove` servers deleted, as a user does.
Design superpodLess(int remove)
{
    Design d = loadDesign(defaultDesignPath());
    std::vector<Id> servers;
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server) servers.push_back(id);
    for (int i = 0; i < remove; ++i) d.removeNode(servers[servers.size() - 1 - static_cast<std::size_t>(i)]);
    return d;
}

double pointAt(const std::vector<ScalingPoint>& curve, int gpus)
{
    for (const auto& p : curve)
        if (p.gpus == gpus) return p.efficiency;
    FAIL("no scaling point at " << gpus << " GPUs");
    return 0;
}

} // namespace

TEST_CASE("layout: the fitting split that uses the most GPUs, the rest idle and said so", "[scaling][layout]")
{
    // 248 GPUs (31 DGX H100), GPT-3 175B: tp 8 x pp 1 x dp 31 does not fit (175e9/8 x (4 +
    // 12/31) = 96 GB of state); the other replicas that divide 248 need 31 stages, whose largest
    // holds 4 of the 96 layers as 24 stages' do (31 x 4 / 96 = 1.29 times the work), so tp 8 x
    // pp 2 x dp 15 = 240 GPUs (175e9/16 x (4 + 12/15) = 52.5 GB of state, 10.3 of
    // activations), 8 idle, keeps more of them usefully busy.
    const DesignAnalysis a = analyzeDesign(golden::rail("dgx-h100", 31), golden::catalog(), {{"workload", "gpt3-175b"}});
    REQUIRE(a.hasStep);
    CHECK(a.step.tp == 8);
    CHECK(a.step.pp == 2);
    CHECK(a.step.dp == 15);
    CHECK(a.step.gpus == 240);
    CHECK(a.step.idleGpus == 8);
    CHECK(a.step.stateGB == Approx(stateGB(8, 2, 15)).epsilon(1e-9));
    CHECK(a.step.activationsGB == Approx(10.268).epsilon(0.001));
    CHECK_FALSE(anyWarningStarts(a, kWorkloadExceedsGpuMemory));
    REQUIRE(anyWarningStarts(a, "8 of the 248 GPUs idle"));
    const auto note = std::find_if(a.warnings.begin(), a.warnings.end(), [](const std::string& w) { return w.rfind("8 of", 0) == 0; });
    CHECK(*note == "8 of the 248 GPUs idle: tensor parallel 8 x pipeline parallel 2 (16 GPUs a replica) x 15 data-parallel "
                   "replicas uses 240 GPUs, because that keeps more GPUs usefully busy than any layout that uses every GPU, whose "
                   "uneven pipeline stages or larger pipeline bubble cost more");
    // The JSON the CLI prints carries the count.
    CHECK(toJson(a, true)["step"]["idle_gpus"] == 8);

    // A split that uses every GPU is still preferred: 30 and 32 servers idle nothing.
    for (int servers : {30, 32}) {
        const DesignAnalysis full = analyzeDesign(golden::rail("dgx-h100", servers), golden::catalog(), {{"workload", "gpt3-175b"}});
        REQUIRE(full.hasStep);
        CHECK(full.step.idleGpus == 0);
        CHECK(full.step.gpus == 8 * servers);
        CHECK(std::none_of(full.warnings.begin(), full.warnings.end(), [](const std::string& w) { return w.find("GPUs idle") != std::string::npos; }));
    }

    // tp and pp set by hand to a replica that does not divide the GPUs: idle, and the words say why.
    const DesignAnalysis hand = analyzeDesign(golden::rail("dgx-h100", 32), golden::catalog(), {{"workload", "gpt3-175b"}, {"tp", 8}, {"pp", 3}});
    REQUIRE(hand.hasStep);
    CHECK(hand.step.dp == 10);
    CHECK(hand.step.idleGpus == 16);
    CHECK(anyWarningStarts(hand, "16 of the 256 GPUs idle: tensor parallel 8 x pipeline parallel 3 (24 GPUs a replica) x 10 "
                                 "data-parallel replicas uses 240 GPUs, because 256 is not a multiple of the 24 GPUs of a replica set"));
}

TEST_CASE("layout sweep: 1 to 40 DGX H100 and a few odd counts, GPT-3 175B", "[scaling][layout]")
{
    std::vector<int> counts;
    for (int n = 1; n <= 40; ++n) counts.push_back(n);
    counts.insert(counts.end(), {47, 63});
    for (int servers : counts) {
        const int gpus = 8 * servers;
        CAPTURE(servers, gpus);
        const DesignAnalysis a = analyzeDesign(golden::rail("dgx-h100", servers), golden::catalog(), {{"workload", "gpt3-175b"}});
        REQUIRE(a.hasStep);
        if (servers <= 5) {
            // 1 to 5 servers: no split holds 175 B parameters' state and 10.3 GB of activations
            // in 72 GB (5 servers: tp 8 x pp 5, 73 GB of state).
            CHECK(anyWarningStarts(a, kWorkloadExceedsGpuMemory));
            continue;
        }
        CHECK_FALSE(anyWarningStarts(a, kWorkloadExceedsGpuMemory));
        CHECK(a.step.memoryPerGpuGB <= 0.9 * 80.0);
        CHECK(a.step.memoryPerGpuGB == Approx(a.step.stateGB + a.step.activationsGB));
        CHECK(a.step.tp == 8); // tensor parallel fills the NVLink domain: never tp 2 x pp 25
        CHECK(a.step.gpus == a.step.tp * a.step.pp * a.step.dp);
        CHECK(a.step.idleGpus == gpus - a.step.gpus);
        CHECK(a.step.idleGpus < a.step.tp * a.step.pp); // fewer idle than one more replica needs
        CHECK(a.step.gpus >= 0.9 * gpus);
        // 6 and 7 servers: tp 8 x pp 6 and 7 (14 layers on the largest of 7 stages); 11: pp 11
        // (9 layers on the largest) keeps all 88 busy, as pp 7 does on 35 (280 GPUs, against tp 8
        // x pp 2 x dp 17 = 272); 9, 12, 15 and 21: pp 3; from 22 servers tp 8 x pp 2 fits with
        // dp 11 or more.
        const std::map<int, int> depth = {{6, 6}, {7, 7}, {9, 3}, {11, 11}, {12, 3}, {15, 3}, {21, 3}, {35, 7}};
        if (const auto it = depth.find(servers); it != depth.end()) {
            CHECK(a.step.pp == it->second);
            CHECK(a.step.idleGpus == 0);
        }
        if (servers >= 22 && servers % 3 != 0 && !depth.contains(servers)) CHECK(a.step.pp == 2);
        CHECK(anyWarningStarts(a, std::to_string(a.step.idleGpus) + " of the " + std::to_string(gpus) + " GPUs idle") ==
              (a.step.idleGpus > 0));
        REQUIRE_FALSE(a.scaling.empty());
        CHECK(a.scaling.back().gpus == gpus);
    }
}

TEST_CASE("scaling of 31 servers matches 30 and 32 (SuperPOD template less servers)", "[scaling][layout]")
{
    const DesignAnalysis s30 = analyzeDesign(superpodLess(2), golden::catalog());
    const DesignAnalysis s31 = analyzeDesign(superpodLess(1), golden::catalog());
    const DesignAnalysis s32 = analyzeDesign(superpodLess(0), golden::catalog());
    REQUIRE(s31.gpus == 248);
    for (const DesignAnalysis* a : {&s30, &s31, &s32}) REQUIRE(a->hasStep);
    CHECK(s31.step.idleGpus == 8);
    // Weak scaling at 16 GPUs: the same tp 8 x pp 2 replica with 8 micro-batches in all three
    // (before: 39.4 % at 31 servers against 73.5 % at 30 and 32).
    CHECK(pointAt(s31.scaling, 16) == Approx(pointAt(s32.scaling, 16)).epsilon(0.01));
    CHECK(pointAt(s31.scaling, 16) == Approx(pointAt(s30.scaling, 16)).epsilon(0.01));
    for (int n : {1, 2, 4, 8, 32, 64, 128})
        CHECK(pointAt(s31.scaling, n) == Approx(pointAt(s32.scaling, n)).epsilon(0.01));
    // The whole design: 240 busy GPUs of 248 against 240 of 240, so at most the 8 idle GPUs' share lower.
    const double last31 = s31.scaling.back().efficiency, last30 = s30.scaling.back().efficiency;
    CHECK(last31 <= last30 * 1.001);
    CHECK(last31 >= last30 * 240.0 / 248.0 * 0.99);
    // Strong scaling over the same GPU counts agrees within 2 %: the global batch is 120
    // sequences against 128 (15 replicas x 8 micro-batches against 16 x 8), so at 128 GPUs each
    // pipeline spreads its bubble and gradient reduction over 15 micro-batches, not 16
    // (82.6 % against 83.5 %).
    // The 31-server curve ends on its own 240 busy GPUs, a count the 32-server one (256) has not.
    REQUIRE(s31.scalingStrong.size() >= 4);
    CHECK(s31.scalingStrong.back().gpus == 240);
    for (const auto& p : s31.scalingStrong)
        if (p.gpus != 240) CHECK(p.efficiency == Approx(pointAt(s32.scalingStrong, p.gpus)).epsilon(0.02));
}

TEST_CASE("a hand-set pipeline depth that no replica fits in the GPUs says so, not that memory is short", "[scaling][layout]")
{
    // 6 DGX H100, gpt3-175b, pp 5 by hand: tp 8 x pp 5 = 40 GPUs a replica, 8 of 48 idle. Before:
    // "because no layout whose replicas use every GPU fits gpt3-175b in GPU memory", beside
    // advice naming tp 8 x pp 6, which uses all 48 and fits.
    const DesignAnalysis a = analyzeDesign(golden::rail("dgx-h100", 6), golden::catalog(), {{"workload", "gpt3-175b"}, {"pp", 5}});
    REQUIRE(a.hasStep);
    CHECK(a.step.idleGpus == 8);
    CHECK(anyWarningStarts(a, "8 of the 48 GPUs idle: tensor parallel 8 x pipeline parallel 5 (40 GPUs a replica) x 1 "
                              "data-parallel replica uses 40 GPUs, because no replica with the pipeline parallel 5 set for this "
                              "design divides the 48 GPUs"));
}

TEST_CASE("a global batch past the largest one a run may hold is refused in words, never overflowed", "[scaling][layout]")
{
    // 32 GB200 NVL72 racks (2,304 GPUs), llama3-8b, micro-batch 1,048,576 at tp 1 x pp 1: dp
    // 2,304 x 1,048,576 sequences overflowed an int. Before: "tp, pp, dp, interleave,
    // micro-batch and global batch must all be >= 1".
    TrainingConfig c = golden::presetRun("llama3-8b", 1, 1, 0, 0);
    c.microBatch = 1 << 20;
    const CommGroup node = placeGroup(extractFacts(golden::rail("dgx-h100", 4), golden::catalog()), 8, false);
    try {
        (void)resolveLayout(c, 2304, node, 0.0);
        FAIL("accepted");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()) == "a global batch of data parallel 2,304 x micro-batch 1,048,576 x 1 micro-batch = 2,415,919,104 "
                                       "sequences, more than the 1,073,741,824 one may hold");
    }
    // At the largest batch that fits it is accepted.
    c.microBatch = (1 << 30) / 2304;
    CHECK(resolveLayout(c, 2304, node, 0.0).globalBatch == 2304 * ((1 << 30) / 2304));
}

TEST_CASE("the layout search tries the fewest stages for each largest-stage size - not every depth", "[scaling][layout]")
{
    // gpt3-175b's 96 layers: 17 stages hold 6 on the largest, as 16 do; the search never picks
    // 17 (nor any depth a shallower one matches), however many GPUs there are.
    const CommGroup node = placeGroup(extractFacts(golden::rail("dgx-h100", 4), golden::catalog()), 8, false);
    TrainingConfig c;
    c.model = presetModel("gpt3-175b");
    c.recompute = Recompute::Selective;
    c.sequenceParallel = true;
    c.shardedOptimizer = true;
    for (int servers = 6; servers <= 80; ++servers) {
        CAPTURE(servers);
        c.tp = c.pp = c.dp = c.globalBatch = 0;
        const TrainingConfig laid = resolveLayout(c, 8 * servers, node, 80.0);
        const int largest = stageLayers(c.model, laid.pp);
        CHECK((96 + largest - 1) / largest == laid.pp);
    }
}

TEST_CASE("a global batch set for the design takes a layout whose data parallel divides it - never one the engine refuses",
          "[scaling][layout]")
{
    // 6 DGX H100, llama3-70b, global batch 47 (prime): before, the engine chose dp 3 and then
    // refused it ("global batch 47 is not a multiple of dp x micro-batch = 3").
    for (int batch : {1, 2, 3, 47, 48, 1536, 1 << 30}) {
        CAPTURE(batch);
        const DesignAnalysis a =
            analyzeDesign(golden::rail("dgx-h100", 6), golden::catalog(), {{"workload", "llama3-70b"}, {"global_batch", batch}});
        REQUIRE(a.hasStep);
        CHECK(a.step.globalBatch == batch);
        CHECK(batch % (a.step.dp * a.step.microBatch) == 0);
        CHECK(a.step.fitsInMemory);
        // The 4x gradient-accumulation lever of a 2^30 batch would pass the largest batch one
        // may hold: it is not possible, never an overflowed int (the sanitizer build caught it).
        for (const LeverEffect& l : a.levers)
            if (l.lever == "gradient_accumulation_x4") CHECK((l.stepS > 0) == (batch <= (1 << 30) / 4));
    }
    // A batch no micro-batch count divides is refused in words.
    const DesignAnalysis odd = analyzeDesign(golden::rail("dgx-h100", 6), golden::catalog(),
                                             {{"workload", "llama3-70b"}, {"global_batch", 47}, {"micro_batch", 2}});
    CHECK_FALSE(odd.hasStep);
    CHECK(anyWarningStarts(odd, "workload llama3-70b cannot run on this design: global batch 47 is not a multiple of the micro-batch 2"));
}

TEST_CASE("idle GPUs under a layout or batch set by hand give the true reason - and a hand-set dp never names an impossible split",
          "[scaling][layout]")
{
    const auto note = [](const DesignAnalysis& a) {
        for (const auto& w : a.warnings)
            if (w.find(" GPUs idle: ") != std::string::npos) return w.substr(w.find(", because ") + 10);
        return std::string();
    };
    // 6 DGX H100, llama3-70b, tp 8 x pp 2 by hand and a global batch of 47: 48 GPUs take 3
    // replicas of 16, but 47 is not a multiple of 3. Before: "48 is not a multiple of the 16
    // GPUs of a replica".
    const DesignAnalysis a = analyzeDesign(golden::rail("dgx-h100", 6), golden::catalog(),
                                           {{"workload", "llama3-70b"}, {"tp", 8}, {"pp", 2}, {"global_batch", 47}});
    REQUIRE(a.hasStep);
    CHECK(a.step.dp == 1);
    CHECK(note(a) == "data parallel x micro-batch must divide the global batch of 47 sequences set for this design");
    // tp 8 x pp 3 by hand on 40 GPUs: 40 is not a multiple of 24.
    const DesignAnalysis b = analyzeDesign(golden::rail("dgx-h100", 5), golden::catalog(),
                                           {{"workload", "llama3-70b"}, {"tp", 8}, {"pp", 3}});
    REQUIRE(b.hasStep);
    CHECK(note(b) == "40 is not a multiple of the 24 GPUs of a replica set for this design");
    // A data parallel set by hand that no split fits in memory: the memory warning, never a
    // refusal naming a depth nobody set ("tp 8 x pp 6 x dp 4 needs more than the 48 GPUs").
    for (int dp : {4, 5, 7, 12}) {
        CAPTURE(dp);
        const DesignAnalysis d =
            analyzeDesign(golden::rail("dgx-h100", 6), golden::catalog(), {{"workload", "llama3-70b"}, {"dp", dp}});
        REQUIRE(d.hasStep);
        CHECK(d.step.dp == dp);
        CHECK(d.step.tp * d.step.pp * dp <= 48);
    }
}
