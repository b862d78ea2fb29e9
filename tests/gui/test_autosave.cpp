// Crash recovery: unsaved work is copied to autosave.json; the copy reopens as unsaved work;
// saving removes it.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "recovery_prompts.hpp"

#include "app/autosave.hpp"
#include "model/design/design.hpp"
#include "model/io/json_fields.hpp"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
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

TEST_CASE("recovered work of a saved design saves back to its file - unless the file changed since the copy", "[gui][autosave]")
{
    // It reopened as "Untitled" and Ctrl+S asked for a name, though the question named the file.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("d1.json"));
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    REQUIRE_FALSE(doc.saveAs(file).has_value());
    // The copy is stamped to the second; the file's own time must not be later than it.
    {
        QFile f(file);
        REQUIRE(f.open(QIODevice::ReadWrite));
        REQUIRE(f.setFileTime(QDateTime::currentDateTime().addSecs(-60), QFileDevice::FileModificationTime));
    }
    app::Autosave autosave(&doc, dir.path());
    model::Node n = doc.design().nodes().begin()->second;
    n.name = "renamed-before-crash";
    doc.requestSetNode(n, "Rename");
    REQUIRE(autosave.saveNow());

    const app::RecoveryInfo info = app::readRecoveryInfo(autosave.path());
    CHECK(info.source == file);
    REQUIRE(app::recoveryTarget(info) == QFileInfo(file).absoluteFilePath());
    CHECK(app::recoveryQuestion(autosave.path()).contains(QStringLiteral("Saving the recovered work writes it to %1.").arg(file)));
    app::Document recovered(guitest::catalog());
    REQUIRE_FALSE(recovered.openRecovered(autosave.path(), app::recoveryTarget(info)).has_value());
    CHECK(recovered.filePath() == QFileInfo(file).absoluteFilePath());
    CHECK(recovered.isModified());
    REQUIRE_FALSE(recovered.saveAs(recovered.filePath()).has_value());
    CHECK(model::loadDesign(file.toStdString()).node(n.id)->name == "renamed-before-crash");

    // Written after the copy was made (another session saved it): the work opens untitled.
    {
        QFile f(file);
        REQUIRE(f.open(QIODevice::ReadWrite));
        REQUIRE(f.setFileTime(QDateTime::currentDateTime().addSecs(120), QFileDevice::FileModificationTime));
    }
    CHECK(app::recoveryTarget(app::readRecoveryInfo(autosave.path())).isEmpty());
    CHECK(app::recoveryQuestion(autosave.path()).contains(QStringLiteral("The file has changed or gone since then")));
    // Gone: untitled as well.
    REQUIRE(QFile::remove(file));
    CHECK(app::recoveryTarget(app::readRecoveryInfo(autosave.path())).isEmpty());
    doc.undoStack()->setClean();
}

TEST_CASE("a design opened by a relative name is recorded by its absolute path - never another folder's file",
          "[gui][autosave]")
{
    // `cluster-designer d2.json` in out/, killed, restarted in other/ that holds another d2.json:
    // the copy said "d2.json", and Ctrl+S wrote the recovered design over other/d2.json.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    REQUIRE(QDir(dir.path()).mkpath(QStringLiteral("out")));
    const QString out = dir.filePath(QStringLiteral("out"));
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    const QString cwd = QDir::currentPath();
    REQUIRE(QDir::setCurrent(out));
    const auto saved = doc.saveAs(QStringLiteral("d2.json"));
    REQUIRE(QDir::setCurrent(cwd));
    REQUIRE_FALSE(saved.has_value());
    CHECK(doc.filePath() == QDir(out).absoluteFilePath(QStringLiteral("d2.json")));
    app::Autosave autosave(&doc, dir.filePath(QStringLiteral("autosave")));
    model::Node n = doc.design().nodes().begin()->second;
    n.name = "renamed-before-crash";
    doc.requestSetNode(n, "Rename");
    REQUIRE(autosave.saveNow());
    CHECK(app::readRecoveryInfo(autosave.path()).source == QDir(out).absoluteFilePath(QStringLiteral("d2.json")));

    // A copy of an earlier version that recorded the relative name: never tied to a file.
    app::RecoveryInfo relative = app::readRecoveryInfo(autosave.path());
    relative.source = QStringLiteral("d2.json");
    REQUIRE(QDir::setCurrent(out));
    const QString target = app::recoveryTarget(relative);
    REQUIRE(QDir::setCurrent(cwd));
    CHECK(target.isEmpty());
    doc.undoStack()->setClean();
}

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QDir>
#include <QProcess>

#include <cstdio>

