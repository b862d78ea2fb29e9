// Drives the real canvas with QTest mouse and key events after the window is exposed
// (nodeeditor's TestUIInteraction idea, shared/design/STYLE.md item 13).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"
#include "views/inspector/inspector_panel.hpp"
#include "views/inspector/link_editor.hpp"
#include "views/inspector/node_editor.hpp"
#include "views/palette/palette_mime.hpp"

#include <QAction>
#include <QApplication>
#include <QDropEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QSpinBox>

namespace {

using guitest::idByName;

/// A window on the template, exposed, zoomed so node symbols are big enough to hit.
struct CanvasWindow {
    app::MainWindow w{guitest::catalog()};
    CanvasWindow()
    {
        REQUIRE(w.files()->openPath(guitest::templatePath()));
        w.scene()->expandAllGroups(); // these tests click single servers (groups: test_canvas_groups.cpp)
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        w.canvas()->setFocus();
        // The first analysis resizes the docks beside the canvas when it arrives; a drag that
        // started before would see its viewport move under the mouse (centerOn undone).
        REQUIRE(guitest::waitForAnalysis(w.worker()));
        QApplication::processEvents();
    }
    ~CanvasWindow() { w.document()->undoStack()->setClean(); }
    /// Viewport position of a node's centre, after centring the view on it at 100 %.
    QPoint centreOf(model::Id id)
    {
        views::NodeItem* item = w.scene()->nodeItem(id);
        REQUIRE(item != nullptr);
        w.canvas()->setTransform(QTransform());
        w.canvas()->centerOn(item);
        QApplication::processEvents();
        return w.canvas()->mapFromScene(item->pos());
    }
    QWidget* viewport() { return w.canvas()->viewport(); }
};

} // namespace

