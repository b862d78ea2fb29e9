#pragma once
/// @file chart_csv.hpp
/// The data behind each chart of the Analysis dock as CSV (File > Export or a chart's context
/// menu > Export Data), at full precision: every number is written with 17 significant digits
/// (%.17g, enough to read back the same double), units in the column names, one header row,
/// RFC 4180 quoting. Qt-free so the command line and the tests can produce the same text.

#include "model/analysis/analysis.hpp"

#include <string>
#include <vector>

namespace model {

/// "layer,technology,per_gpu_GBps,per_gpu_Gbps": one row per layer, one direction per GPU.
[[nodiscard]] std::string layersCsv(const std::vector<LayerBandwidth>& layers);

/// "collective,scope,gpus,bytes,time_s,algbw_GBps,busbw_GBps,algbw_Gbps,busbw_Gbps,algorithm,protocol":
/// one row per point of every sweep.
[[nodiscard]] std::string sweepsCsv(const std::vector<CollectiveSweep>& sweeps);

/// "gpus,efficiency,efficiency_percent" (efficiency as a fraction 0..1 and in percent).
[[nodiscard]] std::string scalingCsv(const std::vector<ScalingPoint>& points);

/// A number as %.17g: the shortest text guaranteed to read back as the same double.
[[nodiscard]] std::string fullPrecision(double v);

} // namespace model
