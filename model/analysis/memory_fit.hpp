#pragma once
/// @file memory_fit.hpp
/// The words that mark a workload whose weights, gradients and optimizer state do not fit in
/// GPU memory (above 90 % of the GPU's HBM, decimal GB, after the tensor/pipeline split and
/// optimizer sharding of training.hpp). analyzeDesign() starts that warning with them; the
/// cost model (cost_model.cpp) reads them to refuse a training run that cannot start.

namespace model {

/// Start of DesignAnalysis::warnings' entry for a workload that does not fit in GPU memory.
inline constexpr const char* kWorkloadExceedsGpuMemory = "the workload does not fit in GPU memory";

/// Share of a GPU's memory that weights, gradients and optimizer state may take before
/// analyzeDesign warns that the workload does not fit (the rest holds activations).
inline constexpr double kMemoryLimitShare = 0.9;

/// Share resolveLayout plans for when it picks the pipeline depth: the headroom a planner
/// leaves for activations and fragmentation (a rule of thumb of this project, not a measured
/// figure).
inline constexpr double kLayoutMemoryShare = 0.7;

} // namespace model
