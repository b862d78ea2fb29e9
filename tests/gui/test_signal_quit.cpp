// SIGTERM, SIGINT and SIGHUP end the app through its event loop (app/signal_quit.hpp): the
// unsaved work is copied to the autosave, the autosave lock is released, and the next start
// offers the work for recovery; an unmodified design leaves nothing behind.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "recovery_prompts.hpp"

#include "app/autosave.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "app/signal_quit.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>

#include <csignal>
#include <cstdio>

#include <sys/types.h>

namespace {

/// Starts this test binary on the hidden child test below, autosaving into `dir`; with `edit`
/// the child deletes server dgx-05 first. @return the child's stdout once it said READY.
QByteArray startChild(QProcess& child, const QString& dir, bool edit)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CLUSTER_DESIGNER_AUTOSAVE_DIR"), dir);
    env.insert(QStringLiteral("CD_SIGNAL_CHILD_EDIT"), edit ? QStringLiteral("1") : QStringLiteral("0"));
    child.setProcessEnvironment(env);
    child.setProgram(QCoreApplication::applicationFilePath());
    child.setArguments({QStringLiteral("[.signal-quit-child]")});
    child.start();
    if (!child.waitForStarted(30000)) return {};
    QByteArray out;
    // Whether it came in time shows in what the child printed, which the caller checks.
    static_cast<void>(QTest::qWaitFor([&] {
        child.waitForReadyRead(100);
        out += child.readAllStandardOutput();
        return out.contains("READY") || child.state() == QProcess::NotRunning;
    }, 120000));
    return out;
}

QStringList filesIn(const QString& dir, const char* pattern) { return QDir(dir).entryList({QLatin1String(pattern)}, QDir::Files); }

} // namespace

// Run by the next tests in a child process (hidden tag): the main window on the template, the
// app's signal handling installed, optionally one edit (autosave far off, so only the signal
// writes the copy), then the event loop until a signal ends it.
TEST_CASE("signal quit child: edit, then run the event loop until a signal", "[.signal-quit-child]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    w.autosave()->setIntervalMs(600000);
    model::Id deleted = 0;
    if (qgetenv("CD_SIGNAL_CHILD_EDIT") == "1") {
        w.scene()->expandAllGroups();
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        w.canvas()->setFocus();
        deleted = guitest::idByName(w.document()->design(), "dgx-05");
        w.scene()->selectIds({deleted}, {});
        QTest::keyClick(w.canvas(), Qt::Key_Delete);
        REQUIRE(w.document()->design().node(deleted) == nullptr);
        REQUIRE(w.document()->isModified());
    }
    REQUIRE_FALSE(w.autosave()->hasCopy());
    app::SignalQuit signalQuit;
    QObject::connect(&signalQuit, &app::SignalQuit::received, &app::SignalQuit::quitApplication);
    std::printf("READY %llu\n", static_cast<unsigned long long>(deleted));
    std::fflush(stdout);
    const int status = QApplication::exec();
    std::printf("EXITED %d\n", status);
    std::fflush(stdout);
    // The window goes as in the app after a signal: modified, so its copy stays (only a close
    // by the user, saving or discarding, removes it) and ~Autosave releases the lock.
}

TEST_CASE("SIGTERM, SIGINT, SIGHUP: unsaved work kept in the autosave, lock released, recovery offered", "[gui][autosave]")
{
    for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
        DYNAMIC_SECTION("signal " << sig)
        {
            QTemporaryDir dir;
            REQUIRE(dir.isValid());
            QProcess child;
            const QByteArray ready = startChild(child, dir.path(), true);
            INFO(ready.toStdString() << child.readAllStandardError().toStdString());
            const int at = ready.indexOf("READY ");
            REQUIRE(at >= 0);
            const model::Id deleted = ready.mid(at + 6).trimmed().split('\n').front().toULongLong();
            REQUIRE(deleted != 0);
            CHECK(filesIn(dir.path(), "autosave-*.lock").size() == 1);
            CHECK(filesIn(dir.path(), "autosave-*.json").isEmpty());

            REQUIRE(::kill(static_cast<pid_t>(child.processId()), sig) == 0);
            REQUIRE(child.waitForFinished(60000));
            const QByteArray out = ready + child.readAllStandardOutput();
            INFO(out.toStdString());
            CHECK(child.exitStatus() == QProcess::NormalExit);
            CHECK(child.exitCode() == 0);
            CHECK(out.contains(QByteArray("EXITED ") + QByteArray::number(128 + sig)));
            CHECK(filesIn(dir.path(), "autosave-*.lock").isEmpty());
            const QStringList copies = filesIn(dir.path(), "autosave-*.json");
            REQUIRE(copies.size() == 1);
            const model::Design copy = model::loadDesign(QDir(dir.path()).filePath(copies.front()).toStdString());
            CHECK(copy.node(deleted) == nullptr);
            CHECK_FALSE(copy.nodes().empty());

            // The next start offers the work, and recovers the edited design.
            qputenv("CLUSTER_DESIGNER_AUTOSAVE_DIR", dir.path().toLocal8Bit());
            app::MainWindow w(guitest::catalog());
            qunsetenv("CLUSTER_DESIGNER_AUTOSAVE_DIR");
            REQUIRE(w.files()->openPath(guitest::templatePath()));
            QStringList asked;
            const app::RecoveryPrompts prompts = guitest::acceptingRecoveryPrompts(asked);
            REQUIRE(app::offerRecovery(w, prompts));
            CHECK(asked.size() == 1);
            CHECK(w.document()->design().node(deleted) == nullptr);
            w.document()->undoStack()->setClean();
            w.autosave()->discard();
        }
    }
}

TEST_CASE("SIGTERM on an unmodified design leaves neither a copy nor a lock: nothing is offered", "[gui][autosave]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    QProcess child;
    const QByteArray ready = startChild(child, dir.path(), false);
    INFO(ready.toStdString() << child.readAllStandardError().toStdString());
    REQUIRE(ready.contains("READY"));
    CHECK(filesIn(dir.path(), "autosave-*.lock").size() == 1);
    child.terminate(); // SIGTERM
    REQUIRE(child.waitForFinished(60000));
    const QByteArray out = ready + child.readAllStandardOutput();
    INFO(out.toStdString());
    CHECK(child.exitStatus() == QProcess::NormalExit);
    CHECK(out.contains(QByteArray("EXITED ") + QByteArray::number(128 + SIGTERM)));
    CHECK(QDir(dir.path()).entryList(QDir::Files).isEmpty());
}
