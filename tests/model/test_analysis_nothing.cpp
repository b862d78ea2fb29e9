// A design with nothing to analyse (no server, or only GPU-less appliances) names no
// bottleneck: scope "none", never "compute" as if GPU math limited an empty canvas.
#include "test_analysis_support.hpp"

#include "model/analysis/analysis_json.hpp"
#include "model/compare/comparison.hpp"
#include "model/compare/scope_title.hpp"

#include <catch2/catch.hpp>

using namespace model;

TEST_CASE("an empty design has no bottleneck: scope none, in the analysis and in analyze --json", "[analysis][bottleneck]")
{
    const DesignAnalysis a = analyzeDesign(Design{}, golden::catalog());
    CHECK(a.bottleneck.scope == Scope::None);
    CHECK(a.bottleneck.explanation == "the design has no servers");
    CHECK(a.bottleneck.checks.empty());
    CHECK(std::string(toString(Scope::None)) == "none");
    const nlohmann::json j = toJson(a, true);
    CHECK(j["bottleneck"]["scope"] == "none");
    CHECK(j["bottleneck"]["explanation"] == "the design has no servers");
    CHECK(j["scaling"].empty());
    CHECK(j["step"].is_null());
    // The words people read: the analysis panel, status bar, reports and comparisons.
    CHECK(std::string(compare::scopeTitle(Scope::None)) == "None (nothing to analyse)");
    CHECK(compare::scopeWords(Scope::None) == "no bottleneck");
    // A default result claims nothing either.
    CHECK(Bottleneck{}.scope == Scope::None);
}

TEST_CASE("a design of GPU-less appliances only has no bottleneck either", "[analysis][bottleneck]")
{
    Design d;
    Node ufm;
    ufm.kind = NodeKind::Server;
    ufm.model = "ufm-appliance";
    ufm.name = "ufm";
    d.addNode(ufm);
    const DesignAnalysis a = analyzeDesign(d, golden::catalog());
    CHECK(a.bottleneck.scope == Scope::None);
    CHECK(a.bottleneck.explanation == "the design has no GPU servers (only appliances)");
}

TEST_CASE("a design with GPUs still names a real scope", "[analysis][bottleneck]")
{
    const DesignAnalysis a = analyzeDesign(golden::rail("dgx-h100", 2), golden::catalog());
    CHECK(a.bottleneck.scope != Scope::None);
}
