#pragma once
/// @file nccl_version.hpp
/// NCCL versions as runs print them: "NCCL version 2.26.2+cuda12.8" (nccl-tests, NCCL_DEBUG=
/// VERSION), "NCCL INFO NCCL version 2.21.5+cuda12.4" (NCCL_DEBUG=INFO), "RCCL version
/// 2.18.3+hip6.0", and nccl-tests' own header "# nccl-tests version 2.17.6 nccl-headers=22807
/// nccl-library=22807" (NCCL_VERSION_CODE of the library it ran with). A text that is not a
/// version ("banana") is named in a warning and not used; a second, different version in one
/// file (ranks that loaded different NCCL libraries) is named with both lines.

#include <string>
#include <string_view>
#include <vector>

namespace model::io {

/// True when `v` reads MAJOR.MINOR.PATCH in digits, alone or followed by a build suffix that
/// starts with '+' or '-' ("2.26.2", "2.26.2+cuda12.8", "2.26.2+cuda.", "2.18.3-1").
[[nodiscard]] bool isNcclVersion(std::string_view v) noexcept;

/// The MAJOR.MINOR.PATCH of a version ("2.26.2" of "2.26.2+cuda12.8"); `v` itself when it is
/// not one.
[[nodiscard]] std::string ncclVersionNumber(std::string_view v);

/// NCCL_VERSION_CODE as nccl-tests prints it (nccl-library=22807) in words: "2.28.7"; codes
/// below 10000 are the old encoding (2708 = 2.7.8). Empty when `code` is not a version code.
[[nodiscard]] std::string ncclVersionFromCode(long long code);

/// The NCCL version of one file, read line by line.
struct NcclVersionReader {
    std::string version;               ///< the first valid version read ("2.26.2+cuda12.8"); empty when none
    int line = 0;                      ///< its line; 0 when none
    std::vector<std::string> conflicts; ///< version numbers already said to differ (one warning each)
    std::vector<std::string> invalid;   ///< texts already said not to be versions (one warning each)

    /// Reads version text `seen` printed on line `lineNo` (`what` names the field for messages,
    /// "NCCL version" or "nccl-library=22807"). The first valid version is kept; a richer text of
    /// the same number ("2.28.7+cuda12.9" after "2.28.7") replaces it. Appends to `warnings`
    /// "line N: NCCL version \"banana\" is not a version: expected ..." once per text, and
    /// "line N: NCCL version X differs from Y on line M: ..." once per differing number.
    void read(const std::string& seen, int lineNo, const std::string& what, std::vector<std::string>& warnings);
};

} // namespace model::io
