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
/// A duration in the unit a reader expects: "412 us", "1.32 s", "5.2 hours", "412 days", "3.1 years".
[[nodiscard]] QString duration(double seconds);
/// "45.2%" from a fraction 0..1.
[[nodiscard]] QString percent(double fraction, int significant = 3);
/// Tokens in words: "3.5 trillion", "300 billion".
[[nodiscard]] QString tokens(double n);
/// std::string to QString.
[[nodiscard]] inline QString q(const std::string& s) { return QString::fromStdString(s); }

} // namespace app::report
