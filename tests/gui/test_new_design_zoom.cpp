// File > New starts the empty canvas at 100 % (helper-80: it kept the last design's 24.5 %, so
// the first servers dropped on it looked like specks).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QUndoStack>

TEST_CASE("File > New starts at 100 % whatever the zoom before", "[gui][canvas]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.resize(1200, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.canvas()->setZoom(0.245);
    REQUIRE(w.canvas()->zoom() == Approx(0.245));
    w.document()->undoStack()->setClean(); // nothing to save: no prompt
    w.files()->newDesign();
    CHECK(w.document()->design().nodes().empty());
    CHECK(w.canvas()->zoom() == Approx(1.0));
}
