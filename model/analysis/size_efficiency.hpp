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

/// Measured fraction of plateau bandwidth an all-to-all reaches at a given size and node count:
/// SimAI inputs/ratio/ata_ratio.csv (aliyun/SimAI 1.7, astra-sim-alibabacloud; the table SimAI
/// applies to all-to-all, calbusbw.cc cal_ratio), every row of the file (16 MiB to 16 GiB,
/// powers of two) and its NIC columns for 1, 2, 4, 8 and 16 nodes (the file has none wider:
/// held at 16 nodes). Linear in message size between rows (as SimAI interpolates), linear in
/// log2(nodes) between columns; held at the first row below 16 MiB. E.g. 16 nodes: 0.62 at
/// 16 MiB, 0.85 at 1 GiB, 0.90 at 16 GiB. In (0, 1].
[[nodiscard]] double allToAllSizeEfficiency(double bytes, int nodes) noexcept;

} // namespace model::analysis
