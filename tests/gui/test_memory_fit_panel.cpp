// The Analysis dock, the status bar and the Compare charts on a workload that does not fit in
// GPU memory: the bottleneck is memory, the scaling chart is empty and says why, and the
// compare overlay draws no line for that design but names it under the plot.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/main_window.hpp"
#include "model/analysis/analysis.hpp"
#include "model/compare/design_results.hpp"
#include "model/cost/price_table.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/result_charts.hpp"
#include "views/charts/scaling_chart.hpp"

#include <QLabel>
#include <QStatusBar>

namespace {

/// The 4x RTX 4090 workstation template with `workload` (gpt3-175b: 700 GB per GPU) instead
/// of its own model (llama3.2-1b), as `analyze --workload` sets it.
model::Design workstation(const std::string& workload)
{
    model::Design d = model::loadDesign(model::bundledTemplateDirectory() + "/workstation-4x-rtx4090.json");
    d.analysis.erase("model");
    d.analysis["workload"] = workload;
    return d;
}

} // namespace

TEST_CASE("the Analysis dock names memory and draws no scaling curve for a workload that does not fit", "[gui][bottleneck]")
{
    // Before: 'Pipeline bubble' in the dock and the status bar, and a curve of 94.1 % and 84.1 %.
    views::ChartsPanel panel;
    const auto tooBig = std::make_shared<const model::DesignAnalysis>(model::analyzeDesign(workstation("gpt3-175b"), *guitest::catalog()));
    REQUIRE(tooBig->bottleneck.scope == model::Scope::Memory);
    panel.showAnalysis(tooBig);
    CHECK(panel.scalingPoints().isEmpty());
    CHECK(panel.scalingChart()->emptyNote() ==
          QStringLiteral("No scaling curve: gpt3-175b does not fit in GPU memory, needing 782 GB per GPU (700 of weights, gradients "
                         "and optimizer state, 82.1 of activations), so it cannot run on the design or on fewer of its GPUs"));
    const QString text = panel.bottleneckText();
    CHECK(text.contains(QStringLiteral("GPU memory (the workload does not fit)")));
    CHECK(text.contains(QStringLiteral("gpt3-175b needs 782 GB per GPU (700 of weights")));
    CHECK_FALSE(text.contains(QStringLiteral("Pipeline bubble")));

    // A workload that fits: the curve is back and the note gone.
    const auto fits = std::make_shared<const model::DesignAnalysis>(model::analyzeDesign(
        model::loadDesign(model::bundledTemplateDirectory() + "/workstation-4x-rtx4090.json"), *guitest::catalog())); // llama3.2-1b
    panel.showAnalysis(fits);
    CHECK(panel.scalingPoints().size() == 3);
    CHECK(panel.scalingChart()->emptyNote().isEmpty());
}

TEST_CASE("the status bar names memory as the bottleneck of a workload that does not fit", "[gui][bottleneck]")
{
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(workstation("gpt3-175b"));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    QApplication::processEvents();
    bool named = false;
    for (QLabel* l : w.statusBar()->findChildren<QLabel*>())
        named = named || l->text() == QStringLiteral("Bottleneck: GPU memory (the workload does not fit)");
    CHECK(named);
}

TEST_CASE("the compare overlay leaves out a design without a scaling curve and says why", "[gui][bottleneck]")
{
    const auto prices = model::cost::loadPriceTable(model::cost::bundledPricesPath());
    model::compare::ResultOptions o;
    o.workload = "gpt3-175b";
    const auto results = [&](const model::Design& d) {
        return model::compare::computeDesignResults(std::make_shared<const model::Design>(d), *guitest::catalog(), prices, o, "");
    };
    const auto pod = results(model::loadDesign(model::defaultDesignPath()));
    const auto ws = results(workstation("gpt3-175b"));
    const views::ChartSpec spec = views::scalingOverlay({&pod, &ws}, {"A", "B"});
    REQUIRE(spec.series.size() == 1);
    CHECK(spec.series[0].name.startsWith(QStringLiteral("A: ")));
    CHECK(spec.note == QStringLiteral("B has no curve: gpt3-175b does not fit in GPU memory"));
}

TEST_CASE("the Analysis dock gives the default-workload note's first clause, and all of it on hover", "[gui][bottleneck]")
{
    // Before: the whole note, which ran past the panel's height on a fresh DGX H100.
    views::ChartsPanel panel;
    model::Design d;
    model::Node n;
    n.kind = model::NodeKind::Server;
    n.model = "dgx-h100";
    n.name = "server-1";
    d.addNode(n);
    const auto a = std::make_shared<const model::DesignAnalysis>(model::analyzeDesign(d, *guitest::catalog()));
    REQUIRE(a->workload == "megatron-22b");
    panel.showAnalysis(a);
    const QString text = panel.bottleneckText();
    CHECK(text.contains(QStringLiteral("The design names no workload: megatron-22b, the largest preset that fits in GPU memory.")));
    CHECK_FALSE(text.contains(QStringLiteral("laid out on these 8 GPUs")));
    bool hover = false;
    for (const QLabel* l : panel.findChildren<QLabel*>())
        hover = hover || l->toolTip().contains(QStringLiteral("gpt3-175b laid out on these 8 GPUs needs 360 GB per GPU"));
    CHECK(hover);
}
