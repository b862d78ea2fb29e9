// The inspector's server Model choice: a PCIe box (the 8x L40S server from the palette) has
// no other catalog model of its kind, so no choice is offered, only its name; a DGX is
// offered the other DGX models and nothing else (no rack, appliance or PCIe box).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/main_window.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/node_item.hpp"
#include "views/inspector/inspector_panel.hpp"
#include "views/inspector/node_editor.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>

namespace {
model::Id placeServer(app::MainWindow& w, const std::string& model)
{
    model::Node n;
    n.kind = model::NodeKind::Server;
    n.model = model;
    n.name = "box";
    const model::Id id = w.document()->requestAddNode(n);
    REQUIRE(id != 0);
    w.scene()->clearSelection();
    w.scene()->nodeItem(id)->setSelected(true);
    REQUIRE(w.inspector()->nodeEditor()->node() == id);
    return id;
}
} // namespace

TEST_CASE("inspector: a PCIe-only server shows its model without a choice", "[gui][inspector][choices]")
{
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign();
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    placeServer(w, "pcie-2-8-5-l40s");
    views::NodeEditor* editor = w.inspector()->nodeEditor();
    CHECK(editor->modelChoices().isEmpty());
    auto* combo = editor->findChild<QComboBox*>(QStringLiteral("model"));
    auto* fixed = editor->findChild<QLabel*>(QStringLiteral("modelFixed"));
    REQUIRE(combo != nullptr);
    REQUIRE(fixed != nullptr);
    CHECK_FALSE(combo->isVisible());
    CHECK(fixed->isVisible());
    CHECK(fixed->text() == QStringLiteral("8x L40S PCIe server (NVIDIA 'PCIe Optimized 2-8-5')"));
    w.document()->undoStack()->setClean();
}

TEST_CASE("inspector: a DGX is offered the DGX models only, and the choice is one undoable edit", "[gui][inspector][choices]")
{
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign();
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    const model::Id id = placeServer(w, "dgx-h100");
    views::NodeEditor* editor = w.inspector()->nodeEditor();
    CHECK(editor->modelChoices() == QStringList{QStringLiteral("dgx-a100"), QStringLiteral("dgx-a100-640gb"), QStringLiteral("dgx-h100"),
                                                 QStringLiteral("dgx-h200"), QStringLiteral("dgx-b200"), QStringLiteral("dgx-b300")});
    auto* combo = editor->findChild<QComboBox*>(QStringLiteral("model"));
    REQUIRE(combo != nullptr);
    CHECK(combo->isVisible());
    CHECK_FALSE(editor->findChild<QLabel*>(QStringLiteral("modelFixed"))->isVisible());
    const int steps = w.document()->undoStack()->count();
    combo->setCurrentIndex(combo->findData(QStringLiteral("dgx-b200")));
    emit combo->activated(combo->currentIndex());
    CHECK(w.document()->design().node(id)->model == "dgx-b200");
    CHECK(w.document()->undoStack()->count() == steps + 1);
    w.document()->undoStack()->undo();
    CHECK(w.document()->design().node(id)->model == "dgx-h100");
    w.document()->undoStack()->setClean();
}
