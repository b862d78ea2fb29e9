// The Analysis dock counts the design's servers by their catalog kind: "72 GPUs in 1 rack" for
// an NVL72 rack, as the status bar and `analyze` do (model::serverNoun).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "model/results/results_snapshot.hpp"
#include "views/charts/charts_panel.hpp"

TEST_CASE("the Analysis dock says racks for an NVL72 rack and servers for DGX servers", "[gui][bottleneck]")
{
    views::ChartsPanel panel;
    const std::string dir = model::bundledTemplateDirectory();
    panel.showSnapshot(model::computeResults(model::loadDesign(dir + "/gb200-nvl72-1rack.json"), guitest::catalog(), 1));
    CHECK(panel.bottleneckText().contains(QStringLiteral("72 GPUs in 1 rack;")));
    // A later snapshot of another kind: the noun follows it.
    panel.showSnapshot(model::computeResults(model::loadDesign(dir + "/superpod-h100-1su.json"), guitest::catalog(), 2));
    CHECK(panel.bottleneckText().contains(QStringLiteral("256 GPUs in 32 servers;")));
    panel.showSnapshot(model::computeResults(model::loadDesign(dir + "/workstation-4x-rtx4090.json"), guitest::catalog(), 3));
    CHECK(panel.bottleneckText().contains(QStringLiteral("4 GPUs in 1 workstation;")));
}
