#pragma once
// Opening a design in a main window shown at the size the screenshot command uses, with its
// first analysis delivered: the start of the GUI tests that read panels and charts.
#include "gui_test_support.hpp"

#include "app/file_controller.hpp"
#include "app/main_window.hpp"

#include <QString>
#include <QTest>

namespace guitest {

/// Opens `path` in `w`, resizes it to 1600 x 1000 px, shows it and waits until it is exposed
/// and the worker has delivered the analysis of the opened design. @return false when any step
/// fails (the file does not open, the window is not exposed, the analysis times out).
inline bool openShown(app::MainWindow& w, const QString& path = templatePath())
{
    if (!w.files()->openPath(path)) return false;
    w.resize(1600, 1000);
    w.show();
    return QTest::qWaitForWindowExposed(&w) && waitForAnalysis(w.worker());
}

} // namespace guitest
