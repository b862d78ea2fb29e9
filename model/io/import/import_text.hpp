#pragma once
/// @file import_text.hpp
/// The text of an imported file, split into numbered lines the parsers read. Lines lose the
/// prefixes that job launchers put before every line of output (Slurm `srun --label` "0: ",
/// Open MPI `--tag-output` "[1,0]<stdout>:"), carriage returns and trailing blanks; tabs read
/// as spaces (a copy that turned blank runs into tabs reads the same). A file that does not
/// end with a newline was cut off by whoever copied it (shared/real_inputs/LOG.md: "there is
/// no trailing newline, and sometimes a cell or row is cut in half"), so its last
/// line is marked `cut`: parsers must not trust its last cell. Blanks, tabs and carriage
/// returns after the final newline are no line of their own and no cut: such a file ends with
/// its newline.

#include <cstddef>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace model::io {

/// One line of an imported file.
struct SourceLine {
    int number = 0;          ///< 1-based line number in the file
    std::string text;        ///< the line without launcher prefix, CR and trailing blanks; tabs as spaces
    /// The same line with its tabs as written: the evidence a finding quotes, which a reader
    /// finds in the file as it is (helper-90: "GPU0  X  PIX" appeared nowhere in a tab-separated
    /// nvidia-smi matrix).
    std::string raw;
    bool cut = false;        ///< last line of a file without a final newline: may end mid-cell
};

/// Largest file an importer reads, bytes (the longest real artefacts are tens of kB; a full
/// NCCL_DEBUG=INFO log of a large job is a few MB). Bigger files are rejected, not truncated.
inline constexpr std::size_t kMaxImportBytes = 64u * 1024u * 1024u;

/// Longest line the line parsers read, characters. Real lines are under 2,000 characters (a
/// 20-column topo -m row is about 200); std::regex matching recurses with the length of its
/// input, so longer lines are skipped (with a warning) instead of risking the stack.
inline constexpr std::size_t kMaxLineChars = 16384;

/// An imported file's text as lines.
class ImportText {
public:
    /// Splits `content` into lines. @param name the file name as the user knows it (errors name it).
    /// @throws InputError when the content holds NUL bytes (a binary file) or exceeds kMaxImportBytes.
    ImportText(std::string name, std::string_view content);

    [[nodiscard]] const std::string& name() const noexcept { return name_; }
    [[nodiscard]] const std::vector<SourceLine>& lines() const noexcept { return lines_; }
    /// False when the file ends without a newline (its last line is then `cut`); blanks, tabs and
    /// carriage returns after the final newline do not count.
    [[nodiscard]] bool endsWithNewline() const noexcept { return endsWithNewline_; }
    /// True when any line carried a launcher prefix (Slurm or MPI rank label).
    [[nodiscard]] bool hadRankPrefixes() const noexcept { return hadPrefixes_; }

private:
    std::string name_;
    std::vector<SourceLine> lines_;
    bool endsWithNewline_ = true;
    bool hadPrefixes_ = false;
};

/// Reads a whole file for import. A FIFO, socket or device is refused at once (checked on the
/// descriptor opened without blocking), never waited on.
/// @throws InputError naming the path when it cannot be opened (with the system's reason, e.g.
///         "cannot open the file for reading: No such file or directory"), is "-" (standard input
///         is for readImportStream), is a directory or not a regular file, is larger than
///         kMaxImportBytes, or reading fails.
[[nodiscard]] std::string readImportFile(const std::string& path);

/// Reads `in` to its end for import (the command line's `-`, standard input).
/// @param name what errors call it ("<stdin>")
/// @throws InputError naming `name` when it holds more than kMaxImportBytes or reading fails.
[[nodiscard]] std::string readImportStream(std::istream& in, const std::string& name);

/// Splits `s` at runs of blanks (spaces and tabs); empty cells vanish.
[[nodiscard]] std::vector<std::string> splitBlanks(std::string_view s);
/// `s` without leading and trailing blanks.
[[nodiscard]] std::string trim(std::string_view s);
/// True when `s` starts with `prefix`.
[[nodiscard]] bool startsWith(std::string_view s, std::string_view prefix) noexcept;
/// Parses a whole string as a finite decimal number (strtod syntax); false when it is not one.
[[nodiscard]] bool parseNumber(std::string_view s, double& out) noexcept;
/// Parses a whole string as a base-10 integer; false when it is not one or does not fit.
[[nodiscard]] bool parseInteger(std::string_view s, long long& out) noexcept;

} // namespace model::io
