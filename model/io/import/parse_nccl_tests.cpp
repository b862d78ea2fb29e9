// nccl-tests / rccl-tests output. Column layouts (nccl-tests src/common.cu):
//   current: size count type redop root | time algbw busbw #wrong | time algbw busbw #wrong
//   old    : size count type redop      | time algbw busbw error  | time algbw busbw error
// (out-of-place half, then in-place half). Header comment lines start with '#'.
#include "model/io/import/importers.hpp"

#include "model/io/import/nccl_tests_checks.hpp"
#include "model/io/import/nccl_version.hpp"
#include "model/io/import/repeated_warnings.hpp"

#include "model/io/input_error.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <regex>
#include <set>

namespace model::io {

namespace {

struct Layout {
    bool hasRedop = true;
    bool hasRoot = true;
    std::string name;
    std::size_t headerColumns = 0; ///< the column names of the header line; 0 when read from a row's shape
    [[nodiscard]] std::size_t fixed() const { return 3 + (hasRedop ? 1 : 0) + (hasRoot ? 1 : 0); }
    /// Cells of a whole data row: the header's column count, else the fixed columns and two halves of 4.
    [[nodiscard]] std::size_t columns() const { return headerColumns ? headerColumns : fixed() + 8; }
};

const Layout kCurrent{true, true, "current (root, #wrong)"};
const Layout kOld{true, false, "old (error column, no root)"};

/// Header column names after '#': decides the layout.
std::optional<Layout> layoutFromHeader(const std::string& line)
{
    std::string t = trim(line);
    if (t.empty() || t[0] != '#') return std::nullopt;
    t.erase(0, 1);
    const auto cells = splitBlanks(t);
    const auto has = [&](const char* n) { return std::find(cells.begin(), cells.end(), n) != cells.end(); };
    if (!has("size") || !has("time") || !has("algbw") || !has("busbw")) return std::nullopt;
    Layout l;
    l.hasRedop = has("redop");
    l.hasRoot = has("root");
    l.name = l.hasRoot ? kCurrent.name : (l.hasRedop ? kOld.name : "old (no redop, no root)");
    l.headerColumns = cells.size();
    return l;
}

/// Layout from the shape of a data row when no header names the columns.
std::optional<Layout> layoutFromRow(const std::vector<std::string>& cells)
{
    if (cells.size() < 7) return std::nullopt;
    const auto isAlpha = [](const std::string& s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; });
    };
    if (!isAlpha(cells[2])) return std::nullopt;
    long long root = 0;
    if (isAlpha(cells[3]) && parseInteger(cells[4], root)) return kCurrent;
    if (isAlpha(cells[3])) return kOld;
    return Layout{false, false, "old (no redop, no root)"};
}

std::string collectiveFromBinary(const std::string& s, std::string& command)
{
    static const std::regex re(R"((?:^|[/\s])(all_reduce|all_gather|alltoall|reduce_scatter|broadcast|reduce|sendrecv|gather|scatter|hypercube)_perf(?:_mpi)?\b)");
    std::smatch m;
    if (std::regex_search(s, m, re)) {
        command = trim(s);
        return m[1].str();
    }
    return {};
}

/// Reads one half (time algbw busbw wrong) starting at cells[i]. @return empty when read, else
/// why not: "incomplete" when cells are missing or unreadable, or the problem in words.
std::string readHalf(const std::vector<std::string>& cells, std::size_t i, MeasuredPoint& p)
{
    if (i + 3 > cells.size()) return "incomplete";
    double v[3] = {0, 0, 0};
    static const char* const names[3] = {"time", "algbw", "busbw"};
    static const char* const units[3] = {"us", "GB/s", "GB/s"};
    const double limits[3] = {kMaxMeasuredTimeUs, kMaxMeasuredGBps, kMaxMeasuredGBps};
    for (std::size_t k = 0; k < 3; ++k) {
        const std::string& cell = cells[i + k];
        if (cell == "N/A") return "incomplete"; // nccl-tests prints N/A where it measured nothing
        if (!parseNumber(cell, v[k]) || v[k] < 0 || v[k] > limits[k]) {
            char range[64];
            std::snprintf(range, sizeof range, "%.0f", limits[k]);
            return std::string(names[k]) + " \"" + cell + "\": expected a finite number of " + units[k] + " from 0 to " + range;
        }
    }
    const double t = v[0], a = v[1], b = v[2];
    // A size moved in no time is no measurement: size / time, and so algbw and busbw, are undefined.
    if (t == 0 && p.bytes > 0) return "time " + cells[i] + " us for " + cells[0] + " B: expected a positive time (size / time is undefined)";
    p.timeUs = t;
    p.algbwGBps = a;
    p.busbwGBps = b;
    p.timeRoundingUs = halfLastDigit(cells[i]);
    p.busbwRoundingGBps = halfLastDigit(cells[i + 2]);
    p.wrong = i + 3 < cells.size() ? cells[i + 3] : std::string();
    return {};
}

