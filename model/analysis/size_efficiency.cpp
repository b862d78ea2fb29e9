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
// ata_ratio.csv: rows 16 MiB x 2^r (r = 0..10), columns 1, 2, 4, 8, 16 nodes.
constexpr int kAtaRows = 11, kAtaCols = 5;
constexpr double kAta[kAtaRows][kAtaCols] = {
    {0.44, 0.52, 0.67, 0.64, 0.62}, {0.51, 0.63, 0.68, 0.67, 0.66}, {0.60, 0.72, 0.83, 0.82, 0.66},
    {0.65, 0.76, 0.90, 0.85, 0.72}, {0.70, 0.79, 0.92, 0.87, 0.75}, {0.71, 0.80, 0.94, 0.89, 0.81},
    {0.74, 0.81, 0.94, 0.92, 0.85}, {0.76, 0.81, 0.95, 0.93, 0.88}, {0.77, 0.80, 0.95, 0.94, 0.89},
    {0.78, 0.80, 0.95, 0.94, 0.90}, {0.78, 0.80, 0.95, 0.94, 0.90},
};

double ataAtRow(int row, double ln) noexcept
{
    if (ln <= 0) return kAta[row][0];
    if (ln >= kAtaCols - 1) return kAta[row][kAtaCols - 1];
    const int c = static_cast<int>(std::floor(ln));
    const double w = ln - c;
    return kAta[row][c] + w * (kAta[row][c + 1] - kAta[row][c]);
}
} // namespace

double allToAllSizeEfficiency(double bytes, int nodes) noexcept
{
    const double ln = std::log2(static_cast<double>(std::max(1, nodes)));
    const double first = 16.0 * 1024 * 1024;
    if (!(bytes > first)) return ataAtRow(0, ln);
    for (int r = 1; r < kAtaRows; ++r) {
        const double lo = std::ldexp(first, r - 1), hi = std::ldexp(first, r);
        if (bytes <= hi) {
            const double w = (bytes - lo) / (hi - lo);
            return ataAtRow(r - 1, ln) + w * (ataAtRow(r, ln) - ataAtRow(r - 1, ln));
        }
    }
    return ataAtRow(kAtaRows - 1, ln);
}

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
