// The Bottleneck box of the Analysis dock shows its whole text at 1280 x 800 however many warnings
// the design has: two DGX H100, one cabled by a single cable to a QM9700 and one not cabled at all,
// running GPT-3 175B (two warnings under the explanation). Its text was cut at the box's foot,
// "... add pipeline stages or shard" and below out of sight.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "text_fits.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/design/link_defaults.hpp"
#include "views/charts/charts_panel.hpp"

#include <QScrollArea>
#include <QScrollBar>

TEST_CASE("the bottleneck box shows its whole text with two warnings at 1280 x 800", "[gui][fits]")
{
    model::Design d;
    const model::Id leaf = guitest::addNode(d, model::NodeKind::Switch, "leaf-1", 0, 0);
    const model::Id a = guitest::addNode(d, model::NodeKind::Server, "dgx-01", 0, 300);
    guitest::addNode(d, model::NodeKind::Server, "dgx-02", 400, 300);
    const auto link = model::defaultLink(d, *guitest::catalog(), a, leaf);
    REQUIRE(link.has_value());
    d.addLink(*link);
    d.analysis["workload"] = "gpt3-175b";

    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(d);
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
        QTest::qWait(20);
    }
    CHECK(w.height() <= 800);
    REQUIRE(w.charts()->shown() != nullptr);
    REQUIRE(w.charts()->shown()->warnings.size() >= 2);
    // The box's label: the longest rich text on the panel (title, explanation, warnings).
    QLabel* box = nullptr;
    for (QLabel* l : w.charts()->findChildren<QLabel*>())
        if (l->isVisible() && (!box || l->text().size() > box->text().size())) box = l;
    REQUIRE(box != nullptr);
    INFO(guitest::describe(box));
    CHECK(box->text().contains(QStringLiteral("does not fit in GPU memory")));
    // Whole: as tall as its text needs at its width; a scroll area above it reaches its end.
    CHECK(guitest::labelFits(box));
    for (QWidget* p = box->parentWidget(); p && p != w.charts(); p = p->parentWidget())
        if (auto* scroll = qobject_cast<QScrollArea*>(p)) CHECK(scroll->verticalScrollBar()->maximum() >= box->height() - scroll->viewport()->height());
}
