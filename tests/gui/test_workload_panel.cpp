// The Workload dock: the model, precision, layout and batch the analysis times, set in the
// window as undoable edits of the design's analysis settings. A user could only choose them by
// editing the design file. "auto" fields show what the engine chose, from the snapshot.
#include <catch2/catch.hpp>

#include "gui_test_support.hpp"

#include "app/document.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/units/number_format.hpp"
#include "views/common/checked_spin_box.hpp"
#include "views/workload/workload_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QPushButton>
#include <QTest>
#include <QWheelEvent>
#include <QAbstractSpinBox>
#include <QUndoStack>

namespace {

/// The analysis of the newest edit (waits for the worker).
const model::DesignAnalysis& timed(app::MainWindow& w)
{
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    REQUIRE(w.worker()->latest()->analysis);
    return *w.worker()->latest()->analysis;
}

/// Types `value` into layout field `key` as a user does: the value, then the edit ends.
void typeInto(views::WorkloadPanel* panel, const std::string& key, int value)
{
    views::CheckedSpinBox* box = panel->layoutBox(key);
    REQUIRE(box);
    box->setValue(value);
    emit box->editingFinished();
}

/// To look at it: CD_SHOT_DIR=/tmp/shots build/tests/gui_tests "[workload]" saves the window
/// at `size` with the Workload dock in front as `file` there.
void shoot(app::MainWindow& w, QSize size, const QString& file)
{
    const QString shots = qEnvironmentVariable("CD_SHOT_DIR");
    if (shots.isEmpty()) return;
    w.resize(size);
    w.show();
    if (auto* dock = w.findChild<QDockWidget*>(QStringLiteral("workloadDock"))) dock->raise();
    QTest::qWait(300);
    CHECK(w.grab().save(shots + QLatin1Char('/') + file));
}

const nlohmann::json& settings(app::MainWindow& w) { return w.document()->design().analysis; }

} // namespace

TEST_CASE("Workload dock: a layout typed in is timed and undone - auto shows the engine's choice", "[gui][workload]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    views::WorkloadPanel* panel = w.workload();
    REQUIRE(panel);
    const model::DesignAnalysis& before = timed(w);
    REQUIRE(before.hasStep);
    CHECK(before.step.tp == 4); // the engine's fastest: tp 4 x pp 8 x dp 8
    CHECK(panel->layoutBox("tp")->text() == QStringLiteral("auto (4)"));
    CHECK(panel->layoutBox("pp")->text() == QStringLiteral("auto (%1)").arg(before.step.pp));
    CHECK(panel->chosenText().startsWith(QStringLiteral("Timed: gpt3-175b, tensor 4 x pipeline %1 x data %2 (256 GPUs)")
                                             .arg(before.step.pp)
                                             .arg(before.step.dp)));
    // The step itself, as analyze prints it.
    INFO(panel->chosenText().toStdString());
    CHECK(panel->chosenText().contains(QStringLiteral("\n\nStep %1 · MFU %2 · ")
                                           .arg(QString::fromStdString(model::formatSeconds(before.step.stepS)),
                                                QString::fromStdString(model::formatPercent(before.step.mfu)))));
    CHECK(panel->chosenText().contains(QStringLiteral(": compute %1, tensor-parallel exposed ")
                                           .arg(QString::fromStdString(model::formatSeconds(before.step.computeS)))));
    shoot(w, QSize(1600, 1000), QStringLiteral("workload-superpod.png"));
    const int undoBefore = w.document()->undoStack()->count();

    typeInto(panel, "tp", 8);
    CHECK(settings(w).at("tp") == 8);
    CHECK(w.document()->undoStack()->count() == undoBefore + 1);
    const model::DesignAnalysis& eight = timed(w);
    CHECK(eight.step.tp == 8);
    CHECK(panel->chosenText().contains(QStringLiteral("tensor 8 x pipeline")));
    CHECK(panel->layoutBox("tp")->text() == QStringLiteral("8"));

    // A split the engine refuses says why where it was typed.
    typeInto(panel, "tp", 3);
    CHECK_FALSE(timed(w).hasStep);
    CHECK(panel->chosenText() == QStringLiteral("Not timed: gpt3-175b cannot run on this design: tensor parallel 3 does not divide "
                                                "the 8 GPUs of a server, so its groups would cross servers."));
    typeInto(panel, "tp", 8);

    // The engine's layout again: the keys go, the engine picks tp 4.
    typeInto(panel, "pp", 2);
    CHECK(settings(w).at("pp") == 2);
    auto* reset = panel->findChild<QPushButton*>(QStringLiteral("workloadAutoLayout"));
    REQUIRE(reset);
    REQUIRE(reset->isEnabled());
    reset->click();
    CHECK_FALSE(settings(w).contains("tp"));
    CHECK_FALSE(settings(w).contains("pp"));
    CHECK(timed(w).step.tp == 4);
    CHECK_FALSE(reset->isEnabled());

    // Undo brings the typed layout back, field by field.
    w.document()->undoStack()->undo();
    CHECK(settings(w).at("tp") == 8);
    CHECK(settings(w).at("pp") == 2);
    CHECK(panel->layoutBox("pp")->value() == 2);
    for (int i = 0; i < 4; ++i) w.document()->undoStack()->undo(); // pp 2, tp 8, tp 3, tp 8
    CHECK_FALSE(settings(w).contains("tp"));
    CHECK(timed(w).step.tp == 4);
    CHECK(panel->layoutBox("tp")->text() == QStringLiteral("auto (4)"));
}

