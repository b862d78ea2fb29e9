#pragma once
/// @file file_suffix.hpp
/// The file type a save dialog's user chose, applied to the name typed: "c4" saved with "SVG
/// drawing (*.svg)" chosen is c4.svg, not a PNG named c4.png (helper-89). A name that already
/// ends in a suffix one of the filters names keeps it (c4.png stays a PNG whichever filter was
/// showing).

#include <QString>
#include <QStringList>

namespace views {

/// The suffixes a dialog filter string names, lower case, in order: "PNG image (*.png);;SVG
/// drawing (*.svg)" gives png, svg. Patterns that are not "*.ext" (such as "*") are left out.
[[nodiscard]] QStringList filterSuffixes(const QString& filters);

/// `path` as the user meant it: unchanged when empty or when its suffix is one `filters` names
/// (any letter case); else with "." and the first suffix of `selectedFilter` appended (of the
/// first filter when `selectedFilter` names none).
[[nodiscard]] QString withChosenSuffix(const QString& path, const QString& filters, const QString& selectedFilter);

} // namespace views
