// helper-89: the file type chosen in a save dialog was ignored ("c4" with SVG chosen wrote a PNG
// named c4.png; "r2" with HTML chosen was refused), and the canvas had no PDF export.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/simulation/simulation_form.hpp"
#include "model/simulation/simulation.hpp"
#include "views/common/file_suffix.hpp"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QUndoStack>

TEST_CASE("a save dialog's chosen type names a file typed without one", "[gui][export]")
{
    const QString canvas = QStringLiteral("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)");
    CHECK(views::filterSuffixes(canvas) == QStringList({QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")}));
    CHECK(views::withChosenSuffix(QStringLiteral("/tmp/c4"), canvas, QStringLiteral("SVG drawing (*.svg)")) == QStringLiteral("/tmp/c4.svg"));
    CHECK(views::withChosenSuffix(QStringLiteral("/tmp/c4"), canvas, QStringLiteral("PDF document (*.pdf)")) == QStringLiteral("/tmp/c4.pdf"));
    // A suffix one of the types names is kept, whichever type was showing (any letter case).
    CHECK(views::withChosenSuffix(QStringLiteral("/tmp/c4.PNG"), canvas, QStringLiteral("SVG drawing (*.svg)")) == QStringLiteral("/tmp/c4.PNG"));
    // A dot in the name is not a known suffix: the chosen type is added.
    CHECK(views::withChosenSuffix(QStringLiteral("/tmp/pod.v2"), canvas, QStringLiteral("PNG image (*.png)")) == QStringLiteral("/tmp/pod.v2.png"));
    // No type chosen: the first; no name: nothing.
    CHECK(views::withChosenSuffix(QStringLiteral("/tmp/c4"), canvas, QString()) == QStringLiteral("/tmp/c4.png"));
    CHECK(views::withChosenSuffix(QString(), canvas, QStringLiteral("SVG drawing (*.svg)")).isEmpty());
    const QString report = QStringLiteral("PDF report (*.pdf);;HTML report, one file (*.html);;CSV data files (*.csv)");
    CHECK(views::withChosenSuffix(QStringLiteral("r2"), report, QStringLiteral("HTML report, one file (*.html)")) == QStringLiteral("r2.html"));
    CHECK(views::withChosenSuffix(QStringLiteral("data"), report, QStringLiteral("CSV data files (*.csv)")) == QStringLiteral("data.csv"));
}

TEST_CASE("the canvas exports as a one-page PDF as well as PNG and SVG", "[gui][export]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(guitest::fatTree("dgx-h100", 2));
    auto prompts = w.files()->prompts();
    QStringList errors;
    prompts.error = [&errors](const QString& title, const QString& text) { errors << title + QStringLiteral(": ") + text; };
    for (const QString& name : {QStringLiteral("canvas.pdf"), QStringLiteral("canvas.svg"), QStringLiteral("canvas.png")}) {
        const QString target = dir.filePath(name);
        prompts.savePath = [&target](const QString&, const QString& filter, const QString&) {
            CHECK(filter.contains(QStringLiteral("*.pdf")));
            return target;
        };
        w.files()->setPrompts(prompts);
        w.files()->exportCanvas();
        INFO(name.toStdString() << ": " << errors.join(QStringLiteral("\n")).toStdString());
        REQUIRE(QFileInfo::exists(target));
        QFile f(target);
        REQUIRE(f.open(QIODevice::ReadOnly));
        const QByteArray head = f.read(8);
        if (name.endsWith(QStringLiteral(".pdf"))) CHECK(head.startsWith("%PDF-"));
        if (name.endsWith(QStringLiteral(".png"))) CHECK(head.startsWith("\x89PNG"));
        if (name.endsWith(QStringLiteral(".svg"))) CHECK(head.startsWith("<?xml"));
    }
    CHECK(errors.isEmpty());
    w.document()->undoStack()->setClean();
}

TEST_CASE("undo and redo of a generated design frame the design they bring back", "[gui][canvas][undo]")
{
    // helper-89: undo of a 1,024-server Generate left the 2-server design a speck at 0.58 %.
    app::MainWindow w(guitest::catalog());
    w.resize(1400, 900);
    w.document()->newDesign(guitest::fatTree("dgx-h100", 2));
    w.canvas()->zoomToFit();
    const double small = w.canvas()->zoom();
    w.applyGenerated(guitest::fatTree("dgx-h100", 512));
    const double big = w.canvas()->zoom();
    CHECK(big < small);
    w.document()->undoStack()->undo();
    CHECK(w.canvas()->zoom() == Approx(small).epsilon(0.01));
    w.document()->undoStack()->redo();
    CHECK(w.canvas()->zoom() == Approx(big).epsilon(0.01));
    w.document()->undoStack()->setClean();
}

TEST_CASE("the simulation's GPU count asked for outlives a smaller design", "[gui][simulation]")
{
    // helper-89: 4096 on a large design became 512, then 8 after an 8-GPU import, and stayed 8
    // on the next 256-GPU design, so the next run simulated 8 GPUs without a word.
    views::SimulationForm form;
    form.setDesignGpus(8192);
    model::CollectiveRequest r;
    r.bytes = 1 << 30;
    r.gpus = 4096;
    form.setRequest(r);
    const auto gpus = [&form] {
        model::CollectiveRequest q;
        model::SimulationOptions o;
        QString error;
        REQUIRE(form.read(q, o, error));
        return q.gpus;
    };
    CHECK(gpus() == 4096);
    form.setDesignGpus(512);
    CHECK(gpus() == 512);
    form.setDesignGpus(8);
    CHECK(gpus() == 8);
    form.setDesignGpus(256);
    CHECK(gpus() == 256);
    form.setDesignGpus(8192);
    CHECK(gpus() == 4096);
    // "all" (0) stays all.
    r.gpus = 0;
    form.setRequest(r);
    form.setDesignGpus(16);
    CHECK(gpus() == 0);
}
