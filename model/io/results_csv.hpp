#pragma once
/// @file results_csv.hpp
/// The data behind every chart of the app and its reports as CSV, numbers at full precision
/// (io::csvNumber: the shortest text that reads back as the same double): per-layer bandwidth, busbw against message size, scaling.
/// Bandwidths in decimal GB/s, times in microseconds, sizes in bytes.

#include "model/analysis/analysis.hpp"

#include <string>
#include <vector>

namespace model::io {

/// `scope,technology,per_gpu_GBps,per_gpu_Gbps,note`: one row per layer.
[[nodiscard]] std::string layersCsv(const DesignAnalysis& a);

/// `op,scope,gpus,bytes,algorithm,protocol,time_us,algbw_GBps,busbw_GBps`: one row per point
/// of every curve.
[[nodiscard]] std::string sweepsCsv(const std::vector<CollectiveSweep>& sweeps);

/// `kind,gpus,efficiency`: weak then strong scaling (efficiency as a fraction 0..1).
[[nodiscard]] std::string scalingCsv(const DesignAnalysis& a);

} // namespace model::io
