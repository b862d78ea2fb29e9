// Templates stay intact: opening one (at start-up or from File > New from Template) gives an
// untitled design, Save asks for a file name, and the bundled folder is never written. Also
// Save as Template, Open Recent, and error dialogs written as sentences.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "model/catalog/data_dirs.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "app/recent_files.hpp"
#include "app/template_library.hpp"
#include "views/templates/template_dialog.hpp"

#include <QAction>
#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QListWidget>
#include <QMenu>
#include <QTemporaryDir>

#include <algorithm>

namespace {
QByteArray digest(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

/// A window whose dialogs are answered by the test.
struct TemplatesWindow {
    app::MainWindow w{guitest::catalog()};
    QStringList errors;
    int savePrompts = 0;
    QString saveAnswer; ///< what the "save as" dialog returns (empty = cancel)
    QString templateAnswer;
    TemplatesWindow()
    {
        auto p = w.files()->prompts();
        p.error = [this](const QString&, const QString& m) { errors << m; };
        p.savePath = [this](const QString&, const QString&, const QString&) {
            ++savePrompts;
            return saveAnswer;
        };
        p.chooseTemplate = [this] { return templateAnswer; };
        p.askSave = [](const QString&) { return app::FileController::SaveAnswer::Discard; };
        w.files()->setPrompts(p);
    }
    ~TemplatesWindow() { w.document()->undoStack()->setClean(); }
    void edit()
    {
        model::Node n = w.document()->design().nodes().begin()->second;
        n.name = "edited";
        w.document()->requestSetNode(n, "Rename");
    }
};
} // namespace

TEST_CASE("a template opens untitled and Save asks for a name instead of overwriting it", "[gui][templates]")
{
    const QString tmpl = guitest::templatePath();
    const QByteArray original = digest(tmpl);
    TemplatesWindow f;
    REQUIRE(f.w.files()->openPath(tmpl)); // what start-up does
    CHECK(f.w.document()->filePath().isEmpty());
    CHECK_FALSE(f.w.document()->isModified());
    CHECK(f.w.windowTitle().startsWith(QStringLiteral("Untitled — DGX SuperPOD H100")));
    f.edit();
    // Ctrl+S: no file yet, so the Save As dialog comes up; cancelling writes nothing.
    f.w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&f.w));
    QTest::keyClick(&f.w, Qt::Key_S, Qt::ControlModifier);
    CHECK(f.savePrompts == 1);
    CHECK(digest(tmpl) == original);
    // Choosing a file in the template folder is refused with a sentence saying what to do.
    f.saveAnswer = app::bundledTemplateDirectory() + QStringLiteral("/superpod-h100-1su.json");
    CHECK_FALSE(f.w.files()->save());
    REQUIRE(f.errors.size() == 1);
    CHECK(f.errors[0].contains(QStringLiteral("never changes")));
    CHECK(f.errors[0].contains(QStringLiteral("Choose another folder")));
    CHECK(digest(tmpl) == original);
    CHECK(f.w.document()->isModified());
    // So is a file among the bundled catalogs, which every start reads (a design there stopped it).
    const QString amongCatalogs = QString::fromStdString(model::bundledCatalogDirectory()) + QStringLiteral("/my-pod.json");
    f.saveAnswer = amongCatalogs;
    CHECK_FALSE(f.w.files()->save());
    REQUIRE(f.errors.size() == 2);
    CHECK(f.errors[1].contains(QStringLiteral("in the folder of the bundled hardware catalogs")));
    CHECK_FALSE(QFile::exists(amongCatalogs));
    CHECK(f.w.document()->filePath().isEmpty());
    // Saving elsewhere works, and the file goes to the top of Open Recent.
    QTemporaryDir dir;
    f.saveAnswer = dir.filePath(QStringLiteral("my-pod.json"));
    CHECK(f.w.files()->save());
    CHECK(f.w.document()->filePath() == f.saveAnswer);
    CHECK(f.w.files()->recentFiles()->files().value(0) == f.saveAnswer);
    CHECK(digest(tmpl) == original);
}

TEST_CASE("File > New from Template lists every template and opens the chosen one untitled", "[gui][templates]")
{
    const auto list = app::availableTemplates(*guitest::catalog());
    REQUIRE(list.size() >= 8);
    views::TemplateDialog dlg(list, QStringLiteral("/home/me/.local/share/cluster-designer/templates"));
    REQUIRE(dlg.list()->count() >= 8);
    const QString first = dlg.list()->item(0)->text();
    CHECK(first.startsWith(QStringLiteral("DGX H100 SuperPOD unit — 256 GPUs\n")));
    CHECK(dlg.chosenPath() == QString::fromStdString(list.front().path));
    for (int i = 0; i < dlg.list()->count(); ++i) CHECK(dlg.list()->item(i)->text().contains(QStringLiteral("GPU")));

    TemplatesWindow f;
    f.templateAnswer = app::bundledTemplateDirectory() + QStringLiteral("/workstation-4x-rtx4090.json");
    f.w.action(QStringLiteral("actionNewFromTemplate"))->trigger();
    CHECK(f.w.document()->design().nodes().size() == 1);
    CHECK(f.w.document()->filePath().isEmpty());
    // Opening a template does not put it in Open Recent.
    CHECK_FALSE(f.w.files()->recentFiles()->files().contains(f.templateAnswer));
}

