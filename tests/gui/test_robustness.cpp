// No exception escapes (issue 13 item 2): one thrown from a slot, from an undo command, from
// the analysis worker's engine and from the simulation runner's engine is reported in a
// dialog, the design stays as it was and the app keeps working; the command line turns an
// escaping exception into a message and a non-zero exit status.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/analysis_worker.hpp"
#include "app/commands/edit_command.hpp"
#include "app/cli/cli.hpp"
#include "app/error_report.hpp"
#include "app/file_controller.hpp"
#include "app/guarded_application.hpp"
#include "app/main_window.hpp"
#include "app/simulation_runner.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/simulation/simulation_panel.hpp"

#include <QProcess>
#include <QTimer>

#include <cstdio>
#include <stdexcept>

#include <fcntl.h>
#include <unistd.h>

namespace {

/// Records the dialogs reportUnexpectedError would show, for the life of the object.
struct DialogSpy {
    QStringList texts;
    app::ErrorDialog previous;
    DialogSpy()
    {
        previous = app::setErrorDialog([this](const QString&, const QString& text) { texts << text; });
    }
    ~DialogSpy() { app::setErrorDialog(previous); }
    bool waitFor(int count, int timeoutMs = 20000)
    {
        return QTest::qWaitFor([&] { return texts.size() >= count; }, timeoutMs);
    }
};

/// A window on the template whose analysis has finished.
struct RobustWindow {
    app::MainWindow w{guitest::catalog()};
    RobustWindow()
    {
        REQUIRE(w.files()->openPath(guitest::templatePath()));
        w.show();
        REQUIRE(QTest::qWaitForWindowExposed(&w));
        REQUIRE(guitest::waitForAnalysis(w.worker()));
    }
    ~RobustWindow() { w.document()->undoStack()->setClean(); }
};

/// An undo command that moves the first node, then throws: half an edit.
class FailingMove final : public app::EditCommand {
public:
    FailingMove(app::Document* doc, bool failInRedo) : EditCommand(doc), failInRedo_(failInRedo) { setText("failing move"); }

protected:
    bool redoEdit(app::DesignEditor& e) override
    {
        move(e, 1000.0);
        if (failInRedo_) throw std::logic_error("redo failed half-way");
        return true;
    }
    bool undoEdit(app::DesignEditor& e) override
    {
        move(e, -1000.0);
        throw std::logic_error("undo failed half-way");
    }

private:
    static void move(app::DesignEditor& e, double dx)
    {
        const model::Node n = e.design().nodes().begin()->second;
        REQUIRE(e.moveNode(n.id, {n.position.x + dx, n.position.y}));
    }
    bool failInRedo_;
};

/// Runs `fn` from the event loop (as a slot of a timer), as clicks and keys run slots.
template <class Fn>
void fromEventLoop(QObject* context, Fn fn)
{
    QTimer::singleShot(0, context, fn);
    QTest::qWait(50);
}

/// Captures what is written to stderr (fd 2) while it lives.
struct StderrCapture {
    FILE* file = std::tmpfile();
    int saved = ::dup(2);
    StderrCapture()
    {
        std::fflush(stderr);
        ::dup2(::fileno(file), 2);
    }
    QString text()
    {
        std::fflush(stderr);
        ::dup2(saved, 2);
        std::rewind(file);
        QByteArray bytes;
        char buf[4096];
        for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, file)) > 0;) bytes.append(buf, static_cast<qsizetype>(n));
        return QString::fromUtf8(bytes);
    }
    ~StderrCapture()
    {
        ::dup2(saved, 2);
        ::close(saved);
        std::fclose(file);
    }
};

} // namespace

TEST_CASE("the GUI tests run under the app's guarded application object", "[gui][robustness]")
{
    CHECK(qobject_cast<app::GuardedApplication*>(QCoreApplication::instance()) != nullptr);
}

