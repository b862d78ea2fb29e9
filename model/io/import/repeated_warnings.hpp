#pragma once
/// @file repeated_warnings.hpp
/// Per-row warnings of one kind, capped: a file whose one row repeats 400,000 times gave
/// 399,999 "measured again" lines (a 47 MB JSON). The first kRepeatedWarningsShown of a kind
/// are given in full, each naming its line; the rest are counted and summed up in one line
/// ("... and 399,994 more rows measured again (lines 22 to 400,015), ignored as those above").

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace model::io {

/// Warnings of one kind given in full before the rest are summed up.
inline constexpr std::size_t kRepeatedWarningsShown = 5;

/// Collects per-row warnings into `out`, at most kRepeatedWarningsShown of each kind.
class RepeatedWarnings {
public:
    /// @param out the import's warnings, appended to
    explicit RepeatedWarnings(std::vector<std::string>& out) : out_(out) {}

    /// Appends `text` (which names `line`) when fewer than kRepeatedWarningsShown warnings of
    /// `kind` were given, else counts it. @param kind what the rows are, in words, plural
    /// ("rows measured again"): the summary line says "... and N more <kind>".
    void add(const std::string& kind, std::string text, int line);

    /// Appends one line per kind that passed the cap: "... and 399,994 more rows measured again
    /// (lines 22 to 400,015), ignored as those above", in the order the kinds first came. Call
    /// once, after the last add().
    void summarise();

private:
    struct Kind {
        std::size_t order = 0;   ///< when the kind first came
        std::size_t shown = 0;   ///< warnings given in full
        std::size_t more = 0;    ///< counted past the cap
        int firstMore = 0, lastMore = 0; ///< lines of the first and last counted one
    };
    std::vector<std::string>& out_;
    std::map<std::string, Kind> kinds_;
};

} // namespace model::io
