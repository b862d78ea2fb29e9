// `--workload NAME` (analyze, compare, report): a preset, or the design's own model by name.
#include "model/analysis/analysis.hpp"
#include "model/analysis/training.hpp"
#include "model/compare/design_results.hpp"
#include "model/cost/price_table.hpp"
#include "model/design/design.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"
#include "model/catalog/catalog.hpp"

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

using namespace model;
using namespace model::analysis;

namespace {
nlohmann::json ownLlama()
{
    return {{"name", "llama3.2-1b"}, {"layers", 16}, {"hidden", 2048}, {"heads", 32}, {"kv_heads", 8}, {"ffn", 8192},
            {"seq_len", 4096}, {"vocab", 128256}, {"swiglu", true}, {"params", 1.24e9}};
}
} // namespace

TEST_CASE("the workload option takes a preset, or the name of the design's own model", "[training][workload]")
{
    SECTION("the workstation template's own llama3.2-1b is accepted and kept as the design has it")
    {
        const Design ws = loadDesign(bundledTemplateDirectory() + "/workstation-4x-rtx4090.json");
        CHECK(ownModelName(ws.analysis) == "llama3.2-1b");
        const nlohmann::json s = settingsWithWorkload(ws.analysis, "llama3.2-1b");
        CHECK(s == ws.analysis);
        const TrainingConfig c = trainingConfigFromJson(s, "ws.json");
        CHECK(c.model.name == "llama3.2-1b");
        CHECK(c.model.layers == 16);
        CHECK(c.model.seqLen == 4096);
    }
    SECTION("a preset's name means the preset, even where the design's own model is named like it")
    {
        nlohmann::json a = {{"model", ownLlama()}, {"tp", 2}, {"pp", 2}};
        a["model"]["name"] = "llama3-8b"; // a custom model wearing a preset's name
        const nlohmann::json s = settingsWithWorkload(a, "llama3-8b");
        CHECK_FALSE(s.contains("model"));
        CHECK_FALSE(s.contains("tp")); // the layout was chosen for the other model
        CHECK_FALSE(s.contains("pp"));
        const TrainingConfig c = trainingConfigFromJson(s, "x.json");
        CHECK(c.model.layers == 32); // Llama 3 8B's 32 layers, not the custom 16
        CHECK(c.model.hidden == 4096);
        // Its own analysis labels the custom model apart from the preset (it printed "Weak
        // scaling of llama3-8b" for a 1.24-billion-parameter model), and the label picks it.
        CHECK(ownModelName(a) == "llama3-8b (own model)");
        CHECK(trainingConfigFromJson(a, "x.json").model.name == "llama3-8b (own model)");
        CHECK(trainingConfigFromJson(a, "x.json").model.layers == 16);
        CHECK(settingsWithWorkload(a, "llama3-8b (own model)") == a);
        // Blanks around it or capitals do not make another name.
        for (const char* like : {"llama3-8b ", " llama3-8b", "LLAMA3-8B", "llama3-8b\xC2\xA0"}) {
            a["model"]["name"] = like;
            INFO(like);
            CHECK(ownModelLabel(like).find(" (own model)") != std::string::npos);
            CHECK(trainingConfigFromJson(a, "x.json").model.name.find(" (own model)") != std::string::npos);
        }
        CHECK(ownModelLabel(" llama3-8b ") == "llama3-8b (own model)");
        CHECK(ownModelLabel(" my model ") == "my model");
    }
    SECTION("a model name with a control character is refused, naming the field")
    {
        for (const char* name : {"llama\n;x", "tab\tname", "bell\x07", "next\xC2\x85line", "rtl\xE2\x80\xAEtxt", "zero\xE2\x80\x8Bwidth",
                                 "bom\xEF\xBB\xBF", "ls\xE2\x80\xA8x", "ps\xE2\x80\xA9x", "alm\xD8\x9Cx", "shy\xC2\xADx", "cgj\xCD\x8Fx",
                                 "mvs\xE1\xA0\x8Ex", "hf\xE1\x85\x9Fx", "hangul\xE3\x85\xA4x", "iaa\xEF\xBF\xB9x", "tag\xF3\xA0\x80\x81x"}) {
            nlohmann::json a = {{"model", ownLlama()}};
            a["model"]["name"] = name;
            try {
                (void)trainingConfigFromJson(a, "x.json");
                FAIL("expected a refusal");
            } catch (const InputError& e) {
                CHECK(std::string(e.what()).find("x.json") != std::string::npos);
                CHECK(std::string(e.what()).find("analysis.model") != std::string::npos);
                CHECK(std::string(e.what()).find("expected a name ") != std::string::npos);
            }
        }
        nlohmann::json longName = {{"model", ownLlama()}};
        longName["model"]["name"] = std::string(101, 'x');
        CHECK_THROWS_WITH(trainingConfigFromJson(longName, "x.json"), Catch::Contains("expected a name of at most 100 characters, got 101"));
        longName["model"]["name"] = std::string(100, 'x');
        CHECK(trainingConfigFromJson(longName, "x.json").model.name == std::string(100, 'x'));
        nlohmann::json ok = {{"model", ownLlama()}};
        ok["model"]["name"] = "llämä \"1b\"";
        CHECK(trainingConfigFromJson(ok, "x.json").model.name == "llämä \"1b\"");
    }
    SECTION("the preset the design already trains keeps its layout; another preset drops it")
    {
        const nlohmann::json a = {{"workload", "llama3-70b"}, {"tp", 8}, {"pp", 4}, {"micro_batch", 2}};
        const nlohmann::json same = settingsWithWorkload(a, "llama3-70b");
        CHECK(same == a);
        const nlohmann::json other = settingsWithWorkload(a, "gpt3-175b");
        CHECK(other == nlohmann::json{{"workload", "gpt3-175b"}});
        // No workload key trains gpt3-175b (trainingConfigFromJson's default): its layout stays.
        const nlohmann::json dflt = settingsWithWorkload({{"tp", 8}}, "gpt3-175b");
        CHECK(dflt.value("tp", 0) == 8);
    }
    SECTION("any other name is refused, naming the presets and the design's own model")
    {
        const std::string presets = "gpt3-175b, llama3-8b, llama3-70b, llama3-405b, megatron-22b, megatron-530b, megatron-1t";
        try {
            (void)settingsWithWorkload({{"model", ownLlama()}}, "nope");
            FAIL("expected a refusal");
        } catch (const std::invalid_argument& e) {
            CHECK(std::string(e.what()) == "--workload: expected one of " + presets + ", or the design's own model \"llama3.2-1b\"; got \"nope\"");
        }
        try {
            (void)settingsWithWorkload({{"workload", "llama3-8b"}}, "llama3.2-1b");
            FAIL("expected a refusal");
        } catch (const std::invalid_argument& e) {
            CHECK(std::string(e.what()) == "--workload: expected one of " + presets + "; got \"llama3.2-1b\"");
        }
    }
    SECTION("an unnamed or blank-named own model is called custom, in the analysis and for --workload")
    {
        nlohmann::json a = {{"model", ownLlama()}};
        a["model"]["name"] = " ";
        CHECK(ownModelName(a) == "custom");
        CHECK(trainingConfigFromJson(a, "x.json").model.name == "custom");
        CHECK(settingsWithWorkload(a, "custom") == a);
        a["model"].erase("name");
        CHECK(ownModelName(a) == "custom");
    }
    SECTION("compare and report apply it through the same settings")
    {
        Design d;
        d.analysis = {{"model", ownLlama()}, {"tp", 2}};
        compare::ResultOptions o;
        o.workload = "llama3.2-1b";
        CHECK(compare::settingsFor(d, o) == d.analysis);
        o.workload = "llama3-8b";
        CHECK(compare::settingsFor(d, o) == nlohmann::json{{"workload", "llama3-8b"}});
    }
}

