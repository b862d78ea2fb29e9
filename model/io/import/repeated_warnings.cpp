// Per-row warnings of one kind, capped (repeated_warnings.hpp).
#include "model/io/import/repeated_warnings.hpp"

#include "model/units/number_format.hpp"

#include <algorithm>

namespace model::io {

void RepeatedWarnings::add(const std::string& kind, std::string text, int line)
{
    const auto [it, added] = kinds_.try_emplace(kind);
    Kind& k = it->second;
    if (added) k.order = kinds_.size();
    if (k.shown < kRepeatedWarningsShown) {
        out_.push_back(std::move(text));
        ++k.shown;
        return;
    }
    if (k.more == 0) k.firstMore = line;
    k.lastMore = line;
    ++k.more;
}

void RepeatedWarnings::summarise()
{
    std::vector<std::pair<std::size_t, std::string>> lines;
    for (const auto& [kind, k] : kinds_) {
        if (k.more == 0) continue;
        const std::string where = k.more == 1 ? "line " + formatCount(k.firstMore)
                                              : "lines " + formatCount(k.firstMore) + " to " + formatCount(k.lastMore);
        lines.emplace_back(k.order, "... and " + formatCount(static_cast<double>(k.more)) + " more " + kind + " (" + where +
                                        "), ignored as those above");
    }
    std::sort(lines.begin(), lines.end());
    for (auto& l : lines) out_.push_back(std::move(l.second));
    kinds_.clear();
}

} // namespace model::io
