#pragma once
/// @file host_issue.hpp
/// The floor one host thread puts under a collective it issues on several GPUs.
///
/// nccl-tests run as one process with `-g N` (and benchmark harnesses that do so, such as
/// Azure's AI-benchmarking-guide, `all_reduce_perf -g <all GPUs>`) drive all N GPUs from one
/// thread: every iteration that thread enqueues the collective on each GPU in turn. The GPUs
/// cannot start before the last of them has been issued, so an iteration never repeats faster
/// than N issues, however small the message ("when you run with -g NUM_GPUS, all GPUs are
/// handled by a single thread and that causes extra latency as the CPU is the bottleneck",
/// NCCL maintainer, github.com/NVIDIA/nccl-tests/issues/123). Launches overlap the previous
/// iteration's kernels (nccl-tests enqueues its iterations back to back), so the time is the
/// larger of the two, not their sum. One process per GPU (`mpirun -np N ... -g 1`, as
/// multi-node runs do) or one thread per GPU (`-t N`) has no such floor.

#include "model/analysis/analysis.hpp"
#include "model/analysis/collective_types.hpp"

namespace model::analysis {

/// Time, us, one host thread needs to issue one collective on `gpusPerThread` GPUs:
/// gpusPerThread x calibration::kHostIssuePerGpuUs, and 0 for one GPU per thread (the
/// per-launch cost NCCL's base latency already holds). Never negative; 0 for values < 2.
[[nodiscard]] double hostIssueFloorUs(int gpusPerThread) noexcept;

/// Applies the floor to a predicted collective of a run that drives `gpusPerThread` GPUs from
/// one thread: time = max(time, floor); algbw, busbw and the latency part follow; the note
/// says so when the floor binds. Unchanged when gpusPerThread is 1 or the GPU time is longer.
/// @throws std::invalid_argument when gpusPerThread < 1 or above r.gpus (one thread cannot
///         drive more GPUs than the run has).
void applyHostIssueFloor(CollectiveResult& r, int gpusPerThread);

} // namespace model::analysis
