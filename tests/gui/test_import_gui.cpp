// File > Import and dropped files in the main window: the measured curve overlays the busbw
// chart with the error at every size (the engine's figures for the design on screen), the
// Import dock lists the advisor's findings, a topology replaces the design after asking which
// server it is, a bad file changes nothing, and undo takes an import back.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"
#include "b200_window.hpp"

#include "app/file_controller.hpp"
#include "app/import_controller.hpp"
#include "app/main_window.hpp"
#include "model/io/import/advisor.hpp"
#include "model/io/import/import_record.hpp"
#include "views/charts/charts_panel.hpp"
#include "views/charts/collective_chart.hpp"
#include "views/imports/import_panel.hpp"
#include "views/rules/rules_panel.hpp"

#include <QMimeData>
#include <QSignalSpy>
#include <QUrl>

namespace {

using guitest::realInput;

struct Prompted {
    QStringList errors;
    QStringList offered;
    QString question; ///< the last "which server is it?" question
    QString answer = QStringLiteral("dgx-h100");
    /// What "the import replaces the open design" answers, and what it was asked.
    app::ImportController::ReplaceAnswer replace = app::ImportController::ReplaceAnswer::Replace;
    QStringList replaceAsked; ///< "file|design|modified" per question
};

void quiet(app::MainWindow& w, Prompted& p)
{
    app::ImportController::Prompts prompts;
    prompts.error = [&p](const QString&, const QString& m) { p.errors << m; };
    prompts.openPath = [](const QString&, const QString&, const QString&) { return QString(); };
    prompts.chooseServer = [&p](const QString& q, const QStringList& ids, const QStringList&) {
        p.offered = ids;
        p.question = q;
        return p.answer;
    };
    prompts.confirmReplace = [&p](const QString& file, const QString& design, bool modified) {
        p.replaceAsked << file + QLatin1Char('|') + design + QLatin1Char('|') + (modified ? QStringLiteral("modified") : QStringLiteral("saved"));
        return p.replace;
    };
    w.imports()->setPrompts(prompts);
}

bool importAndWait(app::MainWindow& w, const QString& path, QString* summary = nullptr)
{
    QSignalSpy done(w.imports(), &app::ImportController::finished);
    w.imports()->importPath(path);
    if (!done.wait(30000)) return false;
    if (summary) *summary = done.first().at(1).toString();
    return guitest::waitForAnalysis(w.worker(), 60000) && done.first().at(0).toBool();
}

} // namespace

TEST_CASE("import a measured curve: overlay with the error at every size, findings in the dock, undo", "[gui][import]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath())); // 32 DGX H100, 8x 400G NDR each
    Prompted p;
    quiet(w, p);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK(w.importPanel()->findingRules().isEmpty());
    const int steps = w.document()->undoStack()->count();

    QString summary;
    REQUIRE(importAndWait(w, realInput("nccl_tests_13.txt"), &summary));
    CHECK(p.errors.isEmpty());
    // The status line tells the file's own findings (none) from the panel's comparison (one
    // below-prediction finding, below): it read "0 finding(s)" beside a panel listing one.
    CHECK(summary.startsWith(QStringLiteral("Imported nccl_tests_13.txt: ")));
    CHECK(summary.contains(QStringLiteral(", no findings in the file itself; the Import panel compares it with the design")));
    CHECK_FALSE(summary.contains(QStringLiteral("(s)")));
    CHECK(w.document()->undoStack()->count() == steps + 1);
    REQUIRE(w.document()->design().analysis.contains("imported"));

    // The overlay holds the measured points and, at every size, the engine's error for this design.
    views::CollectiveChart* chart = w.charts()->collectiveChart();
    CHECK(chart->op() == model::CollectiveOp::AllReduce);
    const QList<QPointF> measured = chart->measuredPointsGBps();
    const QList<QPointF> errors = chart->errorPoints();
    REQUIRE(measured.size() == 11);
    REQUIRE(errors.size() == 11);
    const model::io::CurveComparison expected = model::io::compareCurve(
        *model::io::importFromRecord(w.document()->design().analysis["imported"]).curve, w.document()->design(), w.document()->catalog());
    REQUIRE(expected.points.size() == 11);
    for (int i = 0; i < 11; ++i) {
        INFO("size " << measured[i].x());
        CHECK(measured[i].x() == expected.points[static_cast<std::size_t>(i)].bytes);
        CHECK(measured[i].y() == Approx(expected.points[static_cast<std::size_t>(i)].measuredBusbwGBps));
        CHECK(errors[i].y() == Approx(expected.points[static_cast<std::size_t>(i)].error));
    }
    CHECK(measured.last().y() == Approx(155.57));
    CHECK(errors.last().y() < -0.3);
    CHECK(chart->measuredDescription(10).contains(QStringLiteral("line 34")));

    // The dock: the file, the comparison and the finding with its evidence.
    CHECK(w.importPanel()->title().contains(QStringLiteral("nccl_tests_13.txt")));
    CHECK(w.importPanel()->comparisonText().contains(QStringLiteral("8 GiB")));
    CHECK(w.importPanel()->findingRules().contains(QStringLiteral("below-prediction")));
    // The same finding among the design rules.
    bool inRules = false;
    for (const auto& f : w.rules()->report().findings) inRules = inRules || f.rule == "below-prediction";
    CHECK(inRules);

    // Undo takes the import back: no overlay, no findings.
    w.document()->undoStack()->undo();
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    CHECK(chart->measuredPointsGBps().isEmpty());
    CHECK(w.importPanel()->findingRules().isEmpty());
}

