// The bottleneck says only what applies to the design: a workload that does not fit in GPU
// memory is limited by memory (scope "memory", no scaling curve, no checks), and the checks
// before blaming the network ask about NVLink only where the GPUs have it and about NICs and
// GPUDirect RDMA only where one job crosses servers.
#include "test_analysis_support.hpp"
#include "test_price_support.hpp"

#include "model/analysis/analysis_json.hpp"
#include "model/analysis/memory_fit.hpp"
#include "model/compare/comparison.hpp"
#include "model/compare/scope_title.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <regex>

using namespace model;

namespace {

std::string templatePath(const std::string& name) { return bundledTemplateDirectory() + "/" + name + ".json"; }

/// The 4x RTX 4090 workstation asked to train gpt3-175b: 700 GB per GPU of state against 24 GB.
DesignAnalysis workstationGpt3()
{
    return analyzeDesign(loadDesign(templatePath("workstation-4x-rtx4090")), golden::catalog(), {{"workload", "gpt3-175b"}});
}

/// True when some check contains `words`.
bool anyCheck(const DesignAnalysis& a, const std::string& words)
{
    for (const auto& c : a.bottleneck.checks)
        if (c.find(words) != std::string::npos) return true;
    return false;
}

} // namespace

TEST_CASE("a workload that does not fit in GPU memory is limited by memory, with no scaling curve", "[analysis][bottleneck]")
{
    // Before: 'Bottleneck: pipeline_bubble' and a weak-scaling curve of 94.1 % and 84.1 %, above
    // the warning that 700 GB per GPU of state does not fit.
    const DesignAnalysis a = workstationGpt3();
    REQUIRE(a.hasStep);
    CHECK_FALSE(a.step.fitsInMemory);
    // 700 GB of state (175e9 / 4 x 16 B) and 82.1 of activations (34 s h a layer x 96 layers,
    // s 2048, h 12288: tensor parallel 1 splits nothing).
    CHECK(a.step.stateGB == Approx(700).epsilon(0.01));
    CHECK(a.step.activationsGB == Approx(34.0 * 2048 * 12288 * 96 / 1e9).epsilon(1e-6));
    CHECK(a.step.memoryPerGpuGB == Approx(782.1).epsilon(0.001));
    CHECK(a.bottleneck.scope == Scope::Memory);
    // No GPU count holds 82.1 GB of activations in 21.6 GB: full recompute (2 s h a layer) and
    // more GPUs do.
    CHECK(a.bottleneck.explanation ==
          "gpt3-175b needs 782 GB per GPU (700 of weights, gradients and optimizer state, 82.1 of activations) with tensor 1, "
          "pipeline 4, data 1 parallel, more than the 21.6 GB (90.0 %) of the GeForce RTX 4090's 24 GB they may take: the run "
          "cannot start, so no link limits it; full recompute and add GPUs: 288 GPUs (72 workstations of 4, each given a compute NIC, which this workstation lacks) hold it at tensor 1 x "
          "pipeline 96 x data 3, 19.4 GB per GPU; or pick GPUs with more memory");
    CHECK(a.bottleneck.checks.empty());
    CHECK(a.scaling.empty());
    CHECK(a.scalingStrong.empty());
    CHECK(a.scalingNote == "no scaling curve: gpt3-175b does not fit in GPU memory, needing 782 GB per GPU (700 of weights, "
                           "gradients and optimizer state, 82.1 of activations), so it cannot run on the design or on fewer of its GPUs");
    // The warning the cost model and the reports read is still there.
    REQUIRE(memoryOverflowWarning(a.warnings) != nullptr);
    CHECK(memoryOverflowWarning(a.warnings)->find(": 782 GB per GPU (700 of weights") != std::string::npos);

    // analyze --json: scope "memory", an empty scaling list with its reason, the step marked.
    const nlohmann::json j = toJson(a, true);
    CHECK(std::string(toString(Scope::Memory)) == "memory");
    CHECK(j["bottleneck"]["scope"] == "memory");
    CHECK(j["bottleneck"]["checks"].empty());
    CHECK(j["scaling"].empty());
    CHECK(j["scaling_strong"].empty());
    CHECK(j["scaling_note"] == a.scalingNote);
    CHECK(j["step"]["fits_in_memory"] == false);
    CHECK(j["step"]["memory_per_gpu_GB"].get<double>() == Approx(782.1).epsilon(0.001));
    CHECK(j["step"]["state_per_gpu_GB"].get<double>() == Approx(700).epsilon(0.01));
    CHECK(j["step"]["activations_per_gpu_GB"].get<double>() == Approx(82.1).epsilon(0.001));

    // The words people read.
    CHECK(std::string(compare::scopeTitle(Scope::Memory)) == "GPU memory (the workload does not fit)");
    CHECK(compare::scopeWords(Scope::Memory) == "GPU memory capacity (the workload does not fit)");
}

