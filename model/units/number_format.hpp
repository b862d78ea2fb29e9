#pragma once
/// @file number_format.hpp
/// Numbers as people read them in reports, dialogs and the command line's text output:
/// three significant digits with the unit ("0.842 s"), percentages with one decimal
/// ("38.0 %"), counts with thousands separators ("1,234,568"). JSON output keeps full
/// precision; only text meant for reading goes through these.

#include <string>

namespace model {

/// `v` with three significant digits, trailing zeros kept: 0.8421 -> "0.842", 12.36 -> "12.4",
/// 1.2 -> "1.20", 38 -> "38.0", 1234.6 -> "1235" (never exponent notation). "inf"/"nan" as such.
[[nodiscard]] std::string threeDigits(double v);
/// Seconds as people read a step time: three significant digits and the unit, "0.842 s".
[[nodiscard]] std::string formatSeconds(double seconds);
/// A fraction as a percentage with one decimal: 0.38 -> "38.0 %".
[[nodiscard]] std::string formatPercent(double fraction);
/// A count with thousands separators and no decimals: 1234567.8 -> "1,234,568".
[[nodiscard]] std::string formatCount(double v);

} // namespace model