TEST_CASE("Workload dock: another model drops the old layout - and switches set only what differs from the default",
          "[gui][workload]")
{
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    views::WorkloadPanel* panel = w.workload();
    (void)timed(w);
    typeInto(panel, "tp", 4);

    QComboBox* models = panel->workloadBox();
    const int llama = models->findData(QStringLiteral("llama3-70b"));
    REQUIRE(llama > 0);
    models->setCurrentIndex(llama);
    emit models->activated(llama);
    CHECK(settings(w).at("workload") == "llama3-70b");
    CHECK_FALSE(settings(w).contains("tp")); // chosen for gpt3-175b
    CHECK(timed(w).workload == "llama3-70b");
    CHECK(panel->chosenText().startsWith(QStringLiteral("Timed: llama3-70b, ")));

    // The first entry leaves the model to the engine: the largest preset that fits.
    models->setCurrentIndex(0);
    emit models->activated(0);
    CHECK_FALSE(settings(w).contains("workload"));
    const model::DesignAnalysis& largest = timed(w);
    CHECK(models->itemText(0) == QStringLiteral("Default workload (%1)").arg(QString::fromStdString(largest.workload)));

    QCheckBox* shard = nullptr;
    for (QCheckBox* b : panel->findChildren<QCheckBox*>())
        if (b->text() == QStringLiteral("Sharded optimizer")) shard = b;
    REQUIRE(shard);
    CHECK(shard->isChecked());
    shard->click();
    CHECK(settings(w).at("sharded_optimizer") == false);
    shard->click();
    CHECK_FALSE(settings(w).contains("sharded_optimizer")); // the default again: no key
}

TEST_CASE("Workload dock: a design's own model is listed and selected", "[gui][workload]")
{
    model::Design d = guitest::fatTree("dgx-h100", 4);
    d.analysis["model"] = {{"name", "my-13b"}, {"layers", 40}, {"hidden", 5120}, {"heads", 40}, {"seq_len", 4096}, {"vocab", 32000}};
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(d);
    views::WorkloadPanel* panel = w.workload();
    QComboBox* models = panel->workloadBox();
    const int own = models->findData(QStringLiteral("my-13b"));
    REQUIRE(own > 0);
    CHECK(models->currentIndex() == own);
    CHECK(models->itemText(own) == QStringLiteral("my-13b (this design's model)"));
    CHECK(timed(w).workload == "my-13b");
    CHECK(panel->chosenText().startsWith(QStringLiteral("Timed: my-13b, ")));

    shoot(w, QSize(1280, 800), QStringLiteral("workload-dock.png"));
}

TEST_CASE("Workload dock: the mouse wheel scrolls past its fields - it never edits one it passes", "[gui][workload]")
{
    // Scrolling the dock at 1280 x 800 left "Workload: Recompute none" in the history.
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(guitest::templatePath()));
    views::WorkloadPanel* panel = w.workload();
    (void)timed(w);
    const int steps = w.document()->undoStack()->count();
    const nlohmann::json before = settings(w);
    for (QWidget* field : panel->findChildren<QWidget*>()) {
        if (!qobject_cast<QComboBox*>(field) && !qobject_cast<QAbstractSpinBox*>(field)) continue;
        INFO(field->objectName().toStdString());
        CHECK(field->focusPolicy() == Qt::StrongFocus);
        for (const int delta : {-120, 120, -120}) {
            QWheelEvent wheel(QPointF(5, 5), field->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(field, &wheel);
        }
    }
    CHECK(w.document()->undoStack()->count() == steps);
    CHECK(settings(w) == before);
}