TEST_CASE("a workload that fits keeps its bottleneck and scaling curve", "[analysis][bottleneck]")
{
    const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("workstation-4x-rtx4090")), golden::catalog());
    REQUIRE(a.hasStep);
    CHECK(a.step.fitsInMemory);
    CHECK(memoryOverflowWarning(a.warnings) == nullptr);
    CHECK(a.bottleneck.scope != Scope::Memory);
    CHECK(a.scaling.size() == 3); // 1, 2 and 4 GPUs
    CHECK(a.scalingNote.empty());
    const nlohmann::json j = toJson(a, true);
    CHECK(j["scaling_note"] == "");
    CHECK(j["step"]["fits_in_memory"] == true);
}

TEST_CASE("a workload that cannot run and an empty design say why there is no scaling curve", "[analysis][bottleneck]")
{
    CHECK(analyzeDesign(Design{}, golden::catalog()).scalingNote == "no scaling curve: the design has no servers");
    // gpt3-175b asked for 2 x 3 x 5 = 30 GPUs on 4: the layout is refused.
    const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("workstation-4x-rtx4090")), golden::catalog(),
                                           {{"workload", "gpt3-175b"}, {"tp", 2}, {"pp", 3}, {"dp", 5}});
    REQUIRE_FALSE(a.hasStep);
    CHECK(a.scaling.empty());
    CHECK(a.scalingNote.rfind("no scaling curve: gpt3-175b cannot run on this design: ", 0) == 0);
}

TEST_CASE("a workload that cannot run gets no run's bottleneck: the words say the links are the design's alone",
          "[analysis][bottleneck]")
{
    // Before: "Bottleneck: node_boundary - multi-node collectives are bound by the NICs", beside
    // a warning that the run is refused, as if a run were limited by the NICs.
    const Design d = golden::fatTree("dgx-h100", 6);
    const DesignAnalysis a = analyzeDesign(d, golden::catalog(), {{"workload", "gpt3-175b"}, {"pp", 97}});
    REQUIRE_FALSE(a.hasStep);
    CHECK(a.bottleneck.scope == Scope::NodeBoundary);
    CHECK(a.bottleneck.explanation ==
          "no run to limit: gpt3-175b cannot run on this design: pipeline parallel 97 is more stages than the 96 layers of "
          "gpt3-175b. Of the design's links alone: each GPU leaves its server at 50 GB/s but talks to its neighbours at "
          "450 GB/s: multi-node collectives are bound by the NICs");
    // One server: the same opening, then its own links.
    const DesignAnalysis one = analyzeDesign(loadDesign(templatePath("workstation-4x-rtx4090")), golden::catalog(),
                                             {{"workload", "gpt3-175b"}, {"tp", 2}, {"pp", 3}, {"dp", 5}});
    REQUIRE_FALSE(one.hasStep);
    CHECK(one.bottleneck.explanation.rfind("no run to limit: gpt3-175b cannot run on this design: ", 0) == 0);
    CHECK(one.bottleneck.explanation.find(". Of the design's links alone: one server: collectives are bound by the GPU-to-GPU links") !=
          std::string::npos);
    // The same design with a layout it can take is timed, and names a share of the step.
    const DesignAnalysis ok = analyzeDesign(d, golden::catalog(), {{"workload", "gpt3-175b"}, {"pp", 6}});
    REQUIRE(ok.hasStep);
    CHECK(ok.bottleneck.explanation.find("no run to limit") == std::string::npos);
    CHECK(ok.bottleneck.explanation.find("of the step") != std::string::npos);
}

