// GpuCountCache (views/common/gpu_count_cache.hpp): the inspector's and the simulation form's
// GPU count, kept between link changes, must always equal a fresh model::Design::gpuCount.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/document.hpp"
#include "model/design/node_lookup.hpp"
#include "model/topology/fat_tree.hpp"
#include "views/common/gpu_count_cache.hpp"

#include <QObject>

TEST_CASE("the kept GPU count equals gpuCount after deletes, link edits, undo and redo", "[gui][inspector]")
{
    for (int servers : {8, 48}) {
        app::Document doc{guitest::catalog()};
        doc.newDesign(guitest::fatTree("dgx-h100", servers));
        QObject context;
        views::GpuCountCache cache(&doc, &context);
        int asked = 0;
        // Asked after every change, as the panels ask: the value must be right at each signal.
        QObject::connect(&doc, &views::DesignDocument::changed, &context, [&] {
            ++asked;
            CHECK(cache.gpus() == doc.design().gpuCount(doc.catalog()));
        });
        INFO(servers << " servers");
        CHECK(cache.gpus() == servers * 8);
        const model::Id server = model::nodeNamed(doc.design(), "dgx-0001") ? model::nodeNamed(doc.design(), "dgx-0001")
                                                                     : model::nodeNamed(doc.design(), "dgx-01");
        REQUIRE(server != 0);
        REQUIRE(doc.requestDelete({server}, {}));
        CHECK(cache.gpus() == (servers - 1) * 8);
        model::Link l = doc.design().links().begin()->second;
        l.count += 1;
        REQUIRE(doc.requestSetLink(l, QStringLiteral("Link count")));
        CHECK(cache.gpus() == (servers - 1) * 8);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        CHECK(cache.gpus() == servers * 8);
        doc.undoStack()->redo();
        CHECK(cache.gpus() == (servers - 1) * 8);
        doc.undoStack()->redo();
        doc.newDesign();
        CHECK(cache.gpus() == 0);
        CHECK(asked > 3);
    }
}
