// NCCL tuner generations by release (nccl_release.hpp).
#include "model/analysis/nccl_release.hpp"

#include <charconv>
#include <stdexcept>

namespace model {

const char* toString(NcclRelease r) noexcept
{
    switch (r) {
    case NcclRelease::Before2_17: return "2.16";
    case NcclRelease::Is2_17: return "2.17";
    case NcclRelease::UpTo2_18: return "2.18";
    case NcclRelease::From2_19: return "2.20";
    case NcclRelease::Current: return "current";
    }
    return "current";
}

bool usesTuner2_18(NcclRelease r) noexcept
{
    return r == NcclRelease::Before2_17 || r == NcclRelease::Is2_17 || r == NcclRelease::UpTo2_18;
}

bool ncclHasNvls(NcclRelease r) noexcept { return r != NcclRelease::Before2_17; }

bool ncclHasNvlsTree(NcclRelease r) noexcept { return r != NcclRelease::Before2_17 && r != NcclRelease::Is2_17; }

namespace {
/// Reads a decimal number at the front of `s`, advancing it; false when there is none.
bool readNumber(std::string_view& s, int& out)
{
    if (s.empty() || s.front() < '0' || s.front() > '9') return false; // no sign, no space

    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    if (ec != std::errc() || end == s.data()) return false;
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    return true;
}
} // namespace

NcclRelease parseNcclRelease(std::string_view version)
{
    if (version == "current") return NcclRelease::Current;
    const std::string text(version);
    const auto bad = [&](const std::string& why) {
        return std::invalid_argument("NCCL version \"" + text + "\": " + why +
                                     "; expected major.minor[.patch], e.g. 2.18.5 or 2.18.5+cuda12.2, or \"current\"");
    };
    std::string_view s = version;
    int major = 0, minor = 0, patch = 0;
    if (!readNumber(s, major) || s.empty() || s.front() != '.') throw bad("no major.minor");
    s.remove_prefix(1);
    if (!readNumber(s, minor)) throw bad("no minor version");
    if (!s.empty() && s.front() == '.') {
        s.remove_prefix(1);
        if (!readNumber(s, patch)) throw bad("no patch number after the second dot");
    }
    if (!s.empty() && s.front() != '+') throw bad("unexpected text \"" + std::string(s) + "\"");
    if (major != 2) throw bad("only NCCL 2.x is modelled");
    if (minor <= 16) return NcclRelease::Before2_17;
    if (minor == 17) return NcclRelease::Is2_17;
    if (minor == 18) return NcclRelease::UpTo2_18;
    if (minor <= 20) return NcclRelease::From2_19;
    return NcclRelease::Current;
}

} // namespace model