TEST_CASE("checks before blaming the network ask only about what the design has", "[analysis][bottleneck]")
{
    SECTION("4x RTX 4090 workstation: no NVLink, no NIC, no peer-to-peer")
    {
        // Before: 'does NCCL see NVLink and one NIC per GPU ..., GPUDirect RDMA on, and the NIC
        // on the GPU's PCIe switch?' for a box with neither.
        const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("workstation-4x-rtx4090")), golden::catalog());
        REQUIRE(a.bottleneck.scope == Scope::Compute);
        CHECK(a.bottleneck.checks == std::vector<std::string>{
                  "precision: is the run really in BF16/FP8 on tensor cores (not FP32), with fused kernels?",
                  "data pipeline: does the loader keep up (GPU utilisation gaps between steps)?",
                  "PCIe: every copy between the GPUs is staged through host memory (no peer-to-peer), so does each GPU's slot run "
                  "at its full PCIe Gen4 x16 (lspci -vv LnkSta)?"});
    }
    SECTION("8x L40S server: PCIe peer-to-peer across two sockets, one server")
    {
        const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("server-8x-l40s")), golden::catalog());
        CHECK_FALSE(anyCheck(a, "NVLink"));
        CHECK_FALSE(anyCheck(a, "NIC"));
        CHECK_FALSE(anyCheck(a, "GPUDirect"));
        CHECK_FALSE(anyCheck(a, "single node"));
        CHECK(anyCheck(a, "PCIe: does NCCL copy peer-to-peer between the GPUs (NCCL_DEBUG=INFO shows P2P, not SHM; nvidia-smi "
                          "topo -m), with ACS off and each GPU's slot at its full PCIe Gen4 x16 (lspci -vv LnkSta), and which GPU "
                          "pairs cross the CPU-to-CPU link (SYS in nvidia-smi topo -m)?"));
        // With llama3-8b's default batch (4M tokens, 64 micro-batches per replica) the math takes
        // 99 % of the step; with 8 micro-batches per replica (4 per pipeline stage, the default
        // before) the pipeline bubble (11 %) and the PCIe transfers come next, and the precision
        // check speaks of the bytes the GPUs exchange inside the server.
        CHECK(a.bottleneck.scope == Scope::Compute);
        const DesignAnalysis b = analyzeDesign(loadDesign(templatePath("server-8x-l40s")), golden::catalog(),
                                               {{"workload", "llama3-8b"}, {"grad_accumulation", 8}, {"recompute", "full"}});
        CHECK(b.bottleneck.scope == Scope::PipelineBubble);
        CHECK(anyCheck(b, "every byte the GPUs exchange inside the server"));
        CHECK_FALSE(anyCheck(b, "NIC"));
    }
    SECTION("one GB200 NVL72 rack: NVLink, and no network inside one job")
    {
        const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("gb200-nvl72-1rack")), golden::catalog());
        CHECK(anyCheck(a, "topology misdetection: does NCCL see NVLink (NCCL_DEBUG=INFO, nvidia-smi topo -m)?"));
        CHECK_FALSE(anyCheck(a, "NIC"));
        CHECK_FALSE(anyCheck(a, "GPUDirect"));
        CHECK_FALSE(anyCheck(a, "PCIe:"));
    }
    SECTION("DGX SuperPOD: NVLink, one NIC per GPU over InfiniBand, 32 servers: the full check, as before")
    {
        const DesignAnalysis a = analyzeDesign(loadDesign(defaultDesignPath()), golden::catalog());
        CHECK(anyCheck(a, "topology misdetection: does NCCL see NVLink and one NIC per GPU (NCCL_DEBUG=INFO, nvidia-smi topo -m), "
                          "GPUDirect RDMA on, and the NIC on the GPU's PCIe switch?"));
        CHECK(anyCheck(a, "every byte the network must move"));
        CHECK(anyCheck(a, "a single node: run the same job on one server"));
        CHECK_FALSE(anyCheck(a, "PCIe:"));
        CHECK_FALSE(anyCheck(a, "RoCE"));
    }
    SECTION("RoCE on Spectrum-4: the RDMA settings the switches must match")
    {
        const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("roce-sn5600-hgx-h100-64")), golden::catalog());
        CHECK(anyCheck(a, "GPUDirect RDMA on"));
        CHECK(anyCheck(a, "RoCE: do NCCL_IB_GID_INDEX (the RoCEv2 GID) and NCCL_IB_TC (the traffic class the switches run with PFC "
                          "and ECN) match the fabric, and do the switches' PFC pause and ECN-marked counters stay low during the run?"));
        CHECK(std::none_of(a.warnings.begin(), a.warnings.end(), [](const std::string& w) { return w.find("PFC") != std::string::npos; }));
    }
    SECTION("RoCE with PFC/ECN off: the check and a warning say the figures assume no loss")
    {
        model::topology::FatTreeOptions o;
        o.server = "hgx-h100-8gpu";
        o.nodes = 8;
        o.switchModel = "sn5600";
        o.lossless = false;
        const DesignAnalysis a = analyzeDesign(model::topology::generateRoceFabric(golden::catalog(), o), golden::catalog());
        CHECK(anyCheck(a, "RoCE without PFC/ECN (design rule roce-without-pfc): under incast the switches drop packets"));
        CHECK_FALSE(anyCheck(a, "the traffic class the switches run with PFC and ECN"));
        CHECK(std::count_if(a.warnings.begin(), a.warnings.end(), [](const std::string& w) {
                  return w.rfind("Ethernet without PFC/ECN: the bandwidth, collective and scaling figures assume no packet loss", 0) == 0;
              }) == 1);
    }
    SECTION("GeForce servers with a NIC: no GPUDirect RDMA to ask about (no PCIe peer-to-peer)")
    {
        model::topology::FatTreeOptions o;
        o.server = "ws-4x-rtx4090";
        o.nicModel = "connectx-7-400g";
        o.nicsPerNode = 1;
        o.nodes = 2;
        o.switchModel = "qm9700";
        // Full recompute: llama3-8b's 8K-token activations (36.5 GB a GPU) do not fit 24 GB otherwise.
        const DesignAnalysis a = analyzeDesign(model::topology::generateFatTree(golden::catalog(), o), golden::catalog(),
                                               {{"workload", "llama3-8b"}, {"recompute", "full"}});
        REQUIRE(a.step.fitsInMemory);
        CHECK(anyCheck(a, "each server's NIC"));
        CHECK_FALSE(anyCheck(a, "GPUDirect"));
        CHECK_FALSE(anyCheck(a, "RoCE"));
    }
}

