#include "model/units/units.hpp"

#include <cctype>
#include <charconv>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

namespace model {

Duration transferTime(double bytes, Bandwidth bw) noexcept
{
    if (bytes <= 0.0) return Duration::seconds(0.0);
    if (bw.isZero()) return Duration::seconds(std::numeric_limits<double>::infinity());
    return Duration::seconds(bytes / bw.inBytesPerSecond());
}

std::uint64_t parseSize(std::string_view text)
{
    auto fail = [&]() -> std::invalid_argument {
        return std::invalid_argument("size \"" + std::string(text) +
                                     "\": expected a non-negative number of bytes, optionally with a "
                                     "K, M, G or T suffix (powers of 1024), e.g. 8G");
    };
    auto tooLarge = [&]() -> std::invalid_argument {
        return std::invalid_argument("size \"" + std::string(text) + "\": more than the largest size, 16 EiB (about 1.8e19 bytes); "
                                     "nccl-tests sizes run from bytes to tens of GiB, e.g. 8G");
    };
    std::string_view s = text;
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    if (s.empty()) throw fail();

    double value = 0.0;
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec == std::errc() && ptr != s.data() && value < 0.0)
        throw std::invalid_argument("size \"" + std::string(text) + "\": a size cannot be negative; give a number of bytes, e.g. 8G");
    if (ec == std::errc::result_out_of_range || (ec == std::errc() && !std::isfinite(value))) throw tooLarge();
    if (ec != std::errc() || ptr == s.data()) throw fail();
    std::string_view suffix(ptr, static_cast<std::size_t>(s.data() + s.size() - ptr));

    double mult = 1.0;
    if (!suffix.empty()) {
        char c = static_cast<char>(std::toupper(static_cast<unsigned char>(suffix.front())));
        switch (c) {
        case 'K': mult = 1024.0; break;
        case 'M': mult = 1024.0 * 1024.0; break;
        case 'G': mult = 1024.0 * 1024.0 * 1024.0; break;
        case 'T': mult = 1024.0 * 1024.0 * 1024.0 * 1024.0; break;
        case 'B': mult = 1.0; break;
        default: throw fail();
        }
        if (c != 'B') suffix.remove_prefix(1);
        if (suffix == "iB" || suffix == "ib" || suffix == "B" || suffix == "b") suffix = {};
        if (!suffix.empty()) throw fail();
    }
    const double bytes = value * mult;
    if (bytes > 1.8e19) throw tooLarge();
    if (std::fabs(bytes - std::round(bytes)) > 1e-9 * std::max(1.0, bytes))
        throw std::invalid_argument("size \"" + std::string(text) + "\": " + std::to_string(bytes) +
                                    " bytes is not a whole number of bytes; give bytes, or a size such as 0.5K (512)");
    return static_cast<std::uint64_t>(std::llround(bytes));
}

std::string formatBytes(double bytes)
{
    static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    int u = 0;
    while (std::fabs(bytes) >= 1024.0 && u < 5) {
        bytes /= 1024.0;
        ++u;
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4g %s", bytes, units[u]);
    return buf;
}

std::string formatBandwidth(Bandwidth bw, RateUnit unit)
{
    char buf[64];
    if (unit == RateUnit::GBps)
        std::snprintf(buf, sizeof buf, "%.4g GB/s", bw.inGBps());
    else
        std::snprintf(buf, sizeof buf, "%.4g Gb/s", bw.inGbps());
    return buf;
}

std::string formatDuration(Duration d)
{
    const double s = d.inSeconds();
    char buf[64];
    if (!std::isfinite(s)) return "inf";
    if (s < 1e-6) std::snprintf(buf, sizeof buf, "%.3g ns", s * 1e9);
    else if (s < 1e-3) std::snprintf(buf, sizeof buf, "%.4g us", s * 1e6);
    else if (s < 1.0) std::snprintf(buf, sizeof buf, "%.4g ms", s * 1e3);
    else std::snprintf(buf, sizeof buf, "%.4g s", s);
    return buf;
}

} // namespace model
