#pragma once
/// @file report_format.hpp
/// How reports and the Compare view write numbers: significant digits, thousands separators,
/// units always stated (GB/s, Gb/s, US$, s), durations in the unit a reader expects.

#include <QString>

#include <string>

namespace app::report {

/// `v` with `significant` digits and thousands separators: 367.2, 12,345, 0.0123.
[[nodiscard]] QString number(double v, int significant = 4);
/// Whole number with thousands separators: 1,234,567.
[[nodiscard]] QString count(double v);
/// "367.2 GB/s".
[[nodiscard]] QString gbps(double GBps);
/// "US$ 6,368,000" (model::cost::formatUsd).
[[nodiscard]] QString usd(double v);
/// A duration in the unit a reader expects, three significant digits with trailing zeros kept:
/// "412 us", "47.0 ms", "5.80 s", "5.20 hours", "412 days", "3.10 years"; "0 s" for zero.
[[nodiscard]] QString duration(double seconds);
/// A fraction 0..1 as a percentage with one decimal, "45.2 %", "44.0 %" (model::formatPercent):
/// one rule wherever the report prints MFU, efficiency or utilisation, so a column never mixes
/// "44%" with "45.2%".
[[nodiscard]] QString percent(double fraction);
/// A figure for a table column of one quantity: three significant digits below 1,000 ("53.0",
/// "308", "16.5"), whole with separators from 1,000 (model::formatFigure). Every cell of the
/// column then has the same precision, where number() dropped trailing zeros ("53.01" beside
/// "308.1" and "163").
[[nodiscard]] QString figure(double v);
/// Tokens in words: "3.5 trillion", "300 billion".
[[nodiscard]] QString tokens(double n);
/// std::string to QString.
[[nodiscard]] inline QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace app::report