/// Why `p`'s algbw (printed as `cell`) is not its size / time, or "" when it is: nccl-tests prints
/// algbw = bytes / time (PERFORMANCE.md) rounded to 2 decimals from a rounded time, so they agree
/// within 0.011 GB/s and 3 %; more means the cells were read from the wrong columns.
std::string algbwMismatch(const MeasuredPoint& p, const std::string& cell)
{
    if (p.timeUs <= 0) return {};
    const double expect = p.bytes / (p.timeUs * 1e-6) / 1e9;
    if (std::fabs(expect - p.algbwGBps) <= 0.011 + 0.03 * expect) return {};
    return "algbw " + cell + " GB/s does not equal size / time (" + std::to_string(expect) + " GB/s)";
}

struct Inference {
    std::string collective;
    std::vector<std::string> candidates;
    int ranks = 0;
    std::string from;
};

/// The collective (and, when not printed, the rank count) from nccl-tests' busbw factor:
/// busbw / algbw is 2(n-1)/n for all_reduce, (n-1)/n for the gather/scatter family and 1 for
/// broadcast, reduce and sendrecv (PERFORMANCE.md). redop "none" and root >= 0 narrow it.
Inference inferCollective(const MeasuredCurve& c)
{
    Inference inf;
    // The most precise ratio: the row with the largest algbw (values print with 2 decimals).
    const MeasuredPoint* best = nullptr;
    for (const auto& p : c.outOfPlace)
        if (!best || p.algbwGBps > best->algbwGBps) best = &p;
    if (!best || best->algbwGBps < 0.5) {
        inf.from = "cannot be inferred: every algbw is below 0.5 GB/s, too coarse to read nccl-tests' busbw factor";
        return inf;
    }
    const double r = best->busbwGBps / best->algbwGBps;
    const double tol = 0.006 / best->algbwGBps + 0.006 / std::max(best->busbwGBps, 0.01) + 1e-3;
    char ratio[64];
    std::snprintf(ratio, sizeof ratio, "%.3f", r);
    const std::string at = " (line " + std::to_string(best->line) + ")";
    const bool none = best->redop == "none";
    const bool rooted = best->root && *best->root >= 0;
    auto roundN = [&](double n) { return static_cast<int>(std::lround(n)); };
    if (std::fabs(r - 1.0) <= tol) {
        if (rooted) inf.candidates = none ? std::vector<std::string>{"broadcast"} : std::vector<std::string>{"reduce"};
        else inf.candidates = {"sendrecv"};
        // all_reduce on 2 ranks has factor 2(2-1)/2 = 1 too, and the same redop and root.
        if ((c.ranks == 2 || c.ranks == 0) && !rooted && !none) inf.candidates.push_back("all_reduce");
        inf.from = std::string("busbw/algbw = ") + ratio + at + " = 1";
    } else if (r > 1.0 && r < 2.0) {
        const double n = 2.0 / (2.0 - r);
        const double nTol = 2.0 * tol / ((2.0 - r) * (2.0 - r));
        // The family is certain; the rank count only when the printed digits pin one integer.
        inf.candidates = {"all_reduce"};
        if (nTol < 0.5 && std::fabs(n - std::round(n)) <= std::max(nTol, 0.02)) {
            inf.ranks = roundN(n);
            inf.from = std::string("busbw/algbw = ") + ratio + at + " = 2(n-1)/n with n = " + std::to_string(inf.ranks);
        } else {
            inf.from = std::string("busbw/algbw = ") + ratio + at + " = 2(n-1)/n (all_reduce; the digits do not pin n)";
        }
    } else if (r < 1.0 && r > 0.0) {
        const double n = 1.0 / (1.0 - r);
        const double nTol = tol / ((1.0 - r) * (1.0 - r));
        if (!none) inf.candidates = {"reduce_scatter"};
        else if (rooted) inf.candidates = {"gather", "scatter"};
        else inf.candidates = {"all_gather", "alltoall"};
        if (nTol < 0.5 && std::fabs(n - std::round(n)) <= std::max(nTol, 0.02)) {
            inf.ranks = roundN(n);
            inf.from = std::string("busbw/algbw = ") + ratio + at + " = (n-1)/n with n = " + std::to_string(inf.ranks);
        } else {
            inf.from = std::string("busbw/algbw = ") + ratio + at + " = (n-1)/n (the digits do not pin n)";
        }
    }
    if (inf.candidates.size() == 1) inf.collective = inf.candidates.front();
    if (inf.from.empty()) inf.from = std::string("busbw/algbw = ") + ratio + at + " fits no nccl-tests factor";
    return inf;
}

} // namespace