TEST_CASE("click selects a server, Delete removes it with its links, Ctrl+Z brings it back", "[gui][canvas]")
{
    CanvasWindow f;
    const auto before = guitest::snapshot(*f.w.document());
    const model::Id dgx = idByName(f.w.document()->design(), "dgx-05");
    const QPoint at = f.centreOf(dgx);

    QTest::mouseClick(f.viewport(), Qt::LeftButton, Qt::NoModifier, at);
    REQUIRE(f.w.scene()->selectedNodeIds() == std::vector<model::Id>{dgx});
    // The inspector follows the selection and shows the catalog's figures.
    CHECK(f.w.inspector()->nodeEditor()->node() == dgx);
    CHECK(f.w.inspector()->nodeEditor()->figure(QStringLiteral("GPUs")) == QStringLiteral("8"));
    CHECK(f.w.inspector()->nodeEditor()->figure(QStringLiteral("NVLink (GB/s, bidirectional)")) == QStringLiteral("900"));
    CHECK(f.w.inspector()->nodeEditor()->figure(QStringLiteral("NIC speed (Gb/s)")) == QStringLiteral("400"));

    QTest::keyClick(f.w.canvas(), Qt::Key_Delete);
    CHECK(f.w.document()->design().node(dgx) == nullptr);
    CHECK(f.w.scene()->nodeItem(dgx) == nullptr);
    CHECK(f.w.document()->design().links().size() == 280);

    QTest::keyClick(f.w.canvas(), Qt::Key_Z, Qt::ControlModifier);
    CHECK(guitest::snapshot(*f.w.document()) == before);
    CHECK(f.w.scene()->nodeItem(dgx) != nullptr);
    CHECK(f.w.scene()->linkItemCount() == 288);

    QTest::keyClick(f.w.canvas(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(f.w.document()->design().node(dgx) == nullptr);
}

TEST_CASE("dragging a server moves it on the grid as one undo step", "[gui][canvas]")
{
    CanvasWindow f;
    const model::Id dgx = idByName(f.w.document()->design(), "dgx-10");
    const model::Point start = f.w.document()->design().node(dgx)->position;
    const QPoint at = f.centreOf(dgx);
    const int steps = f.w.document()->undoStack()->count();

    QTest::mousePress(f.viewport(), Qt::LeftButton, Qt::NoModifier, at);
    for (int i = 1; i <= 10; ++i) QTest::mouseMove(f.viewport(), at + QPoint(3 * i + 1, 7 * i + 2));
    QTest::mouseRelease(f.viewport(), Qt::LeftButton, Qt::NoModifier, at + QPoint(31, 72));

    const model::Point end = f.w.document()->design().node(dgx)->position;
    CHECK_FALSE(end == start);
    // Snapped to the 10-unit grid at 100 % zoom: 31 -> 30, 72 -> 70.
    CHECK(end.x == Approx(start.x + 30));
    CHECK(end.y == Approx(start.y + 70));
    CHECK(f.w.document()->undoStack()->count() == steps + 1);
    f.w.document()->undoStack()->undo();
    CHECK(f.w.document()->design().node(dgx)->position == start);
    CHECK(f.w.scene()->nodeItem(dgx)->pos() == QPointF(start.x, start.y));
}

TEST_CASE("the wire tool links two nodes with the catalog's speed and medium", "[gui][canvas]")
{
    CanvasWindow f;
    // Two servers side by side (130 units apart) are both on screen at 100 %.
    const model::Id a = idByName(f.w.document()->design(), "dgx-07");
    const model::Id b = idByName(f.w.document()->design(), "dgx-08");
    const QPoint pa = f.centreOf(a);
    const QPoint pb = f.w.canvas()->mapFromScene(f.w.scene()->nodeItem(b)->pos());
    const std::size_t links = f.w.document()->design().links().size();

    f.w.canvas()->setTool(views::CanvasView::Tool::Wire);
    QTest::mousePress(f.viewport(), Qt::LeftButton, Qt::NoModifier, pa);
    QTest::mouseMove(f.viewport(), (pa + pb) / 2);
    QTest::mouseMove(f.viewport(), pb);
    QTest::mouseRelease(f.viewport(), Qt::LeftButton, Qt::NoModifier, pb);

    REQUIRE(f.w.document()->design().links().size() == links + 1);
    const model::Link& l = f.w.document()->design().links().rbegin()->second;
    CHECK(l.a.node == a);
    CHECK(l.b.node == b);
    CHECK(l.laneSpeed.inGbps() == Approx(400)); // ConnectX-7 400G of the DGX H100
    CHECK(l.medium == model::LinkMedium::InfiniBand);
    CHECK(l.a.port == -1); // all 8 NICs of the DGX are already cabled to their rails
    CHECK(f.w.scene()->linkItem(l.id) != nullptr);
    f.w.document()->undoStack()->undo();
    CHECK(f.w.document()->design().links().size() == links);
}

TEST_CASE("a palette drop places the item where it was dropped, snapped", "[gui][canvas]")
{
    CanvasWindow f;
    f.w.canvas()->setTransform(QTransform());
    f.w.canvas()->centerOn(QPointF(2000, 1200));
    QApplication::processEvents();
    const QPoint dropAt = f.w.canvas()->mapFromScene(QPointF(2003, 1196));
    std::unique_ptr<QMimeData> mime(views::encodePaletteEntry({model::NodeKind::Switch, QStringLiteral("qm9700")}));
    const std::size_t nodes = f.w.document()->design().nodes().size();
    // The events a real drag delivers: enter, move, drop.
    QDragEnterEvent enter(dropAt, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(f.viewport(), &enter);
    CHECK(enter.isAccepted());
    QDragMoveEvent move(dropAt, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(f.viewport(), &move);
    QDropEvent drop(QPointF(dropAt), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(f.viewport(), &drop);
    CHECK(drop.isAccepted());

    REQUIRE(f.w.document()->design().nodes().size() == nodes + 1);
    const model::Node& n = f.w.document()->design().nodes().rbegin()->second;
    CHECK(n.kind == model::NodeKind::Switch);
    CHECK(n.model == "qm9700");
    CHECK(n.tier == model::SwitchTier::Leaf);
    CHECK(n.position.x == Approx(2000));
    CHECK(n.position.y == Approx(1200));
    CHECK(f.w.scene()->nodeItem(n.id) != nullptr);
}

TEST_CASE("rubber band selects several items", "[gui][canvas]")
{
    CanvasWindow f;
    const model::Id a = idByName(f.w.document()->design(), "dgx-11");
    const QPoint pa = f.centreOf(a);
    // From above-left of dgx-11 to below-right of dgx-12 (130 units to the right).
    QTest::mousePress(f.viewport(), Qt::LeftButton, Qt::NoModifier, pa + QPoint(-65, 50));
    QTest::mouseMove(f.viewport(), pa + QPoint(0, 0));
    QTest::mouseMove(f.viewport(), pa + QPoint(190, -45));
    QTest::mouseRelease(f.viewport(), Qt::LeftButton, Qt::NoModifier, pa + QPoint(190, -45));
    const auto sel = f.w.scene()->selectedNodeIds();
    CHECK(sel.size() == 2);
}

TEST_CASE("inspector edits go through undo commands", "[gui][inspector]")
{
    CanvasWindow f;
    const model::Id spine = idByName(f.w.document()->design(), "spine-2");
    const model::Link bundle = *f.w.document()->design().linksOf(spine).front();
    REQUIRE(bundle.count == 8);
    f.w.scene()->linkItem(bundle.id)->setSelected(true);
    views::LinkEditor* editor = f.w.inspector()->linkEditor();
    REQUIRE(editor->link() == bundle.id);
    auto* count = editor->findChild<QSpinBox*>(QStringLiteral("count"));
    REQUIRE(count != nullptr);
    CHECK(count->value() == 8);
    CHECK(editor->findChild<QLabel*>(QStringLiteral("bundleRate"))->text() == QStringLiteral("3,200 Gb/s (400 GB/s)"));

    const int steps = f.w.document()->undoStack()->count();
    count->setValue(6);
    CHECK(f.w.document()->design().link(bundle.id)->count == 6);
    CHECK(f.w.document()->undoStack()->count() == steps + 1);
    CHECK(editor->findChild<QLabel*>(QStringLiteral("bundleRate"))->text() == QStringLiteral("2,400 Gb/s (300 GB/s)"));
    f.w.document()->undoStack()->undo();
    CHECK(f.w.document()->design().link(bundle.id)->count == 8);
    CHECK(count->value() == 8); // the inspector follows the undo

    // Renaming a node from the inspector.
    f.w.scene()->clearSelection();
    f.w.scene()->nodeItem(spine)->setSelected(true);
    auto* name = f.w.inspector()->nodeEditor()->findChild<QLineEdit*>(QStringLiteral("name"));
    REQUIRE(name != nullptr);
    name->setText(QStringLiteral("spine-B"));
    emit name->editingFinished();
    CHECK(f.w.document()->design().node(spine)->name == "spine-B");
    CHECK(f.w.scene()->nodeItem(spine)->name() == QStringLiteral("spine-B"));
    f.w.document()->undoStack()->undo();
    CHECK(f.w.document()->design().node(spine)->name == "spine-2");
    CHECK(name->text() == QStringLiteral("spine-2"));
}
