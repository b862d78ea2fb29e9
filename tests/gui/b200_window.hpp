#pragma once
// The DGX B200 four-unit template (176 nodes, 1,024 GPUs) in a main window of the size a
// reviewer used, and File > Import driven without dialogs: the start of the tests that check
// text is whole on screen (text_fits.hpp).
#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/import_controller.hpp"
#include "app/main_window.hpp"

#include <QApplication>
#include <QDockWidget>
#include <QSignalSpy>
#include <QSize>
#include <QStringList>
#include <QTest>

namespace guitest {

/// The bundled template "DGX B200 4SU" (resources/templates/dgx-b200-4su.json).
inline QString b200Template() { return QStringLiteral(CD_TEST_DATA_DIR "/../../resources/templates/dgx-b200-4su.json"); }

/// A file of shared/real_inputs (what clusters printed, collected for the importers).
inline QString realInput(const char* name) { return QStringLiteral(CD_SHARED_DIR "/real_inputs/") + QLatin1String(name); }

/// Lets the window finish laying itself out after a change, as a user sees it a moment later:
/// layout requests are posted events, and a chart measures its wrapped text once its width
/// has settled (a zero timer), which lays the window out once more.
inline void settle()
{
    for (int i = 0; i < 5; ++i) {
        QApplication::processEvents();
        QTest::qWait(20);
    }
}

/// Opens the DGX B200 four-unit template in `w` at `size`, shown, with its analysis on screen.
inline void openB200(app::MainWindow& w, QSize size)
{
    REQUIRE(w.files()->openPath(b200Template()));
    w.resize(size);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    REQUIRE(waitForAnalysis(w.worker()));
    settle();
}

/// Imports `path` through File > Import's controller with every prompt answered without a dialog
/// (error messages collected in `errors`, no server chosen, no design replaced); true once the
/// import finished and the analysis of the design it left is on screen.
inline bool importQuietly(app::MainWindow& w, const QString& path, QStringList& errors)
{
    app::ImportController::Prompts prompts;
    prompts.error = [&errors](const QString&, const QString& m) { errors << m; };
    prompts.openPath = [](const QString&, const QString&, const QString&) { return QString(); };
    prompts.chooseServer = [](const QString&, const QStringList&, const QStringList&) { return QString(); };
    prompts.confirmReplace = [](const QString&, const QString&, bool) { return app::ImportController::ReplaceAnswer::Cancel; };
    w.imports()->setPrompts(prompts);
    QSignalSpy done(w.imports(), &app::ImportController::finished);
    w.imports()->importPath(path);
    if (!done.wait(30000)) return false;
    const bool ok = waitForAnalysis(w.worker(), 60000);
    settle();
    return ok;
}

/// Brings the dock holding `panel` to the front and lets it lay itself out.
inline void raiseDockOf(QWidget* panel)
{
    for (QWidget* p = panel; p; p = p->parentWidget())
        if (auto* dock = qobject_cast<QDockWidget*>(p)) {
            dock->show();
            dock->raise();
            break;
        }
    settle();
}

} // namespace guitest
