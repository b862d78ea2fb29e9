// Habits of a professional design tool (shared/design/UX.md), each driven through the real
// window with QTest keys, mouse and wheel events: copy/paste/duplicate keep the links between
// copied items; the wheel zooms around the cursor; middle-drag, Space-drag and arrow keys pan;
// zoom to fit shows the whole design right after a generate, with scroll bars to pan; the
// mini-map moves the view; align, distribute and auto-layout are one undo step each.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "repaint_compare.hpp"

#include "app/edit_controller.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/tier_layout.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/mini_map.hpp"
#include "views/canvas/node_item.hpp"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QPaintEvent>
#include <QScreen>
#include <QScrollBar>
#include <QStatusBar>
#include <QWheelEvent>

#include <set>

namespace {

using guitest::idByName;

/// Links whose two ends are both in `ids`.
std::size_t linksAmong(const model::Design& d, const std::set<model::Id>& ids)
{
    std::size_t n = 0;
    for (const auto& [id, l] : d.links())
        if (ids.count(l.a.node) && ids.count(l.b.node)) ++n;
    return n;
}

struct HabitsWindow {
    app::MainWindow w{guitest::catalog()};
    explicit HabitsWindow(bool expand = true)
    {
        REQUIRE(w.files()->openPath(guitest::templatePath()));
        if (expand) w.scene()->expandAllGroups();
        w.resize(1400, 900);
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        w.canvas()->setFocus();
        QApplication::processEvents();
    }
    ~HabitsWindow() { w.document()->undoStack()->setClean(); }
    QWidget* viewport() { return w.canvas()->viewport(); }
    const model::Design& design() { return w.document()->design(); }
    /// Centres the view on node `id` at `zoom` and returns its viewport position.
    QPoint show(model::Id id, double zoom = 1.0)
    {
        w.canvas()->setTransform(QTransform::fromScale(zoom, zoom));
        w.canvas()->centerOn(w.scene()->nodeItem(id));
        QApplication::processEvents();
        return w.canvas()->mapFromScene(w.scene()->nodeItem(id)->pos());
    }
    void wheel(QPoint at, int delta)
    {
        QWheelEvent e(QPointF(at), QPointF(viewport()->mapToGlobal(at)), QPoint(), QPoint(0, delta), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(viewport(), &e);
    }
};

} // namespace

TEST_CASE("copy and paste keep the links between the copied items, one undo step", "[gui][habits]")
{
    HabitsWindow f;
    const model::Id a = idByName(f.design(), "dgx-01"), b = idByName(f.design(), "dgx-02");
    const model::Id leaf = idByName(f.design(), "leaf-1 (rail 0)");
    f.w.scene()->selectIds({a, b, leaf}, {});
    const std::size_t nodesBefore = f.design().nodes().size(), linksBefore = f.design().links().size();
    const std::size_t wired = linksAmong(f.design(), {a, b, leaf});
    REQUIRE(wired == 2); // each DGX has one rail-0 cable to leaf-1
    const auto before = guitest::snapshot(*f.w.document());

    QTest::keyClick(f.w.canvas(), Qt::Key_C, Qt::ControlModifier);
    REQUIRE(f.w.edits()->canPaste());
    QTest::keyClick(f.w.canvas(), Qt::Key_V, Qt::ControlModifier);
    REQUIRE(f.design().nodes().size() == nodesBefore + 3);
    CHECK(f.design().links().size() == linksBefore + wired);
    // The pasted items are selected, carry fresh names, and are wired like the originals.
    const auto pasted = f.w.scene()->selectedNodeIds();
    REQUIRE(pasted.size() == 3);
    const std::set<model::Id> pastedSet(pasted.begin(), pasted.end());
    CHECK(linksAmong(f.design(), pastedSet) == wired);
    std::set<std::string> names;
    for (const auto& [id, n] : f.design().nodes()) names.insert(n.name);
    CHECK(names.size() == f.design().nodes().size());
    const auto after = guitest::snapshot(*f.w.document());

    QTest::keyClick(f.w.canvas(), Qt::Key_Z, Qt::ControlModifier);
    CHECK(guitest::snapshot(*f.w.document()) == before);
    QTest::keyClick(f.w.canvas(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(guitest::snapshot(*f.w.document()) == after);

    // Paste Here (canvas context menu) puts the copy's centre on the clicked point.
    const int added = f.w.edits()->pasteAt(QPointF(5000, 3000));
    CHECK(added == 3);
    const auto here = f.w.scene()->selectedNodeIds();
    double cx = 0;
    for (model::Id id : here) cx += f.design().node(id)->position.x;
    CHECK(std::abs(cx / 3 - 5000) < 60);
}

TEST_CASE("duplicate copies a collapsed group card with its bundles into a new group", "[gui][habits]")
{
    HabitsWindow f(false); // the template opens with its 32 DGX collapsed into one card
    const auto cards = f.w.scene()->groupItems();
    REQUIRE(cards.size() == 1);
    f.w.scene()->clearSelection();
    // The card and the eight leaves: the copy keeps every server-leaf cable.
    std::vector<model::Id> nodes = cards[0]->members();
    for (const auto& [id, n] : f.design().nodes())
        if (n.tier == model::SwitchTier::Leaf) nodes.push_back(id);
    f.w.scene()->selectIds(nodes, {});
    const std::size_t before = f.design().nodes().size();
    QTest::keyClick(f.w.canvas(), Qt::Key_D, Qt::ControlModifier);
    CHECK(f.design().nodes().size() == before + 40);
    const auto copies = f.w.scene()->selectedNodeIds();
    REQUIRE(copies.size() == 40);
    CHECK(linksAmong(f.design(), {copies.begin(), copies.end()}) == 256); // 32 DGX x 8 rails
    // The copied servers form their own group, not a second half of su-1.
    std::set<std::string> groups;
    for (model::Id id : copies)
        if (f.design().node(id)->kind == model::NodeKind::Server) groups.insert(f.design().node(id)->group);
    REQUIRE(groups.size() == 1);
    CHECK(*groups.begin() != cards[0]->name());
    CHECK(f.w.document()->undoStack()->undoText().startsWith(QStringLiteral("Duplicate")));
}

TEST_CASE("the wheel zooms around the point under the cursor", "[gui][habits]")
{
    HabitsWindow f;
    const model::Id dgx = idByName(f.design(), "dgx-20");
    f.show(dgx, 0.5);
    for (const QPoint at : {QPoint(200, 150), QPoint(900, 400), QPoint(60, 420)}) {
        const QPointF under = f.w.canvas()->mapToScene(at);
        const double z = f.w.canvas()->zoom();
        f.wheel(at, 120);
        CHECK(f.w.canvas()->zoom() == Approx(z * 1.15));
        const QPointF now = f.w.canvas()->mapToScene(at);
        CHECK(std::abs(now.x() - under.x()) <= 1.5 / f.w.canvas()->zoom());
        CHECK(std::abs(now.y() - under.y()) <= 1.5 / f.w.canvas()->zoom());
        f.wheel(at, -240);
        CHECK(f.w.canvas()->zoom() == Approx(z / 1.15));
        const QPointF back = f.w.canvas()->mapToScene(at);
        CHECK(std::abs(back.x() - under.x()) <= 2.0 / f.w.canvas()->zoom());
    }
}

TEST_CASE("middle-drag, Space-drag and the arrow keys pan the canvas", "[gui][habits]")
{
    HabitsWindow f;
    f.show(idByName(f.design(), "dgx-16"), 1.0);
    const QPoint at(500, 300);
    auto sceneAt = [&] { return f.w.canvas()->mapToScene(at); };

    QPointF start = sceneAt();
    QTest::mousePress(f.viewport(), Qt::MiddleButton, Qt::NoModifier, at);
    QTest::mouseMove(f.viewport(), at + QPoint(-60, -20));
    QTest::mouseMove(f.viewport(), at + QPoint(-120, -40));
    QTest::mouseRelease(f.viewport(), Qt::MiddleButton, Qt::NoModifier, at + QPoint(-120, -40));
    CHECK(sceneAt().x() == Approx(start.x() + 120).margin(1));
    CHECK(sceneAt().y() == Approx(start.y() + 40).margin(1));

    start = sceneAt();
    const auto selection = f.w.scene()->selectedItems();
    QTest::keyPress(f.w.canvas(), Qt::Key_Space);
    QTest::mousePress(f.viewport(), Qt::LeftButton, Qt::NoModifier, at);
    QTest::mouseMove(f.viewport(), at + QPoint(80, 30));
    QTest::mouseRelease(f.viewport(), Qt::LeftButton, Qt::NoModifier, at + QPoint(80, 30));
    QTest::keyRelease(f.w.canvas(), Qt::Key_Space);
    CHECK(sceneAt().x() == Approx(start.x() - 80).margin(1));
    CHECK(sceneAt().y() == Approx(start.y() - 30).margin(1));
    CHECK(f.w.scene()->selectedItems() == selection); // a pan, not a rubber band

    start = sceneAt();
    const int w = f.viewport()->width(), h = f.viewport()->height();
    QTest::keyClick(f.w.canvas(), Qt::Key_Right);
    CHECK(sceneAt().x() == Approx(start.x() + qRound(w * 0.1)).margin(1));
    QTest::keyClick(f.w.canvas(), Qt::Key_Down);
    CHECK(sceneAt().y() == Approx(start.y() + qRound(h * 0.1)).margin(1));
    QTest::keyClick(f.w.canvas(), Qt::Key_Left, Qt::ShiftModifier);
    CHECK(sceneAt().x() == Approx(start.x() + qRound(w * 0.1) - qRound(w * 0.5)).margin(1));
}

TEST_CASE("zoom to fit shows the whole design right after a generate, with scroll bars to pan", "[gui][habits]")
{
    HabitsWindow f;
    for (int nodes : {128, 16, 512}) {
        // What File > Generate Topology does with the dialog's result.
        f.w.applyGenerated(guitest::fatTree("dgx-h100", nodes));
        f.w.canvas()->setTransform(QTransform::fromScale(3, 3)); // somewhere else, then Ctrl+0
        QTest::keyClick(f.w.canvas(), Qt::Key_0, Qt::ControlModifier);
        INFO(nodes << " servers, zoom " << f.w.canvas()->zoom());
        const QRectF visible = f.w.canvas()->visibleSceneRect();
        // Every symbol and card on screen is inside the view.
        for (QGraphicsItem* i : f.w.scene()->items())
            if (i->isVisible() && (i->type() == views::NodeItem::Type || i->type() == views::GroupItem::Type))
                CHECK(visible.contains(i->sceneBoundingRect()));
        // Large new groups start collapsed, as on open: 16 or more servers per scalable unit.
        CHECK(f.w.scene()->groupItems().size() == static_cast<std::size_t>((nodes + 31) / 32));
        // The scene reaches past the design on every side, so both scroll bars can pan.
        CHECK(f.w.canvas()->horizontalScrollBar()->maximum() > f.w.canvas()->horizontalScrollBar()->minimum());
        CHECK(f.w.canvas()->verticalScrollBar()->maximum() > f.w.canvas()->verticalScrollBar()->minimum());
        CHECK(f.w.canvas()->zoom() <= 1.0);
    }
}

TEST_CASE("the mini-map shows while the design is larger than the view and moves it", "[gui][habits]")
{
    HabitsWindow f;
    views::MiniMap* map = f.w.canvas()->miniMap();
    f.w.canvas()->zoomToFit();
    QApplication::processEvents();
    INFO("visible " << f.w.canvas()->visibleSceneRect().x() << "," << f.w.canvas()->visibleSceneRect().y() << " "
                    << f.w.canvas()->visibleSceneRect().width() << "x" << f.w.canvas()->visibleSceneRect().height() << ", design "
                    << f.w.scene()->designBounds().x() << "," << f.w.scene()->designBounds().y() << " "
                    << f.w.scene()->designBounds().width() << "x" << f.w.scene()->designBounds().height());
    CHECK_FALSE(map->isVisible()); // everything fits: no overview needed
    f.show(idByName(f.design(), "dgx-01"), 1.0);
    REQUIRE(map->isVisible());
    // A click in the overview centres the canvas on that point of the design.
    const QPointF target = map->toWidget(QPointF(f.design().node(idByName(f.design(), "dgx-30"))->position.x, 650));
    QTest::mouseClick(map, Qt::LeftButton, Qt::NoModifier, target.toPoint());
    const QPointF centre = f.w.canvas()->visibleSceneRect().center();
    CHECK(std::abs(centre.x() - map->toScene(target.toPoint()).x()) < 20);
    // View > Mini-Map (Ctrl+M) hides it.
    QTest::keyClick(f.w.canvas(), Qt::Key_M, Qt::ControlModifier);
    CHECK_FALSE(map->isVisible());
    QTest::keyClick(f.w.canvas(), Qt::Key_M, Qt::ControlModifier);
    CHECK(map->isVisible());
}

TEST_CASE("the mini-map takes a quarter of a narrow canvas and its full size on a wide one", "[gui][habits]")
{
    // helper-89: at 1024 x 700 the 240 x 150 overview covered much of the canvas.
    CHECK(views::MiniMap::sizeFor(QSize(1400, 800)) == QSize(240, 150));
    CHECK(views::MiniMap::sizeFor(QSize(960, 600)) == QSize(240, 150));
    CHECK(views::MiniMap::sizeFor(QSize(600, 400)) == QSize(150, 93));
    CHECK(views::MiniMap::sizeFor(QSize(300, 200)) == QSize(120, 75));
    HabitsWindow f;
    views::MiniMap* map = f.w.canvas()->miniMap();
    f.show(idByName(f.design(), "dgx-01"), 1.0);
    REQUIRE(map->isVisible());
    const QSize viewport = f.viewport()->size();
    CHECK(map->size() == views::MiniMap::sizeFor(viewport));
    // Its picture is drawn at the widget's size: a click maps back to the point it shows.
    const QPointF scenePoint = map->sceneArea().center();
    CHECK(map->toScene(map->toWidget(scenePoint)).x() == Approx(scenePoint.x()).margin(1e-6));
    CHECK(map->geometry().right() <= viewport.width() - 1);
    CHECK(map->geometry().bottom() <= viewport.height() - 1);
}

TEST_CASE("a pan repaints only the strips it uncovers, and the canvas then shows what a full repaint does", "[gui][habits]")
{
    HabitsWindow f;
    f.w.scene()->selectIds({idByName(f.design(), "dgx-03")}, {}); // a selected node's cables have a halo
    f.show(idByName(f.design(), "dgx-01"), 1.0);
    views::MiniMap* map = f.w.canvas()->miniMap();
    REQUIRE(map->isVisible());
    const QRect corner = map->geometry();
    QWidget* vp = f.viewport();
    /// Paint events of the viewport: the area they repaint, device-independent pixels.
    struct Painted final : QObject {
        double pixels = 0.0;
        bool eventFilter(QObject*, QEvent* e) override
        {
            if (e->type() == QEvent::Paint)
                for (const QRect& r : static_cast<QPaintEvent*>(e)->region()) pixels += double(r.width()) * r.height();
            return false;
        }
    } painted;
    vp->installEventFilter(&painted);
    const Qt::Key keys[] = {Qt::Key_Right, Qt::Key_Down, Qt::Key_Right, Qt::Key_Left, Qt::Key_Up, Qt::Key_Up};
    for (const Qt::Key k : keys) {
        QTest::keyClick(f.w.canvas(), k);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
    }
    vp->removeEventFilter(&painted);
    // An arrow key pans a tenth of the view: a strip of a tenth (plus the mini-map's corner,
    // which the viewport's scroll moved with the picture) is repainted, not the whole canvas.
    const double perPan = painted.pixels / (double(vp->width()) * vp->height() * std::size(keys));
    INFO("repainted " << perPan * 100 << " % of the canvas a pan");
    CHECK(perPan > 0.05);
    CHECK(perPan < 0.25);
    CHECK(map->geometry() == corner); // back in its corner after every scroll
    // What is on screen (scrolled picture + repainted strips) against a full repaint: the same
    // picture, but for antialiasing rounding where a cable was drawn in parts (a few levels).
    const auto [shown, full] = guitest::shownAndRepainted(vp);
    REQUIRE(shown.size() == full.size());
    int worst = 0;
    long long differing = 0;
    for (int y = 0; y < shown.height(); ++y)
        for (int x = 0; x < shown.width(); ++x) {
            if (corner.contains(x, y)) continue; // the mini-map is not in the canvas's own picture
            const QRgb a = shown.pixel(x, y), b = full.pixel(x, y);
            const int d = std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
            worst = std::max(worst, d);
            differing += d > 0;
        }
    INFO(differing << " pixels differ, at most by " << worst << " levels");
    CHECK(worst <= 16);
}

TEST_CASE("a zoom gesture on a large design paints a draft, and once it pauses the canvas shows what a full repaint does", "[gui][habits]")
{
    HabitsWindow f;
    views::CanvasView* view = f.w.canvas();
    QWidget* vp = f.viewport();
    f.show(idByName(f.design(), "dgx-01"), 1.0);
    const QPoint at = vp->rect().center() + QPoint(40, -30);
    // The template (a few hundred elements) is below the size where zooming drafts.
    f.wheel(at, 120);
    CHECK_FALSE(view->zoomDraft());
    f.wheel(at, -120);
    view->setZoomDraftMinElements(0); // the template stands in for a 2,048-server design
    const QRect corner = view->miniMap()->isVisible() ? view->miniMap()->geometry() : QRect();
    /// Pixels that differ between two pictures of the canvas, the mini-map's corner left out.
    const auto differing = [&corner](const QImage& a, const QImage& b) {
        REQUIRE(a.size() == b.size());
        long long n = 0;
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                n += !corner.contains(x, y) && (a.pixel(x, y) & 0xffffff) != (b.pixel(x, y) & 0xffffff);
        return n;
    };

    // Two notches in and a pan within the gesture: each step painted at once, in draft.
    f.wheel(at, 120);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
    f.wheel(at, 120);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
    QTest::keyClick(view, Qt::Key_Right);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
    REQUIRE(view->zoomDraft());
    const QImage draft = guitest::shownAndRepainted(vp).first;

    // The gesture pauses: one repaint at full quality, and the canvas shows exactly what a
    // full repaint of it (never in draft) shows.
    REQUIRE(QTest::qWaitFor([view] { return !view->zoomDraft(); }, 5000));
    QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
    const QImage settled = guitest::shownAndRepainted(vp).first;
    vp->repaint();
    const QImage repainted = guitest::shownAndRepainted(vp).first;
    CHECK(differing(settled, repainted) == 0);
    CHECK(differing(draft, settled) > 0); // the draft left out the cables' antialiasing
    CHECK(view->zoom() == Approx(1.15 * 1.15));
}

TEST_CASE("align and distribute move the selection as one named undo step", "[gui][habits]")
{
    HabitsWindow f;
    const model::Id a = idByName(f.design(), "dgx-03"), b = idByName(f.design(), "dgx-09"), c = idByName(f.design(), "dgx-04");
    // Stagger them vertically, then align their top edges with Alt+Shift+T.
    f.w.document()->requestMove({{b, f.design().node(b)->position, {f.design().node(b)->position.x, 900}},
                                 {c, f.design().node(c)->position, {f.design().node(c)->position.x, 780}}});
    f.w.scene()->selectIds({a, b, c}, {});
    const auto staggered = guitest::snapshot(*f.w.document());
    QTest::keyClick(f.w.canvas(), Qt::Key_T, Qt::AltModifier | Qt::ShiftModifier);
    CHECK(f.design().node(a)->position.y == 650);
    CHECK(f.design().node(b)->position.y == 650);
    CHECK(f.design().node(c)->position.y == 650);
    CHECK(f.w.document()->undoStack()->undoText() == QStringLiteral("Align top edges"));
    // Distribute horizontally: dgx-04 goes midway between dgx-03 and dgx-09.
    QTest::keyClick(f.w.canvas(), Qt::Key_H, Qt::AltModifier | Qt::ShiftModifier);
    const double xa = f.design().node(a)->position.x, xb = f.design().node(b)->position.x;
    CHECK(f.design().node(c)->position.x == Approx((xa + xb) / 2));
    f.w.document()->undoStack()->undo();
    f.w.document()->undoStack()->undo();
    CHECK(guitest::snapshot(*f.w.document()) == staggered);
}

TEST_CASE("auto-layout in tiers places every node and zooms to fit, one undo step", "[gui][habits]")
{
    HabitsWindow f;
    // Scramble the design by hand, then Ctrl+L.
    std::vector<views::NodeMove> moves;
    for (const auto& [id, n] : f.design().nodes()) moves.push_back({id, n.position, {double(id % 5) * 40, double(id % 3) * 40}});
    f.w.document()->requestMove(moves);
    const auto scrambled = guitest::snapshot(*f.w.document());
    QTest::keyClick(f.w.canvas(), Qt::Key_L, Qt::ControlModifier);
    const auto expected = model::topology::tierLayout(f.design());
    for (const auto& [id, p] : expected) CHECK(f.design().node(id)->position == p);
    CHECK(f.w.document()->undoStack()->undoText() == QStringLiteral("Auto-layout in tiers"));
    CHECK(f.w.canvas()->visibleSceneRect().contains(f.w.scene()->designBounds().adjusted(40, 40, -40, -40)));
    f.w.document()->undoStack()->undo();
    CHECK(guitest::snapshot(*f.w.document()) == scrambled);
}

TEST_CASE("context menus on an item, a link and the empty canvas", "[gui][habits]")
{
    HabitsWindow f;
    const model::Id dgx = idByName(f.design(), "dgx-12");
    const QPoint at = f.show(dgx, 1.0);
    auto texts = [](QMenu* m) {
        QStringList t;
        for (QAction* a : m->actions()) t << a->text().remove(QLatin1Char('&'));
        return t;
    };
    auto item = f.w.canvas()->buildContextMenu(at);
    CHECK(item->objectName() == QStringLiteral("itemMenu"));
    CHECK(f.w.scene()->selectedNodeIds() == std::vector<model::Id>{dgx}); // right-click selects
    for (const char* t : {"Cut", "Copy", "Duplicate", "Delete", "Align", "Distribute", "Properties"})
        CHECK(texts(item.get()).contains(QLatin1String(t)));
    // A link: halfway along a cable from dgx-12 up to its leaf.
    const model::Link* cable = f.design().linksOf(dgx).front();
    views::NodeItem* ea = f.w.scene()->nodeItem(cable->a.node);
    views::NodeItem* eb = f.w.scene()->nodeItem(cable->b.node);
    const QLineF drawn(ea->anchor(cable->a.port, eb->pos()), eb->anchor(cable->b.port, ea->pos())); // as LinkItem draws it
    const QPointF mid = drawn.pointAt(0.3);
    auto link = f.w.canvas()->buildContextMenu(f.w.canvas()->mapFromScene(mid));
    CHECK(link->objectName() == QStringLiteral("linkMenu"));
    CHECK(texts(link.get()).contains(QStringLiteral("Delete")));
    auto canvas = f.w.canvas()->buildContextMenu(at + QPoint(0, 200));
    CHECK(canvas->objectName() == QStringLiteral("canvasMenu"));
    for (const char* t : {"Paste Here", "Select All", "Zoom to Fit", "Auto-Layout in Tiers", "Mini-Map"})
        CHECK(texts(canvas.get()).contains(QLatin1String(t)));
    // A real right-click opens the menu (closed again by a timer).
    QTimer::singleShot(50, [] {
        if (QWidget* popup = QApplication::activePopupWidget()) popup->close();
    });
    QContextMenuEvent e(QContextMenuEvent::Mouse, at, f.viewport()->mapToGlobal(at));
    QApplication::sendEvent(f.viewport(), &e);
    CHECK(f.w.scene()->selectedNodeIds() == std::vector<model::Id>{dgx});
}

TEST_CASE("every frequent action has its own shortcut", "[gui][habits]")
{
    HabitsWindow f;
    std::map<QString, QString> owner;
    for (const char* name : {"New", "NewFromTemplate", "Open", "Save", "SaveAs", "Generate", "ExportCanvas", "Quit", "Undo",
                             "Redo", "Cut", "Copy", "Paste", "Duplicate", "Delete", "SelectAll", "AlignLeft", "AlignHCenter",
                             "AlignRight", "AlignTop", "AlignVCenter", "AlignBottom", "DistributeH", "DistributeV",
                             "AutoLayout", "ZoomIn", "ZoomOut", "ZoomToFit", "ZoomToSelection", "MiniMap",
                             "CollapseGroups", "ExpandGroups", "SelectTool", "WireTool"}) {
        QAction* a = f.w.action(QStringLiteral("action") + QLatin1String(name));
        INFO(name);
        REQUIRE(a != nullptr);
        REQUIRE_FALSE(a->shortcut().isEmpty());
        for (const QKeySequence& k : a->shortcuts()) {
            const QString key = k.toString();
            const auto other = owner.find(key);
            INFO(key.toStdString() << " also on " << (other == owner.end() ? std::string() : other->second.toStdString()));
            CHECK(other == owner.end());
            owner[key] = QLatin1String(name);
        }
    }
}

TEST_CASE("a zoom set on the canvas keeps the centre and shows in the status bar", "[gui][habits]")
{
    // screenshot --zoom sets the zoom this way; the status bar used to keep the fit zoom.
    HabitsWindow f(false);
    f.w.canvas()->zoomToFit();
    QApplication::processEvents();
    const auto zoomLabel = [&]() -> QString {
        for (const QLabel* l : f.w.statusBar()->findChildren<QLabel*>())
            if (l->text().startsWith(QLatin1String("Zoom "))) return l->text();
        return {};
    };
    for (const auto& [zoom, text] : {std::pair{1.0, "Zoom 100 %"}, std::pair{0.5, "Zoom 50.0 %"}, std::pair{2.0, "Zoom 200 %"}}) {
        INFO(zoom);
        const QPointF centre = f.w.canvas()->mapToScene(f.viewport()->rect().center());
        f.w.canvas()->setZoom(zoom);
        QApplication::processEvents();
        CHECK(f.w.canvas()->zoom() == Approx(zoom));
        const QPointF now = f.w.canvas()->mapToScene(f.viewport()->rect().center());
        CHECK(std::abs(now.x() - centre.x()) <= 1.5 / zoom);
        CHECK(std::abs(now.y() - centre.y()) <= 1.5 / zoom);
        CHECK(zoomLabel() == QString::fromLatin1(text));
    }
}
