// Line splitting and small text helpers shared by the importers.
#include "model/io/import/import_text.hpp"

#include "model/io/input_error.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <cctype>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace model::io {

namespace {

bool isBlank(char c) noexcept { return c == ' ' || c == '\t'; }

/// Length of a launcher prefix at the start of `s`, 0 when there is none:
/// Slurm `srun --label` "  0: " and Open MPI `--tag-output` "[1,0]<stdout>:" / "<stderr>:".
std::size_t launcherPrefix(std::string_view s) noexcept
{
    std::size_t i = 0;
    while (i < s.size() && s[i] == ' ') ++i;
    // Open MPI: [job,rank]<stdout>: or <stderr>:
    if (i < s.size() && s[i] == '[') {
        std::size_t j = i + 1;
        const std::size_t digitsStart = j;
        while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == ',')) ++j;
        if (j > digitsStart && j < s.size() && s[j] == ']') {
            const std::string_view rest = s.substr(j + 1);
            for (std::string_view tag : {std::string_view("<stdout>:"), std::string_view("<stderr>:")})
                if (rest.substr(0, tag.size()) == tag) return j + 1 + tag.size();
        }
        return 0;
    }
    // Slurm: digits, a colon, then a space or the end of the line.
    const std::size_t digitsStart = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
    if (i == digitsStart || i - digitsStart > 6 || i >= s.size() || s[i] != ':') return 0;
    if (i + 1 == s.size()) return i + 1;
    return s[i + 1] == ' ' ? i + 2 : 0;
}

} // namespace

ImportText::ImportText(std::string name, std::string_view content) : name_(std::move(name))
{
    if (content.size() > kMaxImportBytes)
        throw InputError(name_, "", "", "expected a text file of at most " + std::to_string(kMaxImportBytes / (1024 * 1024)) +
                                            " MiB, got " + std::to_string(content.size()) + " bytes");
    // UTF-16 (what Windows' PowerShell writes with '>'): every other byte of its ASCII is NUL.
    const auto utf16 = [&](unsigned char a, unsigned char b) {
        return content.size() >= 2 && static_cast<unsigned char>(content[0]) == a && static_cast<unsigned char>(content[1]) == b;
    };
    if (utf16(0xFF, 0xFE) || utf16(0xFE, 0xFF))
        throw InputError(name_, "", "", std::string("expected UTF-8 or ASCII text, got UTF-16 (") + (utf16(0xFF, 0xFE) ? "little" : "big") +
                                            "-endian byte-order mark): save the file as UTF-8 (PowerShell: Out-File -Encoding utf8, or "
                                            "iconv -f UTF-16 -t UTF-8) and import it again");
    if (content.find('\0') != std::string_view::npos)
        throw InputError(name_, "", "", "expected a text file, got binary data (a NUL byte at offset " +
                                            std::to_string(content.find('\0')) + ")");
    // Blanks, tabs and carriage returns after the final newline (an editor's stray indent, a
    // Windows "\r" left alone) are no cut line: the last line with text ended with its newline.
    const std::size_t lastNewline = content.rfind('\n');
    const std::string_view tail = lastNewline == std::string_view::npos ? content : content.substr(lastNewline + 1);
    const bool blankTail = lastNewline != std::string_view::npos &&
                           std::all_of(tail.begin(), tail.end(), [](char c) { return isBlank(c) || c == '\r'; });
    if (blankTail) content = content.substr(0, lastNewline + 1);
    endsWithNewline_ = content.empty() || content.back() == '\n';
    std::size_t pos = 0;
    int number = 0;
    while (pos < content.size()) {
        std::size_t end = content.find('\n', pos);
        const bool last = end == std::string_view::npos;
        if (last) end = content.size();
        std::string_view line = content.substr(pos, end - pos);
        ++number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        // A launcher prefix is stripped once; nccl-tests data rows never start with "N: ".
        if (const std::size_t p = launcherPrefix(line); p > 0) {
            line.remove_prefix(p);
            hadPrefixes_ = true;
        }
        // A cut line keeps its trailing blanks out too: the cut is in the last cell, not after it.
        while (!line.empty() && (isBlank(line.back()) || line.back() == '\r')) line.remove_suffix(1);
        std::string kept(line);
        std::replace(kept.begin(), kept.end(), '\t', ' '); // tabs separate cells as blanks do, and a name keeps plain spaces
        lines_.push_back({number, std::move(kept), std::string(line), last && !endsWithNewline_});
        pos = last ? content.size() : end + 1;
    }
}

