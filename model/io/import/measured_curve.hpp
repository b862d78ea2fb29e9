#pragma once
/// @file measured_curve.hpp
/// A busbw-against-size curve measured by nccl-tests (or rccl-tests), exactly as printed:
/// decimal GB/s, microseconds, bytes. algbw = size / time; busbw = algbw x the collective's
/// factor (all_reduce 2(n-1)/n; all_gather, reduce_scatter, alltoall (n-1)/n; broadcast,
/// reduce, sendrecv 1) -- nccl-tests doc/PERFORMANCE.md.

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace model::io {

/// Ranges of a measured point (issue 13's input ranges): sizes to 1 TB (nccl-tests runs stop
/// at a few GB), rates to 100,000 GB/s (an NVL72 domain's busbw is under 1,000 GB/s), times to
/// 10^12 us. A row beyond them is not a measurement: the parser ignores it with a warning, and
/// a design's import record holding one is refused.
inline constexpr double kMaxMeasuredBytes = 1e12;
inline constexpr double kMaxMeasuredGBps = 1e5;
inline constexpr double kMaxMeasuredTimeUs = 1e12;

/// One row of a nccl-tests table, one of its two halves (out-of-place or in-place).
struct MeasuredPoint {
    double bytes = 0;                  ///< "size (B)"
    std::optional<double> count;       ///< "count (elements)"
    std::string type;                  ///< "float", ...
    std::string redop;                 ///< "sum", "none", ... (empty when the layout has none)
    std::optional<long long> root;     ///< "root" (-1 when the collective has none); absent in the old layout
    double timeUs = 0;                 ///< microseconds
    double algbwGBps = 0;              ///< decimal GB/s
    double busbwGBps = 0;              ///< decimal GB/s
    std::string wrong;                 ///< "#wrong" ("0", "N/A") or the old "error" column
    int line = 0;                      ///< line of the file
    double timeRoundingUs = 0;         ///< half a unit of the time's last printed digit, us (0: not known)
    double busbwRoundingGBps = 0;      ///< half a unit of the busbw's last printed digit, GB/s (0: not known)
};

/// The largest busbw of a table and the row it is on.
struct MeasuredPeak {
    double busbwGBps = 0;              ///< decimal GB/s (0 when the table has no row)
    double bytes = 0;                  ///< "size (B)" of its row
    std::string column;                ///< "out-of-place" or "in-place" (empty when no row)
    int line = 0;                      ///< line of the file (0 when no row)
};

/// A measured curve with what the file says about the run.
struct MeasuredCurve {
    std::string tool = "nccl-tests";   ///< "nccl-tests" or "rccl-tests"
    std::string layout;                ///< "current (root, #wrong)" or "old (error column, no root)"
    std::string command;               ///< the command line when printed, else empty
    int commandLine = 0;               ///< its line of the file (0 when none)
    /// nccl-tests collective name ("all_reduce", "all_gather", "reduce_scatter", "alltoall",
    /// "broadcast", "reduce", "sendrecv", "gather", "scatter", "hypercube"); empty when unknown.
    std::string collective;
    std::string collectiveFrom;        ///< how it was known: the command, or the busbw/algbw factor
    std::vector<std::string> candidates; ///< when ambiguous: the collectives the table fits
    int ranks = 0;                     ///< ranks of the run (0 when unknown)
    std::string ranksFrom;             ///< "# Rank lines", or the busbw/algbw factor when none are printed
    int nodes = 0;                     ///< distinct hosts in those lines (0 when none printed)
    std::vector<std::string> hosts;
    std::string gpuName;               ///< device name of the ranks ("NVIDIA H100 80GB HBM3") when all agree
    /// "2.26.2+cuda12.8" when printed ("NCCL version ..." lines), else the NCCL library the
    /// nccl-tests header names ("nccl-library=22807": "2.28.7"); empty when neither is printed
    std::string ncclVersion;
    int ncclVersionLine = 0;           ///< line of ncclVersion; 0 when none
    std::string testsVersion;          ///< nccl-tests' own version ("# nccl-tests version 2.17.6 ..."); empty when not printed
    bool rccl = false;                 ///< the version line named RCCL (AMD's fork, its own tuner)
    std::optional<int> nThreads, gpusPerThread; ///< header "nThread N nGpus M"
    std::optional<double> minBytes, maxBytes;   ///< header
    std::vector<MeasuredPoint> outOfPlace;
    std::vector<MeasuredPoint> inPlace;
    std::optional<double> avgBusbwGBps; ///< "# Avg bus bandwidth"
    bool complete = true;              ///< false when cut off (see the import warnings)

    /// The points charted: out-of-place, or in-place where a size has no out-of-place point.
    [[nodiscard]] std::vector<MeasuredPoint> points() const;
    /// Largest busbw of the whole table, out-of-place and in-place columns alike (nccl-tests
    /// prints both, and either may hold the best figure), with its column, size and line; on a
    /// tie the out-of-place (charted) point. All zero / empty when the table has no row.
    [[nodiscard]] MeasuredPeak peak() const;
    /// peak().busbwGBps: GB/s (0 when empty).
    [[nodiscard]] double peakBusbwGBps() const;
    /// True when the rank count is not printed but inferred from nccl-tests' busbw/algbw factor
    /// (ranksFrom names that factor): a figure to state as inferred, never as fact.
    [[nodiscard]] bool ranksInferred() const;
    /// The rank count in words for a summary: "16 ranks", "8 ranks (inferred from busbw/algbw)",
    /// "? ranks" when unknown.
    [[nodiscard]] std::string ranksWords() const;
};

/// JSON form (the `curve` object of `import --json`): the file's fields, both columns, the
/// peak as `peak_busbw_GBps` with `peak_busbw_column`, `peak_busbw_bytes`, `peak_busbw_line`,
/// and `ranks_inferred` (ranksInferred()).
[[nodiscard]] nlohmann::json toJson(const MeasuredCurve& c);

/// nccl-tests' bus bandwidth factor for `collective` on `ranks` ranks (PERFORMANCE.md);
/// nullopt for an unknown name or ranks < 1.
[[nodiscard]] std::optional<double> busbwFactor(const std::string& collective, int ranks) noexcept;

} // namespace model::io
