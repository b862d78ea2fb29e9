// `nvidia-smi topo -m`, `nvidia-smi topo -p2p` and `rocm-smi --showtopo` matrices.
//
// Layout (nvidia-smi's legend): a header row naming the device columns (GPU0.., NIC0.. or, on
// old drivers, the RDMA device names) and then "CPU Affinity", "NUMA Affinity", "GPU NUMA ID";
// one row per device with one cell per device column ("X" on the diagonal) and, on GPU rows,
// the affinity cells. The NIC legend ("NIC0: mlx5_0") names the NIC columns.
#include "model/io/import/importers.hpp"

#include "model/io/input_error.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <set>

namespace model::io {

namespace {

enum class Mode { TopoM, P2p, Rocm };

/// Highest NVLink count one GPU has in any generation (NVLink4/5: 18 links per GPU, NVIDIA
/// H100/B200 datasheets). A GPU whose per-peer NV# sum exceeds it reaches its peers through
/// NVSwitch, where every pair shows the GPU's full link count.
constexpr int kMaxNvlinksPerGpu = 18;

/// Most GPU (and NIC) columns a matrix may have: labels GPU0 to GPU999, as the label patterns
/// below read them (\d{1,3}). One host's nvidia-smi shows a few dozen at most.
constexpr int kMaxMatrixDevices = 1000;

bool isDeviceLabel(const std::string& t)
{
    static const std::regex re(R"((GPU|NIC)\d{1,3}|mlx\d_\w+|[a-z][a-z0-9_]*\d)");
    return std::regex_match(t, re);
}

bool isGpuLabel(const std::string& t, int& index)
{
    static const std::regex re(R"(GPU(\d{1,3}))");
    std::smatch m;
    if (!std::regex_match(t, m, re)) return false;
    index = std::stoi(m[1].str());
    return true;
}

/// Splits a glued run of column labels ("GPU0GPU1NIC0") into labels; a single label stays whole.
std::vector<std::string> unglueLabels(const std::string& t)
{
    static const std::regex one(R"((GPU|NIC)\d{1,3})");
    if (std::regex_match(t, one)) return {t};
    static const std::regex many(R"(((GPU|NIC)\d{1,3})+)");
    if (!std::regex_match(t, many)) return {t};
    std::vector<std::string> out;
    static const std::regex each(R"((GPU|NIC)\d+)");
    for (auto it = std::sregex_iterator(t.begin(), t.end(), each); it != std::sregex_iterator(); ++it) out.push_back(it->str());
    return out;
}

/// Splits glued matrix cells ("SYSSYS", "NV18NV18") into legend tokens; nullopt when `t` is
/// not made only of tokens of `mode`.
std::optional<std::vector<std::string>> unglueCells(const std::string& t, Mode mode)
{
    static const std::regex topo(R"(X|NV\d{1,2}|SYS|SOC|NODE|PHB|PXB|PIX)");
    static const std::regex p2p(R"(X|OK|CNS|GNS|TNS|NS|DR|U)");
    static const std::regex rocm(R"(0|XGMI|PCIE)");
    const std::regex& tok = mode == Mode::TopoM ? topo : mode == Mode::P2p ? p2p : rocm;
    if (std::regex_match(t, tok)) return std::vector<std::string>{t};
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (pos < t.size()) {
        std::smatch m;
        const std::string rest = t.substr(pos);
        if (!std::regex_search(rest, m, tok, std::regex_constants::match_continuous) || m.length(0) == 0) return std::nullopt;
        out.push_back(m.str(0));
        pos += static_cast<std::size_t>(m.length(0));
    }
    if (out.size() < 2) return std::nullopt;
    return out;
}

bool isCellToken(const std::string& t, Mode mode)
{
    return unglueCells(t, mode).has_value();
}

/// Cells of a line: '|'-separated for GitHub-Markdown tables, else blank-separated.
std::vector<std::string> cellsOf(const std::string& line)
{
    if (line.find('|') == std::string::npos) return splitBlanks(line);
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= line.size()) {
        const std::size_t bar = line.find('|', start);
        const std::size_t end = bar == std::string::npos ? line.size() : bar;
        std::string cell = trim(std::string_view(line).substr(start, end - start));
        if (!cell.empty()) out.push_back(std::move(cell));
        if (bar == std::string::npos) break;
        start = bar + 1;
    }
    return out;
}

/// The extra (non-device) columns named in the header text, in order.
std::vector<std::string> extraColumns(const std::string& text)
{
    static const std::vector<std::string> known = {"CPU Affinity", "NUMA Affinity", "GPU NUMA ID"};
    std::vector<std::pair<std::size_t, std::string>> found;
    for (const auto& k : known)
        if (const auto p = text.find(k); p != std::string::npos) found.emplace_back(p, k);
    std::sort(found.begin(), found.end());
    std::vector<std::string> out;
    for (auto& f : found) out.push_back(f.second);
    return out;
}

struct Header {
    int line = 0;
    std::vector<std::string> columns;   ///< device labels in order
    std::vector<std::string> extras;    ///< "CPU Affinity", ...
};

/// Reads a header line: device labels (GPU0 first) then optional extra column names.
std::optional<Header> readHeader(const SourceLine& l)
{
    std::vector<std::string> cells = cellsOf(l.text);
    if (cells.empty()) return std::nullopt;
    Header h;
    h.line = l.number;
    std::size_t i = 0;
    for (; i < cells.size(); ++i) {
        const std::string& c = cells[i];
        if (c == "CPU" || c == "NUMA" || startsWith(c, "CPU ") || startsWith(c, "NUMA ") || startsWith(c, "GPU NUMA")) break;
        if (c == "GPU" && i + 1 < cells.size() && cells[i + 1] == "NUMA") break;
        for (auto& piece : unglueLabels(c)) {
            if (!isDeviceLabel(piece)) return std::nullopt;
            h.columns.push_back(piece);
        }
    }
    if (h.columns.empty() || h.columns.front() != "GPU0") return std::nullopt;
    std::string rest;
    for (; i < cells.size(); ++i) rest += cells[i] + " ";
    h.extras = extraColumns(rest);
    return h;
}

/// Highest NUMA node read: Linux's largest NODES_SHIFT (10) gives 1,024 nodes; 4,095 leaves room.
constexpr long long kMaxNumaNode = 4095;

/// Highest CPU number read in a CPU list (Linux's largest NR_CPUS is 8,192; this leaves room).
constexpr long long kMaxCpu = 1'000'000;

/// True when `v` is a CPU list as nvidia-smi prints one ("0-35,72-107", "0,2,4", "8"): CPU
/// numbers and ascending ranges separated by commas.
bool isCpuList(const std::string& v)
{
    if (v.empty()) return false;
    std::size_t start = 0;
    while (start <= v.size()) {
        const std::size_t comma = std::min(v.find(',', start), v.size());
        const std::string item = v.substr(start, comma - start);
        const std::size_t dash = item.find('-');
        long long lo = 0, hi = 0;
        const auto isDigits = [](const std::string& d) {
            return !d.empty() && d.size() <= 7 && std::all_of(d.begin(), d.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
        };
        const std::string a = item.substr(0, dash), b = dash == std::string::npos ? a : item.substr(dash + 1);
        if (!isDigits(a) || !isDigits(b) || !parseInteger(a, lo) || !parseInteger(b, hi) || lo > hi || hi > kMaxCpu) return false;
        if (comma == v.size()) break;
        start = comma + 1;
    }
    return true;
}

struct Row {
    int line = 0;
    std::string label;
    std::vector<std::string> cells;     ///< one per device column
    std::vector<std::string> extras;    ///< affinity cells as printed
    bool extrasCut = false;             ///< the last extra cell was dropped (line cut off)
};

} // namespace

ServerModel parseTopoMatrix(const ImportText& text, std::vector<std::string>& warnings)
{
    const auto& lines = text.lines();
    Mode mode = Mode::TopoM;
    bool rocmSeen = false;
    for (const auto& l : lines)
        if (l.text.size() > kMaxLineChars)
            warnings.push_back("line " + std::to_string(l.number) + ": " + std::to_string(l.text.size()) + " characters long, not read");
    for (const auto& l : lines)
        if (l.text.find("ROCm System Management Interface") != std::string::npos || l.text.find("Link Type between two GPUs") != std::string::npos)
            rocmSeen = true;

    // Find the header. For rocm-smi, the one after the "Link Type between two GPUs" title.
    std::optional<Header> header;
    std::size_t headerAt = 0;
    bool afterLinkType = !rocmSeen;
    for (std::size_t i = 0; i < lines.size() && !header; ++i) {
        if (rocmSeen && lines[i].text.find("Link Type between two GPUs") != std::string::npos) {
            afterLinkType = true;
            continue;
        }
        if (!afterLinkType || lines[i].text.size() > kMaxLineChars) continue;
        if (auto h = readHeader(lines[i])) {
            header = std::move(h);
            headerAt = i;
        }
    }
    if (!header) {
        // A header of NIC columns only (a server without GPUs, or GPUs hidden from nvidia-smi).
        for (const auto& l : lines) {
            if (l.text.size() > kMaxLineChars) continue;
            const auto cells = cellsOf(l.text);
            if (cells.empty() || !startsWith(cells[0], "NIC") || !isDeviceLabel(cells[0])) continue;
            if (cells.size() > 1 && isCellToken(cells[1], Mode::TopoM)) continue; // a row, not the header
            throw InputError(text.name(), "line " + std::to_string(l.number), "",
                             "expected a matrix with GPU columns (GPU0 GPU1 ...), got a header of NIC columns only (\"" + cells[0] +
                                 "\" first): the matrix has no GPU columns, so there is no GPU to import");
        }
        // A header row beyond what is read (too many columns, or a line too long to read) is
        // refused as such, before its rows could pass for a matrix cut off at the top.
        static const std::regex tooBig(R"((GPU|NIC)\d{4,})");
        for (const auto& l : lines) {
            const auto cells = cellsOf(l.text.size() > kMaxLineChars ? l.text.substr(0, 256) : l.text);
            if (cells.size() < 2 || cells[0] != "GPU0" || !(startsWith(cells[1], "GPU") || startsWith(cells[1], "NIC"))) continue;
            if (l.text.size() > kMaxLineChars)
                throw InputError(text.name(), "line " + std::to_string(l.number), "",
                                 "expected a matrix header row of at most " + std::to_string(kMaxLineChars) + " characters, got " +
                                     std::to_string(l.text.size()) + ": a matrix that wide is not read (at most " +
                                     std::to_string(kMaxMatrixDevices) + " GPU columns, GPU0 to GPU" + std::to_string(kMaxMatrixDevices - 1) + ")");
            for (const auto& c : cells)
                if (std::regex_match(c, tooBig))
                    throw InputError(text.name(), "line " + std::to_string(l.number), "",
                                     "expected at most " + std::to_string(kMaxMatrixDevices) + " GPU and " + std::to_string(kMaxMatrixDevices) +
                                         " NIC columns (GPU0 to GPU" + std::to_string(kMaxMatrixDevices - 1) + "), got the column \"" + c +
                                         "\": a matrix of more than " + std::to_string(kMaxMatrixDevices) + " devices of a kind is not read");
        }
        // A row label followed by legend tokens means the file starts mid-matrix.
        for (const auto& l : lines) {
            if (l.text.size() > kMaxLineChars) continue;
            const auto cells = cellsOf(l.text);
            int g = 0;
            if (cells.size() >= 3 && (isGpuLabel(cells[0], g) || startsWith(cells[0], "NIC")) && isCellToken(cells[1], Mode::TopoM))
                throw InputError(text.name(), "line " + std::to_string(l.number), "",
                                 "expected the matrix header row (GPU0 GPU1 ... CPU Affinity) before the first row, got the row \"" +
                                     cells[0] + "\": the file starts mid-matrix (cut off at the top), so its columns cannot be named");
        }
        throw InputError(text.name(), "", "", "expected an nvidia-smi topo -m / -p2p or rocm-smi --showtopo matrix (a header row \"GPU0 GPU1 ...\"), found none");
    }
    if (rocmSeen) mode = Mode::Rocm;
    const std::vector<std::string>& columns = header->columns;
    const std::size_t nCols = columns.size();

    // Rows.
    std::map<std::string, Row> rows;
    std::vector<std::string> nicLegend; // "NIC0: mlx5_0" -> names by index
    std::map<int, std::string> nicNames;
    std::map<int, int> rocmNuma;
    bool inMatrix = true;
    bool modeDecided = mode == Mode::Rocm;
    int firstBadLine = 0;          // the first row ignored, and why: cited when no row can be read
    std::string firstBadWhy;
    auto ignoreRow = [&](const SourceLine& l, const std::string& label, const std::string& why) {
        warnings.push_back("line " + std::to_string(l.number) + ": row " + label + " ignored: " + why);
        if (!firstBadLine) {
            firstBadLine = l.number;
            firstBadWhy = "row " + label + ": " + why;
        }
    };
    for (std::size_t i = headerAt + 1; i < lines.size(); ++i) {
        const SourceLine& l = lines[i];
        if (l.text.size() > kMaxLineChars) continue;
        const std::string t = trim(l.text);
        static const std::regex nicLegendRe(R"(NIC(\d{1,3})\s*:\s*(\S+))");
        static const std::regex rocmNumaRe(R"(GPU\[?\s*(\d{1,3})\]?\s*:\s*\(Topology\) Numa Node:\s*(-?\d{1,6}))");
        std::smatch m;
        if (std::regex_match(t, m, nicLegendRe)) {
            if (!(l.cut)) nicNames[std::stoi(m[1].str())] = m[2].str();
            else warnings.push_back("line " + std::to_string(l.number) + ": the NIC legend entry \"" + t + "\" is cut off; that NIC keeps its column label");
            continue;
        }
        if (std::regex_search(t, m, rocmNumaRe)) {
            rocmNuma[std::stoi(m[1].str())] = std::stoi(m[2].str());
            continue;
        }
        if (t.empty() || startsWith(t, "Legend") || startsWith(t, "===") || startsWith(t, "---") || startsWith(t, "--")) {
            if (!rows.empty()) inMatrix = false;
            continue;
        }
        if (!inMatrix) continue;
        std::vector<std::string> cells = cellsOf(l.text);
        if (cells.empty() || std::find(columns.begin(), columns.end(), cells[0]) == columns.end()) {
            if (l.cut && !cells.empty())
                warnings.push_back("line " + std::to_string(l.number) + ": the last line is cut off before its row label was complete (\"" + t + "\"); ignored");
            else if (cells.size() > 2 && isCellToken(cells[1], mode) && isCellToken(cells[2], mode))
                // A device row the header does not name (a header edited or cut): said, not dropped unseen.
                ignoreRow(l, cells[0], "the header on line " + std::to_string(header->line) + " has no " + cells[0] +
                                           " column, so its cells cannot be matched to devices");
            continue;
        }
        Row r;
        r.line = l.number;
        r.label = cells[0];
        std::vector<std::string> rest(cells.begin() + 1, cells.end());
        bool droppedLast = false;
        if (l.cut && !rest.empty()) {
            rest.pop_back(); // the last cell may end mid-token (shared/real_inputs/LOG.md)
            droppedLast = true;
        }
        // Decide between topo -m and topo -p2p on the first row.
        if (!modeDecided) {
            for (const auto& c : rest) {
                if (c == "OK" || c == "CNS" || c == "GNS" || c == "TNS" || c == "NS" || c == "DR") mode = Mode::P2p;
            }
            modeDecided = true;
        }
        std::size_t k = 0;
        bool bad = false;
        while (k < rest.size() && r.cells.size() < nCols) {
            auto pieces = unglueCells(rest[k], mode);
            if (!pieces) {
                bad = true;
                break;
            }
            for (auto& p : *pieces) r.cells.push_back(p);
            ++k;
        }
        if (bad || r.cells.size() != nCols) {
            const std::string why = droppedLast && r.cells.size() + 1 >= nCols && !bad
                                        ? "the line is cut off inside its last matrix cell"
                                        : "expected " + std::to_string(nCols) + " matrix cells, got " + std::to_string(r.cells.size()) +
                                              (bad ? " and then \"" + rest[k] + "\"" : "") + (droppedLast ? " (the line is cut off)" : "");
            ignoreRow(l, r.label, why);
            continue;
        }
        for (; k < rest.size(); ++k) r.extras.push_back(rest[k]);
        r.extrasCut = droppedLast;
        if (droppedLast)
            warnings.push_back("line " + std::to_string(l.number) + ": row " + r.label +
                               " is the last line and ends without a newline: its last cell (\"" + cells.back() +
                               "\") may be cut off and is not used");
        // The diagonal must be the self cell.
        const auto self = std::find(columns.begin(), columns.end(), r.label) - columns.begin();
        const std::string selfCell = r.cells[static_cast<std::size_t>(self)];
        if (selfCell != (mode == Mode::Rocm ? "0" : "X")) {
            ignoreRow(l, r.label, "its own column holds \"" + selfCell + "\" instead of the self mark");
            continue;
        }
        if (rows.count(r.label)) {
            warnings.push_back("line " + std::to_string(l.number) + ": row " + r.label + " appears twice; the first is kept");
            continue;
        }
        rows.emplace(r.label, std::move(r));
    }
    if (rows.empty()) {
        if (firstBadLine)
            throw InputError(text.name(), "line " + std::to_string(firstBadLine), "",
                             "expected matrix rows (GPU0 X ...) after the header on line " + std::to_string(header->line) +
                                 ", found none that could be read; the first, " + firstBadWhy);
        throw InputError(text.name(), "line " + std::to_string(header->line), "",
                         "expected matrix rows (GPU0 X ...) after the header, found none");
    }

    ServerModel s;
    s.headerLine = header->line;
    s.format = mode == Mode::TopoM ? "nvidia-smi topo -m" : mode == Mode::P2p ? "nvidia-smi topo -p2p" : "rocm-smi --showtopo";
    // Devices from the header.
    std::vector<int> gpuOfColumn(nCols, -1), nicOfColumn(nCols, -1);
    for (std::size_t c = 0; c < nCols; ++c) {
        int g = 0;
        if (isGpuLabel(columns[c], g)) {
            gpuOfColumn[c] = static_cast<int>(s.gpus.size());
            ImportedGpu gpu;
            gpu.index = g;
            gpu.label = columns[c];
            if (auto it = rows.find(columns[c]); it != rows.end()) gpu.line = it->second.line;
            if (auto it = rocmNuma.find(g); it != rocmNuma.end()) gpu.numaNode = it->second;
            s.gpus.push_back(gpu);
        } else {
            nicOfColumn[c] = static_cast<int>(s.nics.size());
            ImportedNic nic;
            nic.index = static_cast<int>(s.nics.size());
            nic.label = columns[c];
            nic.name = columns[c];
            if (auto it = rows.find(columns[c]); it != rows.end()) nic.line = it->second.line;
            static const std::regex nicRe(R"(NIC(\d{1,3}))");
            std::smatch m;
            if (std::regex_match(columns[c], m, nicRe)) {
                nic.index = std::stoi(m[1].str());
                auto it = nicNames.find(nic.index);
                nic.name = it != nicNames.end() ? it->second : std::string();
            }
            s.nics.push_back(nic);
        }
    }
    if (s.nics.size() > 0 && nicNames.empty() && std::any_of(s.nics.begin(), s.nics.end(), [](const ImportedNic& n) { return n.name.empty(); }))
        warnings.push_back("no NIC legend (\"NIC0: mlx5_0\"): NIC device names are unknown");

    // Cell lookup honouring symmetry.
    auto cellAt = [&](std::size_t r, std::size_t c, int& fromLine) -> std::string {
        auto it = rows.find(columns[r]);
        if (it != rows.end()) {
            fromLine = it->second.line;
            return it->second.cells[c];
        }
        return {};
    };
    int relationLine = 0;
    auto relation = [&](std::size_t x, std::size_t y, std::string& token) -> bool {
        int lx = 0, ly = 0;
        const std::string a = cellAt(x, y, lx), b = cellAt(y, x, ly);
        if (!a.empty() && !b.empty() && a != b)
            warnings.push_back("the matrix is not symmetric: " + columns[x] + "/" + columns[y] + " reads \"" + a + "\" on line " +
                               std::to_string(lx) + " but \"" + b + "\" on line " + std::to_string(ly) + "; the first is used");
        token = !a.empty() ? a : b;
        relationLine = !a.empty() ? lx : ly;
        return !token.empty();
    };
    for (std::size_t x = 0; x < nCols; ++x) {
        for (std::size_t y = x + 1; y < nCols; ++y) {
            std::string token;
            if (!relation(x, y, token)) continue;
            const int gx = gpuOfColumn[x], gy = gpuOfColumn[y];
            if (gx >= 0 && gy >= 0) {
                GpuPair p;
                p.a = s.gpus[static_cast<std::size_t>(gx)].index;
                p.b = s.gpus[static_cast<std::size_t>(gy)].index;
                if (p.a > p.b) std::swap(p.a, p.b);
                p.token = token;
                p.line = relationLine;
                if (mode == Mode::P2p) p.p2p = token;
                else p.path = parsePathToken(token, p.nvlinks);
                if (mode == Mode::TopoM && p.path == PathKind::Unknown && startsWith(token, "NV"))
                    warnings.push_back("line " + std::to_string(relationLine) + ": " + columns[x] + "/" + columns[y] + " reads \"" + token +
                                       "\": expected NV1 to NV64 (the NVLinks between the pair); that pair's NVLinks are unknown");
                s.gpuPairs.push_back(p);
            } else if ((gx >= 0) != (gy >= 0) && mode == Mode::TopoM) {
                GpuNicPath p;
                const int g = gx >= 0 ? gx : gy;
                const int n = gx >= 0 ? nicOfColumn[y] : nicOfColumn[x];
                p.gpu = s.gpus[static_cast<std::size_t>(g)].index;
                p.nic = s.nics[static_cast<std::size_t>(n)].index;
                p.token = token;
                p.line = relationLine;
                int dummy = 0;
                p.path = parsePathToken(token, dummy);
                s.gpuNic.push_back(p);
            }
        }
    }

    // Affinity columns of GPU rows.
    std::map<std::pair<std::string, std::string>, CpuNode> cpus;
    for (auto& gpu : s.gpus) {
        auto it = rows.find(gpu.label);
        if (it == rows.end()) continue;
        const Row& r = it->second;
        for (std::size_t e = 0; e < r.extras.size() && e < header->extras.size(); ++e) {
            const std::string& col = header->extras[e];
            const std::string& v = r.extras[e];
            if (v == "N/A") continue;
            // Checked as NCCL XML attributes are: a value nvidia-smi never prints is named, not read.
            const auto unread = [&](const std::string& expected, const std::string& consequence) {
                warnings.push_back("line " + std::to_string(r.line) + ": " + gpu.label + "'s " + col + " \"" +
                                   (v.size() > 40 ? v.substr(0, 40) + "..." : v) + "\" is " + expected + "; " + consequence);
                ++s.affinityUnread;
            };
            if (col == "CPU Affinity") {
                if (isCpuList(v)) gpu.cpuAffinity = v;
                else unread("not a CPU list: expected CPU numbers and ranges such as \"0-35,72-107\" (or N/A)",
                            "the GPU's CPU affinity is not stated");
            } else if (col == "NUMA Affinity") {
                long long n = 0;
                if (!parseInteger(v, n)) unread("not a whole number: expected a NUMA node from 0 to " + std::to_string(kMaxNumaNode) + " (or N/A)",
                                                "the GPU's NUMA node is not stated");
                else if (n < -1 || n > kMaxNumaNode) unread("out of range: expected a NUMA node from 0 to " + std::to_string(kMaxNumaNode) + " (or N/A)",
                                                            "the GPU's NUMA node is not stated");
                else gpu.numaNode = static_cast<int>(n);
            }
        }
        if (!gpu.cpuAffinity.empty() || gpu.numaNode) {
            auto key = std::make_pair(gpu.numaNode ? std::to_string(*gpu.numaNode) : std::string("?"), gpu.cpuAffinity);
            CpuNode& c = cpus[key];
            c.numaNode = gpu.numaNode;
            c.cpuAffinity = gpu.cpuAffinity;
        }
    }
    for (auto& [k, c] : cpus) s.cpus.push_back(c);

    // NVLinks per GPU (topo -m only): the sum of NV# over its peers, unless that exceeds what
    // any GPU has (then the peers are reached through NVSwitch and each pair shows the full count).
    // The pairs are looked up through a map (first pair wins, as ServerModel::pair): a linear
    // lookup per pair made this loop GPUs^4 (400 GPUs took 7 s).
    if (mode != Mode::P2p) {
        std::map<std::pair<int, int>, const GpuPair*> pairOf;
        for (const GpuPair& p : s.gpuPairs) pairOf.emplace(std::make_pair(p.a, p.b), &p);
        for (auto& gpu : s.gpus) {
            int sum = 0, maxPer = 0;
            bool allKnown = true;
            for (const auto& other : s.gpus) {
                if (other.index == gpu.index) continue;
                const auto it = pairOf.find(std::minmax(gpu.index, other.index));
                const GpuPair* p = it == pairOf.end() ? nullptr : it->second;
                if (!p || (p->path == PathKind::Unknown && startsWith(p->token, "NV"))) { // absent, or an unreadable NV count
                    allKnown = false;
                    continue;
                }
                sum += p->nvlinks;
                maxPer = std::max(maxPer, p->nvlinks);
            }
            if (sum > kMaxNvlinksPerGpu) gpu.nvlinks = maxPer;
            else if (allKnown) gpu.nvlinks = sum;
        }
    }

    // What is missing.
    std::vector<std::string> missing;
    for (const auto& c : columns)
        if (!rows.count(c)) missing.push_back(c);
    if (!missing.empty()) {
        std::string list;
        for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
        // Topo -p2p and rocm-smi print GPU rows only; topo -m prints a row per device.
        warnings.push_back("rows " + list + " are missing (the file ends at line " + std::to_string(lines.empty() ? 0 : lines.back().number) +
                           "): relations only those rows would state are unknown");
        s.complete = false;
    }
    for (const auto& [label, r] : rows)
        if (r.extrasCut) s.complete = false;
    if (!text.endsWithNewline()) s.complete = false;
    return s;
}

} // namespace model::io
