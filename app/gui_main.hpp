#pragma once
/// @file gui_main.hpp
/// Starts the GUI inside an existing QApplication.

#include <QString>

namespace app {

/// Opens the main window on `designPath` (the bundled default design when empty), runs the
/// event loop and returns its exit status. A design that cannot be opened is reported in a
/// dialog and the default design is shown instead.
int runGui(const QString& designPath);

} // namespace app