TEST_CASE("the comparison gives no run figures for a workload that does not fit", "[compare][bottleneck]")
{
    // Before: C's step 106.3 s, 308.13 tokens/s, MFU 50.2 % (marked best) and scaling 84.1 %
    // (marked best) beside 'C cannot run the workload' and bottleneck 'Pipeline bubble'.
    compare::ResultOptions o;
    o.workload = "gpt3-175b";
    const auto results = [&o](const std::string& path) {
        return compare::computeDesignResults(std::make_shared<const Design>(loadDesign(path)), testsupport::bundledCatalog(),
                                             testsupport::bundledPrices(), o, path);
    };
    const compare::DesignResults superpod = results(defaultDesignPath());
    const compare::DesignResults ws = results(templatePath("workstation-4x-rtx4090"));
    const compare::Comparison c = compare::compareDesigns({&superpod, &ws});
    for (const char* key : {"step_time_s", "tokens_per_second", "mfu", "scaling_efficiency"}) {
        INFO(key);
        const compare::Row* r = c.row(key);
        REQUIRE(r);
        CHECK(r->cells[1].text == "does not fit in GPU memory");
        CHECK_FALSE(r->cells[1].value);
        CHECK(r->cells[0].value);
        CHECK(r->best != std::optional<std::size_t>(1));
    }
    CHECK(c.row("bottleneck")->cells[1].text == "GPU memory (the workload does not fit)");
    const nlohmann::json j = compare::toJson(c, {&superpod, &ws});
    CHECK(j["designs"][1]["mfu"].is_null());
    CHECK(j["designs"][1]["scaling_efficiency"].is_null());
    CHECK(j["designs"][1]["step_time_s"].is_null());
    CHECK(j["designs"][1]["bottleneck"]["scope"] == "memory");
    CHECK(j["designs"][1]["scaling_note"] == ws.analysis->scalingNote);
    CHECK(j["designs"][0]["scaling_note"] == "");
    CHECK(j["designs"][1]["payment"] == "building"); // text rows keep their text
}

TEST_CASE("the bottleneck sentence agrees its verb with a plural share", "[analysis][bottleneck]")
{
    // The default template (32 DGX H100, its own workload, tp 4 x pp 8 x dp 8): exposed
    // tensor-parallel collectives are the largest share after the math, 8.2 % of the step.
    const DesignAnalysis a = analyzeDesign(loadDesign(templatePath("superpod-h100-1su")), golden::catalog());
    REQUIRE(a.hasStep);
    REQUIRE(a.bottleneck.explanation.rfind("exposed tensor-parallel collectives over NVLink", 0) == 0);
    // Shares with one decimal, as the rest of the analysis prints percentages ("18%" before).
    CHECK(std::regex_search(a.bottleneck.explanation, std::regex(R"( cost 8\.2 % of the step, the largest share after the math \(87\.5 %\))")));
    CHECK(a.bottleneck.explanation.find(" costs ") == std::string::npos);
}

