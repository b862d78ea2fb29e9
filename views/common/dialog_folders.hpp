#pragma once
/// @file dialog_folders.hpp
/// Where a file dialog starts. Each kind of file (designs, reports, imported cluster output,
/// exported pictures and data) remembers the folder last used for it (QSettings key
/// "dialogFolders/<kind>"); a dialog of that kind starts there, else beside the open design
/// where the caller names it, else in the user's Documents folder (QStandardPaths::DocumentsLocation), else the home folder. Never in the working
/// directory, and a dialog that saves never starts inside the app's bundled, read-only data
/// (the bundled templates and catalogs, model/catalog/data_dirs.hpp).

#include <QString>

namespace views::dialog_folders {

/// The kinds of file that remember their own folder.
enum class Kind {
    Design, ///< File > Open, Save As, Open Recent; the Compare window's Add design
    Report, ///< File > Export Report, the Compare window's report and CSV
    Import, ///< File > Import (nvidia-smi, NCCL topology, nccl-tests output, logs)
    Export, ///< File > Export Canvas and a chart's PNG, SVG or CSV
};

/// True when `path` (a file or a folder) lies inside the bundled templates or catalogs folder.
[[nodiscard]] bool insideBundledData(const QString& path);

/// The folder a dialog of `kind` starts in: the one last used for `kind` while it still
/// exists (for `saving`, only when it is not inside the bundled data), else the folder of
/// `besideFile` (the open design's file: a first report goes next to its design) where it
/// exists and is not bundled data, else Documents, else home.
[[nodiscard]] QString startFolder(Kind kind, bool saving, const QString& besideFile = QString());

/// startFolder(kind, saving, besideFile) joined with `fileName` (the name a save dialog
/// suggests); the folder alone when `fileName` is empty.
[[nodiscard]] QString startPath(Kind kind, bool saving, const QString& fileName = QString(), const QString& besideFile = QString());

/// Remembers the folder of `path` (a file the user opened or wrote, or a folder chosen) for
/// `kind`. Nothing is remembered for an empty path.
void remember(Kind kind, const QString& path);

/// Forgets every remembered folder (tests).
void forgetAll();

} // namespace views::dialog_folders
