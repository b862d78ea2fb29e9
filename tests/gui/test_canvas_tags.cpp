// Cable-count tags ("×2", "×4") paint above every cable: a bundle or link that crosses a tag
// runs under it, not over it (a tester found the tags of a 3-tier fat tree hidden under the
// neighbouring cables at 93 % zoom). The tags move, hide and go with their cables, and clicks
// on them reach the cable underneath.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/canvas/bundle_item.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_style.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/count_tag_item.hpp"
#include "views/canvas/group_item.hpp"
#include "views/canvas/link_item.hpp"
#include "views/canvas/node_item.hpp"

#include <QApplication>
#include <QImage>
#include <QPainter>

#include <cmath>

namespace {

bool isCable(const QGraphicsItem* i) { return i->type() == views::LinkItem::Type || i->type() == views::BundleItem::Type; }

/// Two collapsed groups of two DGX H100 (a, b) and six QM9700 switches. Group a is wired to
/// switch r and group b to switch l (two cables each: one bundle of ×2 per group); l sits to
/// the left of and above r, so the two bundles cross (the test moves l until bundle b runs
/// through the middle of bundle a's tag). Switches s1 - s2 are one vertical link of 4 cables,
/// s3 - s4 one horizontal link of a single cable, moved by the test onto s1 - s2's tag.
struct Crossing {
    app::Document doc{guitest::catalog()};
    std::unique_ptr<views::CanvasScene> scene;
    model::Id l = 0, r = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
    model::Id vertical = 0, horizontal = 0; ///< the links s1 - s2 (×4) and s3 - s4

    Crossing()
    {
        model::Design d;
        auto node = [&d](model::NodeKind kind, const char* name, const char* group, double x, double y) {
            model::Node n;
            n.kind = kind;
            n.model = kind == model::NodeKind::Server ? "dgx-h100" : "qm9700";
            n.tier = kind == model::NodeKind::Server ? model::SwitchTier::None : model::SwitchTier::Leaf;
            n.name = name;
            n.group = group;
            n.position = {x, y};
            return d.addNode(n);
        };
        auto link = [&d](model::Id a, int pa, model::Id b, int pb, int count) {
            model::Link k;
            k.a = {a, pa};
            k.b = {b, pb};
            k.count = count;
            return d.addLink(k);
        };
        const model::Id a1 = node(model::NodeKind::Server, "a1", "a", -150, 800);
        const model::Id a2 = node(model::NodeKind::Server, "a2", "a", 150, 800);
        const model::Id b1 = node(model::NodeKind::Server, "b1", "b", 850, 800);
        const model::Id b2 = node(model::NodeKind::Server, "b2", "b", 1150, 800);
        r = node(model::NodeKind::Switch, "r", "", 1200, 0);
        l = node(model::NodeKind::Switch, "l", "", -1000, -800);
        link(a1, 0, r, 1, 1);
        link(a2, 0, r, 2, 1);
        link(b1, 0, l, 1, 1);
        link(b2, 0, l, 2, 1);
        s1 = node(model::NodeKind::Switch, "s1", "", 3000, 800);
        s2 = node(model::NodeKind::Switch, "s2", "", 3000, 0);
        s3 = node(model::NodeKind::Switch, "s3", "", 2400, 300);
        s4 = node(model::NodeKind::Switch, "s4", "", 3600, 300);
        vertical = link(s1, 1, s2, 1, 4);
        horizontal = link(s3, 1, s4, 1, 1);
        doc.newDesign(d);
        scene = std::make_unique<views::CanvasScene>(&doc);
        scene->collapseGroup("a");
        scene->collapseGroup("b");
    }

    /// The bundle of group `name` (the only one of each group here).
    views::BundleItem* bundleOf(const std::string& name)
    {
        for (views::BundleItem* b : scene->bundleItems())
            if (b->group()->name() == name) return b;
        return nullptr;
    }

    /// Moves node `id` so that its centre is at `to` (one undoable move) and brings the groups
    /// and bundles up to date.
    void move(model::Id id, QPointF to)
    {
        const model::Point from = doc.design().node(id)->position;
        REQUIRE(doc.requestMove({{id, from, {to.x(), to.y()}}}));
        (void)scene->bundleItems();
    }

