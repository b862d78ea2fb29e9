// Format detection, dispatch to the parsers, and the JSON form of an import.
#include "model/io/import/import.hpp"

#include "model/io/import/advisor.hpp"
#include "model/io/input_error.hpp"

#include <regex>

namespace model::io {

using nlohmann::json;

const char* toString(ImportKind k) noexcept
{
    switch (k) {
    case ImportKind::Auto: return "auto";
    case ImportKind::NvidiaSmiTopo: return "nvidia-smi-topo";
    case ImportKind::NcclTopo: return "nccl-topo";
    case ImportKind::NcclTests: return "nccl-tests";
    case ImportKind::NcclLog: return "nccl-log";
    case ImportKind::Lspci: return "lspci";
    }
    return "auto";
}

std::optional<ImportKind> importKindFromString(const std::string& s) noexcept
{
    for (ImportKind k : {ImportKind::Auto, ImportKind::NvidiaSmiTopo, ImportKind::NcclTopo, ImportKind::NcclTests,
                         ImportKind::NcclLog, ImportKind::Lspci})
        if (s == toString(k)) return k;
    return std::nullopt;
}

std::string importKindNames()
{
    return "nvidia-smi-topo, nccl-topo, nccl-tests, nccl-log, lspci, auto";
}

namespace {

/// What `import auto` reads, for messages.
constexpr const char* kAllFormats = "nvidia-smi topo -m / -p2p, rocm-smi --showtopo, NCCL topology XML, nccl-tests output, "
                                    "an NCCL_DEBUG=INFO log or lspci -tv";

/// What one named kind reads, for messages.
std::string formatOf(ImportKind k)
{
    switch (k) {
    case ImportKind::NvidiaSmiTopo: return "nvidia-smi topo -m / -p2p or rocm-smi --showtopo output";
    case ImportKind::NcclTopo: return "NCCL topology XML";
    case ImportKind::NcclTests: return "nccl-tests output";
    case ImportKind::NcclLog: return "an NCCL_DEBUG=INFO log";
    case ImportKind::Lspci: return "lspci -tv output";
    case ImportKind::Auto: break;
    }
    return kAllFormats;
}

bool looksLikeTopoRow(const std::vector<std::string>& cells)
{
    static const std::regex label(R"((GPU|NIC)\d{1,3})");
    static const std::regex cell(R"(X|NV\d{1,2}|SYS|SOC|NODE|PHB|PXB|PIX|OK|GNS|CNS|TNS)");
    return cells.size() >= 3 && std::regex_match(cells[0], label) && std::regex_match(cells[1], cell) && std::regex_match(cells[2], cell);
}

bool looksLikeTestsRow(const std::vector<std::string>& cells)
{
    if (cells.size() < 9) return false;
    long long a = 0, b = 0;
    double t = 0, x = 0;
    return parseInteger(cells[0], a) && parseInteger(cells[1], b) && std::isalpha(static_cast<unsigned char>(cells[2][0])) &&
           parseNumber(cells[cells.size() - 2], t) && parseNumber(cells[5], x);
}

} // namespace

ImportKind detectKind(const ImportText& text, std::string_view content)
{
    const auto first = content.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && content[first] == '<') return ImportKind::NcclTopo;
    if (content.find("<system") != std::string_view::npos && content.find("<cpu") != std::string_view::npos) return ImportKind::NcclTopo;
    int topoRows = 0, testsRows = 0, ncclLines = 0, lspciLines = 0;
    bool testsHeader = false, topoHeader = false, ibstat = false, ibdev = false, p2pTest = false, rocm = false;
    static const std::regex ncclLine(R"(^\s*\S+:\d+:\d+ \[\d+\] NCCL (INFO|WARN|TRACE))");
    static const std::regex lspciLine(R"((^-\[[0-9a-f]{4}:[0-9a-f]{2}\]-)|(^\s*[|+\\]-[0-9a-f]{2}\.[0-9a-f]))");
    for (const SourceLine& l : text.lines()) {
        if (l.text.size() > kMaxLineChars) continue;
        const std::string& t = l.text;
        std::vector<std::string> cells = splitBlanks(t);
        if (t.find('|') != std::string::npos && t.find("GPU") != std::string::npos) {
            std::vector<std::string> bars;
            for (auto& c : cells)
                if (c != "|") bars.push_back(c);
            cells = bars;
        }
        if (!cells.empty() && cells[0] == "GPU0" && cells.size() >= 2 && (startsWith(cells[1], "GPU") || startsWith(cells[1], "NIC") || startsWith(cells[1], "mlx") || cells[1] == "CPU"))
            topoHeader = true;
        if (looksLikeTopoRow(cells)) ++topoRows;
        if (t.find("Link Type between two GPUs") != std::string::npos || t.find("ROCm System Management Interface") != std::string::npos) rocm = true;
        // nccl-tests' column header: a comment line ("#", after a Slurm "0: " prefix) naming
        // algbw and busbw. Prose that mentions both and a "#" (an issue number) is not one.
        if (t.find("algbw") != std::string::npos && t.find("busbw") != std::string::npos) {
            std::string h = trim(t);
            const auto digits = h.find_first_not_of("0123456789");
            if (digits != std::string::npos && digits > 0 && h[digits] == ':') h = trim(std::string_view(h).substr(digits + 1));
            if (!h.empty() && h.front() == '#') testsHeader = true;
        }
        if (t.find("nThread") != std::string::npos && t.find("minBytes") != std::string::npos) testsHeader = true;
        if (looksLikeTestsRow(cells)) ++testsRows;
        if (std::regex_search(t, ncclLine)) ++ncclLines;
        if (std::regex_search(t, lspciLine)) ++lspciLines;
        if (startsWith(trim(t), "CA '") || startsWith(trim(t), "CA type:")) ibstat = true;
        if (t.find("==>") != std::string::npos && t.find("port") != std::string::npos) ibdev = true;
        if (t.find("P2P=Disabled") != std::string::npos || t.find("P2P=Enabled") != std::string::npos) p2pTest = true;
    }
    if (topoHeader || rocm) return ImportKind::NvidiaSmiTopo;
    if (testsHeader || testsRows >= 2) return ImportKind::NcclTests;
    if (ncclLines > 0) return ImportKind::NcclLog;
    if (topoRows >= 1) return ImportKind::NvidiaSmiTopo; // rows without a header: the topo importer says why it rejects them
    if (lspciLines >= 2) return ImportKind::Lspci;
    const std::string& f = text.name();
    if (ibstat)
        throw InputError(f, "", "", "this is 'ibstat' output (one HCA's state and rate): no importer reads it; import 'nvidia-smi topo -m' "
                                    "or an NCCL topology dump for the server, and see the NIC rate in the design's NIC model");
    if (ibdev)
        throw InputError(f, "", "", "this is 'ibdev2netdev' output (RDMA device to network interface names): no importer reads it; "
                                    "import 'nvidia-smi topo -m' for the NICs' distances to the GPUs");
    if (p2pTest)
        throw InputError(f, "", "", "this is CUDA p2pBandwidthLatencyTest output (GPU-to-GPU copy bandwidth matrices): no importer reads "
                                    "it; import 'nvidia-smi topo -p2p rw' for the peer-to-peer status or nccl-tests for collective bandwidth");
    throw InputError(f, "", "", std::string("expected one of: ") + kAllFormats + "; the file looks like none of them");
}

