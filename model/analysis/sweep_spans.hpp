#pragma once
/// @file sweep_spans.hpp
/// The runs of one busbw-against-size curve over which the analytical engine assumes the same
/// NCCL algorithm and protocol (e.g. "8 B - 32 KiB: tree, LL; 64 KiB - 1 MiB: tree, LL128;
/// 2 MiB - 16 GiB: nvls_tree, Simple"), for the table under the Analysis dock's chart. Only
/// groups the engine's own per-point choices (CollectiveResult::algorithm and ::protocol,
/// picked per size by model::predictCollective); it decides nothing itself.

#include "model/analysis/analysis.hpp"

#include <vector>

namespace model {

/// Consecutive points of a sweep that share algorithm and protocol.
struct AlgorithmSpan {
    double fromBytes = 0;       ///< message size of the first point, bytes
    double toBytes = 0;         ///< message size of the last point, bytes
    int firstPoint = 0;         ///< index of the first point in CollectiveSweep::points
    int lastPoint = 0;          ///< index of the last point (inclusive)
    Algorithm algorithm = Algorithm::Ring;
    Protocol protocol = Protocol::Simple;
};

/// Splits `sweep.points` (in their order) into maximal runs of equal algorithm and protocol.
/// Empty when the sweep has no points. Throws nothing.
[[nodiscard]] std::vector<AlgorithmSpan> algorithmSpans(const CollectiveSweep& sweep);

} // namespace model
