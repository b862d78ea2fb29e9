#pragma once
/// @file text_wrap.hpp
/// Word wrapping for the command line's plain-text tables and paragraphs, so that a table
/// with a long cell (a rental offer, a bottleneck in words) stays readable in a terminal.

#include <QString>
#include <QStringList>

namespace app::cli {

/// Splits `text` at spaces into lines of at most `width` characters. A word longer than
/// `width` keeps a line of its own (never cut). Runs of spaces collapse to one; an empty or
/// blank text gives one empty line. A `width` below 1 is taken as 1.
[[nodiscard]] QStringList wrapWords(const QString& text, int width);

} // namespace app::cli