MeasuredCurve parseNcclTests(const ImportText& text, std::vector<std::string>& warnings)
{
    MeasuredCurve c;
    const std::size_t warningsBefore = warnings.size(); // where a cut-off top is said: before the rows' warnings
    std::optional<Layout> layout;
    int headerLine = 0;
    int gpusLine = 0; // line of the "nThread N nGpus M" header
    int firstRowLine = 0;          // the first data row read
    int wrongCellCounts = 0;       // rows ignored for a cell count other than the header's
    int firstWrongCellCount = 0;   // the first of them
    bool sawHead = false;          // "# nThread N nGpus M ..." before the first row
    bool sawGroupLine = false;     // "#   out-of-place   in-place" before the first row
    bool sawRankLine = false;      // a "# Rank" line before the first row
    bool sawAvg = false, sawSecondTable = false;
    std::map<int, std::pair<std::string, std::string>> rankInfo; // rank -> (host, gpu name)
    static const std::regex rankRe(R"(^#\s*Rank\s+(\d{1,9})\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+(\S+)\s+device\s+\d+\s+\[[^\]]*\]\s+(.*)$)");
    static const std::regex headRe(R"(nThread\s+(-?\d{1,20})\s+nGpus\s+(-?\d{1,20})\s+minBytes\s+(\d{1,20})\s+maxBytes\s+(\d{1,20}))");
    static const std::regex versionRe(R"((NCCL|RCCL) version\s+(\S+))");
    // nccl-tests' own header (src/common.cu): "# nccl-tests version 2.17.6 nccl-headers=22807 nccl-library=22807".
    static const std::regex testsVersionRe(R"((?:nccl|rccl)-tests version\s+(\S+)(?:.*\bnccl-library=(\S+))?)");
    NcclVersionReader versions;
    static const std::regex avgRe(R"(^#\s*Avg bus bandwidth\s*:\s*(\S+))");
    int lastRowLine = 0;
    RepeatedWarnings rowWarnings(warnings); // per-row warnings: the first few of a kind, then a count
    std::map<double, int> rowOfSize; // size (B) -> line of the row kept for it
    std::string continued;           // the lines before this one that end in '\' (a split command)
    int continuedFrom = 0;           // the first of them
    for (const SourceLine& l : text.lines()) {
        if (l.text.size() > kMaxLineChars) continue;
        const std::string t = trim(l.text);
        if (t.empty()) continue;
        std::smatch m;
        if (t.find("rccl") != std::string::npos || t.find("RCCL") != std::string::npos) c.tool = "rccl-tests";
        if (c.command.empty()) {
            std::string cmd;
            const std::string coll = collectiveFromBinary(t, cmd);
            if (!coll.empty()) {
                c.collective = coll;
                // A command split over lines ending in '\' starts on the first of them: its
                // settings ("mpirun -x NCCL_IB_HCA=... \") belong to it.
                c.command = continued.empty() ? cmd : continued + " " + cmd;
                c.commandLine = continued.empty() ? l.number : continuedFrom;
                c.collectiveFrom = "command line (line " + std::to_string(l.number) + ")";
            }
            if (t.size() > 1 && t.back() == '\\') {
                if (continued.empty()) continuedFrom = l.number;
                continued += (continued.empty() ? "" : " ") + t.substr(0, t.size() - 1);
            } else {
                continued.clear();
            }
        }
        if (!l.cut && std::regex_search(t, m, testsVersionRe)) {
            if (c.testsVersion.empty()) c.testsVersion = m[1].str();
            if (m[2].matched) {
                long long code = 0;
                const std::string decoded = parseInteger(m[2].str(), code) ? ncclVersionFromCode(code) : std::string();
                if (decoded.empty())
                    warnings.push_back("line " + std::to_string(l.number) + ": nccl-library=" + m[2].str() +
                                       " is not an NCCL version code: expected a number such as 22807 (NCCL 2.28.7); it is not used");
                else
                    versions.read(decoded, l.number, "NCCL version (nccl-library=" + m[2].str() + ")", warnings);
            }
        } else if (!l.cut && std::regex_search(t, m, versionRe)) {
            const bool first = versions.version.empty();
            versions.read(m[2].str(), l.number, m[1].str() + " version", warnings);
            if (first && !versions.version.empty()) c.rccl = m[1].str() == "RCCL";
        }
        if (t[0] == '#') {
            if (std::regex_search(t, m, rankRe)) {
                if (!l.cut) rankInfo[std::stoi(m[1].str())] = {m[2].str(), trim(m[3].str())};
                if (!firstRowLine) sawRankLine = true;
                continue;
            }
            if (!firstRowLine && t.find("out-of-place") != std::string::npos && t.find("in-place") != std::string::npos) sawGroupLine = true;
            if (std::regex_search(t, m, headRe)) {
                if (!firstRowLine) sawHead = true;
                long long threads = 0, gpus = 0;
                if (parseInteger(m[1].str(), threads) && threads >= 1 && threads <= 1'000'000) c.nThreads = static_cast<int>(threads);
                if (parseInteger(m[2].str(), gpus) && gpus >= 1 && gpus <= 1'000'000) {
                    c.gpusPerThread = static_cast<int>(gpus);
                    gpusLine = l.number;
                } else {
                    warnings.push_back("line " + std::to_string(l.number) + ": nGpus " + m[2].str() +
                                       " is not a GPU count (nccl-tests -g N, N >= 1); ignored");
                }
                double v = 0;
                if (parseNumber(m[3].str(), v)) c.minBytes = v;
                if (parseNumber(m[4].str(), v)) c.maxBytes = v;
                continue;
            }
            if (std::regex_search(t, m, avgRe)) {
                double v = 0;
                if (!l.cut && parseNumber(m[1].str(), v)) c.avgBusbwGBps = v;
                sawAvg = true;
                continue;
            }
            if (auto lay = layoutFromHeader(t)) {
                if (!c.outOfPlace.empty() || !c.inPlace.empty()) {
                    if (!sawSecondTable)
                        warnings.push_back("line " + std::to_string(l.number) + ": a second table starts here; only the first is read");
                    sawSecondTable = true;
                    break;
                }
                layout = lay;
                headerLine = l.number;
            }
            continue;
        }
        // A data row starts with the size in bytes.
        std::vector<std::string> cells = splitBlanks(t);
        const bool negative = !cells.empty() && cells[0].size() > 1 && cells[0][0] == '-';
        const std::string digits = negative ? cells[0].substr(1) : (cells.empty() ? std::string() : cells[0]);
        if (cells.size() < 4 || digits.empty() ||
            !std::all_of(digits.begin(), digits.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
            continue;
        // The type column is a word ("float"): this keeps log lines such as " 0 : NET/0 GPU/1" out.
        if (!std::all_of(cells[2].begin(), cells[2].end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }) ||
            !std::isalpha(static_cast<unsigned char>(cells[2][0])))
            continue;
        if (!firstRowLine) firstRowLine = l.number;
        if (negative) {
            rowWarnings.add("rows with a negative size", "line " + std::to_string(l.number) + ": size " + cells[0] + " B: expected a size in bytes, 0 or more; the row is ignored", l.number);
            continue;
        }
        long long size = 0;
        if (!parseInteger(cells[0], size) || static_cast<double>(size) > kMaxMeasuredBytes) {
            rowWarnings.add("rows with a size beyond any nccl-tests measures",
                            "line " + std::to_string(l.number) + ": size " + cells[0] + " B is beyond any size nccl-tests measures (at most " +
                                std::to_string(static_cast<long long>(kMaxMeasuredBytes)) + " B here); the row is ignored",
                            l.number);
            continue;
        }
        if (!layout) {
            layout = layoutFromRow(cells);
            if (!layout) continue;
            warnings.push_back("line " + std::to_string(l.number) + ": no column header before the first row: columns read as the " +
                               layout->name + " nccl-tests layout from the row's shape");
        }
        // One cell per column: a row with a cell missing or added (a bad paste, an edit) would
        // read every field after it from the wrong column (algbw as time, #wrong as busbw). A
        // cut last line may lack cells at its end (its last cell is dropped below), never have more.
        if (cells.size() > layout->columns() || (cells.size() < layout->columns() && !l.cut)) {
            ++wrongCellCounts;
            if (!firstWrongCellCount) firstWrongCellCount = l.number;
            rowWarnings.add("rows with another cell count than " + std::to_string(layout->columns()),
                            "line " + std::to_string(l.number) + ": " + std::to_string(cells.size()) + " cells, " +
                                (layout->headerColumns ? "the header (line " + std::to_string(headerLine) + ") has "
                                                       : "the " + layout->name + " layout has ") +
                                std::to_string(layout->columns()) + " columns: expected one cell per column (a cell missing or added moves " +
                                "the time, algbw and busbw after it into other fields); the row is ignored",
                            l.number);
            continue;
        }
        bool cut = false;
        if (l.cut) {
            cells.pop_back();
            cut = true;
        }
        MeasuredPoint base;
        base.bytes = static_cast<double>(size);
        base.line = l.number;
        double count = 0;
        if (cells.size() > 1 && parseNumber(cells[1], count)) base.count = count;
        base.type = cells.size() > 2 ? cells[2] : std::string();
        std::size_t i = 3;
        if (layout->hasRedop) base.redop = cells.size() > i ? cells[i++] : std::string();
        if (layout->hasRoot) {
            long long root = 0;
            if (cells.size() > i && parseInteger(cells[i], root)) base.root = root;
            ++i;
        }
        MeasuredPoint out = base, in = base;
        const std::string whyOut = readHalf(cells, i, out);
        const std::string whyIn = readHalf(cells, i + 4, in);
        const bool okOut = whyOut.empty();
        bool okIn = whyIn.empty();
        if (!okIn && whyIn != "incomplete")
            rowWarnings.add("in-place halves with a number that is not one", "line " + std::to_string(l.number) + ": in-place " + whyIn + "; that half of the row is ignored", l.number);
        // algbw is size / time (PERFORMANCE.md) in the in-place half too.
        if (okIn) {
            if (const std::string bad = algbwMismatch(in, cells[i + 5]); !bad.empty()) {
                rowWarnings.add("in-place halves whose algbw is not size / time", "line " + std::to_string(l.number) + ": in-place " + bad + "; that half of the row is ignored", l.number);
                okIn = false;
            }
        }
        if (!okOut) {
            rowWarnings.add(whyOut != "incomplete" ? "out-of-place halves with a number that is not one" : "rows that are not complete nccl-tests rows",
                            "line " + std::to_string(l.number) + ": " +
                                (whyOut != "incomplete" ? "out-of-place " + whyOut + "; " + (okIn ? "only the in-place half is kept" : "the row is ignored")
                                                        : "the row for " + cells[0] + " B is " +
                                                              (cut ? "cut off before its out-of-place busbw" : "not a complete nccl-tests row") + "; ignored"),
                            l.number);
            if (whyOut != "incomplete" && okIn && !rowOfSize.count(in.bytes)) {
                rowOfSize.emplace(in.bytes, l.number);
                c.inPlace.push_back(in);
                lastRowLine = l.number;
                continue;
            }
            c.complete = c.complete && !cut;
            if (cut) c.complete = false;
            continue;
        }
        // algbw is size / time (PERFORMANCE.md): a mismatch means the columns were misread.
        if (const std::string bad = algbwMismatch(out, cells[i + 1]); !bad.empty()) {
            rowWarnings.add("rows whose algbw is not size / time", "line " + std::to_string(l.number) + ": " + bad + "; the row is ignored", l.number);
            continue;
        }
        if (const auto first = rowOfSize.find(out.bytes); first != rowOfSize.end()) {
            rowWarnings.add("rows measured again",
                            "line " + std::to_string(l.number) + ": size " + cells[0] + " B is measured again (first on line " +
                                std::to_string(first->second) + "); the first row is kept, this one is ignored",
                            l.number);
            continue;
        }
        rowOfSize.emplace(out.bytes, l.number);
        c.outOfPlace.push_back(out);
        if (okIn) c.inPlace.push_back(in);
        else if (cut) warnings.push_back("line " + std::to_string(l.number) + ": the row for " + cells[0] +
                                         " B is cut off in its in-place half; only its out-of-place point is kept");
        if (cut) c.complete = false;
        lastRowLine = l.number;
    }
    rowWarnings.summarise();
    if (c.outOfPlace.empty() && c.inPlace.empty())
        throw InputError(text.name(), headerLine ? "line " + std::to_string(headerLine) : std::string(), "",
                         "expected nccl-tests rows (size count type ... time algbw busbw), found none that could be read" +
                             (wrongCellCounts ? std::string(": ") + (wrongCellCounts == 1 ? "1 row has" : std::to_string(wrongCellCounts) + " rows have") +
                                                    " another cell count than the " + std::to_string(layout->columns()) + " columns " +
                                                    (layout->headerColumns ? "the header names" : "of its layout") + " (the first on line " +
                                                    std::to_string(firstWrongCellCount) + ")"
                                              : std::string()));
    c.layout = layout ? layout->name : std::string();
    // nccl-tests prints "# nThread N nGpus M minBytes ..." first, then a "# Rank" line per rank,
    // the column-group line ("out-of-place  in-place") and the column header: a table without
    // that header is the bottom of a file cut off at the top (shared/real_inputs/LOG.md: "may
    // be cut off at the top"), whatever the rows look like.
    if (!sawHead) {
        std::vector<std::string> missing;
        if (c.command.empty()) missing.emplace_back("no command line");
        missing.emplace_back("no \"# nThread N nGpus M minBytes ...\" header");
        if (!sawRankLine) missing.emplace_back("no \"# Rank\" lines");
        if (!sawGroupLine) missing.emplace_back("no \"out-of-place  in-place\" column-group line");
        if (!headerLine) missing.emplace_back("no column header");
        std::string words;
        for (std::size_t i = 0; i < missing.size(); ++i) words += (i == 0 ? "" : i + 1 == missing.size() ? " and " : ", ") + missing[i];
        warnings.insert(warnings.begin() + static_cast<std::ptrdiff_t>(warningsBefore),
                        "line " + std::to_string(firstRowLine) + ": the top of the file is cut off: the table starts with " + words +
                            " before it, so what the run printed there (the ranks, their hosts and GPUs) is not in the file");
        c.complete = false;
    }
    if (!sawAvg) {
        c.complete = false;
        warnings.push_back("the table ends at line " + std::to_string(lastRowLine) +
                           " without nccl-tests' closing \"# Avg bus bandwidth\" line: rows after " +
                           std::to_string(static_cast<long long>(c.points().back().bytes)) + " B may be missing");
    }

    // Ranks, hosts and GPU from the "# Rank" lines.
    if (!rankInfo.empty()) {
        c.ranks = static_cast<int>(rankInfo.size());
        c.ranksFrom = "\"# Rank\" lines";
        // GPU name -> its ranks, names compared without case and runs of blanks ("NVIDIA  H200"
        // is "NVIDIA H200"); each shown as most of its rank lines spell it.
        std::map<std::string, std::pair<std::string, std::vector<int>>> names;
        std::map<std::string, std::map<std::string, int>> spellings; // key -> spelling -> ranks
        for (const auto& [r, hg] : rankInfo) {
            if (std::find(c.hosts.begin(), c.hosts.end(), hg.first) == c.hosts.end()) c.hosts.push_back(hg.first);
            std::string key;
            for (const char ch : hg.second) {
                if (ch == ' ' || ch == '\t') {
                    if (!key.empty() && key.back() != ' ') key += ' ';
                } else {
                    key += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
                }
            }
            names[key].second.push_back(r);
            ++spellings[key][hg.second];
        }
        for (auto& [key, entry] : names) {
            int most = 0;
            for (const auto& [spelled, n] : spellings[key])
                if (n > most) most = n, entry.first = spelled;
        }
        c.nodes = static_cast<int>(c.hosts.size());
        if (names.size() == 1) {
            c.gpuName = names.begin()->second.first;
        } else {
            // Which names, on which ranks: one odd rank line (a damaged byte) reads differently from
            // a mixed cluster. Ranks in runs: "ranks 0-7, 9".
            const auto rankWords = [](const std::vector<int>& ranks) {
                std::string out;
                for (std::size_t i = 0; i < ranks.size();) {
                    std::size_t j = i;
                    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
                    out += (out.empty() ? "" : ", ") + std::to_string(ranks[i]) + (j > i ? "-" + std::to_string(ranks[j]) : "");
                    i = j + 1;
                }
                return (ranks.size() == 1 ? "rank " : "ranks ") + out;
            };
            std::string which;
            for (const auto& [key, entry] : names) which += (which.empty() ? "" : ", ") + ("\"" + entry.first + "\" on " + rankWords(entry.second));
            warnings.push_back("the ranks run on " + std::to_string(names.size()) + " different GPU models (" + which +
                               "), so the run names no one GPU");
        }
        if (rankInfo.rbegin()->first + 1 != c.ranks)
            warnings.push_back("the \"# Rank\" lines list " + std::to_string(c.ranks) + " ranks but the highest is " +
                               std::to_string(rankInfo.rbegin()->first) + ": some rank lines are missing, so the rank count is a lower bound");
    }

    const Inference inf = inferCollective(c);
    bool factorTrusted = true; // false when the table's busbw/algbw contradicts the printed collective on c.ranks
    if (c.collective.empty()) {
        c.candidates = inf.candidates;
        c.collective = inf.collective;
        c.collectiveFrom = inf.from;
        if (c.collective.empty())
            warnings.push_back("the collective is not printed (no *_perf command line) and " +
                               (inf.candidates.empty() ? inf.from : inf.from + " fits several: " + [&] {
                                   std::string s;
                                   for (const auto& x : inf.candidates) s += (s.empty() ? "" : " or ") + x;
                                   return s;
                               }()));
        if (c.ranks == 0 && inf.ranks > 0) {
            c.ranks = inf.ranks;
            c.ranksFrom = inf.from;
        }
    } else if (c.ranks > 0) {
        // Cross-check the printed collective against the factor the table shows.
        const auto f = busbwFactor(c.collective, c.ranks);
        const MeasuredPoint* best = nullptr;
        for (const auto& p : c.outOfPlace)
            if (!best || p.algbwGBps > best->algbwGBps) best = &p;
        factorTrusted = !(f && best && best->algbwGBps >= 1.0 && std::fabs(best->busbwGBps / best->algbwGBps - *f) > 0.02 * *f + 0.02);
        if (!factorTrusted)
            warnings.push_back("line " + std::to_string(best->line) + ": busbw/algbw is " + std::to_string(best->busbwGBps / best->algbwGBps) +
                               ", not nccl-tests' factor " + std::to_string(*f) + " for " + c.collective + " on " + std::to_string(c.ranks) +
                               " ranks: the rank lines may be incomplete");
    } else if (inf.ranks > 0 && std::find(inf.candidates.begin(), inf.candidates.end(), c.collective) != inf.candidates.end()) {
        c.ranks = inf.ranks;
        c.ranksFrom = inf.from;
    }
    if (c.ranks == 0) warnings.push_back("the rank count is not printed (no \"# Rank\" lines)");
    // One thread drives nGpus of the run's GPUs: never more than the run has.
    if (c.gpusPerThread && c.ranks > 0 && *c.gpusPerThread > c.ranks) {
        warnings.push_back("line " + std::to_string(gpusLine) + ": nGpus " + std::to_string(*c.gpusPerThread) + " is more than the " +
                           std::to_string(c.ranks) + " ranks of the run (" + c.ranksFrom +
                           "); one thread cannot drive more GPUs than the run has, so nGpus is ignored");
        c.gpusPerThread.reset();
    }
    c.ncclVersion = versions.version;
    c.ncclVersionLine = versions.line;
    dropBusbwMismatches(c, factorTrusted, warnings);
    if (c.outOfPlace.empty() && c.inPlace.empty())
        throw InputError(text.name(), headerLine ? "line " + std::to_string(headerLine) : std::string(), "",
                         "expected nccl-tests rows whose busbw is the collective's factor x size / time, found none (see the warnings)");
    return c;
}

} // namespace model::io
