// Bad input in the GUI: a malformed design shows a message naming the problem and leaves the
// current design (and its history) untouched; the screenshot command reports it on stderr.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

namespace {
QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(content);
    return path;
}

/// A window whose error dialog is captured instead of shown.
struct OpenErrorsWindow {
    app::MainWindow w{guitest::catalog()};
    QStringList errors;
    OpenErrorsWindow()
    {
        auto prompts = w.files()->prompts();
        prompts.error = [this](const QString&, const QString& message) { errors << message; };
        w.files()->setPrompts(prompts);
        REQUIRE(w.files()->openPath(guitest::templatePath()));
    }
};
} // namespace

TEST_CASE("opening a design with a mistyped field reports file, entry and field and changes nothing", "[gui][errors]")
{
    OpenErrorsWindow f;
    // An unsaved edit that must survive the failed open.
    model::Node n = f.w.document()->design().nodes().begin()->second;
    n.name = "edited";
    f.w.document()->requestSetNode(n, "Rename");
    const auto before = guitest::snapshot(*f.w.document());
    const QString pathBefore = f.w.document()->filePath();
    const int steps = f.w.document()->undoStack()->count();

    QTemporaryDir dir;
    const QString bad = writeFile(dir, QStringLiteral("bad-lanes.json"), R"({
      "format": "cluster-designer-design", "version": 1, "name": "bad",
      "nodes": [{"id": 1, "kind": "server", "model": "dgx-h100", "name": "a"},
                {"id": 2, "kind": "switch", "model": "qm9700", "name": "s", "tier": "leaf"}],
      "links": [{"id": 3, "a": {"node": 1}, "b": {"node": 2}, "medium": "infiniband",
                 "lane_speed_Gbps": 400, "lanes": "two"}]
    })");
    CHECK_FALSE(f.w.files()->openPath(bad));
    REQUIRE(f.errors.size() == 1);
    CHECK(f.errors[0].contains(QStringLiteral("bad-lanes.json")));
    CHECK(f.errors[0].contains(QStringLiteral("links[0]")));
    CHECK(f.errors[0].contains(QStringLiteral("lanes")));
    CHECK(guitest::snapshot(*f.w.document()) == before);
    CHECK(f.w.document()->filePath() == pathBefore);
    CHECK(f.w.document()->undoStack()->count() == steps);
    CHECK(f.w.document()->isModified());
    f.w.document()->undoStack()->setClean();
}

TEST_CASE("opening a file that is not JSON, or names an unknown model, is reported", "[gui][errors]")
{
    OpenErrorsWindow f;
    const auto before = guitest::snapshot(*f.w.document());
    QTemporaryDir dir;
    CHECK_FALSE(f.w.files()->openPath(writeFile(dir, QStringLiteral("truncated.json"), R"({"format": "cluster-designer-design", "nodes": [)")));
    CHECK_FALSE(f.w.files()->openPath(writeFile(dir, QStringLiteral("unknown-model.json"), R"({
      "format": "cluster-designer-design", "version": 1, "name": "x",
      "nodes": [{"id": 1, "kind": "server", "model": "dgx-h999", "name": "a"}], "links": []})")));
    CHECK_FALSE(f.w.files()->openPath(dir.filePath(QStringLiteral("missing.json"))));
    REQUIRE(f.errors.size() == 3);
    CHECK(f.errors[0].contains(QStringLiteral("truncated.json")));
    CHECK(f.errors[1].contains(QStringLiteral("dgx-h999")));
    CHECK(f.errors[2].contains(QStringLiteral("missing.json")));
    CHECK(guitest::snapshot(*f.w.document()) == before);
}

TEST_CASE("closing with unsaved changes asks and Cancel keeps the window open", "[gui][errors]")
{
    OpenErrorsWindow f;
    int asked = 0;
    app::FileController::SaveAnswer answer = app::FileController::SaveAnswer::Cancel;
    auto prompts = f.w.files()->prompts();
    prompts.askSave = [&](const QString&) {
        ++asked;
        return answer;
    };
    f.w.files()->setPrompts(prompts);
    CHECK(f.w.files()->maybeSave()); // unmodified: no question
    CHECK(asked == 0);
    model::Node n = f.w.document()->design().nodes().begin()->second;
    n.name = "edited";
    f.w.document()->requestSetNode(n, "Rename");
    CHECK_FALSE(f.w.files()->maybeSave());
    CHECK(asked == 1);
    answer = app::FileController::SaveAnswer::Discard;
    CHECK(f.w.files()->maybeSave());
    f.w.document()->undoStack()->setClean();
}

TEST_CASE("screenshot command writes a PNG and a bad design exits 1 naming the problem", "[gui][cli]")
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("shot.png"));
    QProcess p;
    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("screenshot"), QStringLiteral("-o"), png, QStringLiteral("--size"),
                                         QStringLiteral("1400x900")});
    REQUIRE(p.waitForFinished(60000));
    INFO(p.readAllStandardError().toStdString());
    CHECK(p.exitCode() == 0);
    QImage image(png);
    CHECK(image.width() == 1400);
    CHECK(image.height() == 900);

    const QString bad = writeFile(dir, QStringLiteral("bad.json"), R"({"format": "something-else", "version": 1})");
    p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("screenshot"), bad, QStringLiteral("-o"), png});
    REQUIRE(p.waitForFinished(60000));
    CHECK(p.exitCode() == 1);
    const QString err = QString::fromLocal8Bit(p.readAllStandardError());
    CHECK(err.contains(QStringLiteral("bad.json")));
    CHECK(err.contains(QStringLiteral("format")));
}
