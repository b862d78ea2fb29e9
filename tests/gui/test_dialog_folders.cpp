// File dialogs start in the folder last used for their kind of file, else in Documents; never
// in the working directory, and a save never in the bundled templates or catalogs
// (views/common/dialog_folders.hpp). Open, Save As, Import and Export Report.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/import_controller.hpp"
#include "app/main_window.hpp"
#include "app/template_library.hpp"
#include "views/common/dialog_folders.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace folders = views::dialog_folders;

namespace {

/// This test's own settings (its own application name: other test processes running at the
/// same time open files too) and autosave folder, restored afterwards.
struct OwnSettings {
    QString oldName = QCoreApplication::applicationName();
    QByteArray oldAutosave = qgetenv("CLUSTER_DESIGNER_AUTOSAVE_DIR");
    bool hadAutosave = qEnvironmentVariableIsSet("CLUSTER_DESIGNER_AUTOSAVE_DIR");
    QTemporaryDir autosave;
    OwnSettings()
    {
        QCoreApplication::setApplicationName(QStringLiteral("cluster-designer-tests-dialog-folders"));
        qputenv("CLUSTER_DESIGNER_AUTOSAVE_DIR", autosave.path().toLocal8Bit());
        folders::forgetAll();
    }
    ~OwnSettings()
    {
        folders::forgetAll();
        QCoreApplication::setApplicationName(oldName);
        if (hadAutosave) qputenv("CLUSTER_DESIGNER_AUTOSAVE_DIR", oldAutosave);
        else qunsetenv("CLUSTER_DESIGNER_AUTOSAVE_DIR");
    }
};

/// Where every kind starts before anything is remembered: Documents, else home.
QString defaultFolder()
{
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return QFileInfo(docs).isDir() ? docs : QDir::homePath();
}

/// A design file in `dir`, copied from the bundled default design.
QString designIn(const QTemporaryDir& dir, const QString& name)
{
    const QString path = dir.filePath(name);
    REQUIRE(QFile::copy(guitest::templatePath(), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

/// The main window with dialogs that record where they start and answer `answer`.
struct FoldersWindow {
    OwnSettings settings;
    app::MainWindow w{guitest::catalog()};
    QStringList openStarts, saveStarts, importStarts;
    QString answer;
    FoldersWindow()
    {
        auto p = w.files()->prompts();
        p.openPath = [this](const QString&, const QString&, const QString& start) {
            openStarts << start;
            return answer;
        };
        p.savePath = [this](const QString&, const QString&, const QString& start) {
            saveStarts << start;
            return answer;
        };
        p.askSave = [](const QString&) { return app::FileController::SaveAnswer::Discard; };
        w.files()->setPrompts(p);
        app::ImportController::Prompts ip;
        ip.openPath = [this](const QString&, const QString&, const QString& start) {
            importStarts << start;
            return QString(); // cancelled: the folder is only looked at
        };
        w.imports()->setPrompts(ip);
    }
    ~FoldersWindow() { w.document()->undoStack()->setClean(); }
};

} // namespace

TEST_CASE("Open and Save As start in Documents, then in the folder last used for designs", "[gui][dialogs]")
{
    FoldersWindow f;
    REQUIRE(f.w.files()->openPath(guitest::templatePath())); // a bundled template: opens untitled

    // Nothing remembered: Documents, not the working directory; Save As suggests the name.
    f.w.files()->open();
    REQUIRE(f.openStarts.size() == 1);
    CHECK(f.openStarts[0] == defaultFolder());
    f.w.files()->saveAs();
    REQUIRE(f.saveStarts.size() == 1);
    CHECK(QFileInfo(f.saveStarts[0]).absolutePath() == defaultFolder());
    CHECK(QFileInfo(f.saveStarts[0]).fileName().endsWith(QStringLiteral(".json")));
    CHECK_FALSE(folders::insideBundledData(f.saveStarts[0]));

    // Open a design in folder A: Open and Save As start there, with its file name.
    QTemporaryDir a;
    const QString inA = designIn(a, QStringLiteral("pod-a.json"));
    f.answer = inA;
    f.w.files()->open();
    REQUIRE(f.w.document()->filePath() == inA);
    f.answer.clear();
    f.w.files()->open();
    CHECK(f.openStarts.back() == QFileInfo(inA).absolutePath());
    f.w.files()->saveAs();
    CHECK(f.saveStarts.back() == QDir(QFileInfo(inA).absolutePath()).filePath(QStringLiteral("pod-a.json")));

    // Save it into folder B: designs now start in B.
    QTemporaryDir b;
    f.answer = b.filePath(QStringLiteral("pod-b.json"));
    REQUIRE(f.w.files()->saveAs());
    f.answer.clear();
    f.w.files()->open();
    CHECK(f.openStarts.back() == QFileInfo(f.w.document()->filePath()).absolutePath());
    CHECK(QFileInfo(f.openStarts.back()) == QFileInfo(b.path()));
}

TEST_CASE("a save never starts in the bundled templates, even when they were the last folder", "[gui][dialogs]")
{
    OwnSettings settings;
    const QString templates = app::bundledTemplateDirectory();
    REQUIRE(folders::insideBundledData(templates));
    REQUIRE(folders::insideBundledData(QString::fromStdString(model::Catalog::bundledDirectory())));
    folders::remember(folders::Kind::Design, QDir(templates).filePath(QStringLiteral("superpod-h100-1su.json")));
    CHECK(QFileInfo(folders::startFolder(folders::Kind::Design, false)) == QFileInfo(templates)); // opening: fine
    CHECK(folders::startFolder(folders::Kind::Design, true) == defaultFolder());                  // saving: never there
    CHECK_FALSE(folders::insideBundledData(folders::startPath(folders::Kind::Design, true, QStringLiteral("x.json"))));
    // A remembered folder that no longer exists is not offered.
    {
        QTemporaryDir gone;
        folders::remember(folders::Kind::Report, gone.filePath(QStringLiteral("r.pdf")));
    }
    CHECK(folders::startFolder(folders::Kind::Report, true) == defaultFolder());
}

TEST_CASE("Import and Export Report start in the folder last used for their own kind", "[gui][dialogs]")
{
    FoldersWindow f;
    QTemporaryDir a;
    REQUIRE(f.w.files()->openPath(designIn(a, QStringLiteral("my-pod.json"))));

    // Import: Documents at first, then the folder of the last file imported.
    f.w.imports()->importFile();
    REQUIRE(f.importStarts.size() == 1);
    CHECK(f.importStarts[0] == defaultFolder());
    QTemporaryDir logs;
    folders::remember(folders::Kind::Import, logs.filePath(QStringLiteral("nccl.log")));
    f.w.imports()->importFile();
    CHECK(QFileInfo(f.importStarts.back()) == QFileInfo(logs.path()));

    // Export Report: a first report beside its design (folder a; it started in Documents, and
    // helper-80 looked for it next to the design), then its own folder, with the design's name.
    CHECK(QFileInfo(QFileInfo(f.w.reportStartPath()).absolutePath()) == QFileInfo(a.path()));
    CHECK(QFileInfo(f.w.reportStartPath()).fileName() == QStringLiteral("my-pod-report.pdf"));
    QTemporaryDir reports;
    REQUIRE(f.w.exportReportTo(reports.filePath(QStringLiteral("first.html"))).isEmpty());
    folders::remember(folders::Kind::Report, reports.filePath(QStringLiteral("first.html")));
    CHECK(f.w.reportStartPath() == QDir(reports.path()).filePath(QStringLiteral("my-pod-report.pdf")));
    // Kinds do not mix: designs still start in a, imports in logs.
    f.w.files()->open();
    CHECK(QFileInfo(f.openStarts.back()) == QFileInfo(a.path()));
}
