#pragma once
/// @file nccl_release.hpp
/// Which NCCL release's tuner the cost model follows (nccl_cost.hpp). NCCL's tuner
/// (src/graph/tuning.cc) changed its constants between releases; a run measured with an older
/// NCCL (nccl-tests prints "NCCL version 2.18.5+cuda12.2") is compared with the tables of that
/// release. Three generations differ where the engines read them:
///
/// | release        | ring LL bus bandwidth            | Hopper llMaxBw (1 node) | NVLS latency, us          | NVLSTree latency, us       |
/// |----------------|----------------------------------|-------------------------|---------------------------|----------------------------|
/// | up to 2.18     | x1/4 (all-reduce, or across nodes), x1/3 otherwise | 87.7 GB/s | base 23 (+18 across nodes) | 23 + 2 (nodes - 1) x 19    |
/// | 2.19 and 2.20  | the same                         | 87.7 GB/s               | hop 23 (+18 across nodes) | 23 + 2 log2(nodes) x 14    |
/// | 2.21 and later | x1/2                             | 141 GB/s                | NCCL 2.30.7 (nccl_cost.hpp) | NCCL 2.30.7               |
///
/// Sources: src/graph/tuning.cc at tags v2.18.5-1 (baseLat, hwLat, llMaxBws, ncclTopoTuneModel
/// "model refinements"), v2.20.5-1 and v2.21.5-1 (github.com/NVIDIA/nccl). 2.21 to 2.29 are
/// given the 2.30.7 tables the engines use (engine_anchors.md a.3), which differ from them in
/// details the engines do not read. Earlier releases take the 2.18 tables. The release also
/// gates which algorithms exist: NVLS came in NCCL 2.17 and NVLSTree in 2.18 (release notes of
/// v2.17.1-1 and v2.18.1-1, github.com/NVIDIA/nccl/releases), so a run of NCCL 2.16 on Hopper is
/// offered ring and tree only, as NCCL 2.16 itself offered it (ncclHasNvls, ncclHasNvlsTree).
/// RCCL versions (AMD's fork) are not NCCL releases.

#include <string>
#include <string_view>

namespace model {

/// NCCL tuner generation (table above).
enum class NcclRelease {
    Before2_17, ///< NCCL 2.16.x and earlier: the 2.18 tables, no NVLS
    Is2_17,     ///< NCCL 2.17.x: the 2.18 tables, NVLS but no NVLSTree
    UpTo2_18,   ///< NCCL 2.18.x: tuning.cc of v2.18.5 (the tables of every earlier release too)
    From2_19,   ///< NCCL 2.19.x and 2.20.x: tuning.cc of v2.20.5
    Current,    ///< NCCL 2.21 and later: tuning.cc of v2.30.7 (the default)
};

/// "2.16", "2.17", "2.18", "2.20", "current".
[[nodiscard]] const char* toString(NcclRelease r) noexcept;

/// The release reads v2.18.5's tuner tables (2.18 and every earlier release).
[[nodiscard]] bool usesTuner2_18(NcclRelease r) noexcept;
/// The release has the NVLS algorithm (NCCL 2.17 and later).
[[nodiscard]] bool ncclHasNvls(NcclRelease r) noexcept;
/// The release has the NVLSTree algorithm (NCCL 2.18 and later).
[[nodiscard]] bool ncclHasNvlsTree(NcclRelease r) noexcept;

/// The release of an NCCL version string as NCCL and nccl-tests print it: "2.18.5",
/// "2.18.5+cuda12.2", "2.26" (major.minor[.patch][+suffix]); the names toString gives
/// ("2.16", "2.17", "2.18", "2.20", "current") are accepted too.
/// @throws std::invalid_argument naming the text and the expected form when it is not such a
///         version, or its major version is not 2.
[[nodiscard]] NcclRelease parseNcclRelease(std::string_view version);

} // namespace model