TEST_CASE("a design that names no workload trains gpt3-175b where it fits, else the largest preset that does", "[training][workload]")
{
    const Catalog cat = Catalog::loadBundled();
    const auto server = [&](const char* id) { return topology::generateSingleServer(cat, {id, ""}); };
    // `nodes` DGX H100 on a QM9700 fat tree, as `generate fat-tree --nodes N` builds them.
    const auto dgxFatTree = [&](int nodes) {
        topology::FatTreeOptions o;
        o.server = "dgx-h100";
        o.nodes = nodes;
        o.switchModel = "qm9700";
        return topology::generateFatTree(cat, o);
    };
    SECTION("one DGX H100: GPT-3 175B needs 360 GB per GPU of its 72 GB; Megatron 22B fits")
    {
        const DesignAnalysis a = analyzeDesign(server("dgx-h100"), cat);
        CHECK(a.workload == "megatron-22b");
        CHECK(a.workloadNote ==
              "the design names no workload: megatron-22b, the largest preset that fits in GPU memory (gpt3-175b laid out on these 8 "
              "GPUs needs 360 GB per GPU, more than the 72 GB allowed of the H100 SXM5 80GB's memory); analysis.workload chooses another");
        CHECK(a.step.fitsInMemory);
        CHECK_FALSE(a.scaling.empty());
        CHECK(a.bottleneck.scope != Scope::Memory);
    }
    SECTION("the need named is that of the layout found for these GPUs, which says how many")
    {
        // 4 DGX H100 lay GPT-3 175B out at 98 GB per GPU (87.5 of state at tp 8 x pp 4, 10.3 of
        // activations), 5 at 84 (tp 8 x pp 5: 20 layers on the largest stage, 73 GB of
        // state): the note names the GPU count each figure is for. 6 and 7 hold it (next
        // section).
        for (const auto& [nodes, words] : {std::pair{4, "gpt3-175b laid out on these 32 GPUs needs 98 GB per GPU"},
                                           {5, "gpt3-175b laid out on these 40 GPUs needs 84 GB per GPU"}}) {
            const DesignAnalysis a = analyzeDesign(dgxFatTree(nodes), cat);
            INFO(nodes << " DGX H100: " << a.workloadNote);
            CHECK(a.workloadNote.find(words) != std::string::npos);
        }
    }
    SECTION("6 and 7 DGX H100 hold GPT-3 175B at pipeline depths of 6 and 7 (14 layers on the largest of 7 stages)")
    {
        const DesignAnalysis a = analyzeDesign(dgxFatTree(6), cat);
        CHECK(a.workload == "gpt3-175b");
        CHECK(a.workloadNote.empty());
        CHECK(a.step.tp == 8);
        CHECK(a.step.pp == 6);
        CHECK(a.step.idleGpus == 0);
        CHECK(a.step.stateGB == Approx(58.3).epsilon(0.001));
        CHECK(a.step.activationsGB == Approx(10.268).epsilon(0.001));
        CHECK(a.step.fitsInMemory);
        const DesignAnalysis seven = analyzeDesign(dgxFatTree(7), cat);
        CHECK(seven.workload == "gpt3-175b");
        CHECK(seven.step.tp == 8);
        CHECK(seven.step.pp == 7);
        CHECK(seven.step.idleGpus == 0);
        // 175e9 / 56 x (7 x 14 / 96) x (4 + 12) B of state; 14 layers x 7 micro-batches in flight.
        CHECK(seven.step.stateGB == Approx(175e9 / 56 * (7.0 * 14 / 96) * 16 / 1e9).epsilon(0.01));
        CHECK(seven.step.activationsGB == Approx(10.268 * 98 / 96).epsilon(0.001));
        CHECK(seven.step.memoryPerGpuGB <= 72.0);
    }
    SECTION("one DGX B200 (180 GB per GPU): Llama 3 70B needs 164 GB, over the 162 allowed; Megatron 22B fits")
    {
        const DesignAnalysis a = analyzeDesign(server("dgx-b200"), cat);
        CHECK(a.workload == "megatron-22b");
        CHECK(a.workloadNote.find("(gpt3-175b laid out on these 8 GPUs needs") != std::string::npos);
        CHECK(a.step.fitsInMemory);
        Design d = server("dgx-b200");
        d.analysis["workload"] = "llama3-70b";
        const DesignAnalysis seventy = analyzeDesign(d, cat);
        CHECK(seventy.step.stateGB == Approx(141).epsilon(0.01));       // 70.6e9 / 8 x 16 B
        CHECK(seventy.step.activationsGB == Approx(22.8).epsilon(0.01)); // 34 s h / 8 x 80 layers, s = h = 8192
        CHECK_FALSE(seventy.step.fitsInMemory);
        // Full recompute keeps 2 s h / 8 a layer: it fits.
        d.analysis["recompute"] = "full";
        CHECK(analyzeDesign(d, cat).step.fitsInMemory);
    }
    SECTION("32 DGX H100 hold GPT-3 175B: the default stays, with no note")
    {
        const DesignAnalysis a = analyzeDesign(dgxFatTree(32), cat);
        CHECK(a.workload == "gpt3-175b");
        CHECK(a.workloadNote.empty());
    }
    SECTION("a workload the design names is kept even where it does not fit")
    {
        Design d = server("dgx-h100");
        d.analysis["workload"] = "gpt3-175b";
        const DesignAnalysis a = analyzeDesign(d, cat);
        CHECK(a.workload == "gpt3-175b");
        CHECK(a.workloadNote.empty());
        CHECK(a.bottleneck.scope == Scope::Memory);
    }
    SECTION("nothing fits 4 x 24 GB: gpt3-175b stays and the memory bottleneck says so")
    {
        const DesignAnalysis a = analyzeDesign(server("ws-4x-rtx4090"), cat);
        CHECK(a.workload == "gpt3-175b");
        // Before: no note, so nothing said why a 4-GPU box was asked to train GPT-3 175B.
        CHECK(a.workloadNote ==
              "the design names no workload and no preset fits in GPU memory (gpt3-175b laid out on these 4 GPUs needs 782 GB per GPU, "
              "more than the 21.6 GB allowed of the GeForce RTX 4090's memory; the smallest preset, llama3-8b, needs 69 GB); "
              "analysis.model trains a model of your own");
        CHECK(a.bottleneck.scope == Scope::Memory);
    }
    SECTION("a layout setting no preset can follow is named as the reason, never GPU memory")
    {
        // tensor parallel 3 on DGX H100s: the note read "no preset fits in GPU memory ... llama3-8b
        // needs more GPUs" on 256 H100s (helper-80).
        Design d = dgxFatTree(32);
        d.analysis["tp"] = 3;
        const DesignAnalysis a = analyzeDesign(d, cat);
        CHECK(a.workload == "gpt3-175b");
        CHECK(a.workloadNote == "the design names no workload, and no preset can be laid out with its settings on these 256 GPUs "
                                "(gpt3-175b: tensor parallel 3 does not divide the 8 GPUs of a server, so its groups would cross servers)");
        CHECK(a.workloadNote.find("memory") == std::string::npos);
        CHECK_FALSE(a.hasStep);
        CHECK(a.bottleneck.explanation.find("gpt3-175b cannot run on this design: tensor parallel 3 does not divide the 8 GPUs") != std::string::npos);
    }
    SECTION("on one server the smallest preset's reason is its layout, not 'more GPUs'")
    {
        // helper-83: one DGX H100 at tp 3 read "the smallest preset, llama3-8b, needs more GPUs".
        Design d = server("dgx-h100");
        d.analysis["tp"] = 3;
        const DesignAnalysis a = analyzeDesign(d, cat);
        CHECK(a.workloadNote.find("; the smallest preset, llama3-8b, cannot be laid out on these GPUs: tensor parallel 3 does not divide "
                                  "the 32 attention heads of llama3-8b)") != std::string::npos);
        CHECK(a.workloadNote.find("needs more GPUs") == std::string::npos);
    }
}