TEST_CASE("import a topology: asks which server, replaces the design, a bad file changes nothing", "[gui][import]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    Prompted p;
    quiet(w, p);
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    const nlohmann::json before = guitest::snapshot(*w.document());

    // Cut off at the top: rejected, named, nothing changes.
    QSignalSpy done(w.imports(), &app::ImportController::finished);
    w.imports()->importPath(realInput("topo_smi_13.txt"));
    REQUIRE(done.wait(30000));
    CHECK_FALSE(done.first().at(0).toBool());
    REQUIRE(p.errors.size() == 1);
    CHECK(p.errors.first().contains(QStringLiteral("topo_smi_13.txt")));
    CHECK(guitest::snapshot(*w.document()) == before);

    // NV18 x 8 names no GPU: the user picks among the servers it fits.
    REQUIRE(importAndWait(w, realInput("topo_smi_01.txt")));
    CHECK(p.offered.contains(QStringLiteral("dgx-h100")));
    CHECK(p.offered.contains(QStringLiteral("dgx-h200")));
    // The question names the GUI's way (choose), not the command line's (pass --server).
    CHECK(p.question.contains(QStringLiteral("choose one of them")));
    CHECK_FALSE(p.question.contains(QStringLiteral("--server")));
    CHECK(w.document()->design().gpuCount(w.document()->catalog()) == 8);
    CHECK(w.importPanel()->findingRules().contains(QStringLiteral("acs-check")));
    CHECK(w.importPanel()->warnings().join(QLatin1Char(' ')).contains(QStringLiteral("NIC6")));

    // 8 GPUs on PCIe only (topo_smi_05, RTX 4090): only the servers the file fits are offered,
    // the one the question names first (helper-89: all 19 eight-GPU servers, DGX A100 first).
    p.answer = QStringLiteral("pcie-2-8-5-l40s");
    REQUIRE(importAndWait(w, realInput("topo_smi_05.txt")));
    INFO(p.offered.join(QLatin1Char(' ')).toStdString());
    CHECK(p.offered == QStringList{QStringLiteral("pcie-2-8-5-l40s")});
    CHECK(p.question.contains(QStringLiteral("pcie-2-8-5-l40s")));
    // A server the file contradicts is refused in a dialog, and the note says it was chosen.
    p.answer = QStringLiteral("dgx-h100");
    p.errors.clear();
    QSignalSpy done2(w.imports(), &app::ImportController::finished);
    w.imports()->importPath(realInput("topo_smi_05.txt"));
    REQUIRE(done2.wait(30000));
    REQUIRE(p.errors.size() == 1);
    CHECK(p.errors.first().startsWith(QStringLiteral("dgx-h100 was not used for topo_smi_05.txt: ")));
    const std::string notes = w.document()->design().analysis.dump();
    CHECK(notes.find("the server chosen, dgx-h100, contradicts the file") != std::string::npos);
}

