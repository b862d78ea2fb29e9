// SimAI nic_ratio.csv points (engine_anchors.md §b.2), interpolated.
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace model::analysis {

namespace {
// Rows: message sizes in bytes (16 MiB, 1 GiB, 16 GiB); columns: nodes 1, 2, 8, 128.
constexpr std::array<double, 3> kSizes = {16.0 * (1 << 20), 1024.0 * (1 << 20), 16.0 * 1024 * (1 << 20)};
constexpr std::array<double, 4> kLog2Nodes = {0.0, 1.0, 3.0, 7.0};
constexpr double kEta[3][4] = {
    {0.45, 0.32, 0.13, 0.0087}, // 16 MB
    {0.77, 0.92, 0.90, 0.31},   // 1 GB
    {0.81, 0.96, 0.96, 0.92},   // 16 GB
};

double atRow(int row, double log2Nodes) noexcept
{
    if (log2Nodes <= kLog2Nodes.front()) return kEta[row][0];
    for (std::size_t c = 1; c < kLog2Nodes.size(); ++c) {
        if (log2Nodes <= kLog2Nodes[c]) {
            const double w = (log2Nodes - kLog2Nodes[c - 1]) / (kLog2Nodes[c] - kLog2Nodes[c - 1]);
            return kEta[row][c - 1] + w * (kEta[row][c] - kEta[row][c - 1]);
        }
    }
    return kEta[row][kLog2Nodes.size() - 1];
}
} // namespace

double nicSizeEfficiency(double bytes, int nodes) noexcept
{
    const double ln = std::log2(static_cast<double>(std::max(1, nodes)));
    if (bytes <= kSizes.front()) return atRow(0, ln);
    for (std::size_t r = 1; r < kSizes.size(); ++r) {
        if (bytes <= kSizes[r]) {
            const double w = (bytes - kSizes[r - 1]) / (kSizes[r] - kSizes[r - 1]);
            const double lo = atRow(static_cast<int>(r - 1), ln), hi = atRow(static_cast<int>(r), ln);
            return lo + w * (hi - lo);
        }
    }
    return atRow(static_cast<int>(kSizes.size() - 1), ln);
}

} // namespace model::analysis