TEST_CASE("an exception thrown from a slot is reported in a dialog and the app keeps working", "[gui][robustness]")
{
    RobustWindow f;
    DialogSpy dialogs;
    const auto before = guitest::snapshot(*f.w.document());
    fromEventLoop(&f.w, [] { throw std::runtime_error("a slot threw this"); });
    REQUIRE(dialogs.waitFor(1));
    CHECK(dialogs.texts[0].contains(QStringLiteral("a slot threw this")));
    CHECK(dialogs.texts[0].contains(QStringLiteral("Your design is as it was before")));
    CHECK(guitest::snapshot(*f.w.document()) == before);

    // Any type, not only std::exception.
    fromEventLoop(&f.w, [] { throw 42; });
    REQUIRE(dialogs.waitFor(2));
    CHECK(dialogs.texts[1].contains(QStringLiteral("unknown type")));

    // Still alive: an ordinary edit works and is analysed.
    model::Node n = f.w.document()->design().nodes().begin()->second;
    n.name = "after-the-errors";
    f.w.document()->requestSetNode(n, "Rename");
    CHECK(f.w.document()->design().node(n.id)->name == "after-the-errors");
    CHECK(guitest::waitForAnalysis(f.w.worker()));
    CHECK(f.w.worker()->latest() != nullptr);
}

TEST_CASE("an edit whose undo command throws half-way leaves the design as it was", "[gui][robustness]")
{
    RobustWindow f;
    DialogSpy dialogs;
    app::Document* doc = f.w.document();
    const auto before = guitest::snapshot(*doc);
    const int commands = doc->undoStack()->count();

    // redo() moves a node, then throws: the move is rolled back, nothing enters the history,
    // the request says it was not applied, and the error is shown once the push has returned.
    CHECK_FALSE(doc->push(std::make_unique<FailingMove>(doc, true)));
    CHECK(guitest::snapshot(*doc) == before);
    CHECK(doc->undoStack()->count() == commands);
    REQUIRE(dialogs.waitFor(1));
    CHECK(dialogs.texts[0].contains(QStringLiteral("editing the design")));
    CHECK(dialogs.texts[0].contains(QStringLiteral("redo failed half-way")));

    // A command that completes, then fails on undo (Ctrl+Z): the design stays as after the edit.
    REQUIRE(doc->push(std::make_unique<FailingMove>(doc, false)));
    const auto afterEdit = guitest::snapshot(*doc);
    CHECK(afterEdit != before);
    fromEventLoop(&f.w, [doc] { doc->undoStack()->undo(); });
    REQUIRE(dialogs.waitFor(2));
    CHECK(dialogs.texts[1].contains(QStringLiteral("undo failed half-way")));
    CHECK(guitest::snapshot(*doc) == afterEdit);
    CHECK(doc->undoStack()->index() == commands + 1);
}

TEST_CASE("an exception from the analysis engine is shown once in a dialog and the design is untouched", "[gui][robustness]")
{
    RobustWindow f;
    DialogSpy dialogs;
    const auto before = guitest::snapshot(*f.w.document());
    using CatalogPtr = std::shared_ptr<const model::Catalog>;
    f.w.worker()->setEngine([](const model::Design&, CatalogPtr, quint64, const model::StopRequested&) -> app::SnapshotPtr {
        throw std::logic_error("engine invariant broken");
    });
    f.w.worker()->runNow();
    REQUIRE(guitest::waitForAnalysis(f.w.worker()));
    REQUIRE(dialogs.waitFor(1));
    CHECK(dialogs.texts[0].contains(QStringLiteral("analysing the design")));
    CHECK(dialogs.texts[0].contains(QStringLiteral("engine invariant broken")));
    REQUIRE(f.w.worker()->latest() != nullptr); // the panels get a snapshot that says what failed
    CHECK_FALSE(f.w.worker()->latest()->analysis.has_value());
    CHECK(f.w.worker()->latest()->analysisError == "engine invariant broken");
    CHECK(guitest::snapshot(*f.w.document()) == before);

    // The same failure on the next run is not shown again.
    f.w.worker()->runNow();
    REQUIRE(guitest::waitForAnalysis(f.w.worker()));
    QTest::qWait(50);
    CHECK(dialogs.texts.size() == 1);

    // Refused input is no bug: the charts panel says it, no dialog.
    f.w.worker()->setEngine([](const model::Design&, CatalogPtr, quint64, const model::StopRequested&) -> app::SnapshotPtr {
        throw model::InputError("design", "analysis", "workload", "expected a known preset");
    });
    f.w.worker()->runNow();
    REQUIRE(guitest::waitForAnalysis(f.w.worker()));
    QTest::qWait(50);
    CHECK(dialogs.texts.size() == 1);
    CHECK(f.w.worker()->latest()->analysisError.find("expected a known preset") != std::string::npos);

    f.w.worker()->setEngine(nullptr);
    f.w.worker()->runNow();
    REQUIRE(guitest::waitForAnalysis(f.w.worker()));
    REQUIRE(f.w.worker()->latest() != nullptr);
    CHECK(f.w.worker()->latest()->analysis.has_value());
    CHECK(f.w.worker()->latest()->unexpectedError.empty());
}

