#pragma once
/// @file size_efficiency.hpp
/// Measured fraction of plateau bus bandwidth that collectives reach at a given message size and
/// node count: SimAI's tables (aliyun/SimAI 1.7, astra-sim-alibabacloud inputs/ratio/, the
/// tables calbusbw.cc cal_ratio applies; engine_anchors.md §b.2), every row of each file (16 MiB
/// to 16 GiB, powers of two) and every NIC column it has.
///
/// Read as SimAI reads them (calbusbw.cc getValue): linear in message size between rows, the
/// first row below 16 MiB, the last above 16 GiB. Two departures, each for a reason:
///   - node counts between the file's columns are linear in log2(nodes) (SimAI reads every
///     count it has no column for from the 16-node column);
///   - the raw ratios are used, not SimAI's ratios over the 16 GiB row: NCCL's plateau model
///     (nccl_cost.hpp) sits above what 16 GiB runs measure across nodes, and the 0.96 the table
///     keeps at 16 GiB on 2 to 16 nodes is part of that gap (2 x 8 H200, NVLSTree, 16 GiB,
///     nccl_measurements.csv oci-h200-2n-16g: 486.5 GB/s measured, 504.3 modelled with the raw
///     ratio, 525 with the ratio over the 16 GiB row).
/// A larger message never completes sooner: eta at S is at least eta(s) x S / s for every row
/// size s >= S (where SimAI's ratio more than doubles from one row to the next the time
/// stays flat instead of falling).

namespace model::analysis {

/// eta in (0, 1] for a message of `bytes` bytes over `nodes` nodes (nodes >= 1): nic_ratio.csv,
/// columns 1, 2, 4, 8, 16, 32, 64 and 128 nodes, held at 128 beyond. E.g. 2 nodes: 0.32 at
/// 16 MiB and below, 0.67 at 128 MiB, 0.92 at 1 GiB, 0.96 at 16 GiB; 128 nodes: 0.0087 at
/// 16 MiB, 0.31 at 1 GiB.
[[nodiscard]] double nicSizeEfficiency(double bytes, int nodes) noexcept;

/// Measured fraction of plateau bandwidth an all-to-all reaches at a given size and node count:
/// SimAI inputs/ratio/ata_ratio.csv (aliyun/SimAI 1.7, astra-sim-alibabacloud; the table SimAI
/// applies to all-to-all, calbusbw.cc cal_ratio), read as the file comment says, its NIC
/// columns for 1, 2, 4, 8 and 16 nodes (the file has none wider: held at 16 nodes). E.g.
/// 16 nodes: 0.62 at 16 MiB, 0.85 at 1 GiB, 0.90 at 16 GiB. In (0, 1].
[[nodiscard]] double allToAllSizeEfficiency(double bytes, int nodes) noexcept;

} // namespace model::analysis
