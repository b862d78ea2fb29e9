#pragma once
/// @file analysis_json.hpp
/// Results as the JSON the command line prints (keys are a contract:
/// shared/design/ARCHITECTURE.md "JSON keys that other tools rely on"). Bandwidths in
/// decimal GB/s (`_GBps`), times in microseconds (`_us`) or seconds (`_s`).

#include "model/analysis/analysis.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace model {

/// `collective --json`: op, bytes, gpus, engine, algorithm, time_us, algbw_GBps, busbw_GBps
/// (+ protocol, note).
[[nodiscard]] nlohmann::json toJson(const CollectiveResult& r);

/// `collective --sweep --json`: the request's op, gpus, engine, and `rows`, one per size,
/// each {size, count, type, algorithm, protocol, time_us, algbw_GBps, busbw_GBps} as
/// nccl-tests prints (count = elements per rank of `type` "float").
[[nodiscard]] nlohmann::json sweepToJson(const std::vector<CollectiveResult>& rows);

/// Elements nccl-tests would print in its `count` column for `op` on `gpus` ranks of
/// `typeBytes`-byte elements: size / typeBytes for all_reduce and broadcast, size /
/// (typeBytes x gpus) for all_gather, reduce_scatter and alltoall, rounded down to whole
/// elements as nccl-tests' integer division does (7 B of floats: 1).
[[nodiscard]] double ncclTestsCount(CollectiveOp op, double bytes, int gpus, int typeBytes = 4) noexcept;

/// `analyze --json`: gpus (every GPU), nodes, reachable_gpus (GPUs of the largest island:
/// what one job can use), islands [{servers, gpus}] (largest first; more than one when the
/// design is split), layers [{scope, technology, per_gpu_GBps, note}],
/// bottleneck {scope, explanation, checks}, scaling [{gpus, efficiency, fits_in_memory}], scaling_note (why
/// scaling is empty: the workload does not fit in GPU memory or cannot run; "" otherwise),
/// workload, warnings, bisection_GBps, oversubscription; with `withWorkload`, or whenever the
/// design trains a step that fits in memory (the bottleneck quotes its shares), also step {...,
/// fits_in_memory} (false: no run, the times are what a step would take if it fit; null with
/// `withWorkload` and no step), scaling_strong [...] and levers [...].
[[nodiscard]] nlohmann::json toJson(const DesignAnalysis& a, bool withWorkload);

} // namespace model
