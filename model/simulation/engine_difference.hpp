#pragma once
/// @file engine_difference.hpp
/// How far one simulation lands from the analytical engine on the same request, as the busbw
/// chart's simulated points report it (issue 16 item 7).

#include "model/simulation/simulation.hpp"

#include <optional>

namespace model {

/// (simulated busbw - analytical busbw) / analytical busbw for `r` (a fraction: +0.05 = the
/// simulator finds 5 % more bus bandwidth). Both figures are the ones `r` carries
/// (r.collective and r.analytical, the same op, size and ranks). std::nullopt when `r` has no
/// analytical figure or its busbw is not positive. Throws nothing.
[[nodiscard]] std::optional<double> busbwDifference(const SimulationResult& r) noexcept;

} // namespace model
