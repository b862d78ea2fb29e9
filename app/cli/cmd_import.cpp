// `cluster-designer import KIND FILE [-o DESIGN.json] [--json] [--design DESIGN.json] [--server ID]`:
// read what a cluster printed, say what it shows and what is likely wrong.
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"

#include "model/io/import/advisor.hpp"
#include "model/io/import/import_design.hpp"
#include "model/io/import/import_text.hpp"
#include "model/io/import/measured_curve.hpp"
#include "model/io/import/server_model.hpp"
#include "model/io/input_error.hpp"
#include "model/units/units.hpp"

#include <QCommandLineParser>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <map>
#include <sstream>

namespace app::cli {

namespace {

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

/// Why `--server ID` does nothing for `r`, or "" when it is used: it picks the catalog server of
/// a server model only; a measured curve's design comes from the GPU the run names, and a log
/// describes no server.
std::string serverNotUsed(const model::io::ImportResult& r, const std::string& serverId)
{
    if (serverId.empty() || r.server) return {};
    const std::string what = r.curve ? "a measured curve" : "a log";
    return "--server " + serverId + " is not used: " + r.file + " holds " + what + " (" + r.format +
           "), and --server picks the catalog server only for a server model (nvidia-smi topo -m, NCCL topology XML, lspci)" +
           (r.curve ? "; the curve is compared with the server its \"# Rank\" lines name, if any. To compare it with " + serverId +
                          ", pass --design DESIGN.json (made with: generate server --server " + serverId + " -o DESIGN.json)"
                    : std::string());
}

void printText(const model::io::ImportResult& r, const model::io::ImportReview& review, const std::string& notUsed)
{
    QTextStream o(stdout);
    o << QString::fromStdString(r.file) << ": " << QString::fromStdString(r.format) << " (" << QString::fromStdString(r.content) << ")\n";
    if (r.server) {
        const auto& s = *r.server;
        const std::string gpuModel = s.gpuModel();
        o << "  GPUs " << s.gpus.size() << " (" << QString::fromStdString(gpuModel.empty() ? std::string("model not stated") : gpuModel) << ")"
          << ", NICs " << s.nics.size();
        // The NICs nearest to no GPU are not compute NICs (import_design, the advisor): say how many are.
        if (const auto roles = model::io::nicRoles(s); roles.everyGpuPlaced && !roles.other.empty())
            o << " (" << roles.compute.size() << " compute, " << roles.other.size() << " nearest to no GPU)";
        o << ", NUMA nodes ";
        bool fromAffinity = false;
        if (auto numa = s.numaNodeCount(&fromAffinity)) {
            // Counted over the devices the file lists: a lower bound where rows are missing, and
            // NUMA ids count from 0, so a device on node 3 means nodes 0 to 3 exist (topo_smi_11:
            // both GPUs on node 1 of a two-socket EPYC). A SYS path alone proves nothing: EPYC
            // reports SYS inside one NUMA node (topo_smi_04).
            const auto ids = s.numaNodes();
            const int highest = ids.empty() ? -1 : ids.back();
            const bool gaps = !fromAffinity && highest + 1 > *numa;
            if (gaps) numa = highest + 1;
            const bool atLeast = !s.complete || gaps || s.affinityUnread > 0;
            std::vector<std::string> why;
            if (fromAffinity) why.emplace_back("from the CPU-affinity sets");
            if (gaps) why.emplace_back("a device on NUMA node " + std::to_string(highest) + ": nodes count from 0");
            if (!s.complete) why.emplace_back("rows are missing");
            if (s.affinityUnread > 0)
                why.emplace_back(std::to_string(s.affinityUnread) + (s.affinityUnread == 1 ? " affinity cell is" : " affinity cells are") +
                                 " not read, see the warnings");
            std::string words;
            for (const auto& w : why) words += (words.empty() ? " (" : "; ") + w;
            o << (atLeast ? "at least " : "") << *numa << QString::fromStdString(words.empty() ? words : words + ")");
        } else {
            o << "unknown";
        }
        // Every GPU's NVLinks, not the first one's: "8 to 12" where they differ.
        int least = -1, most = -1, unknown = 0;
        for (const auto& g : s.gpus) {
            if (!g.nvlinks) {
                ++unknown;
                continue;
            }
            least = least < 0 ? *g.nvlinks : std::min(least, *g.nvlinks);
            most = std::max(most, *g.nvlinks);
        }
        if (most >= 0) {
            o << ", NVLinks per GPU " << least;
            if (most != least) o << " to " << most;
            if (unknown > 0) o << " (unknown for " << unknown << (unknown == 1 ? " GPU)" : " GPUs)");
        }
        if (s.nvswitches) o << ", NVSwitches " << s.nvswitches;
        o << (s.complete ? "" : " (incomplete file)") << "\n";
    }
    if (r.curve) {
        const auto& c = *r.curve;
        const model::io::MeasuredPeak peak = c.peak();
        o << "  " << QString::fromStdString(c.collective.empty() ? std::string("unknown collective") : c.collective) << ", "
          << QString::fromStdString(c.ranksWords()) << " on " << (c.nodes ? QString::number(c.nodes) : QStringLiteral("?"))
          << " node(s), " << c.points().size() << " sizes, peak busbw " << QString::fromStdString(fixed(peak.busbwGBps, 2)) << " GB/s";
        // Which column and size: the table below charts the out-of-place half.
        if (!peak.column.empty()) o << " (" << QString::fromStdString(peak.column) << ", " << QString::fromStdString(model::formatBytes(peak.bytes)) << ")";
        o << (c.gpuName.empty() ? QString() : ", " + QString::fromStdString(c.gpuName));
        // The NCCL the run used, unless the log line below says it already; nccl-tests' own version.
        if (!c.ncclVersion.empty() && (!r.log || r.log->ncclVersion != c.ncclVersion))
            o << ", " << (c.rccl ? "RCCL " : "NCCL ") << QString::fromStdString(c.ncclVersion);
        if (!c.testsVersion.empty()) o << ", " << QString::fromStdString(c.tool) << " " << QString::fromStdString(c.testsVersion);
        o << "\n";
    }
    if (r.log) {
        const auto& l = *r.log;
        o << "  NCCL " << QString::fromStdString(l.ncclVersion.empty() ? std::string("version not printed") : l.ncclVersion) << "; transports:";
        if (l.transports.empty()) o << " none printed";
        for (const auto& t : l.transports)
            o << " " << QString::fromStdString(t.transport) << (t.gdrdma ? "/GDRDMA" : "") << " x" << t.connections;
        o << "\n";
    }
    if (!notUsed.empty()) o << "  warning: " << QString::fromStdString(notUsed) << "\n";
    for (const auto& w : r.warnings) o << "  warning: " << QString::fromStdString(w) << "\n";
    if (!review.comparison.points.empty()) {
        o << "  measured vs predicted (" << QString::fromStdString(review.comparedWith) << "):\n";
        o << "  (busbw in GB/s as printed; error = predicted / measured time - 1, the busbw ratio without the printed busbw's rounding)\n";
        o << "         size   measured   predicted   error  algorithm\n";
        for (const auto& p : review.comparison.points)
            o << "  " << QString::fromStdString(model::formatBytes(p.bytes)).rightJustified(11) << " "
              << QString::fromStdString(fixed(p.measuredBusbwGBps, 2)).rightJustified(10) << " "
              << QString::fromStdString(fixed(p.predictedBusbwGBps, 2)).rightJustified(11) << " "
              << QString::fromStdString(fixed(p.error * 100, 1) + "%").rightJustified(7) << "  " << QString::fromStdString(p.algorithm) << "\n";
    } else if (!review.comparison.note.empty()) {
        o << "  not compared: " << QString::fromStdString(review.comparison.note) << "\n";
    }
    if (review.findings.empty()) o << "  no findings\n";
    for (const auto& f : review.findings) {
        o << "  " << model::topology::toString(f.severity) << " [" << QString::fromStdString(f.rule) << "] " << QString::fromStdString(f.message) << "\n";
        if (f.evidence.line > 0) o << "      line " << f.evidence.line << ": " << QString::fromStdString(f.evidence.text) << "\n";
    }
}

/// True when `output` names the same file as `input` (by canonical path, so "./x", "../d/x", a
/// symbolic link or a hard link to the input all count): writing the design there would
/// destroy the file being imported.
bool sameFile(const std::string& input, const std::string& output)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(output, ec) && fs::equivalent(input, output, ec)) return true;
    const fs::path a = fs::weakly_canonical(input, ec);
    if (ec) return false;
    const fs::path b = fs::weakly_canonical(output, ec);
    return !ec && a == b;
}

