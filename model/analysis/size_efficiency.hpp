#pragma once
/// @file size_efficiency.hpp
/// Measured fraction of plateau bus bandwidth that multi-node collectives reach at a given
/// message size and node count: SimAI inputs/ratio/nic_ratio.csv as restated in
/// engine_anchors.md §b.2 (16 MB, 1 GB, 16 GB x 1, 2, 8, 128 nodes). Linear in message size
/// between rows (as SimAI interpolates), linear in log2(nodes) between columns; held at the
/// nearest row or column outside the table.

namespace model::analysis {

/// eta in (0, 1] for a message of `bytes` bytes over `nodes` nodes (nodes >= 1).
[[nodiscard]] double nicSizeEfficiency(double bytes, int nodes) noexcept;

} // namespace model::analysis
