// Crash recovery: unsaved work is copied to autosave.json; the copy reopens as unsaved work;
// saving removes it.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/autosave.hpp"

#include <QFile>
#include <QTemporaryDir>

TEST_CASE("autosave copies unsaved work, recovery reopens it as modified, saving removes the copy", "[gui][autosave]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    app::Autosave autosave(&doc, dir.path());
    CHECK(autosave.saveNow()); // nothing unsaved: no copy
    CHECK_FALSE(autosave.hasCopy());

    model::Node n = doc.design().nodes().begin()->second;
    n.name = "renamed-before-crash";
    doc.requestSetNode(n, "Rename");
    REQUIRE(autosave.saveNow());
    REQUIRE(autosave.hasCopy());
    CHECK(model::toJson(model::loadDesign(autosave.path().toStdString())) == guitest::snapshot(doc));

    // "Next start": a fresh document recovers the copy.
    app::Document recovered(guitest::catalog());
    REQUIRE_FALSE(recovered.openRecovered(autosave.path()).has_value());
    CHECK(guitest::snapshot(recovered) == guitest::snapshot(doc));
    CHECK(recovered.isModified());
    CHECK(recovered.filePath().isEmpty());

    // Saving the work makes the copy obsolete.
    REQUIRE_FALSE(doc.saveAs(dir.filePath(QStringLiteral("saved.json"))).has_value());
    CHECK_FALSE(autosave.hasCopy());
}
