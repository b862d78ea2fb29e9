// The main window's toolbar keeps its buttons in place while the user edits: Undo and Redo
// read a fixed "Undo" / "Redo" (the action's full text, "Undo Rename of dgx-01", is in the
// Edit menu and the tool tip), so Redo and Fit do not jump as the undo text changes.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QToolBar>
#include <QToolButton>

namespace {

using guitest::idByName;

} // namespace

TEST_CASE("the toolbar's Redo and Fit stay put when an edit with a long name becomes undoable", "[gui][toolbar]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(guitest::showTemplateWindow(w));
    auto* bar = w.findChild<QToolBar*>(QStringLiteral("toolsBar"));
    auto* undo = w.findChild<QAction*>(QStringLiteral("actionUndo"));
    auto* redo = w.findChild<QAction*>(QStringLiteral("actionRedo"));
    auto* fit = w.findChild<QAction*>(QStringLiteral("actionFit"));
    REQUIRE(bar != nullptr);
    REQUIRE(undo != nullptr);
    REQUIRE(redo != nullptr);
    REQUIRE(fit != nullptr);
    auto* undoButton = qobject_cast<QToolButton*>(bar->widgetForAction(undo));
    QWidget* redoButton = bar->widgetForAction(redo);
    QWidget* fitButton = bar->widgetForAction(fit);
    REQUIRE(undoButton != nullptr);
    REQUIRE(redoButton != nullptr);
    REQUIRE(fitButton != nullptr);
    QApplication::processEvents();
    CHECK_FALSE(undo->isEnabled());
    const QRect undoBefore = undoButton->geometry(), redoBefore = redoButton->geometry(), fitBefore = fitButton->geometry();
    CHECK(undoButton->text() == QStringLiteral("Undo"));

    // An edit whose undo text is long: renaming a server to a long name.
    const model::Id dgx = idByName(w.document()->design(), "dgx-01");
    REQUIRE(dgx != 0);
    model::Node n = *w.document()->design().node(dgx);
    n.name = "dgx-01-in-the-second-row-of-rack-seven-next-to-the-storage-servers";
    REQUIRE(w.document()->requestSetNode(n, QStringLiteral("Rename the server and move it to another rack")));
    QApplication::processEvents();
    REQUIRE(undo->isEnabled());
    // The action itself (the Edit menu) names the edit in full; the button reads "Undo" and
    // shows the full text as its tool tip.
    CHECK(undo->text().remove(QLatin1Char('&')).startsWith(QStringLiteral("Undo Rename the server and move it to another rack of dgx-01")));
    CHECK(undoButton->text() == QStringLiteral("Undo"));
    CHECK(undoButton->toolTip() == undo->text().remove(QLatin1Char('&')));
    CHECK(undoButton->geometry() == undoBefore);
    CHECK(redoButton->geometry() == redoBefore);
    CHECK(fitButton->geometry() == fitBefore);

    // Undone: Redo now carries the long text, and still nothing moves.
    w.document()->undoStack()->undo();
    QApplication::processEvents();
    REQUIRE(redo->isEnabled());
    CHECK(redo->text().contains(QStringLiteral("move it to another rack")));
    CHECK(redoButton->geometry() == redoBefore);
    CHECK(fitButton->geometry() == fitBefore);
    w.document()->undoStack()->setClean();
}