TEST_CASE("Workload dock: a workload that does not fit is no run - and the dock gives the checked ways out", "[gui][workload]")
{
    // It read "Timed: gpt3-175b ..." with the ways out only in the Bottleneck box.
    app::MainWindow w(guitest::catalog());
    REQUIRE(w.files()->openPath(QString::fromStdString(model::bundledTemplateDirectory() + "/workstation-4x-rtx4090.json")));
    views::WorkloadPanel* panel = w.workload();
    QComboBox* models = panel->workloadBox();
    const int gpt3 = models->findData(QStringLiteral("gpt3-175b"));
    models->setCurrentIndex(gpt3);
    emit models->activated(gpt3);
    const model::DesignAnalysis& a = timed(w);
    REQUIRE(a.hasStep);
    REQUIRE_FALSE(a.step.fitsInMemory);
    const QString text = panel->chosenText();
    INFO(text.toStdString());
    CHECK(text.startsWith(QStringLiteral("Not a run: gpt3-175b, tensor 1 x pipeline 4 x data 1 (4 GPUs)")));
    CHECK(text.contains(QStringLiteral("; it does not fit in GPU memory, needing 782 GB per GPU (700 of weights, gradients and optimizer state, "
                                       "82.1 of activations): full recompute and add GPUs: 288 GPUs (72 workstations of 4, each given a compute NIC, which this workstation lacks) hold it at ")));
    CHECK(text.contains(QStringLiteral(". If it did: step ")));
    CHECK_FALSE(text.contains(QStringLiteral("Timed")));
}

TEST_CASE("Workload dock: an unknown workload in the file is shown as it is - and choosing one mends it", "[gui][workload]")
{
    // "workload": "gpt5": the dock showed the default entry as if it were chosen, beside an
    // analysis that cannot run.
    model::Design d = guitest::fatTree("dgx-h100", 4);
    d.analysis["workload"] = "gpt5";
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(d);
    views::WorkloadPanel* panel = w.workload();
    QComboBox* models = panel->workloadBox();
    CHECK(models->currentText() == QStringLiteral("gpt5 (unknown: not timed)"));
    REQUIRE(guitest::waitForAnalysis(w.worker()));
    // The links are analysed without it: the layer chart and the collective charts stay (they
    // were emptied, the whole analysis refused for a workload name).
    const auto snapshot = w.worker()->latest();
    REQUIRE(snapshot->analysis);
    CHECK(snapshot->analysis->workloadError.rfind("entry \"analysis\": field \"workload\": unknown workload \"gpt5\"; expected one of gpt3-175b", 0) == 0);
    CHECK_FALSE(snapshot->analysis->hasStep);
    CHECK(snapshot->analysis->layers.size() >= 3);
    REQUIRE(snapshot->sweeps);
    CHECK(snapshot->sweeps->size() == 8); // one server and the whole design, 4 collectives each
    CHECK(snapshot->sweepsError.empty());
    CHECK(panel->chosenText().startsWith(QStringLiteral("Not timed: the design's workload settings cannot be read: entry \"analysis\": "
                                                        "field \"workload\": unknown workload \"gpt5\"")));
    CHECK(models->itemText(models->findData(QString())) == QStringLiteral("Default workload"));
    // Choosing a preset mends it.
    const int llama = models->findData(QStringLiteral("llama3-8b"));
    models->setCurrentIndex(llama);
    emit models->activated(llama);
    CHECK(timed(w).hasStep);
    CHECK(models->findData(QStringLiteral("gpt5")) < 0);
}

TEST_CASE("Workload dock: a preset written with blanks around it or in capitals is that preset, timed", "[gui][workload]")
{
    model::Design d = guitest::fatTree("dgx-h100", 4);
    d.analysis["workload"] = " LLAMA3-8b ";
    app::MainWindow w(guitest::catalog());
    w.document()->newDesign(d);
    QComboBox* models = w.workload()->workloadBox();
    CHECK(models->currentData().toString() == QStringLiteral("llama3-8b"));
    CHECK(models->findText(QStringLiteral("llama3-8b (unknown: not timed)")) < 0);
    CHECK(timed(w).hasStep);
}