ImportResult importText(const std::string& name, std::string_view content, ImportKind kind)
{
    // A UTF-8 byte-order mark (Windows editors write one) is no part of any format: every
    // importer reads the text after it, so a header on line 1 is still found.
    if (startsWith(content, "\xEF\xBB\xBF")) content.remove_prefix(3);
    if (content.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw InputError(name, "", "", std::string("the file is empty") + (content.empty() ? "" : " (blank lines only)") + ": expected " +
                                           (kind == ImportKind::Auto ? std::string("one of: ") + kAllFormats : formatOf(kind)) + ", got nothing to import");
    const ImportText text(name, content);
    ImportResult r;
    r.file = name;
    r.kind = kind == ImportKind::Auto ? detectKind(text, content) : kind;
    for (const auto& l : text.lines()) r.lines.push_back(l.raw); // as written: the evidence findings quote
    switch (r.kind) {
    case ImportKind::NvidiaSmiTopo:
        r.server = parseTopoMatrix(text, r.warnings);
        r.format = r.server->format;
        r.content = "server model";
        break;
    case ImportKind::NcclTopo:
        r.server = parseNcclTopoXml(text, content, r.warnings);
        r.format = r.server->format;
        r.content = "server model";
        break;
    case ImportKind::Lspci:
        r.server = parseLspciTree(text, r.warnings);
        r.format = r.server->format;
        r.content = "server model";
        break;
    case ImportKind::NcclTests: {
        r.curve = parseNcclTests(text, r.warnings);
        r.format = r.curve->tool + " output";
        r.content = "curve";
        // NCCL INFO lines in the same file (NCCL_DEBUG=INFO) say which transports the run used.
        try {
            std::vector<std::string> ignored;
            LogSummary log = parseNcclLog(text, ignored);
            log.curve.reset();
            r.log = std::move(log);
        } catch (const InputError&) {
        }
        break;
    }
    case ImportKind::NcclLog: {
        r.log = parseNcclLog(text, r.warnings);
        r.format = "NCCL_DEBUG=INFO log";
        r.content = "log";
        if (r.log->curve) {
            r.curve = std::move(r.log->curve);
            r.log->curve.reset();
        }
        break;
    }
    case ImportKind::Auto: break;
    }
    r.findings = adviseFromFile(r);
    return r;
}

ImportResult importFile(const std::string& path, ImportKind kind)
{
    const std::string content = readImportFile(path);
    return importText(path, content, kind);
}

json toJson(const AdvisorFinding& f)
{
    return {{"rule", f.rule}, {"severity", topology::toString(f.severity)}, {"message", f.message},
            {"evidence", f.evidence.text}, {"line", f.evidence.line}};
}

json toJson(const ImportResult& r)
{
    json findings = json::array();
    for (const auto& f : r.findings) findings.push_back(toJson(f));
    json j = {{"file", r.file},         {"kind", r.content},           {"format", r.format},
              {"importer", toString(r.kind)}, {"warnings", r.warnings}, {"findings", std::move(findings)}};
    if (r.server) j["server"] = toJson(*r.server);
    if (r.curve) j["curve"] = toJson(*r.curve);
    if (r.log) j["log"] = toJson(*r.log);
    return j;
}

} // namespace model::io
