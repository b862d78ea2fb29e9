#pragma once
/// @file memory_fit.hpp
/// The words that mark a workload whose weights, gradients and optimizer state do not fit in
/// GPU memory (above 90 % of the GPU's HBM, decimal GB, after the tensor/pipeline split and
/// optimizer sharding of training.hpp). analyzeDesign() starts that warning with them; the
/// cost model (cost_model.cpp) reads them to refuse a training run that cannot start.

namespace model {

/// Start of DesignAnalysis::warnings' entry for a workload that does not fit in GPU memory.
inline constexpr const char* kWorkloadExceedsGpuMemory = "the workload does not fit in GPU memory";

} // namespace model
