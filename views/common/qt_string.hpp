#pragma once
/// @file qt_string.hpp
/// The model's UTF-8 std::string as a QString, under one short name for every view and app
/// file (a unity build compiles several files in one translation unit, so a file-local copy
/// of this helper in each file would collide).

#include <QString>

#include <string>

namespace views {

/// `s` (UTF-8) as a QString.
[[nodiscard]] inline QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace views
