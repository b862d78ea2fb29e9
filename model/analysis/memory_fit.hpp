#pragma once
/// @file memory_fit.hpp
/// The words that mark a workload whose weights, gradients, optimizer state and activations do
/// not fit in GPU memory (above 90 % of the GPU's HBM, decimal GB, after the tensor/pipeline
/// split, optimizer sharding and recompute of training.hpp). analyzeDesign() starts that warning with them; the
/// cost model (cost_model.cpp) reads them to refuse a training run that cannot start.

#include <algorithm>
#include <string>
#include <vector>

namespace model {

/// Start of DesignAnalysis::warnings' entry for a workload that does not fit in GPU memory.
inline constexpr const char* kWorkloadExceedsGpuMemory = "the workload does not fit in GPU memory";

/// The entry of `warnings` (DesignAnalysis::warnings) that says the workload does not fit in
/// GPU memory, or nullptr. A step timed for such a workload is no run: reports and panels show
/// that instead of its step time, tokens/s, MFU and scaling.
[[nodiscard]] inline const std::string* memoryOverflowWarning(const std::vector<std::string>& warnings)
{
    const auto it = std::find_if(warnings.begin(), warnings.end(),
                                 [](const std::string& w) { return w.rfind(kWorkloadExceedsGpuMemory, 0) == 0; });
    return it == warnings.end() ? nullptr : &*it;
}

/// Share of a GPU's memory that weights, gradients, optimizer state and activations may take
/// before analyzeDesign warns that the workload does not fit (the rest: the CUDA context,
/// communication buffers, allocator fragmentation; a rule of thumb of this project).
inline constexpr double kMemoryLimitShare = 0.9;

/// Share resolveLayout plans for the weights, gradients and optimizer state alone when it picks
/// the pipeline depth by its score (activations must fit kMemoryLimitShare as well), and for
/// all of it, activations included, when it picks between splits of nearly the same speed by
/// the engine's step time (kLayoutSpeedTolerance): headroom for temporaries such as the output
/// logits and for a larger micro-batch (a rule of thumb of this project, not a measured figure).
inline constexpr double kLayoutMemoryShare = 0.7;

} // namespace model
