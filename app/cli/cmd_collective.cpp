// `cluster-designer collective DESIGN.json --op OP --bytes SIZE [--gpus N] [--algo A]
//  [--sweep MIN:MAX] [--engine analytical|simulation] [--fail SPEC]... [--json]`: one
// collective (or a size sweep) predicted and reported the way nccl-tests reports it.
// `--engine simulation` runs the flow-level simulator (model/simulation) instead; its JSON has
// the same keys plus `analytical`, `phases` and `most_congested_links`.
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"

#include "model/analysis/analysis.hpp"
#include "model/analysis/analysis_json.hpp"
#include "model/simulation/simulation.hpp"
#include "model/units/number_format.hpp"
#include "model/units/units.hpp"

#include <limits>
#include <QCommandLineParser>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace app::cli {

namespace {

QString row(const model::CollectiveResult& r)
{
    char buf[256];
    // applyHostIssueFloor starts the note with "host-bound" when one thread's launches set the time.
    const bool hostBound = r.note.rfind("host-bound", 0) == 0;
    std::snprintf(buf, sizeof buf, "%14.0f %14.0f %8s %14s %12.2f %8.2f %8.2f   %s/%s%s", r.bytes,
                  model::ncclTestsCount(r.op, r.bytes, r.gpus), "float",
                  // nccl-tests' redop column: the reduction for reducing collectives, "none" otherwise
                  r.op == model::CollectiveOp::AllReduce || r.op == model::CollectiveOp::ReduceScatter ? "sum" : "none",
                  r.time.inMicroseconds(),
                  r.algbw.inGBps(), r.busbw.inGBps(), model::toString(r.algorithm), model::toString(r.protocol),
                  hostBound ? " (host-bound)" : "");
    return QString::fromLatin1(buf);
}

void printTable(const std::vector<model::CollectiveResult>& rows, const QString& design)
{
    QTextStream out(stdout);
    if (rows.empty()) return;
    out << "# " << model::toString(rows.front().op) << " on " << rows.front().gpus << " GPUs of " << design
        << " (" << QString::fromStdString(rows.front().engine) << " engine; decimal GB/s as nccl-tests prints them)\n";
    out << "#" << QStringLiteral("%1 %2 %3 %4 %5 %6 %7   %8")
                      .arg(QStringLiteral("size"), 13).arg(QStringLiteral("count"), 14).arg(QStringLiteral("type"), 8)
                      .arg(QStringLiteral("redop"), 14).arg(QStringLiteral("time(us)"), 12).arg(QStringLiteral("algbw"), 8)
                      .arg(QStringLiteral("busbw"), 8).arg(QStringLiteral("algorithm/protocol"))
        << "\n";
    for (const auto& r : rows) out << row(r) << "\n";
}

/// An option whose value the command refuses once the design is read (--bytes under one
/// element on that many GPUs): a usage error, exit 2, as every other bad option value.
struct OptionValueError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

/// nccl-tests rounds a size down to whole float elements per rank (the count column); a size
/// under one element moves nothing, so it is refused, naming the least size that moves one.
/// @throws OptionValueError naming the size, the op and the GPU count.
/// `what` names the option as given and starts the sentence ("--sweep 8:64: every size is";
/// default "--bytes SIZE:").
void refuseUnderOneElement(model::CollectiveOp op, double bytes, int gpus, const std::string& what = {})
{
    if (model::ncclTestsCount(op, bytes, gpus) >= 1) return;
    const bool perRank = op != model::CollectiveOp::AllReduce && op != model::CollectiveOp::Broadcast;
    const int least = perRank ? 4 * std::max(1, gpus) : 4;
    throw OptionValueError((what.empty() ? "--bytes " + std::to_string(static_cast<long long>(bytes)) + ":" : what) + " under one float (4 bytes)" +
                                (perRank ? " per GPU" : std::string()) + " for " + model::toString(op) + " on " +
                                std::to_string(gpus) + " GPUs; nccl-tests rounds a size down to whole elements, so this run "
                                "would move 0 elements. Give at least " + std::to_string(least) + " bytes");
}

/// The size nccl-tests runs for `bytes` of `op` on `gpus` ranks: whole floats (per rank for
/// all-gather, reduce-scatter and all-to-all), as its count column and size column print it
/// (100 B of all_gather on 16 ranks run as 64: 1 float each).
double ncclTestsSize(model::CollectiveOp op, double bytes, int gpus)
{
    const bool perRank = op != model::CollectiveOp::AllReduce && op != model::CollectiveOp::Broadcast;
    return model::ncclTestsCount(op, bytes, gpus) * 4.0 * (perRank ? std::max(1, gpus) : 1);
}

} // namespace