namespace {
using guitest::idByName;

/// Sets an environment variable for the life of the object.
struct ScopedEnv {
    const char* name;
    QByteArray old;
    bool had;
    ScopedEnv(const char* n, const QString& value) : name(n), old(qgetenv(n)), had(qEnvironmentVariableIsSet(n))
    {
        qputenv(name, value.toLocal8Bit());
    }
    ~ScopedEnv()
    {
        if (had) qputenv(name, old);
        else qunsetenv(name);
    }
};
} // namespace

TEST_CASE("one edit is copied within the interval, without any save by hand", "[gui][autosave]")
{
    // Issue 14: after an edit nothing was written for 75 s. The document announces the edit
    // before the undo stack counts it as unsaved, and the timer never started on a first edit.
    QTemporaryDir dir;
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    app::Autosave autosave(&doc, dir.path());
    autosave.setIntervalMs(200);
    model::Node n = doc.design().nodes().begin()->second;
    n.name = "only-edit";
    doc.requestSetNode(n, "Rename");
    REQUIRE(QTest::qWaitFor([&] { return autosave.hasCopy(); }, 10000));
    CHECK(model::toJson(model::loadDesign(autosave.path().toStdString())) == guitest::snapshot(doc));
    CHECK(app::Autosave::kIntervalMs <= 10000);
}

// Run by the next test in a child process (hidden tag): the real main window on the template,
// one edit through the canvas (select a server, press Delete), wait for the autosave copy,
// then wait to be killed.
TEST_CASE("autosave crash child: edit, wait for the copy, wait for kill -9", "[.autosave-crash-child]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.autosave()->setIntervalMs(200);
    w.scene()->expandAllGroups();
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.activateWindow();
    w.canvas()->setFocus();
    const model::Id dgx = idByName(w.document()->design(), "dgx-05");
    REQUIRE(dgx != 0);
    w.scene()->selectIds({dgx}, {});
    QTest::keyClick(w.canvas(), Qt::Key_Delete);
    REQUIRE(w.document()->design().node(dgx) == nullptr);
    REQUIRE(QTest::qWaitFor([&] { return w.autosave()->hasCopy(); }, 20000));
    std::printf("AUTOSAVED %llu\n", static_cast<unsigned long long>(dgx));
    std::fflush(stdout);
    QTest::qWait(120000); // killed long before
}

TEST_CASE("edit then kill -9 then restart: the recovered design with the edit is offered and restored", "[gui][autosave]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const ScopedEnv env("CLUSTER_DESIGNER_AUTOSAVE_DIR", dir.path());

    QProcess child;
    child.setProgram(QCoreApplication::applicationFilePath());
    child.setArguments({QStringLiteral("[.autosave-crash-child]")});
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start();
    REQUIRE(child.waitForStarted(30000));
    QByteArray out;
    REQUIRE(QTest::qWaitFor([&] {
        child.waitForReadyRead(100);
        out += child.readAllStandardOutput();
        return out.contains("AUTOSAVED") || child.state() == QProcess::NotRunning;
    }, 120000));
    INFO(out.toStdString() << child.readAllStandardError().toStdString());
    const int at = out.indexOf("AUTOSAVED ");
    REQUIRE(at >= 0);
    const model::Id deleted = out.mid(at + 10).trimmed().split('\n').front().toULongLong();
    REQUIRE(deleted != 0);
    child.kill(); // SIGKILL: no destructor, no close event, the lock file stays behind
    REQUIRE(child.waitForFinished(30000));
    CHECK(child.exitStatus() == QProcess::CrashExit);
    CHECK(QDir(dir.path()).entryList({QStringLiteral("autosave-*.lock")}, QDir::Files).size() == 1);

    // Restart: the start-up path of the app (open the default design, then offer recovery).
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    const std::size_t templateNodes = w.document()->design().nodes().size();
    QStringList asked;
    const app::RecoveryPrompts prompts = guitest::acceptingRecoveryPrompts(asked);
    REQUIRE(app::offerRecovery(w, prompts));
    REQUIRE(asked.size() == 1);
    CHECK(asked[0].contains(QStringLiteral("closed without saving")));
    CHECK(asked[0].contains(QString::fromStdString(w.document()->design().name)));

    // The design is the edited one: the deleted server and its links are gone.
    const model::Design& d = w.document()->design();
    CHECK(d.nodes().size() == templateNodes - 1);
    CHECK(d.node(deleted) == nullptr);
    CHECK(d.linksOf(deleted).empty());
    CHECK(w.document()->isModified());
    CHECK(w.document()->filePath().isEmpty()); // saving asks for a name
    // The orphan is gone; this session's own copy holds the work now.
    CHECK(w.autosave()->orphanedCopies().isEmpty());
    CHECK(w.autosave()->hasCopy());
    CHECK(model::toJson(model::loadDesign(w.autosave()->path().toStdString()))["nodes"] == model::toJson(d)["nodes"]);
    w.document()->undoStack()->setClean();
}