TEST_CASE("the training run of a design that names no workload is sized for the preset the analysis picked", "[training][workload][cost]")
{
    // One DGX H100 trains megatron-22b (GPT-3 175B does not fit): 20 tokens per parameter of
    // 22 B = 440 B tokens, not GPT-3's 3.5 T (the run read 8x too long before).
    const Catalog cat = Catalog::loadBundled();
    const cost::PriceTable prices = cost::loadPriceTable(cost::bundledPricesPath());
    const auto d = std::make_shared<const Design>(topology::generateSingleServer(cat, {"dgx-h100", ""}));
    const compare::DesignResults r = compare::computeDesignResults(d, cat, prices, {}, "");
    REQUIRE(r.analysis);
    REQUIRE(r.cost);
    CHECK(r.analysis->workload == "megatron-22b");
    CHECK(r.cost->run.workload == "megatron-22b");
    CHECK(r.cost->run.tokens == Approx(440e9));
    CHECK(r.cost->run.available);
    CHECK(r.cost->run.seconds == Approx(440e9 / r.analysis->step.tokensPerSecond));
}

TEST_CASE("a design whose own model name is refused is named by its file in the results a report and compare read", "[training][workload]")
{
    // Before: 'The engine could not analyse this design: <design>: entry "analysis.model" ...',
    // and compare's 'A cannot run the workload: ... <design>: ...'.
    const Catalog cat = Catalog::loadBundled();
    Design d = topology::generateSingleServer(cat, {"dgx-h100", ""});
    d.analysis["model"] = ownLlama();
    d.analysis["model"]["name"] = "two\nlines";
    const compare::DesignResults r = compare::computeDesignResults(std::make_shared<const Design>(d), cat,
                                                                   cost::loadPriceTable(cost::bundledPricesPath()), {}, "/tmp/two-lines.json");
    // The links are still analysed; the step is not, and says why without a placeholder.
    REQUIRE(r.analysis);
    CHECK_FALSE(r.analysis->hasStep);
    CHECK(r.analysis->workloadError.rfind("entry \"analysis.model\": field \"name\": expected a name on one line", 0) == 0);
    CHECK(r.analysis->bottleneck.explanation.find("<design>") == std::string::npos);
    REQUIRE(r.cost);
    CHECK(r.cost->run.whyNot.find("/tmp/two-lines.json") != std::string::npos);
    CHECK(r.cost->run.whyNot.find("<design>") == std::string::npos);
}