TEST_CASE("a share larger than the math is not called the largest after it", "[analysis][bottleneck]")
{
    // 2,048 DGX H100 on a QM9700 fat tree, gpt3-175b at its published batch: the gradient
    // reduction takes 51% of the step against the math's 28%. The sentence said "the largest
    // share after the math (28%)"; it is the largest share of all.
    topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 2048;
    o.switchModel = "qm9700";
    Design d = topology::generateFatTree(golden::catalog(), o);
    d.analysis["workload"] = "gpt3-175b";
    // The layout set by hand: the engine's own choice, pp 24, keeps the reduction small.
    d.analysis["tp"] = 8;
    d.analysis["pp"] = 2;
    const DesignAnalysis a = analyzeDesign(d, golden::catalog());
    REQUIRE(a.hasStep);
    INFO(a.bottleneck.explanation);
    REQUIRE(a.step.dpExposedS > a.step.computeS);
    CHECK(a.bottleneck.explanation.rfind("gradient reduction across the servers' NICs costs ", 0) == 0);
    CHECK(a.bottleneck.explanation.find(" % of the step, more than the math (2") != std::string::npos);
    CHECK(a.bottleneck.explanation.find("after the math") == std::string::npos);
    // The default template keeps "after the math": its TP share (8.2 %) is below the math's.
    const DesignAnalysis small = analyzeDesign(loadDesign(templatePath("superpod-h100-1su")), golden::catalog());
    CHECK(small.bottleneck.explanation.find("the largest share after the math (") != std::string::npos);
}

TEST_CASE("unreadable workload settings leave the links to analyse: layers and the bottleneck of the links stay",
          "[analysis][bottleneck]")
{
    // Before: "workload": "gpt5" in a design refused the whole analysis, and the GUI's layer and
    // collective charts went blank beside it.
    const Design d = golden::fatTree("dgx-h100", 6);
    const DesignAnalysis ok = analyzeDesign(d, golden::catalog(), {{"workload", "gpt3-175b"}});
    for (const nlohmann::json& bad : {nlohmann::json{{"workload", "gpt5"}}, nlohmann::json{{"workload", "gpt3-175b"}, {"tp", "eight"}}}) {
        const DesignAnalysis a = analyzeDesign(d, golden::catalog(), bad);
        REQUIRE_FALSE(a.workloadError.empty());
        CHECK_FALSE(a.hasStep);
        CHECK(a.scaling.empty());
        CHECK(a.levers.empty());
        // The links are the same design's, figure for figure.
        REQUIRE(a.layers.size() == ok.layers.size());
        for (std::size_t i = 0; i < a.layers.size(); ++i) CHECK(a.layers[i].perGpu.inGBps() == ok.layers[i].perGpu.inGBps());
        CHECK(a.bisectionGBps == ok.bisectionGBps);
        CHECK(a.bottleneck.scope == Scope::NodeBoundary);
        CHECK(a.bottleneck.explanation.rfind("no run to limit: the design's workload settings cannot be read: entry \"analysis\": field \"", 0) == 0);
        CHECK(a.bottleneck.explanation.find(". Of the design's links alone: each GPU leaves its server at 50 GB/s") != std::string::npos);
        CHECK(a.scalingNote == "no scaling curve: the design's workload settings cannot be read: " + a.workloadError);
        CHECK(std::find(a.warnings.begin(), a.warnings.end(), "the design's workload settings cannot be read: " + a.workloadError) !=
              a.warnings.end());
        CHECK(toJson(a, true)["workload_error"] == a.workloadError);
    }
    const DesignAnalysis unknown = analyzeDesign(d, golden::catalog(), {{"workload", "gpt5"}});
    CHECK(unknown.workload == "gpt5");
    CHECK(unknown.workloadError.rfind("entry \"analysis\": field \"workload\": unknown workload \"gpt5\"; expected one of gpt3-175b, ", 0) == 0);
    CHECK(ok.workloadError.empty());
    CHECK_FALSE(toJson(ok, true).contains("workload_error"));
}
