#pragma once
/// @file nccl_tests_checks.hpp
/// Checks of a parsed nccl-tests table that need the whole table (the collective and the rank
/// count are known only at its end): each printed busbw against the collective's factor x
/// size / time (nccl-tests doc/PERFORMANCE.md), within the rounding of the printed digits.

#include "model/io/import/measured_curve.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace model::io {

/// Half a unit of the last digit printed in a number cell: "613.3" -> 0.05, "382.99" -> 0.005,
/// "15870" -> 0.5, "1.2e+03" -> 50. The value it stands for lies within +- that of the printed one.
[[nodiscard]] double halfLastDigit(std::string_view cell) noexcept;

/// Drops the halves (out-of-place, in-place) of rows whose printed busbw (GB/s) differs from
/// factor x bytes / time by more than the rounding of the printed busbw and time allows, each
/// with a warning naming the line, the printed and the computed busbw (the first few of each
/// half, then a count: RepeatedWarnings). Does nothing when the
/// collective's factor is unknown (collective or rank count not known) or `factorTrusted` is
/// false (the table's own busbw/algbw already contradicts the factor: the rank lines are
/// incomplete, and every row would be dropped for that one cause).
void dropBusbwMismatches(MeasuredCurve& c, bool factorTrusted, std::vector<std::string>& warnings);

} // namespace model::io
