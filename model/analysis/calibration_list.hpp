#pragma once
/// @file calibration_list.hpp
/// The engine's calibration constants (calibration.hpp) as a list a report prints: name,
/// value with its unit, and source. Values are read from the constants themselves, so the
/// list never disagrees with the engine.

#include <string>
#include <vector>

namespace model::calibration {

/// One constant as a report shows it.
struct ConstantInfo {
    std::string name;    ///< in words
    std::string value;   ///< with its unit, e.g. "20.6 GB/s per link"
    std::string source;  ///< where it comes from
};

/// The constants that shape the predictions most, in engine order.
[[nodiscard]] std::vector<ConstantInfo> listConstants();

} // namespace model::calibration