TEST_CASE("a preset named with blanks around it is that preset, in a design and in --workload", "[training][workload]")
{
    nlohmann::json a = {{"workload", " llama3-8b\t"}, {"tp", 2}, {"pp", 1}};
    const TrainingConfig c = trainingConfigFromJson(a, "d.json");
    CHECK(c.model.name == presetModel("llama3-8b").name);
    CHECK(c.model.layers == presetModel("llama3-8b").layers);
    CHECK(c.tp == 2);
    // The design's own workload, asked for with other blanks: the layout chosen for it stays.
    const nlohmann::json same = settingsWithWorkload(a, "llama3-8b ");
    CHECK(same.at("workload") == "llama3-8b");
    CHECK(same.at("tp") == 2);
    // Another preset still drops it.
    const nlohmann::json other = settingsWithWorkload(a, "\u00a0gpt3-175b");
    CHECK(other.at("workload") == "gpt3-175b");
    CHECK_FALSE(other.contains("tp"));
    // Unicode blanks too, as --workload trims them (helper-83: U+202F, U+2007 and U+3000).
    for (const char* blank : {"\u202f", "\u2007", "\u3000", "\u00a0", "\u2009"}) {
        INFO("blank U+" << std::hex << static_cast<int>(static_cast<unsigned char>(blank[2])));
        a["workload"] = std::string(blank) + "llama3-8b" + blank;
        CHECK(trainingConfigFromJson(a, "d.json").model.layers == presetModel("llama3-8b").layers);
    }
    // Letter case does not make another preset (helper-82: "\tLLAMA3-8B" was refused).
    a["workload"] = "\tLLAMA3-8B";
    CHECK(trainingConfigFromJson(a, "d.json").model.layers == presetModel("llama3-8b").layers);
    CHECK(settingsWithWorkload(a, " Llama3-8B").at("workload") == "llama3-8b");
    CHECK(settingsWithWorkload(a, " Llama3-8B").at("tp") == 2); // the design's own workload: its layout stays
    CHECK(canonicalWorkload(" GPT3-175B ") == "gpt3-175b");
    CHECK(canonicalWorkload(" my-model ") == "my-model");
    // Blanks inside a name are no preset.
    a["workload"] = "llama3 -8b";
    CHECK_THROWS_WITH(trainingConfigFromJson(a, "d.json"), Catch::Contains("field \"workload\": unknown workload \"llama3 -8b\""));
}