    /// The scene painted at 100 % over `area` (scene units), as an image of its size.
    QImage render(const QRectF& area)
    {
        QImage img(area.size().toSize(), QImage::Format_ARGB32_Premultiplied);
        img.fill(Qt::white);
        QPainter p(&img);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        scene->render(&p, QRectF(img.rect()), area);
        return img;
    }
};

/// Where `tag` draws at 100 % (its box: device pixels = scene units there), less 3 units on
/// every side (the rounded edge).
QRectF tagInterior(const views::CountTagItem& tag) { return tag.box().translated(tag.pos()).adjusted(3, 3, -3, -3); }

/// Whether `line` passes through `box`.
bool crosses(const QLineF& line, const QRectF& box)
{
    const QLineF edges[] = {{box.topLeft(), box.topRight()}, {box.topRight(), box.bottomRight()},
                            {box.bottomRight(), box.bottomLeft()}, {box.bottomLeft(), box.topLeft()}};
    for (const QLineF& e : edges)
        if (line.intersects(e, nullptr) == QLineF::BoundedIntersection) return true;
    return box.contains(line.p1()) || box.contains(line.p2());
}

/// Distance from `p` to the infinite line through `line`.
double distanceTo(const QLineF& line, QPointF p)
{
    const QPointF d = line.p2() - line.p1();
    return std::abs(d.x() * (p.y() - line.p1().y()) - d.y() * (p.x() - line.p1().x())) / std::hypot(d.x(), d.y());
}

/// Where a bundle's tag sits on its line: 45 % of the way from the lower end.
QPointF bundleTagPlace(const QLineF& line)
{
    return line.p1().y() > line.p2().y() ? line.pointAt(0.45) : line.pointAt(0.55);
}

} // namespace

TEST_CASE("count tags paint above every cable, also where two bundles cross", "[gui][canvas][tags]")
{
    Crossing f;
    views::BundleItem* a = f.bundleOf("a");
    views::BundleItem* b = f.bundleOf("b");
    REQUIRE(a != nullptr);
    REQUIRE(b != nullptr);
    CHECK(a->cables() == 2);
    CHECK(b->cables() == 2);
    REQUIRE(a->tag() != nullptr);
    REQUIRE(b->tag() != nullptr);
    CHECK(a->tag()->text() == QStringLiteral("×2"));

    // Move switch l so that bundle b runs through the centre of bundle a's tag: b's line goes
    // from its card (which stays) to l's lower edge, whose offset from l's centre is fixed.
    const QPointF at = a->tag()->pos();
    const QPointF lEdge = b->line().p2() - f.scene->nodeItem(f.l)->pos();
    const QPointF card = b->line().p1();
    const double ly = -800.0;                                      // l stays at this height
    const double t = (ly + lEdge.y() - card.y()) / (at.y() - card.y()); // along card -> tag centre
    f.move(f.l, QPointF(card.x() + t * (at.x() - card.x()) - lEdge.x(), ly));
    REQUIRE(a->tag()->pos() == at); // a did not move
    REQUIRE(distanceTo(b->line(), at) < 0.01);
    REQUIRE(a->line().intersects(b->line(), nullptr) == QLineF::BoundedIntersection);

    // The same for the ×4 link s1 - s2 and the single cable s3 - s4: s3 and s4 side by side at
    // the height of the tag, so their cable runs straight through it.
    views::LinkItem* vertical = f.scene->linkItem(f.vertical);
    views::LinkItem* horizontal = f.scene->linkItem(f.horizontal);
    REQUIRE(vertical->tag() != nullptr);
    CHECK(vertical->tag()->text() == QStringLiteral("×4"));
    CHECK(horizontal->tag() == nullptr); // one cable: no tag
    const QPointF linkTag = vertical->tag()->pos();
    f.move(f.s3, QPointF(2400, linkTag.y()));
    f.move(f.s4, QPointF(3600, linkTag.y()));
    REQUIRE(std::abs(horizontal->line().p1().y() - linkTag.y()) < 1e-9);
    REQUIRE(horizontal->line().intersects(vertical->line(), nullptr) == QLineF::BoundedIntersection);

    // Stacking: every tag is a top-level item above every link and bundle, below the symbols.
    int tags = 0;
    for (const QGraphicsItem* i : f.scene->items()) {
        if (i->type() != views::CountTagItem::Type) continue;
        ++tags;
        CHECK(i->parentItem() == nullptr);
        CHECK(i->zValue() == views::CountTagItem::kZ);
    }
    CHECK(tags == 3); // two bundles, one ×4 link
    for (const QGraphicsItem* i : f.scene->items()) {
        if (isCable(i)) CHECK(i->zValue() < views::CountTagItem::kZ);
        if (i->type() == views::NodeItem::Type || i->type() == views::GroupItem::Type) CHECK(i->zValue() > views::CountTagItem::kZ);
    }
    // Paint order (ascending stacking order, what the view paints first comes first): every
    // tag after every cable.
    const QList<QGraphicsItem*> order = f.scene->items(Qt::AscendingOrder);
    qsizetype lastCable = -1, firstTag = order.size();
    for (qsizetype i = 0; i < order.size(); ++i) {
        if (isCable(order[i])) lastCable = i;
        if (order[i]->type() == views::CountTagItem::Type) firstTag = std::min(firstTag, i);
    }
    CHECK(lastCable < firstTag);

    // Painted: inside each tag, the picture is the same with the crossing cable drawn or not
    // (with the tag drawn by, or as a child of, its own cable, the later cable covered it).
    struct Case {
        const views::CountTagItem* tag;
        QGraphicsItem* crossing;
        QLineF crossingLine;
    };
    for (const Case& c : {Case{a->tag(), b, b->line()}, Case{vertical->tag(), horizontal, horizontal->line()}}) {
        INFO("tag " << c.tag->text().toStdString() << " at " << c.tag->pos().x() << ", " << c.tag->pos().y());
        const QRectF inside = tagInterior(*c.tag);
        REQUIRE(crosses(c.crossingLine, inside));
        const QImage with = f.render(inside);
        c.crossing->setVisible(false);
        const QImage without = f.render(inside);
        c.crossing->setVisible(true);
        CHECK(with == without);
        // The picture is the tag's, not the canvas: its fill covers most of the interior.
        const QColor fill = views::canvas_style::palette().tagFill;
        int filled = 0;
        for (int y = 0; y < with.height(); ++y)
            for (int x = 0; x < with.width(); ++x) filled += with.pixelColor(x, y) == fill;
        CHECK(filled > with.width() * with.height() / 3);
    }
}

