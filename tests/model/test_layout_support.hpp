#pragma once
// A layout set by hand, timed by the analysis itself: the reference the layout-search tests
// hold the engine's own choice against.
#include "test_analysis_support.hpp"

#include "model/analysis/analysis.hpp"

#include <string>

namespace golden {

/// Tokens per second and memory per GPU (decimal GB) of `workload` split tp x pp, dp as the
/// design's GPUs allow, or tokens -1 where the split cannot run or does not fit in GPU memory:
/// what the analysis reports were the layout set by hand.
struct Timed {
    int tp = 0, pp = 0, dp = 0;
    double tokens = -1, memoryGB = 0;
};

/// `workload` on design `d` with tp and pp set by hand (analysis settings "tp", "pp"), timed by
/// analyzeDesign; see Timed.
inline Timed timedByHand(const model::Design& d, int tp, int pp, const std::string& workload = "gpt3-175b",
                         const nlohmann::json& extra = nlohmann::json::object())
{
    nlohmann::json settings = extra;
    settings["workload"] = workload;
    settings["tp"] = tp;
    settings["pp"] = pp;
    const model::DesignAnalysis a = model::analyzeDesign(d, catalog(), settings);
    if (!a.hasStep || !a.step.fitsInMemory) return {};
    return {tp, pp, a.step.dp, a.step.tokensPerSecond, a.step.memoryPerGpuGB};
}

} // namespace golden
