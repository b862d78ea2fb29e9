// Document edit requests (issue 11 item 5): only undo commands can change the design (the
// DesignEditor passkey), and every request says whether it was applied; a refused request
// changes nothing, records nothing and emits nothing.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/commands/add_node_command.hpp"
#include "app/commands/design_editor.hpp"

#include <QSignalSpy>

#include <type_traits>

using guitest::snapshot;

// Outside the undo commands nobody can make an editor, so no code can edit around the stack.
static_assert(!std::is_constructible_v<app::DesignEditor, app::Document&>);

namespace {
struct Fixture {
    app::Document doc{guitest::catalog()};
    Fixture() { REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value()); }
};

using guitest::idByName;

/// Runs `request`, which must be refused, and checks that nothing changed.
template <class Request>
void requireRefused(Fixture& f, Request&& request)
{
    const nlohmann::json before = snapshot(f.doc);
    const int steps = f.doc.undoStack()->count();
    const auto revision = f.doc.revision();
    QSignalSpy changed(&f.doc, &views::DesignDocument::changed);
    CHECK_FALSE(request());
    CHECK(snapshot(f.doc) == before);
    CHECK(f.doc.undoStack()->count() == steps);
    CHECK(f.doc.revision() == revision);
    CHECK(changed.count() == 0);
}
} // namespace

TEST_CASE("refused requests change nothing and leave no step", "[undo][requests]")
{
    Fixture f;
    const model::Design& d = f.doc.design();
    const model::Id dgx = idByName(d, "dgx-01");
    REQUIRE_FALSE(d.linksOf(dgx).empty());
    const model::Link rail = *d.linksOf(dgx).front();

    requireRefused(f, [&] { return f.doc.requestAddNode(*d.node(dgx)) != 0; }); // id taken
    model::Link self = rail;
    self.id = 0;
    self.b = self.a;
    requireRefused(f, [&] { return f.doc.requestAddLink(self) != 0; }); // same node at both ends
    model::Link dangling = rail;
    dangling.id = 0;
    dangling.b.node = 999999;
    requireRefused(f, [&] { return f.doc.requestAddLink(dangling) != 0; });
    requireRefused(f, [&] { return f.doc.requestDelete({999999}, {888888}); });
    requireRefused(f, [&] { return f.doc.requestMove({{999999, {0, 0}, {10, 10}}}); });
    requireRefused(f, [&] { return f.doc.requestMove({{dgx, d.node(dgx)->position, d.node(dgx)->position}}); });
    requireRefused(f, [&] { return f.doc.requestSetNode(*d.node(dgx), QStringLiteral("Rename")); }); // nothing differs
    model::Link moved = rail;
    moved.b.node = 999999; // re-wire to a node that does not exist: the link must survive as it was
    requireRefused(f, [&] { return f.doc.requestSetLink(moved, QStringLiteral("Wire")); });
    for (int bad : {0, -3}) {
        model::Link count = rail;
        count.count = bad;
        requireRefused(f, [&] { return f.doc.requestSetLink(count, QStringLiteral("Link count")); });
        count.count = 1;
        count.lanes = bad;
        requireRefused(f, [&] { return f.doc.requestSetLink(count, QStringLiteral("Lanes")); });
    }
    CHECK(*f.doc.design().link(rail.id) == rail);
}

TEST_CASE("applied requests say so, and a refused edit never merges into the previous step", "[undo][requests]")
{
    Fixture f;
    const model::Design& d = f.doc.design();
    const model::Id dgx = idByName(d, "dgx-01");
    model::Link rail = *d.linksOf(dgx).front();
    rail.count = 2;
    CHECK(f.doc.requestSetLink(rail, QStringLiteral("Link count")));
    CHECK(f.doc.undoStack()->count() == 1);
    model::Link bad = rail;
    bad.count = 0;
    CHECK_FALSE(f.doc.requestSetLink(bad, QStringLiteral("Link count")));
    CHECK(f.doc.undoStack()->count() == 1);
    CHECK(f.doc.design().link(rail.id)->count == 2);
    f.doc.undoStack()->undo();
    CHECK(f.doc.design().link(rail.id)->count == 1);
    f.doc.undoStack()->redo();
    CHECK(f.doc.design().link(rail.id)->count == 2);

    model::Node renamed = *d.node(dgx);
    renamed.name = "dgx-first";
    CHECK(f.doc.requestSetNode(renamed, QStringLiteral("Rename")));
    CHECK(f.doc.requestMove({{dgx, renamed.position, {renamed.position.x + 40, renamed.position.y}}}));
    CHECK(f.doc.requestDelete({dgx}, {}));
    CHECK(f.doc.undoStack()->count() == 4);
}

TEST_CASE("a command whose change cannot be made is dropped by the stack", "[undo][requests]")
{
    Fixture f;
    const nlohmann::json before = snapshot(f.doc);
    model::Node clash = *f.doc.design().node(idByName(f.doc.design(), "dgx-02")); // id already used
    clash.name = "clash";
    f.doc.undoStack()->push(new app::AddNodeCommand(&f.doc, clash));
    CHECK(f.doc.undoStack()->count() == 0);
    CHECK(snapshot(f.doc) == before);
    CHECK_FALSE(f.doc.push(std::make_unique<app::AddNodeCommand>(&f.doc, clash)));
    CHECK(f.doc.undoStack()->count() == 0);
}
