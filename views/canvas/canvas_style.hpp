#pragma once
/// @file canvas_style.hpp
/// Sizes (scene units: 1 unit = 1 px at 100 % zoom) and colours of the canvas. Server symbols
/// fit the 130-unit pitch of the bundled templates; switch symbols are wide so many links
/// can land on them side by side.

#include "model/design/design.hpp"

#include <QColor>
#include <QSizeF>

namespace views::canvas_style {

inline constexpr double kGrid = 10.0;                 ///< snap grid pitch
inline const QSizeF kServerSize{116.0, 62.0};
inline const QSizeF kSwitchSize{320.0, 50.0};

/// Fill colour of a switch by tier (leaf green, spine amber, core violet, lone grey-blue).
QColor tierColor(model::SwitchTier tier);
/// Fill colour of a server symbol.
QColor serverColor();
/// Colour of a server-to-switch link on rail `port` (cycled palette of 8), or of a
/// switch-to-switch link when `port` < 0.
QColor railColor(int port);
/// Colour used to highlight the selection.
QColor selectionColor();

/// Snaps a scene coordinate to the grid.
[[nodiscard]] double snap(double v);

} // namespace views::canvas_style
