#include "test_catalog_csv.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <fstream>
#include <stdexcept>

namespace csvtest {

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

std::vector<std::string> splitRecord(const std::string& line)
{
    std::vector<std::string> cells;
    std::string cur;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char ch = line[i];
        if (quoted) {
            if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
                cur += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                cur += ch;
            }
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            cells.push_back(cur);
            cur.clear();
        } else if (ch != '\r') {
            cur += ch;
        }
    }
    cells.push_back(cur);
    return cells;
}

std::vector<Row> readCsv(const std::string& path)
{
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot open");
    std::string line;
    if (!std::getline(in, line)) throw std::runtime_error(path + ": empty file");
    const auto header = splitRecord(line);
    std::vector<Row> rows;
    int lineNo = 1;
    while (std::getline(in, line)) {
        ++lineNo;
        if (trim(line).empty()) continue;
        const auto cells = splitRecord(line);
        if (cells.size() != header.size())
            throw std::runtime_error(path + ":" + std::to_string(lineNo) + ": " + std::to_string(cells.size()) +
                                     " cells, header has " + std::to_string(header.size()));
        Row r;
        for (std::size_t i = 0; i < header.size(); ++i) r[header[i]] = trim(cells[i]);
        rows.push_back(std::move(r));
    }
    return rows;
}

namespace {
/// Reads digits (with thousands commas followed by exactly three digits) and one '.' at `i`.
double readNumber(const std::string& s, std::size_t& i)
{
    std::string digits;
    while (i < s.size()) {
        const char ch = s[i];
        if (std::isdigit(static_cast<unsigned char>(ch))) {
            digits += ch;
        } else if (ch == ',' && !digits.empty() && digits.find('.') == std::string::npos && i + 3 < s.size() &&
                   std::isdigit(static_cast<unsigned char>(s[i + 1])) &&
                   std::isdigit(static_cast<unsigned char>(s[i + 2])) &&
                   std::isdigit(static_cast<unsigned char>(s[i + 3])) &&
                   (i + 4 >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i + 4])))) {
            // thousands separator: skip it
        } else if (ch == '.' && digits.find('.') == std::string::npos && i + 1 < s.size() &&
                   std::isdigit(static_cast<unsigned char>(s[i + 1]))) {
            digits += ch;
        } else {
            break;
        }
        ++i;
    }
    return std::stod(digits);
}
} // namespace

std::optional<double> leadingNumber(const std::string& cell)
{
    std::size_t i = 0;
    while (i < cell.size() && (cell[i] == '~' || cell[i] == '<' || cell[i] == '>' || cell[i] == ' ')) ++i;
    if (i >= cell.size() || !std::isdigit(static_cast<unsigned char>(cell[i]))) return std::nullopt;
    return readNumber(cell, i);
}

std::vector<double> numbersIn(const std::string& text)
{
    std::vector<double> out;
    std::size_t i = 0;
    while (i < text.size()) {
        if (std::isdigit(static_cast<unsigned char>(text[i])) &&
            (i == 0 || !std::isalpha(static_cast<unsigned char>(text[i - 1])))) {
            out.push_back(readNumber(text, i));
        } else {
            ++i;
        }
    }
    return out;
}

} // namespace csvtest

using namespace csvtest;

TEST_CASE("The reference CSV reader handles quoted fields, doubled quotes and thousands commas", "[catalog][csv]")
{
    const auto cells = splitRecord(R"(a,"b, with comma","say ""hi""",,last)");
    REQUIRE(cells.size() == 5);
    CHECK(cells[1] == "b, with comma");
    CHECK(cells[2] == "say \"hi\"");
    CHECK(cells[3].empty());
    CHECK(leadingNumber("~13,400-13,800 (sources vary)") == Approx(13400));
    CHECK(leadingNumber("350-400") == Approx(350));
    CHECK(leadingNumber("1 (OSFP) or 2 (QSFP112)") == Approx(1));
    CHECK(leadingNumber("<0.1") == Approx(0.1));
    CHECK(leadingNumber("362.05") == Approx(362.05));
    CHECK_FALSE(leadingNumber("n/a (NVLink-C2C)").has_value());
    CHECK_FALSE(leadingNumber("disputed: ~330").has_value());
    CHECK_FALSE(leadingNumber("").has_value());
    const auto n = numbersIn("6 switches, 4.8 TB/s total; 1,440 GB; NVLink5");
    REQUIRE(n.size() == 3);
    CHECK(n[0] == Approx(6));
    CHECK(n[1] == Approx(4.8));
    CHECK(n[2] == Approx(1440));
}
