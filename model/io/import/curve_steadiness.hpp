#pragma once
/// @file curve_steadiness.hpp
/// Whether a measured nccl-tests curve is steady enough to be read as the fabric's limit. A
/// bandwidth limit (NICs, NVLink, the fabric) gives the same time for the out-of-place and the
/// in-place half of a row and a busbw that does not fall as the size grows; a run whose times
/// jump between the halves of one row, or fall from one size to the next, is disturbed by
/// something that varies while it runs: the hosts (a virtual machine without the host's PCIe
/// and NUMA layout, PCIe ACS or the IOMMU routing peer-to-peer and GPUDirect RDMA traffic
/// through the root complex, CPU affinity) or traffic of other jobs. nccl-tests #256 (the KVM
/// H200 run in shared/real_inputs/nccl_tests_06.txt) is such a run: the fix was in the hosts.

#include "model/io/import/measured_curve.hpp"

#include <optional>
#include <string>

namespace model::io {

/// Evidence that a curve is unsteady.
struct Unsteadiness {
    /// In words, with the figures: "in-place and out-of-place times differ by up to 1.63x
    /// (out-of-place 54,434 us against in-place 33,360 us at 864 MiB); busbw falls from 2.95
    /// GB/s at 32 MiB to 2.23 GB/s at 96 MiB".
    std::string words;
    int line = 0; ///< the row of the largest in-place/out-of-place gap, else of the first fall
};

/// Sizes from this many bytes on are judged (below, per-step latency and launch jitter rule).
inline constexpr double kSteadyMinBytes = 1024.0 * 1024.0;
/// A row whose two halves' times differ by this factor or more is unsteady.
inline constexpr double kHalvesRatio = 1.3;
/// A size whose out-of-place busbw is below this share of the previous size's is a fall.
inline constexpr double kFallShare = 0.85;
/// Unsteady rows needed (a row is unsteady when its halves differ or its busbw falls; one row
/// doing both counts once): one alone is a hiccup (nccl_tests_02 has one 2 MiB row at 1.45x
/// in a steady run).
inline constexpr int kUnsteadySignals = 2;

/// The evidence when `curve` has at least kUnsteadySignals unsteady rows at kSteadyMinBytes or
/// more, its rows read in size order (a table printed out of order is not a fall); nullopt for a
/// steady curve. Never throws.
[[nodiscard]] std::optional<Unsteadiness> unsteadyTimes(const MeasuredCurve& curve);

} // namespace model::io
