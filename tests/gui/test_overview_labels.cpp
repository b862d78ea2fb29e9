// Names at overview zoom (views/canvas/overview_labels.hpp): where a symbol's own text is too
// small to read, the view tags it with its name at a fixed size on screen; tags never overlap,
// cards come first, and panning never makes a tag appear or vanish.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/node_item.hpp"
#include "views/canvas/overview_labels.hpp"

#include <set>

namespace {
using Tags = std::vector<views::OverviewLabels::Tag>;

std::set<QString> titles(const Tags& tags)
{
    std::set<QString> out;
    for (const auto& t : tags) out.insert(t.title);
    return out;
}
} // namespace

TEST_CASE("overview tags: group cards and switches keep readable names zoomed out, never overlapping", "[gui][overview]")
{
    app::Document doc(guitest::catalog());
    doc.newDesign(guitest::fatTree("dgx-h100", 128)); // four scalable units of 32, collapsed
    views::CanvasScene scene(&doc);
    scene.collapseLargeGroups();
    views::CanvasView view(&scene);
    view.resize(1200, 600);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    REQUIRE(scene.groupItems().size() == 4);

    SECTION("at 100 % every symbol reads its own name: no tags")
    {
        view.setZoom(1.0);
        CHECK(views::GroupItem::titleReadableAt(1.0));
        CHECK(views::OverviewLabels::place(view).empty());
    }
    SECTION("at 4 %: every card is tagged with its title and GPUs, switches where there is room")
    {
        view.zoomToFit();
        view.setZoom(0.04);
        CHECK_FALSE(views::GroupItem::titleReadableAt(view.zoom()));
        const Tags tags = views::OverviewLabels::place(view);
        int cards = 0, spines = 0;
        for (const auto& t : tags) {
            if (t.title == QStringLiteral("DGX H100 x32")) {
                ++cards;
                CHECK(t.subtitle.endsWith(QStringLiteral(" · 256 GPUs")));
            }
            if (t.title.startsWith(QStringLiteral("spine-"))) ++spines;
            CHECK(t.box.height() >= views::OverviewLabels::kTextPx);
        }
        CHECK(cards == 4);
        CHECK(spines >= 2);
        for (std::size_t i = 0; i < tags.size(); ++i)
            for (std::size_t j = i + 1; j < tags.size(); ++j) CHECK_FALSE(tags[i].box.intersects(tags[j].box));
        // Panning keeps each tag on its symbol: the same names, moved by the pan.
        view.setZoom(view.zoom() * 3);
        const Tags before = views::OverviewLabels::place(view);
        REQUIRE_FALSE(before.empty());
        view.panBy(40, 0);
        const Tags after = views::OverviewLabels::place(view);
        int moved = 0;
        for (const auto& a : after)
            for (const auto& b : before)
                if (a.title == b.title && a.subtitle == b.subtitle && a.box.translated(40, 0) == b.box) ++moved;
        CHECK(moved >= static_cast<int>(std::min(before.size(), after.size())) - 2); // tags at the edges may leave the view
    }
    SECTION("an expanded group's servers are tagged by name below 5 %")
    {
        scene.expandAllGroups();
        view.zoomToFit();
        view.setZoom(0.04);
        const Tags tags = views::OverviewLabels::place(view);
        CHECK_FALSE(titles(tags).count(QStringLiteral("DGX H100 x32")));
        CHECK(std::any_of(tags.begin(), tags.end(), [](const auto& t) { return t.title.startsWith(QStringLiteral("spine-")); }));
    }
}
