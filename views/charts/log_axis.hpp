#pragma once
/// @file log_axis.hpp
/// Logarithmic axes drawn as category axes over log10 (or log2) of the value, so the labels
/// are ours: compact ("1", "10", "100", "1k", "10k"; GPU counts "1" ... "16384") and thinned to
/// what the axis length holds, never running together ("10000100000"), and no QLogValueAxis
/// warning ("Logarithms of zero and negative values are undefined") when a value is 0.

#include <QString>

class QCategoryAxis;

namespace views::log_axis {

/// Compact label of a value: 1, 10, 100, 1,000 -> "1k", 25,000 -> "25k", 1.5e6 -> "1.5M".
[[nodiscard]] QString compact(double v);

/// The label at power `p` of `base`: compact(10^p) for base 10, the plain count for base 2.
[[nodiscard]] QString powerLabel(int base, int p);

/// Fills `axis` (range [lo, hi] in powers of `base`, e.g. log10 of GB/s) with labels at the
/// integer powers in the range, keeping every k-th so that no two labels, in the axis's label
/// font, come closer than a small gap on an axis `axisPx` pixels long.
void setPowerLabels(QCategoryAxis* axis, double lo, double hi, int base, double axisPx);

} // namespace views::log_axis