int cmdCollective(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Predict one collective on a design, reported like nccl-tests."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("Design file (JSON)."));
    p.addOption({QStringLiteral("op"), QStringLiteral("all_reduce, all_gather, reduce_scatter, alltoall or broadcast."), QStringLiteral("OP"), QStringLiteral("all_reduce")});
    p.addOption({QStringLiteral("bytes"), QStringLiteral("Message size (nccl-tests size), K/M/G = powers of 1024."), QStringLiteral("SIZE")});
    p.addOption({QStringLiteral("gpus"), QStringLiteral("Ranks (default: every GPU of the design)."), QStringLiteral("N"), QStringLiteral("0")});
    p.addOption({QStringLiteral("algo"), QStringLiteral("auto, ring, tree, nvls, nvls_tree, sharp, hierarchical (all_reduce); direct (alltoall, every peer at once, as NCCL); pairwise (alltoall as synchronized rounds, simulation only)."), QStringLiteral("ALGO"), QStringLiteral("auto")});
    p.addOption({QStringLiteral("gpus-per-thread"), QStringLiteral("GPUs one host thread drives, as nccl-tests -g N in one process (default 1: one process per GPU); above 1 small sizes are host-bound."), QStringLiteral("N"), QStringLiteral("1")});
    p.addOption({QStringLiteral("nccl-version"), QStringLiteral("NCCL release whose tuner constants to follow, as NCCL prints it (e.g. 2.18.5); default: current (2.21 and later)."), QStringLiteral("VERSION"), QStringLiteral("current")});
    p.addOption({QStringLiteral("engine"), QStringLiteral("analytical (default) or simulation (flow-level)."), QStringLiteral("ENGINE"), QStringLiteral("analytical")});
    p.addOption({QStringLiteral("fail"), QStringLiteral("Simulation what-if, repeatable: link:ID, switch:ID, plane:PORT, nic:SERVER_ID:PORT:GBPS."), QStringLiteral("SPEC")});
    p.addOption({QStringLiteral("sweep"), QStringLiteral("Size sweep MIN:MAX doubling, e.g. 8:16G."), QStringLiteral("MIN:MAX")});
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object on stdout.")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 1, 1, QStringLiteral("collective"),
                                           QStringLiteral("collective DESIGN.json --op OP --bytes SIZE [--gpus N] [--json]")))
        return *stop;
    const bool simulate = p.value(QStringLiteral("engine")) == QLatin1String("simulation");
    if (!simulate && p.value(QStringLiteral("engine")) != QLatin1String("analytical")) {
        printError(QStringLiteral("collective: engine \"%1\" is not available; use --engine analytical or simulation").arg(p.value(QStringLiteral("engine"))));
        return kUsage;
    }
    if (p.isSet(QStringLiteral("fail")) && !simulate) {
        printError(QStringLiteral("collective: --fail needs --engine simulation (the analytical engine sees the healthy design)"));
        return kUsage;
    }
    if (simulate && p.isSet(QStringLiteral("sweep"))) {
        printError(QStringLiteral("collective: --sweep needs --engine analytical (the simulator runs one size at a time)"));
        return kUsage;
    }
    if (p.isSet(QStringLiteral("sweep")) && p.isSet(QStringLiteral("bytes"))) {
        // One or the other: the sweep silently dropped --bytes (helper-90).
        printError(QStringLiteral("collective: --bytes and --sweep exclude each other (one size, or a sweep of sizes)"));
        return kUsage;
    }
    model::SimulationOptions simOptions;
    model::CollectiveRequest req;
    double sweepMin = 0, sweepMax = 0;
    // Each value's error names its option ("--op: unknown collective ..."), not the design.
    const auto option = [&p](const char* name, auto&& parse) {
        try {
            return parse(p.value(QString::fromLatin1(name)).toStdString());
        } catch (const std::exception& e) {
            throw std::invalid_argument(std::string("--") + name + ": " + e.what());
        }
    };
    try {
        req.op = option("op", [](const std::string& v) { return model::parseCollectiveOp(v); });
        bool ok = false;
        req.gpus = p.value(QStringLiteral("gpus")).toInt(&ok);
        // 0 (the option's default) means every GPU; typed explicitly it is a mistake, not "all".
        if (!ok || req.gpus < 0 || (p.isSet(QStringLiteral("gpus")) && req.gpus == 0)) {
            // A whole number too large for a count is said as such (helper-90: 99999999999 read
            // "expects a whole number >= 1").
            bool whole = false;
            const qlonglong big = p.value(QStringLiteral("gpus")).toLongLong(&whole);
            if (whole && big > 0)
                throw std::invalid_argument("--gpus " + p.value(QStringLiteral("gpus")).toStdString() + " is more GPUs than any design holds (at most " +
                                            std::to_string(std::numeric_limits<int>::max()) + ")");
            throw std::invalid_argument("--gpus expects a whole number >= 1, got \"" + p.value(QStringLiteral("gpus")).toStdString() + "\"");
        }
        req.algorithm = option("algo", [](const std::string& v) { return model::parseAlgorithm(v); });
        req.gpusPerThread = p.value(QStringLiteral("gpus-per-thread")).toInt(&ok);
        if (!ok || req.gpusPerThread < 1)
            throw std::invalid_argument("--gpus-per-thread expects a whole number >= 1 (nccl-tests -g N), got \"" +
                                        p.value(QStringLiteral("gpus-per-thread")).toStdString() + "\"");
        req.ncclRelease = option("nccl-version", [](const std::string& v) { return model::parseNcclRelease(v); });
        if (p.isSet(QStringLiteral("sweep"))) {
            const QStringList parts = p.value(QStringLiteral("sweep")).split(QLatin1Char(':'));
            if (parts.size() != 2) throw std::invalid_argument("--sweep expects MIN:MAX, e.g. 8:16G");
            sweepMin = option("sweep", [&](const std::string&) { return static_cast<double>(model::parseSize(parts[0].toStdString())); });
            sweepMax = option("sweep", [&](const std::string&) { return static_cast<double>(model::parseSize(parts[1].toStdString())); });
        } else {
            if (!p.isSet(QStringLiteral("bytes"))) throw std::invalid_argument("--bytes SIZE is required (or --sweep MIN:MAX)");
            req.bytes = option("bytes", [](const std::string& v) { return static_cast<double>(model::parseSize(v)); });
            if (!(req.bytes > 0)) throw std::invalid_argument("--bytes: expected a message size above zero, e.g. 1G; got \"" + p.value(QStringLiteral("bytes")).toStdString() + "\"");
        }
        for (const QString& spec : p.values(QStringLiteral("fail")))
            simOptions.failures.push_back(option("fail", [&](const std::string&) { return model::parseFailure(spec.toStdString()); }));
    } catch (const std::exception& e) {
        printError(QStringLiteral("collective: ") + QString::fromStdString(e.what()));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    const QString path = p.positionalArguments().front();
    auto design = loadDesignOrReport(path, *catalog);
    if (!design) return kBadInput;
    // Tables name an older NCCL's tuner when one was asked for (the current one is the default).
    const auto printRelease = [&req] {
        if (req.ncclRelease != model::NcclRelease::Current)
            QTextStream(stdout) << "# tuner constants of NCCL " << model::toString(req.ncclRelease)
                                << (req.ncclRelease == model::NcclRelease::From2_19 ? " (2.19-2.20)"
                                    : req.ncclRelease == model::NcclRelease::UpTo2_18 ? ""
                                                                                      : " (the 2.18 tables)")
                                << (!model::ncclHasNvls(req.ncclRelease)       ? "; no NVLS or NVLS tree before NCCL 2.17"
                                    : !model::ncclHasNvlsTree(req.ncclRelease) ? "; no NVLS tree before NCCL 2.18"
                                                                               : "")
                                << "\n";
    };
    try {
        if (p.isSet(QStringLiteral("sweep"))) {
            std::vector<model::CollectiveResult> rows = model::sweepCollective(*design, *catalog, req, sweepMin, sweepMax);
            // Sizes under one element per rank move nothing (--bytes refuses them): no row, and
            // the table says which sizes were left out, as the least size that moves one.
            const auto empty = [](const model::CollectiveResult& r) { return model::ncclTestsCount(r.op, r.bytes, r.gpus) < 1; };
            const std::size_t before = rows.size();
            const int gpus = rows.empty() ? 1 : rows.front().gpus;
            rows.erase(std::remove_if(rows.begin(), rows.end(), empty), rows.end());
            if (rows.empty() && before > 0)
                refuseUnderOneElement(req.op, sweepMax, gpus, "--sweep " + p.value(QStringLiteral("sweep")).toStdString() + ": every size is");
            if (p.isSet(QStringLiteral("json"))) {
                printJson(model::sweepToJson(rows));
            } else {
                printTable(rows, path);
                if (rows.size() < before)
                    QTextStream(stdout) << "# " << (before - rows.size()) << (before - rows.size() == 1 ? " size" : " sizes")
                                        << " under one float per rank left out (nccl-tests would move 0 elements); the first row is "
                                        << QString::fromStdString(model::formatCount(rows.front().bytes)) << " bytes\n";
                printRelease();
            }
            return kOk;
        }
        // A size that is no whole number of floats per rank runs as nccl-tests runs it, rounded
        // down, and says so (helper-90: 100 B of all_gather on 16 GPUs was timed as 100 B, where
        // nccl-tests moves 64; reduce-scatter refused sizes under one float).
        const double asked = req.bytes;
        const auto roundedNote = [&](int gpus) {
            return "nccl-tests runs " + model::formatCount(asked) + " bytes of " + model::toString(req.op) + " on " + std::to_string(gpus) +
                   " GPUs as " + model::formatCount(req.bytes) + " (whole floats" +
                   (req.op != model::CollectiveOp::AllReduce && req.op != model::CollectiveOp::Broadcast ? " per rank" : "") + ")";
        };
        if (simulate) {
            model::SimulationResult sr = model::simulateCollective(*design, *catalog, req, simOptions);
            refuseUnderOneElement(req.op, req.bytes, sr.collective.gpus);
            if (const double size = ncclTestsSize(req.op, req.bytes, sr.collective.gpus); size != req.bytes) {
                req.bytes = size;
                sr = model::simulateCollective(*design, *catalog, req, simOptions);
                sr.notes.push_back(roundedNote(sr.collective.gpus));
            }
            if (p.isSet(QStringLiteral("json"))) {
                printJson(model::toJson(sr));
                return kOk;
            }
            printTable({sr.collective}, path);
            printRelease();
            QTextStream out(stdout);
            if (sr.analytical) out << "# analytical:" << row(*sr.analytical) << "\n";
            for (const auto& n : sr.notes) out << "# " << QString::fromStdString(n) << "\n";
            for (const auto& l : sr.mostCongested)
                out << "# busiest link " << l.link << " (" << QString::fromStdString(l.description) << "): peak "
                    << QString::fromStdString(model::formatPercent(l.peak)) << ", mean "
                    << QString::fromStdString(model::formatPercent(l.mean)) << "\n";
            return kOk;
        }
        model::CollectiveResult r = model::predictCollective(*design, *catalog, req);
        refuseUnderOneElement(req.op, req.bytes, r.gpus);
        std::string rounded;
        if (const double size = ncclTestsSize(req.op, req.bytes, r.gpus); size != req.bytes) {
            req.bytes = size;
            r = model::predictCollective(*design, *catalog, req);
            rounded = roundedNote(r.gpus);
        }
        if (p.isSet(QStringLiteral("json"))) {
            nlohmann::json j = model::toJson(r);
            if (!rounded.empty()) {
                j["bytes_requested"] = asked;
                j["bytes_note"] = rounded;
            }
            printJson(j);
        } else {
            printTable({r}, path);
            if (!rounded.empty()) QTextStream(stdout) << "# " << QString::fromStdString(rounded) << "\n";
            QTextStream(stdout) << "# " << QString::fromStdString(r.note) << "\n";
        }
        return kOk;
    } catch (const OptionValueError& e) {
        printError(QStringLiteral("collective: ") + errorText(e, path));
        return kUsage;
    } catch (const std::exception& e) {
        printError(QStringLiteral("collective: ") + errorText(e, path));
        return kBadInput;
    }
}

} // namespace app::cli
