#pragma once
// A small CSV reader for the reference tables in shared/reference/*.csv (RFC 4180 style:
// comma separated, fields may be quoted with "..." and contain commas, quotes doubled ""),
// plus the helpers the catalog tests use to read numbers out of its free-text cells.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace csvtest {

/// One row: column name -> cell text (unquoted).
using Row = std::map<std::string, std::string>;

/// Reads a CSV file with a header line. Throws std::runtime_error naming the file and line
/// when it cannot be opened or a row has a different number of cells than the header.
std::vector<Row> readCsv(const std::string& path);

/// Splits one CSV record into cells (handles quotes; no embedded newlines).
std::vector<std::string> splitRecord(const std::string& line);

/// The number a cell states, when the cell IS a number: after optional leading "~", "<", ">"
/// and spaces it must begin with a digit; the first number is read, thousands commas dropped
/// ("~13,400-13,800" -> 13400, "1 (OSFP) or 2" -> 1, "350-400" -> 350). nullopt for text
/// cells such as "n/a", "OEM", "disputed: ~330" and for empty cells.
std::optional<double> leadingNumber(const std::string& cell);

/// Every number written anywhere in `text` (thousands commas dropped), for "the notes
/// give this value" checks.
std::vector<double> numbersIn(const std::string& text);

/// Trims spaces at both ends.
std::string trim(const std::string& s);

} // namespace csvtest