TEST_CASE("Save as Template adds the design to the user's templates", "[gui][templates]")
{
    QTemporaryDir userDir;
    qputenv("CLUSTER_DESIGNER_USER_TEMPLATES", userDir.path().toLocal8Bit());
    TemplatesWindow f;
    REQUIRE(f.w.files()->openPath(app::bundledTemplateDirectory() + QStringLiteral("/server-8x-l40s.json")));
    const QString written = f.w.files()->saveTemplate(QStringLiteral("My L40S inference box"));
    CHECK(written == userDir.filePath(QStringLiteral("my-l40s-inference-box.json")));
    const auto list = app::availableTemplates(*guitest::catalog());
    REQUIRE_FALSE(list.empty());
    CHECK(list.back().title == "My L40S inference box");
    CHECK_FALSE(list.back().bundled);
    CHECK(list.back().gpus == 8);
    // A user template also opens untitled.
    REQUIRE(f.w.files()->openPath(written));
    CHECK(f.w.document()->filePath().isEmpty());
    qunsetenv("CLUSTER_DESIGNER_USER_TEMPLATES");
}

TEST_CASE("Open Recent lists saved files newest first and opens them", "[gui][templates]")
{
    QTemporaryDir dir;
    TemplatesWindow f;
    f.w.files()->recentFiles()->clear();
    REQUIRE(f.w.files()->openPath(guitest::templatePath()));
    const QString a = dir.filePath(QStringLiteral("a.json")), b = dir.filePath(QStringLiteral("b.json"));
    REQUIRE(f.w.files()->saveTo(a));
    REQUIRE(f.w.files()->saveTo(b));
    CHECK(f.w.files()->recentFiles()->files() == QStringList({b, a}));
    auto* menu = f.w.findChild<QMenu*>(QStringLiteral("recentMenu"));
    REQUIRE(menu != nullptr);
    emit menu->aboutToShow();
    REQUIRE(menu->actions().size() >= 2);
    CHECK(menu->actions()[0]->text() == QStringLiteral("&1 b.json"));
    menu->actions()[1]->trigger(); // a.json
    CHECK(f.w.document()->filePath() == a);
    f.w.files()->recentFiles()->clear();
}

TEST_CASE("error dialogs are sentences that say what went wrong and what to do", "[gui][templates]")
{
    QTemporaryDir dir;
    TemplatesWindow f;
    REQUIRE(f.w.files()->openPath(guitest::templatePath()));
    const QString path = dir.filePath(QStringLiteral("cut-short.json"));
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "cluster-designer-design", "version": 1, "nodes": [)");
    file.close();
    CHECK_FALSE(f.w.files()->openPath(path));
    REQUIRE(f.errors.size() == 1);
    const QString e = f.errors[0];
    CHECK(e.startsWith(QStringLiteral("“cut-short.json” is not a valid JSON file")));
    CHECK(e.contains(QStringLiteral("line 1")));
    CHECK_FALSE(e.contains(QStringLiteral("[json.exception")));
    CHECK(e.contains(QStringLiteral("correct it in a text editor")));
    CHECK(e.endsWith(QStringLiteral("The design on screen is unchanged.")));
}

TEST_CASE("a new design's window title says Untitled once", "[gui][templates]")
{
    // Before: "Untitled — Untitled design", the default name repeating the prefix (after a bad
    // file failed to open, too).
    app::MainWindow w(guitest::catalog());
    CHECK(w.windowTitle() == QStringLiteral("Untitled design[*] - Cluster Designer"));
}

TEST_CASE("without the bundled templates folder saving still works - and the template list says what is missing",
          "[gui][templates]")
{
    // A binary copied away from its data: Save As failed with "design templates were not found"
    // and its dialog advised Save As, so nothing could be saved.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(guitest::fatTree("dgx-h100", 2));
    const QByteArray old = qgetenv("CLUSTER_DESIGNER_TEMPLATES");
    qputenv("CLUSTER_DESIGNER_TEMPLATES", dir.filePath(QStringLiteral("no-such-folder")).toLocal8Bit());
    auto prompts = w.files()->prompts();
    const QString target = dir.filePath(QStringLiteral("saved.json"));
    prompts.savePath = [&target](const QString&, const QString&, const QString&) { return target; };
    QStringList errors;
    prompts.error = [&errors](const QString& title, const QString& text) { errors << title + QStringLiteral(": ") + text; };
    w.files()->setPrompts(prompts);
    const bool saved = w.files()->saveAs();
    QStringList problems;
    const auto list = app::availableTemplates(w.document()->catalog(), &problems);
    if (old.isNull()) qunsetenv("CLUSTER_DESIGNER_TEMPLATES");
    else qputenv("CLUSTER_DESIGNER_TEMPLATES", old);
    INFO(errors.join(QStringLiteral("\n")).toStdString());
    CHECK(saved);
    CHECK(errors.isEmpty());
    CHECK(QFileInfo::exists(target));
    CHECK(w.document()->filePath() == target);
    REQUIRE(problems.size() >= 1);
    CHECK(problems.front().contains(QStringLiteral("design templates were not found")));
    CHECK(std::none_of(list.begin(), list.end(), [](const model::DesignTemplate& t) { return t.bundled; }));
}
