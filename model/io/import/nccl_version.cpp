// NCCL version texts (nccl_version.hpp).
#include "model/io/import/nccl_version.hpp"

#include <algorithm>
#include <cctype>

namespace model::io {

namespace {

/// Reads 1-4 digits from the front of `s`; false when there are none.
bool digits(std::string_view& s) noexcept
{
    std::size_t n = 0;
    while (n < s.size() && n < 5 && std::isdigit(static_cast<unsigned char>(s[n]))) ++n;
    if (n == 0 || n > 4) return false;
    s.remove_prefix(n);
    return true;
}

/// Length of the MAJOR.MINOR.PATCH prefix of `v`; 0 when it has none.
std::size_t numberLength(std::string_view v) noexcept
{
    std::string_view s = v;
    for (int part = 0; part < 3; ++part) {
        if (part > 0) {
            if (s.empty() || s.front() != '.') return 0;
            s.remove_prefix(1);
        }
        if (!digits(s)) return 0;
    }
    return v.size() - s.size();
}

} // namespace

bool isNcclVersion(std::string_view v) noexcept
{
    const std::size_t n = numberLength(v);
    return n > 0 && (n == v.size() || v[n] == '+' || v[n] == '-');
}

std::string ncclVersionNumber(std::string_view v)
{
    const std::size_t n = isNcclVersion(v) ? numberLength(v) : v.size();
    return std::string(v.substr(0, n));
}

std::string ncclVersionFromCode(long long code)
{
    if (code < 1000 || code > 999999) return {};
    // NCCL_VERSION(X,Y,Z): X*1000+Y*100+Z up to 2.8, X*10000+Y*100+Z from 2.9 (nccl.h).
    const long long major = code >= 10000 ? code / 10000 : code / 1000;
    const long long minor = code >= 10000 ? (code / 100) % 100 : (code / 100) % 10;
    const long long patch = code % 100;
    return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

void NcclVersionReader::read(const std::string& seen, int lineNo, const std::string& what, std::vector<std::string>& warnings)
{
    if (!isNcclVersion(seen)) {
        if (std::find(invalid.begin(), invalid.end(), seen) != invalid.end()) return;
        invalid.push_back(seen);
        warnings.push_back("line " + std::to_string(lineNo) + ": " + what + " \"" + (seen.size() > 40 ? seen.substr(0, 40) + "..." : seen) +
                           "\" is not a version: expected MAJOR.MINOR.PATCH in digits, such as 2.26.2 (a build suffix such as "
                           "+cuda12.8 may follow); it is not used");
        return;
    }
    if (version.empty()) {
        version = seen;
        line = lineNo;
        return;
    }
    const std::string number = ncclVersionNumber(seen);
    if (number == ncclVersionNumber(version)) {
        if (version == number && seen != number) version = seen; // the same release with its build suffix
        return;
    }
    if (std::find(conflicts.begin(), conflicts.end(), number) != conflicts.end()) return;
    conflicts.push_back(number);
    warnings.push_back("line " + std::to_string(lineNo) + ": " + what + " " + seen + " differs from " + version + " on line " +
                       std::to_string(line) + ": expected one NCCL version in one run (ranks that load different NCCL libraries can "
                       "hang or run slow); " + version + " is the one reported");
}

} // namespace model::io