namespace {

/// What a non-regular file is, in words ("a FIFO (named pipe)").
std::string fileTypeName(mode_t mode)
{
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    return "not a regular file";
}

std::string tooLarge() { return "expected a text file of at most " + std::to_string(kMaxImportBytes / (1024 * 1024)) + " MiB"; }

} // namespace

std::string readImportFile(const std::string& path)
{
    if (path == "-")
        throw InputError(path, "", "", "cannot open the file for reading: '-' (standard input) is read by the command line's import, not here");
    // Opened without blocking and checked on the open descriptor: a FIFO (or a socket, a device)
    // is refused at once, where reading it would wait for a writer that may never come.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        const int err = errno;
        throw InputError(path, "", "", std::string("cannot open the file for reading: ") + std::strerror(err));
    }
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int err = errno;
        throw InputError(path, "", "", std::string("cannot open the file for reading: ") + std::strerror(err));
    }
    if (S_ISDIR(st.st_mode)) throw InputError(path, "", "", "expected a file, got a directory");
    if (!S_ISREG(st.st_mode))
        throw InputError(path, "", "", "expected a regular file, got " + fileTypeName(st.st_mode) +
                                           ": it is not read, since it may never end (pass '-' to read standard input)");
    if (static_cast<unsigned long long>(st.st_size) > kMaxImportBytes)
        throw InputError(path, "", "", tooLarge() + ", got " + std::to_string(st.st_size) + " bytes");
    // A regular file: blocking reads from here on.
    if (const int flags = ::fcntl(fd, F_GETFL); flags >= 0) (void)::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    std::string content;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int err = errno;
            throw InputError(path, "", "", std::string("reading the file failed: ") + std::strerror(err));
        }
        if (n == 0) break;
        content.append(buf, static_cast<std::size_t>(n));
        if (content.size() > kMaxImportBytes) throw InputError(path, "", "", tooLarge());
    }
    return content;
}

std::string readImportStream(std::istream& in, const std::string& name)
{
    std::string content;
    char buf[65536];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        content.append(buf, static_cast<std::size_t>(in.gcount()));
        if (content.size() > kMaxImportBytes) throw InputError(name, "", "", tooLarge());
    }
    if (in.bad()) throw InputError(name, "", "", "reading failed");
    return content;
}

std::vector<std::string> splitBlanks(std::string_view s)
{
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && isBlank(s[i])) ++i;
        const std::size_t start = i;
        while (i < s.size() && !isBlank(s[i])) ++i;
        if (i > start) out.emplace_back(s.substr(start, i - start));
    }
    return out;
}

std::string trim(std::string_view s)
{
    while (!s.empty() && (isBlank(s.front()) || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (isBlank(s.back()) || s.back() == '\r')) s.remove_suffix(1);
    return std::string(s);
}

bool startsWith(std::string_view s, std::string_view prefix) noexcept
{
    return s.substr(0, prefix.size()) == prefix;
}

bool parseNumber(std::string_view s, double& out) noexcept
{
    if (s.empty() || s.size() > 64) return false;
    char buf[65];
    s.copy(buf, s.size());
    buf[s.size()] = '\0';
    // strtod accepts "inf", "nan" and hex floats; a measurement table holds none of them.
    for (char c : s)
        if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'))
            return false;
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(buf, &end);
    if (end != buf + s.size() || errno == ERANGE || !std::isfinite(v)) return false;
    out = v;
    return true;
}

bool parseInteger(std::string_view s, long long& out) noexcept
{
    if (s.empty() || s.size() > 20) return false;
    std::size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    if (i == s.size()) return false;
    for (std::size_t j = i; j < s.size(); ++j)
        if (!std::isdigit(static_cast<unsigned char>(s[j]))) return false;
    char buf[24];
    s.copy(buf, s.size());
    buf[s.size()] = '\0';
    errno = 0;
    const long long v = std::strtoll(buf, nullptr, 10);
    if (errno == ERANGE) return false;
    out = v;
    return true;
}

} // namespace model::io
