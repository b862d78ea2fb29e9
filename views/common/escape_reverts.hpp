#pragma once
/// @file escape_reverts.hpp
/// Escape in a field that commits when the focus leaves it (the inspector, the workload and cost
/// panels) puts back what the field showed before the edit, so that nothing typed is committed
/// (helper-91: Escape left "2.5" in the PUE field, and the next click on the canvas saved it).
/// A spin box goes back to its value (keyboard tracking off: the value changes only when an edit
/// is committed); a line edit to its text when it took the focus or after its last Enter.
/// Escape in a field with nothing to put back passes on (a dialog still closes on it).

class QWidget;

namespace views {

/// Installs the Escape behaviour on every line edit and spin box inside `root` (not the line
/// edit a spin box holds, which its spin box covers). Call after the fields are created.
void installEscapeReverts(QWidget* root);

} // namespace views