TEST_CASE("count tags move, hide and go with their cables through edits, undo and collapse", "[gui][canvas][tags]")
{
    Crossing f;
    const auto visibleTags = [&f] {
        int n = 0;
        for (const QGraphicsItem* i : f.scene->items())
            if (i->type() == views::CountTagItem::Type && i->isVisible()) ++n;
        return n;
    };
    REQUIRE(visibleTags() == 3);

    // Moving an end moves the tag with the line.
    f.move(f.r, QPointF(1500, -100));
    views::BundleItem* a = f.bundleOf("a");
    CHECK(a->tag()->pos() == bundleTagPlace(a->line()));
    f.move(f.s2, QPointF(3100, -200));
    views::LinkItem* vertical = f.scene->linkItem(f.vertical);
    CHECK(distanceTo(vertical->line(), vertical->tag()->pos()) < 1e-6);
    f.doc.undoStack()->undo();
    CHECK(distanceTo(vertical->line(), vertical->tag()->pos()) < 1e-6);
    CHECK(vertical->line().p2().y() > -200); // back at y 0

    // Deleting switch l deletes bundle b with its tag; undo brings both back.
    REQUIRE(f.doc.requestDelete({f.l}, {}));
    CHECK(f.scene->bundleItems().size() == 1);
    CHECK(visibleTags() == 2);
    f.doc.undoStack()->undo();
    REQUIRE(f.scene->bundleItems().size() == 2);
    CHECK(visibleTags() == 3);
    CHECK(f.bundleOf("b")->tag()->isVisible());
    CHECK(f.bundleOf("b")->tag()->scene() == f.scene.get());

    // A link down to one cable hides its tag; back to four shows "×4" again.
    model::Link one = *f.doc.design().link(f.vertical);
    one.count = 1;
    REQUIRE(f.doc.requestSetLink(one, QStringLiteral("Set count")));
    CHECK_FALSE(vertical->tag()->isVisible());
    CHECK(visibleTags() == 2);
    f.doc.undoStack()->undo();
    CHECK(vertical->tag()->isVisible());
    CHECK(vertical->tag()->text() == QStringLiteral("×4"));

    // Deleting the link retires its item, hidden: the tag hides too, and comes back on undo.
    REQUIRE(f.doc.requestDelete({}, {f.vertical}));
    CHECK(visibleTags() == 2);
    f.doc.undoStack()->undo();
    CHECK(visibleTags() == 3);
    CHECK(f.scene->linkItem(f.vertical)->tag()->isVisible());

    // Expanding group a replaces its bundle by the members' single cables (no tags); collapsing
    // it again brings a bundle with its tag.
    f.scene->expandGroup("a");
    CHECK(f.scene->bundleItems().size() == 1);
    CHECK(visibleTags() == 2);
    f.scene->collapseGroup("a");
    REQUIRE(f.scene->bundleItems().size() == 2);
    CHECK(visibleTags() == 3);
    a = f.bundleOf("a");
    CHECK(a->tag()->pos() == bundleTagPlace(a->line()));
    CHECK(a->tag()->scene() == f.scene.get());
}

TEST_CASE("a click on a bundle's count tag selects the bundle under it", "[gui][canvas][tags]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(guitest::showTemplateWindow(w));
    const auto bundles = w.scene()->bundleItems();
    REQUIRE(bundles.size() == 8);
    views::BundleItem* b = bundles.front();
    w.canvas()->setTransform(QTransform());
    w.canvas()->centerOn(b->tag()->pos());
    QApplication::processEvents();
    const QPoint at = w.canvas()->mapFromScene(b->tag()->pos());
    // The tag is not hit: the bundle is the topmost item under it.
    const QList<QGraphicsItem*> hit = w.canvas()->items(at);
    REQUIRE_FALSE(hit.isEmpty());
    CHECK(hit.front() == b);
    QTest::mouseClick(w.canvas()->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    CHECK(b->isSelected());
    CHECK(w.scene()->selectedLinkIds() == b->links());
    w.document()->undoStack()->setClean();
}
