#pragma once
/// @file topo_matrix_text.hpp
/// `nvidia-smi topo -m` text of `n` GPUs, every pair NV18 (an NVSwitch server), for the import
/// tests and benchmarks/bench_import.cpp: each header label preceded by `beforeLabel` (a tab as
/// nvidia-smi prints, or blanks), each row ending with its CPU and NUMA affinity.

#include <string>

namespace topotext {

/// The matrix text; `n` >= 0.
[[nodiscard]] inline std::string nvlinkMatrix(int n, const std::string& beforeLabel = "\t")
{
    std::string text;
    for (int i = 0; i < n; ++i) text += beforeLabel + "GPU" + std::to_string(i);
    text += "\tCPU Affinity\tNUMA Affinity\n";
    for (int i = 0; i < n; ++i) {
        text += "GPU" + std::to_string(i);
        for (int j = 0; j < n; ++j) text += i == j ? "\tX" : "\tNV18";
        text += "\t0-9\t0\n";
    }
    return text;
}

} // namespace topotext