/// "1 server (dgx-h100, 8 GPUs), no switches" or "2 servers (dgx-h100), 16 GPUs, 3 switches".
std::string designSummary(const model::Design& d, const model::Catalog& catalog)
{
    std::map<std::string, int> servers;
    int switches = 0, serverCount = 0;
    for (const auto& [id, n] : d.nodes()) {
        if (n.kind == model::NodeKind::Server) {
            ++servers[n.model];
            ++serverCount;
        } else {
            ++switches;
        }
    }
    std::string models;
    for (const auto& [m, count] : servers) models += (models.empty() ? "" : ", ") + (servers.size() > 1 ? std::to_string(count) + "x " : "") + m;
    const int gpus = d.gpuCount(catalog);
    return std::to_string(serverCount) + (serverCount == 1 ? " server (" : " servers (") + models + "), " + std::to_string(gpus) +
           (gpus == 1 ? " GPU, " : " GPUs, ") + (switches == 0 ? std::string("no switches") : std::to_string(switches) + (switches == 1 ? " switch" : " switches"));
}

} // namespace

int cmdImport(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Read what a cluster printed (nvidia-smi topo -m / -p2p, rocm-smi --showtopo, NCCL topology XML, nccl-tests output, "
        "NCCL_DEBUG=INFO logs, lspci -tv), set it beside a design and name the likely causes of bad numbers."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("KIND"), QString::fromStdString(model::io::importKindNames()));
    p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("The file to read ('-': standard input)."));
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Write the design the import stands for."), QStringLiteral("DESIGN.json")});
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object on stdout.")});
    p.addOption({QStringLiteral("design"), QStringLiteral("Compare with this design (default for a curve: the catalog server its GPU names)."),
                 QStringLiteral("DESIGN.json")});
    p.addOption({QStringLiteral("server"),
                 QStringLiteral("Catalog server of a server model (topo -m, NCCL XML, lspci) for -o, checked against the file even without -o; "
                                "not used for curves and logs."),
                 QStringLiteral("ID")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 0, 2, QStringLiteral("import"), QStringLiteral("import KIND FILE [-o DESIGN.json] [--json] [--design DESIGN.json] [--server ID]"))) return *stop;
    const QStringList pos = p.positionalArguments();
    if (pos.size() != 2) {
        printError(QStringLiteral("import: expected KIND and FILE (KIND: %1)").arg(QString::fromStdString(model::io::importKindNames())));
        return kUsage;
    }
    const auto kind = model::io::importKindFromString(pos[0].toStdString());
    if (!kind) {
        printError(QStringLiteral("import: unknown kind '%1' (expected %2)").arg(pos[0], QString::fromStdString(model::io::importKindNames())));
        return kUsage;
    }
    const bool fromStdin = pos[1] == QLatin1String("-");
    if (p.isSet(QStringLiteral("o")) && !fromStdin && sameFile(pos[1].toStdString(), p.value(QStringLiteral("o")).toStdString())) {
        printError(QStringLiteral("import: -o %1 is the file being imported (%2); the design would overwrite it: name another file")
                       .arg(p.value(QStringLiteral("o")), pos[1]));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    std::optional<model::Design> design;
    if (p.isSet(QStringLiteral("design"))) {
        design = loadDesignOrReport(p.value(QStringLiteral("design")), *catalog);
        if (!design) return kBadInput;
    }
    try {
        // "-" is standard input (a pipe: `nvidia-smi topo -m | cluster-designer import auto -`).
        const model::io::ImportResult r = fromStdin ? model::io::importText("<stdin>", model::io::readImportStream(std::cin, "<stdin>"), *kind)
                                                    : model::io::importFile(pos[1].toStdString(), *kind);
        const model::io::ImportReview review = model::io::reviewImport(r, design ? &*design : nullptr, *catalog);
        // The report is printed whether or not a design can be written: the reason none is
        // written comes after it, and the exit status says it failed.
        std::optional<model::io::ImportedDesign> written;
        std::string notWritten;
        const std::string serverId = p.isSet(QStringLiteral("server")) ? p.value(QStringLiteral("server")).toStdString() : std::string();
        const std::string notUsed = serverNotUsed(r, serverId);
        const bool writing = p.isSet(QStringLiteral("o"));
        // --server on a server model is checked against the file with or without -o: a server
        // the file contradicts (GPU count, model, NVLink) is refused either way.
        std::string serverRefused;
        if (writing) {
            try {
                written = model::io::designFromImport(r, *catalog, serverId);
                model::saveDesign(written->design, p.value(QStringLiteral("o")).toStdString());
            } catch (const std::exception& e) {
                written.reset();
                notWritten = e.what();
            }
        } else if (!serverId.empty() && r.server) {
            try {
                (void)model::io::designFromImport(r, *catalog, serverId);
            } catch (const std::exception& e) {
                serverRefused = e.what();
            }
        }
        if (p.isSet(QStringLiteral("json"))) {
            nlohmann::json j = model::io::toJson(r);
            nlohmann::json findings = nlohmann::json::array();
            for (const auto& f : review.findings) findings.push_back(model::io::toJson(f));
            j["findings"] = std::move(findings);
            j.update(model::io::toJson(review));
            if (written) j["design"] = {{"file", p.value(QStringLiteral("o")).toStdString()}, {"server", written->serverId}, {"notes", written->notes},
                               {"summary", designSummary(written->design, *catalog)}};
            if (!notWritten.empty()) j["design"] = {{"file", p.value(QStringLiteral("o")).toStdString()}, {"error", notWritten}};
            if (!serverId.empty())
                j["server_option"] = {{"id", serverId},
                                      {"used", notUsed.empty() && serverRefused.empty()},
                                      {"why", !notUsed.empty() ? notUsed : serverRefused}};
            printJson(j);
        } else {
            printText(r, review, notUsed);
            if (written) {
                QTextStream o(stdout);
                o << "wrote " << p.value(QStringLiteral("o")) << ": " << QString::fromStdString(designSummary(written->design, *catalog)) << "\n";
                for (const auto& n : written->notes) o << "  " << QString::fromStdString(n) << "\n";
            }
        }
        if (!notWritten.empty()) {
            printError(QStringLiteral("no design written to %1: %2").arg(p.value(QStringLiteral("o")), QString::fromStdString(notWritten)));
            return kBadInput;
        }
        if (!serverRefused.empty()) {
            printError(QStringLiteral("--server %1 does not fit the file: %2").arg(QString::fromStdString(serverId), QString::fromStdString(serverRefused)));
            return kBadInput;
        }
        return kOk;
    } catch (const model::InputError& e) {
        printError(QString::fromStdString(e.what()));
        return kBadInput;
    } catch (const std::exception& e) {
        printError(QString::fromStdString(e.what()));
        return kBadInput;
    }
}

} // namespace app::cli
