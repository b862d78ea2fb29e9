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
/// A time given in seconds, as people read one: three significant digits in s, ms or us, the
/// largest unit that keeps a digit before the point, thousands separated from 1,000 s
/// ("2,164 s"): 22.049 -> "22.0 s", 0.84213 -> "842 ms",
/// 0.00335 -> "3.35 ms", 4.2e-5 -> "42.0 us"; 0 -> "0 s" (nothing to time). "inf"/"nan" as such, in s.
[[nodiscard]] std::string formatSeconds(double seconds);
/// A fraction as a percentage with one decimal: 0.38 -> "38.0 %".
[[nodiscard]] std::string formatPercent(double fraction);
/// A count with thousands separators and no decimals: 1234567.8 -> "1,234,568".
[[nodiscard]] std::string formatCount(double v);
/// A figure in a table that sets one quantity side by side (a compare row), every cell by one
/// rule: three significant digits below 1,000 (threeDigits: 5.271 -> "5.27", 30.37 -> "30.4",
/// 117.95 -> "118", 22 -> "22.0"), a whole number with thousands separators from 1,000
/// (formatCount: 1518.96 -> "1,519", 103579.1 -> "103,579"; 999.7 -> "1,000"), and "0" for
/// zero, which has no digits to round. "inf"/"nan" as such.
[[nodiscard]] std::string formatFigure(double v);
/// `v` with at most `digits` significant digits and no trailing zeros, as printf's "%.*g" (and
/// an ostream's default notation at that precision): 400 -> "400", 2.5 -> "2.5", 0.1234567 ->
/// "0.123457"; exponent notation from 10^digits and below 1e-4. For figures inside sentences
/// and identifiers where the value, not a table column, matters. `digits` < 1 counts as 1.
[[nodiscard]] std::string significantDigits(double v, int digits = 6);
/// `v` with exactly `decimals` digits after the point, as printf's "%.*f": (2.5, 2) -> "2.50".
/// `decimals` < 0 counts as 0.
[[nodiscard]] std::string fixedDecimals(double v, int decimals);

} // namespace model
