#pragma once
/// @file csv_text.hpp
/// CSV building blocks shared by every export (bill of materials, chart data, cost, compare):
/// RFC 4180 quoting and numbers at full precision.

#include <string>

namespace model::io {

/// `s` as one CSV field: unchanged when it holds no comma, quote or line break, else quoted
/// with inner quotes doubled (RFC 4180).
[[nodiscard]] std::string csvField(const std::string& s);

/// `v` at full precision: the shortest decimal text that reads back as exactly the same
/// double (std::to_chars), e.g. 326.4, 0.1, 6368000; "" for NaN.
[[nodiscard]] std::string csvNumber(double v);

} // namespace model::io
