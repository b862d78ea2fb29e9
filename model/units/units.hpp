#pragma once
/// @file units.hpp
/// Typed physical quantities used throughout the model. Everything is stored in SI
/// (bytes, seconds, bytes per second, watts, US dollars); names at the edges carry the
/// display unit (`_GBps`, `_Gbps`, `_us`, `_W`), as set out in shared/design/ARCHITECTURE.md.
///
/// Conventions (shared/reference/engine_formulas.md section 0):
/// - 1 GB/s = 1e9 bytes per second (decimal, as nccl-tests prints it).
/// - 1 Gb/s = 1e9 bits per second = 0.125 GB/s: network gear is quoted in Gb/s, NVLink and
///   memory in GB/s, so the factor of 8 lives here and nowhere else.
/// - Size suffixes K/M/G/T on the command line are powers of 1024 (nccl-tests `-b 8G`).

#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

namespace model {

/// A data rate, held as bytes per second. Construct it through the named factories so the
/// unit is always explicit at the call site.
class Bandwidth {
public:
    constexpr Bandwidth() noexcept = default;

    /// Bytes per second.
    [[nodiscard]] static constexpr Bandwidth bytesPerSecond(double bps) noexcept { return Bandwidth(bps); }
    /// Decimal gigabytes per second (1 GB/s = 1e9 B/s), the unit of NVLink, HBM and nccl-tests.
    [[nodiscard]] static constexpr Bandwidth GBps(double gigabytesPerSecond) noexcept
    {
        return Bandwidth(gigabytesPerSecond * 1e9);
    }
    /// Decimal gigabits per second (1 Gb/s = 1e9 bit/s = 0.125 GB/s), the unit of NICs and switch ports.
    [[nodiscard]] static constexpr Bandwidth Gbps(double gigabitsPerSecond) noexcept
    {
        return Bandwidth(gigabitsPerSecond * 1e9 / 8.0);
    }

    /// Bytes per second.
    [[nodiscard]] constexpr double inBytesPerSecond() const noexcept { return bps_; }
    /// Decimal GB/s.
    [[nodiscard]] constexpr double inGBps() const noexcept { return bps_ / 1e9; }
    /// Decimal Gb/s.
    [[nodiscard]] constexpr double inGbps() const noexcept { return bps_ * 8.0 / 1e9; }

    [[nodiscard]] constexpr bool isZero() const noexcept { return bps_ <= 0.0; }

    constexpr auto operator<=>(const Bandwidth&) const noexcept = default;
    constexpr Bandwidth operator+(Bandwidth o) const noexcept { return Bandwidth(bps_ + o.bps_); }
    constexpr Bandwidth operator-(Bandwidth o) const noexcept { return Bandwidth(bps_ - o.bps_); }
    constexpr Bandwidth operator*(double k) const noexcept { return Bandwidth(bps_ * k); }
    constexpr Bandwidth operator/(double k) const noexcept { return Bandwidth(bps_ / k); }
    /// Ratio of two rates (dimensionless).
    constexpr double operator/(Bandwidth o) const noexcept { return bps_ / o.bps_; }

private:
    constexpr explicit Bandwidth(double bps) noexcept : bps_(bps) {}
    double bps_ = 0.0;
};

/// A duration, held as seconds.
class Duration {
public:
    constexpr Duration() noexcept = default;
    [[nodiscard]] static constexpr Duration seconds(double s) noexcept { return Duration(s); }
    [[nodiscard]] static constexpr Duration microseconds(double us) noexcept { return Duration(us * 1e-6); }
    [[nodiscard]] static constexpr Duration nanoseconds(double ns) noexcept { return Duration(ns * 1e-9); }

    [[nodiscard]] constexpr double inSeconds() const noexcept { return s_; }
    [[nodiscard]] constexpr double inMicroseconds() const noexcept { return s_ * 1e6; }
    [[nodiscard]] constexpr double inMilliseconds() const noexcept { return s_ * 1e3; }

    constexpr auto operator<=>(const Duration&) const noexcept = default;
    constexpr Duration operator+(Duration o) const noexcept { return Duration(s_ + o.s_); }
    constexpr Duration operator-(Duration o) const noexcept { return Duration(s_ - o.s_); }
    constexpr Duration operator*(double k) const noexcept { return Duration(s_ * k); }
    constexpr Duration operator/(double k) const noexcept { return Duration(s_ / k); }
    constexpr double operator/(Duration o) const noexcept { return s_ / o.s_; }
    constexpr Duration& operator+=(Duration o) noexcept { s_ += o.s_; return *this; }

private:
    constexpr explicit Duration(double s) noexcept : s_(s) {}
    double s_ = 0.0;
};

/// Time to move `bytes` at rate `bw` (bytes / bytes-per-second). Returns zero for zero bytes;
/// an infinite duration when `bw` is zero and bytes are positive.
[[nodiscard]] Duration transferTime(double bytes, Bandwidth bw) noexcept;

/// Parses a size the way nccl-tests takes `-b`/`-e`: plain bytes, or a number with a
/// K/M/G/T suffix (powers of 1024; an optional trailing "B" or "iB" is accepted).
/// @throws std::invalid_argument naming the text and what was expected when it is not a
///         non-negative size, or not a whole number of bytes ("1.5", "0.3K"; "0.5K" = 512 is).
[[nodiscard]] std::uint64_t parseSize(std::string_view text);

/// Formats a byte count with a binary suffix, e.g. 8589934592 -> "8 GiB", 1536 -> "1.5 KiB".
[[nodiscard]] std::string formatBytes(double bytes);

/// Formats a rate in the unit asked for, with the unit: "450 GB/s" or "400 Gb/s".
enum class RateUnit { GBps, Gbps };
[[nodiscard]] std::string formatBandwidth(Bandwidth bw, RateUnit unit);

/// Formats a duration with an adaptive unit (ns, us, ms, s).
[[nodiscard]] std::string formatDuration(Duration d);

} // namespace model