TEST_CASE("an exception from the simulation engine is shown in a dialog and the panel and the design is untouched",
          "[gui][robustness]")
{
    RobustWindow f;
    DialogSpy dialogs;
    const auto before = guitest::snapshot(*f.w.document());
    app::SimulationRunner* runner = f.w.simulationRunner();
    runner->setEngine([](const model::Design&, const model::Catalog&, const model::CollectiveRequest&,
                         const model::SimulationOptions&, const model::ProgressFn&) -> model::SimulationResult {
        throw std::runtime_error("simulator ran off its schedule");
    });
    QTest::mouseClick(f.w.simulation()->runButton(), Qt::LeftButton);
    REQUIRE(QTest::qWaitFor([&] { return f.w.simulation()->state() != views::SimulationPanel::State::Running; }, 20000));
    REQUIRE(dialogs.waitFor(1));
    CHECK(dialogs.texts[0].contains(QStringLiteral("simulating the collective")));
    CHECK(dialogs.texts[0].contains(QStringLiteral("simulator ran off its schedule")));
    CHECK(f.w.simulation()->state() == views::SimulationPanel::State::Failed);
    CHECK(guitest::snapshot(*f.w.document()) == before);

    // An impossible request is the user's to fix: panel only.
    runner->setEngine([](const model::Design&, const model::Catalog&, const model::CollectiveRequest&,
                         const model::SimulationOptions&, const model::ProgressFn&) -> model::SimulationResult {
        throw std::invalid_argument("more GPUs than the design has");
    });
    QTest::mouseClick(f.w.simulation()->runButton(), Qt::LeftButton);
    REQUIRE(QTest::qWaitFor([&] { return f.w.simulation()->state() == views::SimulationPanel::State::Failed && !runner->isRunning(); }, 20000));
    QTest::qWait(50);
    CHECK(dialogs.texts.size() == 1);
    CHECK(f.w.simulation()->statusText().contains(QStringLiteral("more GPUs than the design has")));
    runner->setEngine(nullptr);
}

TEST_CASE("the command line turns any exception into a message and a non-zero exit status", "[gui][robustness][cli]")
{
    struct Case { std::function<int()> command; int status; const char* message; };
    const std::vector<Case> cases = {
        {[]() -> int { throw model::InputError("d.json", "nodes[0]", "x", "expected a number"); }, app::cli::kBadInput,
         "cluster-designer: bom: d.json: entry \"nodes[0]\": field \"x\": expected a number"},
        {[]() -> int { throw std::out_of_range("vector::at"); }, app::cli::kInternal, "cluster-designer: bom: unexpected error: vector::at"},
        {[]() -> int { throw std::bad_alloc(); }, app::cli::kInternal, "cluster-designer: bom: out of memory"},
        {[]() -> int { throw 7; }, app::cli::kInternal, "cluster-designer: bom: unexpected error of unknown type"},
        {[]() -> int { return 0; }, app::cli::kOk, ""},
    };
    for (const Case& c : cases) {
        StderrCapture err;
        const int status = app::cli::runGuarded(QStringLiteral("bom"), c.command);
        const QString text = err.text();
        INFO(text.toStdString());
        CHECK(status == c.status);
        CHECK(text.contains(QString::fromUtf8(c.message)));
    }
}

TEST_CASE("bom on a design whose generator kind is a number exits 1 with the field named, not an abort",
          "[gui][robustness][cli]")
{
    for (const char* name : {"generator_kind_number.json", "generator_kind_bool.json"}) {
        QProcess p;
        p.start(QStringLiteral(CD_APP_EXE), {QStringLiteral("bom"), QStringLiteral(CD_TEST_DATA_DIR "/design/") + QLatin1String(name)});
        REQUIRE(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        INFO(err.toStdString());
        CHECK(p.exitStatus() == QProcess::NormalExit);
        CHECK(p.exitCode() == app::cli::kBadInput);
        CHECK(err.contains(QStringLiteral("entry \"analysis.generator\": field \"kind\": expected a string")));
    }
}
