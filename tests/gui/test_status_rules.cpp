// The status bar says when the design rules find errors, beside the bottleneck: a design that
// cannot be built reads as one (helper-91: 101 ports on a 64-port switch read "Bottleneck:
// Compute-bound" with no sign of the 4 errors outside the Design rules tab).
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/design/design.hpp"

#include <QTemporaryDir>

TEST_CASE("status bar: rule errors are counted beside the bottleneck", "[gui][rules]")
{
    QTemporaryDir dir;
    model::Design d = model::loadDesign(guitest::templatePath().toStdString());
    // One server's first link to its leaf drawn as 100 cables: more than its NICs and the leaf's ports.
    model::Link l = d.links().begin()->second;
    l.count = 100;
    d.updateLink(l);
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    model::saveDesign(d, path.toStdString());
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(path));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    INFO(w.statusText().toStdString());
    CHECK(w.statusText().contains(QStringLiteral("Bottleneck: ")));
    CHECK(w.statusText().contains(QStringLiteral(" rule error")));
    CHECK(w.statusText().contains(QStringLiteral("(Design rules)")));
    // The bundled template has none.
    app::MainWindow clean(guitest::catalog());
    REQUIRE(clean.files()->openPath(guitest::templatePath()));
    REQUIRE(guitest::waitForAnalysis(clean.worker()));
    CHECK_FALSE(clean.statusText().contains(QStringLiteral("rule error")));
}
