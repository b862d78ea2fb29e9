// A bundle whose cable count grows in the inspector moves off its neighbours' ports, in the same
// undo step (helper-80: 8 cables on link 1 took a port link 2 held, with no field to change it).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/main_window.hpp"
#include "model/design/link_defaults.hpp"
#include "model/topology/rules.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/inspector/inspector_panel.hpp"
#include "views/inspector/link_editor.hpp"

#include <QSpinBox>
#include <QUndoStack>

TEST_CASE("inspector: more cables on a link take free ports, never a neighbour's", "[gui][inspector]")
{
    // Two servers and a leaf as the palette drops them, wired as the wire tool does.
    model::Design d;
    const model::Id s1 = d.addNode(model::defaultNode(d, model::NodeKind::Server, "dgx-h100", {}));
    const model::Id s2 = d.addNode(model::defaultNode(d, model::NodeKind::Server, "dgx-h100", {}));
    const model::Id leaf = d.addNode(model::defaultNode(d, model::NodeKind::Switch, "qm9700", {}));
    const model::Id l1 = d.addLink(*model::defaultLink(d, *guitest::catalog(), s1, leaf));
    d.addLink(*model::defaultLink(d, *guitest::catalog(), s2, leaf));
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(d);
    w.scene()->selectIds({}, {l1});
    auto* count = w.inspector()->linkEditor()->findChild<QSpinBox*>(QStringLiteral("count"));
    REQUIRE(count);
    const int steps = w.document()->undoStack()->count();
    count->setValue(8);
    const model::Link* grown = w.document()->design().link(l1);
    CHECK(grown->count == 8);
    CHECK(grown->a.port == 0); // the DGX's eight NICs, 0-7
    CHECK(grown->b.port == 2); // leaf ports 2-9: port 1 is dgx-02's
    CHECK(w.document()->undoStack()->count() == steps + 1);
    for (const auto& f : model::topology::checkDesign(w.document()->design(), *guitest::catalog()).findings)
        CHECK(f.rule != "switch-port-conflict");
    w.document()->undoStack()->undo();
    CHECK(w.document()->design().link(l1)->count == 1);
    CHECK(w.document()->design().link(l1)->b.port == 0);
    w.document()->undoStack()->setClean();
}