TEST_CASE("a log dropped on the window is imported: NET/Socket on the RDMA template is an error", "[gui][import]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    Prompted p;
    quiet(w, p);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(guitest::waitForAnalysis(w.worker()));

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(realInput("nccl_log_05.txt"))});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    CHECK(enter.isAccepted());
    QSignalSpy done(w.imports(), &app::ImportController::finished);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    REQUIRE(done.wait(30000));
    REQUIRE(guitest::waitForAnalysis(w.worker(), 60000));
    const QStringList rules = w.importPanel()->findingRules();
    CHECK(rules.contains(QStringLiteral("net-socket")));
    bool error = false;
    for (const auto& f : w.rules()->report().findings) error = error || (f.rule == "net-socket" && f.severity == model::topology::Severity::Error);
    CHECK(error);

    // A design file is not taken for an import.
    QMimeData design;
    design.setUrls({QUrl::fromLocalFile(guitest::templatePath())});
    QDragEnterEvent enter2(QPoint(10, 10), Qt::CopyAction, &design, Qt::LeftButton, Qt::NoModifier);
    enter2.setAccepted(false);
    QApplication::sendEvent(&w, &enter2);
    CHECK_FALSE(enter2.isAccepted());
}

TEST_CASE("a topology import asks before it replaces the open design, a measured curve does not", "[gui][import]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    Prompted p;
    quiet(w, p);
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    REQUIRE(w.document()->filePath().isEmpty()); // a template opens untitled: Save asks for a name
    const QString designName = QString::fromStdString(w.document()->design().name);

    // A measured curve only overlays the chart: nobody is asked.
    REQUIRE(importAndWait(w, realInput("nccl_tests_13.txt")));
    CHECK(p.replaceAsked.isEmpty());
    REQUIRE(w.document()->isModified());
    const nlohmann::json modified = guitest::snapshot(*w.document());
    const int steps = w.document()->undoStack()->count();

    // Cancel: the modified design stays as it was, no undo step, no server asked for.
    p.replace = app::ImportController::ReplaceAnswer::Cancel;
    QSignalSpy done(w.imports(), &app::ImportController::finished);
    w.imports()->importPath(realInput("topo_smi_01.txt"));
    REQUIRE(done.wait(30000));
    CHECK_FALSE(done.first().at(0).toBool());
    CHECK(done.first().at(1).toString().contains(QStringLiteral("topo_smi_01.txt")));
    REQUIRE(p.replaceAsked == QStringList{QStringLiteral("topo_smi_01.txt|") + designName + QStringLiteral("|modified")});
    CHECK(p.offered.isEmpty());
    CHECK(p.errors.isEmpty());
    CHECK(guitest::snapshot(*w.document()) == modified);
    CHECK(w.document()->undoStack()->count() == steps);
    CHECK(w.document()->isModified());

    // Save: File > Save runs first (here it fails: no file name is given), so nothing changes.
    app::FileController::Prompts files = w.files()->prompts();
    int saveAsked = 0;
    files.savePath = [&saveAsked](const QString&, const QString&, const QString&) { ++saveAsked; return QString(); };
    files.error = [](const QString&, const QString&) {};
    w.files()->setPrompts(files);
    p.replace = app::ImportController::ReplaceAnswer::Save;
    done.clear();
    w.imports()->importPath(realInput("topo_smi_01.txt"));
    REQUIRE(done.wait(30000));
    CHECK_FALSE(done.first().at(0).toBool());
    CHECK(saveAsked == 1);
    CHECK(guitest::snapshot(*w.document()) == modified);

    // Replace (discard the changes): the server model replaces the design, one undo step back.
    p.replace = app::ImportController::ReplaceAnswer::Replace;
    REQUIRE(importAndWait(w, realInput("topo_smi_01.txt")));
    CHECK(p.replaceAsked.size() == 3);
    CHECK(w.document()->design().gpuCount(w.document()->catalog()) == 8);
    w.document()->undoStack()->undo();
    CHECK(guitest::snapshot(*w.document()) == modified);
}

TEST_CASE("a topology imported into an empty new design replaces it without asking", "[gui][import]")
{
    app::MainWindow w(guitest::catalog());
    Prompted p;
    quiet(w, p);
    w.document()->newDesign();
    REQUIRE_FALSE(w.document()->isModified());
    REQUIRE(importAndWait(w, realInput("topo_smi_01.txt")));
    CHECK(p.replaceAsked.isEmpty());
    CHECK(w.document()->design().gpuCount(w.document()->catalog()) == 8);
}

TEST_CASE("the Import panel's hint names every format an import reads", "[gui][import]")
{
    // It named four and left out topo -p2p, rocm-smi, rccl-tests and lspci.
    views::ImportPanel panel;
    const QString hint = panel.title();
    CHECK(hint == views::ImportPanel::nothingImportedText());
    for (const char* format : {"nvidia-smi topo -m", "topo -p2p", "rocm-smi --showtopo", "NCCL topology XML", "nccl-tests", "rccl-tests",
                               "NCCL_DEBUG=INFO", "lspci -tv"})
        CHECK(hint.contains(QLatin1String(format)));
}
