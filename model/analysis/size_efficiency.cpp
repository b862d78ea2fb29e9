// SimAI's measured size-efficiency tables, nic_ratio.csv and ata_ratio.csv, read as SimAI reads them (size_efficiency.hpp).
#include "model/analysis/size_efficiency.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace model::analysis {

namespace {
// nic_ratio.csv: rows 16 MiB x 2^r (r = 0..10), columns 1, 2, 4, 8, 16, 32, 64, 128 nodes.
constexpr int kNicRows = 11, kNicCols = 8;
constexpr double kNic[kNicRows][kNicCols] = {
    {0.45, 0.32, 0.24, 0.13, 0.05, 0.044, 0.021, 0.0087},
    {0.55, 0.47, 0.38, 0.24, 0.11, 0.052, 0.042, 0.021225},
    {0.65, 0.50, 0.53, 0.39, 0.21, 0.106, 0.051, 0.04405},
    {0.69, 0.67, 0.67, 0.54, 0.38, 0.205, 0.107, 0.0533},
    {0.73, 0.85, 0.77, 0.69, 0.57, 0.387, 0.209, 0.1027},
    {0.76, 0.89, 0.85, 0.78, 0.73, 0.562, 0.384, 0.1902},
    {0.77, 0.92, 0.93, 0.90, 0.76, 0.74, 0.563, 0.314575},
    {0.78, 0.94, 0.94, 0.94, 0.92, 0.758, 0.745, 0.553525},
    {0.79, 0.95, 0.95, 0.95, 0.95, 0.923, 0.755, 0.740175},
    {0.80, 0.95, 0.96, 0.96, 0.96, 0.953, 0.914, 0.7648},
    {0.81, 0.96, 0.96, 0.96, 0.96, 0.957, 0.958, 0.919175},
};

// ata_ratio.csv: rows 16 MiB x 2^r (r = 0..10), columns 1, 2, 4, 8, 16 nodes.
constexpr int kAtaRows = 11, kAtaCols = 5;
constexpr double kAta[kAtaRows][kAtaCols] = {
    {0.44, 0.52, 0.67, 0.64, 0.62}, {0.51, 0.63, 0.68, 0.67, 0.66}, {0.60, 0.72, 0.83, 0.82, 0.66},
    {0.65, 0.76, 0.90, 0.85, 0.72}, {0.70, 0.79, 0.92, 0.87, 0.75}, {0.71, 0.80, 0.94, 0.89, 0.81},
    {0.74, 0.81, 0.94, 0.92, 0.85}, {0.76, 0.81, 0.95, 0.93, 0.88}, {0.77, 0.80, 0.95, 0.94, 0.89},
    {0.78, 0.80, 0.95, 0.94, 0.90}, {0.78, 0.80, 0.95, 0.94, 0.90},
};

/// Row `row` of a ratio table at log2(nodes) `ln`: linear between the columns' node counts
/// (column c holds 2^c nodes), held at the first and last column.
template <int Cols>
double atColumns(const double (&row)[Cols], double ln) noexcept
{
    if (ln <= 0) return row[0];
    if (ln >= Cols - 1) return row[Cols - 1];
    const int c = static_cast<int>(std::floor(ln));
    const double w = ln - c;
    return row[c] + w * (row[c + 1] - row[c]);
}

/// A ratio table with rows at 16 MiB x 2^r: linear in bytes between rows (SimAI calbusbw.cc
/// getValue), the first row below 16 MiB, the last above the table. A larger message never
/// completes sooner (time = bytes / (eta x rate)), so eta at `bytes` is at least every larger
/// row's eta x bytes / its size: where a row more than doubles the one before it (64 and 128
/// nodes, 64 -> 128 MiB), the linear interpolation alone would let the time fall with size.
template <int Rows, int Cols>
double atSize(const double (&table)[Rows][Cols], double bytes, double ln) noexcept
{
    const double first = 16.0 * 1024 * 1024;
    double eta = atColumns(table[Rows - 1], ln);
    if (!(bytes > first)) {
        eta = atColumns(table[0], ln);
    } else {
        for (int r = 1; r < Rows; ++r) {
            const double lo = std::ldexp(first, r - 1), hi = std::ldexp(first, r);
            if (bytes <= hi) {
                const double w = (bytes - lo) / (hi - lo);
                eta = atColumns(table[r - 1], ln) + w * (atColumns(table[r], ln) - atColumns(table[r - 1], ln));
                break;
            }
        }
    }
    for (int r = 0; r < Rows; ++r) {
        const double size = std::ldexp(first, r);
        if (size >= bytes) eta = std::max(eta, atColumns(table[r], ln) * bytes / size);
    }
    return eta;
}

} // namespace

double allToAllSizeEfficiency(double bytes, int nodes) noexcept
{
    return atSize(kAta, bytes, std::log2(static_cast<double>(std::max(1, nodes))));
}

double nicSizeEfficiency(double bytes, int nodes) noexcept
{
    return atSize(kNic, bytes, std::log2(static_cast<double>(std::max(1, nodes))));
}

} // namespace model::analysis
