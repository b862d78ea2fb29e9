// What-if variations (presentation mode): a template rebuilt by its generator with another node
// count, server, NIC speed or oversubscription, and the workload with another precision or
// gradient accumulation; the analysis follows each change.
#include "model/analysis/analysis.hpp"
#include "model/topology/what_if.hpp"

#include "test_catalog_support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace model;
using namespace model::topology;

namespace {
Design tmpl(const std::string& file) { return loadDesign(bundledTemplateDirectory() + "/" + file); }
bool has(const std::vector<double>& v, double x) { return std::find(v.begin(), v.end(), x) != v.end(); }
} // namespace

TEST_CASE("what-if choices follow the template's generator", "[whatif]")
{
    const Catalog& c = testsupport::bundledCatalog();
    const WhatIfChoices pod = whatIfChoices(tmpl("superpod-h100-1su.json"), c);
    CHECK(pod.kind == "fat-tree");
    CHECK(pod.current.nodes == 32);
    CHECK(pod.current.nicGbps == 400);
    CHECK(pod.fabric);
    CHECK(pod.servers.front() == "dgx-h100");
    CHECK(std::count(pod.servers.begin(), pod.servers.end(), "dgx-b200") == 1);
    CHECK(std::count(pod.servers.begin(), pod.servers.end(), "gb200-nvl72") == 0); // not a node
    CHECK(has(pod.nicGbps, 200));
    CHECK(has(pod.nicGbps, 400));
    CHECK(has(pod.nicGbps, 800));
    CHECK(std::find(pod.nodeSteps.begin(), pod.nodeSteps.end(), 32) != pod.nodeSteps.end());

    const WhatIfChoices ws = whatIfChoices(tmpl("workstation-4x-rtx4090.json"), c);
    CHECK(ws.kind == "server");
    CHECK(ws.nodeSteps == std::vector<int>{1});
    CHECK_FALSE(ws.fabric);

    const WhatIfChoices rack = whatIfChoices(tmpl("gb200-nvl72-8racks.json"), c);
    CHECK(rack.current.nodes == 8);
    for (const auto& s : rack.servers) CHECK(c.server(s)->gpuCount >= 36);

    const WhatIfChoices rented = whatIfChoices(tmpl("rented-8x-h100-3200g.json"), c);
    CHECK(rented.nodeSteps.back() == 8); // the provider's 64-GPU limit
}

TEST_CASE("what-if rebuilds the design and the analysis follows", "[whatif]")
{
    const Catalog& c = testsupport::bundledCatalog();
    const Design base = tmpl("superpod-h100-1su.json");
    const DesignAnalysis a0 = analyzeDesign(base, c);
    REQUIRE(a0.gpus == 256);

    for (int nodes : {16, 64, 128}) {
        WhatIf w;
        w.nodes = nodes;
        const Design d = applyWhatIf(base, c, w);
        CHECK(analyzeDesign(d, c).gpus == nodes * 8);
        CHECK(d.name == base.name);
        CHECK(d.analysis.value("workload", std::string()) == "gpt3-175b");
    }
    WhatIf b200;
    b200.server = "dgx-b200";
    const Design db = applyWhatIf(base, c, b200);
    for (const auto& [id, n] : db.nodes())
        if (n.kind == NodeKind::Server) CHECK(n.model == "dgx-b200");

    WhatIf fast;
    fast.nicGbps = 800;
    const Design df = applyWhatIf(base, c, fast);
    const DesignAnalysis af = analyzeDesign(df, c);
    double nb0 = 0, nb1 = 0;
    for (const auto& l : a0.layers)
        if (l.scope == Scope::NodeBoundary) nb0 = l.perGpu.inGbps();
    for (const auto& l : af.layers)
        if (l.scope == Scope::NodeBoundary) nb1 = l.perGpu.inGbps();
    CHECK(nb0 == Approx(400));
    // An H100 sends to its NICs over PCIe Gen5 x16, 64 GB/s each way (GPUDirect RDMA): 800G
    // NICs give it 512 Gb/s, and the layer says why. A B300 (PCIe Gen6 x16) uses all 800.
    CHECK(nb1 == Approx(512));
    for (const auto& l : af.layers)
        if (l.scope == Scope::NodeBoundary) CHECK(l.note.find("capped by the GPUs' own host links") != std::string::npos);
    WhatIf fastB300 = fast;
    fastB300.server = "dgx-b300";
    double nbB300 = 0;
    for (const auto& l : analyzeDesign(applyWhatIf(base, c, fastB300), c).layers)
        if (l.scope == Scope::NodeBoundary) nbB300 = l.perGpu.inGbps();
    CHECK(nbB300 == Approx(800));

    WhatIf over;
    over.oversubscription = 2.0;
    CHECK(analyzeDesign(applyWhatIf(base, c, over), c).oversubscription == Approx(2.0).margin(0.01));

    WhatIf fp8;
    fp8.precision = "fp8";
    const DesignAnalysis a8 = analyzeDesign(applyWhatIf(base, c, fp8), c);
    REQUIRE(a8.hasStep);
    CHECK(a8.step.precision == "fp8");
    CHECK(a8.step.computeS < a0.step.computeS);

    for (int m : {1, 4, 16}) {
        WhatIf acc;
        acc.gradAccumulation = m;
        const DesignAnalysis am = analyzeDesign(applyWhatIf(base, c, acc), c);
        REQUIRE(am.hasStep);
        INFO(m << " micro-batches");
        CHECK(am.step.gradAccumulation == m);
        CHECK(am.step.globalBatch == am.step.dp * am.step.microBatch * m);
    }
}