TEST_CASE("a declined recovery removes the copy and a running session's copy is never offered", "[gui][autosave]")
{
    QTemporaryDir dir;
    const ScopedEnv env("CLUSTER_DESIGNER_AUTOSAVE_DIR", dir.path());
    app::MainWindow running(guitest::catalog());
    REQUIRE(running.files()->openPath(guitest::templatePath()));
    model::Node n = running.document()->design().nodes().begin()->second;
    n.name = "still-being-edited";
    running.document()->requestSetNode(n, "Rename");
    REQUIRE(running.autosave()->saveNow());
    REQUIRE(running.autosave()->hasCopy());

    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    CHECK(w.autosave()->orphanedCopies().isEmpty()); // the other window still runs

    // A copy left by a session of an earlier version (no lock at all): offered, declined, removed.
    const QString legacy = QDir(dir.path()).filePath(QStringLiteral("autosave.json"));
    REQUIRE(QFile::copy(running.autosave()->path(), legacy));
    app::RecoveryPrompts prompts;
    int asked = 0;
    prompts.ask = [&](const QString&) {
        ++asked;
        return false;
    };
    const auto before = guitest::snapshot(*w.document());
    CHECK_FALSE(app::offerRecovery(w, prompts));
    CHECK(asked == 1);
    CHECK_FALSE(QFile::exists(legacy));
    CHECK(guitest::snapshot(*w.document()) == before);
    CHECK(running.autosave()->hasCopy()); // untouched
    running.document()->undoStack()->setClean();
}

TEST_CASE("the recovery question names the design, its file, the time of the copy and the copy itself", "[gui][autosave]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("my-pod.json"));
    app::Document doc(guitest::catalog());
    REQUIRE_FALSE(doc.open(guitest::templatePath()).has_value());
    REQUIRE_FALSE(doc.saveAs(file).has_value());
    app::Autosave autosave(&doc, dir.filePath(QStringLiteral("autosave")));
    model::Node n = doc.design().nodes().begin()->second;
    n.name = "renamed-before-crash";
    doc.requestSetNode(n, "Rename");
    REQUIRE(autosave.saveNow());
    REQUIRE(autosave.hasCopy());

    // The time the copy was written, as the copy records it.
    const nlohmann::json copy = model::io::readJsonFile(autosave.path().toStdString(), model::kMaxDesignFileBytes);
    const QString saved = QDateTime::fromString(QString::fromStdString(copy["recovery"]["saved"].get<std::string>()), Qt::ISODate)
                              .toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    REQUIRE(saved.size() == 16);
    const QString question = app::recoveryQuestion(autosave.path());
    INFO(question.toStdString());
    CHECK(question == QStringLiteral("Cluster Designer closed without saving the changes to the design \"%1\" (file %2). "
                                     "The unsaved work was copied at %3 to %4. Saving the recovered work writes it to %2.\n\n"
                                     "Recover it?")
                          .arg(QString::fromStdString(doc.design().name), QDir::toNativeSeparators(file), saved,
                               QDir::toNativeSeparators(autosave.path())));
    doc.undoStack()->setClean();
}

TEST_CASE("the recovery question of a never-saved design says so, a copy without a time gives the file's", "[gui][autosave]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    app::Document doc(guitest::catalog());
    doc.newDesign();
    app::Autosave autosave(&doc, dir.path());
    model::Node n;
    n.kind = model::NodeKind::Server;
    n.model = "dgx-h100";
    n.name = "first";
    REQUIRE(doc.requestAddNode(n) != 0);
    REQUIRE(autosave.saveNow());
    const QString question = app::recoveryQuestion(autosave.path());
    CHECK(question.contains(QStringLiteral("(never saved to a file)")));
    CHECK(question.contains(QDir::toNativeSeparators(autosave.path())));

    // The single autosave.json of earlier versions has no "recovery" block: its file time.
    const QString legacy = dir.filePath(QStringLiteral("autosave.json"));
    REQUIRE(QFile::copy(guitest::templatePath(), legacy));
    const QString when = QFileInfo(legacy).lastModified().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
    const QString old = app::recoveryQuestion(legacy);
    CHECK(old.contains(QStringLiteral("copied at %1 to %2").arg(when, QDir::toNativeSeparators(legacy))));
    CHECK(old.contains(QStringLiteral("(never saved to a file)")));
    doc.undoStack()->setClean();
}
