// CSV quoting and full-precision numbers (csv_text.hpp).
#include "model/io/csv_text.hpp"

#include <charconv>
#include <cmath>

namespace model::io {

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return q + "\"";
}

std::string csvNumber(double v)
{
    if (std::isnan(v)) return {};
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v); // shortest text that reads back as the same double
    return std::string(buf, r.ptr);
}

} // namespace model::io
