// `cluster-designer analyze DESIGN.json [--workload NAME] [--json]`: per-layer bandwidth per
// GPU, bottleneck scope and scaling efficiency; with --workload also the training step
// breakdown, strong scaling and levers.
#include "app/cli/cli.hpp"
#include "views/common/qt_string.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"

#include "model/analysis/analysis.hpp"
#include "model/analysis/analysis_json.hpp"
#include "model/analysis/memory_advice.hpp"
#include "model/analysis/training.hpp"
#include "model/design/part_counts.hpp"
#include "model/topology/rules.hpp"
#include "model/units/number_format.hpp"

#include <QCommandLineParser>
#include <QTextStream>

namespace app::cli {

namespace {

using views::q;

/// "       1 GPU ", "     256 GPUs": right-aligned counts with the noun in the right number.
QString gpus(int n) { return QString::fromStdString(model::formatCount(n)).rightJustified(8) + (n == 1 ? QStringLiteral(" GPU ") : QStringLiteral(" GPUs")); }

/// Human-readable report: three significant digits with units ("842 ms", "38.0 %"), figures
/// and counts from 1,000 with thousands separators ("8,000 GB/s", "2,164 s", "1,024 GPUs");
/// the servers named by their catalog kind `serverKind` ("1 rack, 72 GPUs", model::serverNoun).
/// "  (would not fit in GPU memory)" after a scaling point whose layout
/// does not fit (ScalingPoint::fitsInMemory), else nothing.
QString notFitting(const model::ScalingPoint& p)
{
    return p.fitsInMemory ? QString() : QStringLiteral("  (would not fit in GPU memory)");
}

void printText(const model::DesignAnalysis& a, bool withWorkload, const std::string& serverKind)
{
    using model::formatCount, model::formatFigure, model::formatPercent, model::formatSeconds;
    QTextStream out(stdout);
    out << q(formatCount(a.nodes)) << " " << q(model::serverNoun(serverKind, a.nodes)) << ", " << q(formatCount(a.gpus)) << (a.gpus == 1 ? " GPU" : " GPUs");
    if (a.islands.size() > 1) {
        out << "; split into " << a.islands.size() << " islands (" << q(model::analysis::islandGpuList(a.islands))
            << " GPUs): one job reaches at most " << q(formatCount(a.reachableGpus)) << " GPUs";
    }
    out << "\n\nPer-GPU bandwidth, one direction (spec):\n";
    for (const auto& l : a.layers)
        out << "  " << QString::fromLatin1(model::toString(l.scope)).leftJustified(15)
            << q(formatFigure(l.perGpu.inGBps())).rightJustified(9) << " GB/s  " << q(l.technology) << "\n";
    out << "\nBottleneck: " << model::toString(a.bottleneck.scope) << "\n  " << q(a.bottleneck.explanation) << "\n";
    if (!a.bottleneck.checks.empty()) {
        out << "  Before blaming the network, check:\n";
        for (const auto& c : a.bottleneck.checks) out << "   - " << q(c) << "\n";
    }
    out << "\nWeak scaling of " << q(a.workload) << " (efficiency per GPU vs one GPU):\n";
    if (!a.workloadNote.empty()) out << "  (" << q(a.workloadNote) << ")\n";
    for (const auto& p : a.scaling)
        out << "  " << gpus(p.gpus) << "  " << q(formatPercent(p.efficiency)).rightJustified(8) << notFitting(p) << "\n";
    if (a.scaling.empty() && !a.scalingNote.empty()) out << "  " << q(a.scalingNote) << "\n";
    // The step is shown whenever the design trains one (helper-88: the bottleneck above quoted
    // "8.2 % of the step" with no step printed unless --workload was given); a step that does
    // not fit in memory only when asked for: the memory bottleneck says what it needs.
    if (a.hasStep && (withWorkload || a.step.fitsInMemory)) {
        const auto& s = a.step;
        out << "\nStep (" << q(s.workload) << ", tp " << s.tp << " pp " << s.pp << " dp " << s.dp << ", ";
        if (s.idleGpus > 0)
            out << q(formatCount(s.gpus)) << " of " << q(formatCount(s.gpus + s.idleGpus)) << " GPUs busy, " << q(formatCount(s.idleGpus)) << " idle, ";
        out << q(formatCount(s.globalBatch)) << " sequences, " << q(s.precision) << "):\n";
        if (!a.layoutNote.empty()) out << "  (" << q(a.layoutNote) << ")\n";
        if (!s.fitsInMemory)
            out << "  not a run: " << q(s.workload) << " does not fit in GPU memory; what a step would take if it did:\n";
        out << "  compute " << q(formatSeconds(s.computeS)) << ", TP exposed " << q(formatSeconds(s.tpExposedS))
            << ", bubble " << q(formatSeconds(s.ppBubbleS)) << ", PP transfers " << q(formatSeconds(s.ppTransferS))
            << ", DP exposed " << q(formatSeconds(s.dpExposedS)) << "\n"
            << "  step " << q(formatSeconds(s.stepS)) << ", " << q(formatCount(s.tokensPerSecond)) << " tokens/s, MFU "
            << q(formatPercent(s.mfu)) << ", " << q(model::analysis::memoryNeedWords(s.stateGB, s.activationsGB)) << "\n";
        out << "Strong scaling:\n";
        for (const auto& p : a.scalingStrong)
            out << "  " << gpus(p.gpus) << "  " << q(formatPercent(p.efficiency)).rightJustified(8) << notFitting(p) << "\n";
        if (a.scalingStrong.empty() && !a.scalingNote.empty()) out << "  " << q(a.scalingNote) << "\n";
        out << (s.fitsInMemory ? "Levers:\n" : "Levers (not runs either: the workload does not fit in GPU memory):\n");
        for (const auto& l : a.levers) {
            out << "  " << q(l.lever).leftJustified(26);
            if (l.stepS > 0) // a lever that cannot run has no step: its description says why
                out << " step " << q(formatSeconds(l.stepS)) << ", " << q(formatCount(l.tokensPerSecond)) << " tokens/s, MFU "
                    << q(formatPercent(l.mfu)) << "\n";
            else
                out << " " << q(l.description) << "\n";
        }
    }
    for (const auto& w : a.warnings) out << "warning: " << q(w) << "\n";
}

/// The design rules' findings under the analysis (the Design rules tab): errors and warnings
/// each on a line with its rule id, then how many were waived. Nothing when none is raised.
void printRules(const model::topology::RuleReport& r)
{
    QTextStream out(stdout);
    const int errors = r.count(model::topology::Severity::Error), warnings = r.count(model::topology::Severity::Warning);
    if (errors + warnings == 0 && r.waived.empty()) return;
    out << "\nDesign rules: " << errors << (errors == 1 ? " error, " : " errors, ") << warnings << (warnings == 1 ? " warning" : " warnings");
    if (!r.waived.empty()) out << ", " << r.waived.size() << " waived";
    out << "\n";
    for (const auto& f : r.findings)
        if (f.severity != model::topology::Severity::Info)
            out << "  " << model::topology::toString(f.severity) << " [" << q(f.rule) << "] " << q(f.message) << "\n";
}

} // namespace

int cmdAnalyze(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Per-layer bandwidth, bottleneck and scaling of a design."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("Design file (JSON)."));
    p.addOption({QStringLiteral("workload"), QStringLiteral("Training preset (") + QString::fromStdString(presetList()) + QStringLiteral("), or the name of the design's own model; adds the step breakdown. A preset other than the design's own workload drops the layout settings chosen for it (tp, pp, dp, interleave, micro_batch, global_batch, seq_len)."), QStringLiteral("NAME")});
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object on stdout.")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 1, 1, QStringLiteral("analyze"), QStringLiteral("analyze DESIGN.json [--workload NAME] [--json]")))
        return *stop;
    const bool withWorkload = p.isSet(QStringLiteral("workload"));
    std::string workload;
    try {
        if (withWorkload) workload = workloadOption(p, p.positionalArguments()); // refused here, naming the option, not the design
    } catch (const std::exception& e) {
        printError(QStringLiteral("analyze: ") + QString::fromStdString(e.what()));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    auto design = loadDesignOrReport(p.positionalArguments().front(), *catalog);
    if (!design) return kBadInput;
    try {
        const nlohmann::json settings = withWorkload ? model::analysis::settingsWithWorkload(design->analysis, workload)
                                        : design->analysis.is_object() ? design->analysis : nlohmann::json::object();
        // Unreadable workload settings are bad input here, refused naming the file; the GUI
        // analyses the links without them (DesignAnalysis::workloadError).
        (void)model::analysis::trainingConfigFromJson(settings, p.positionalArguments().front().toStdString());
        const model::DesignAnalysis a = model::analyzeDesign(*design, *catalog, settings);
        // The rules say what is wrong with the wiring itself (a port used twice, a port the
        // server does not have), which the figures above cannot show.
        const model::topology::RuleReport rules = model::topology::checkDesign(*design, *catalog);
        if (p.isSet(QStringLiteral("json"))) {
            nlohmann::json j = model::toJson(a, withWorkload);
            j["rules"] = model::topology::toJson(rules);
            printJson(j);
        } else {
            printText(a, withWorkload, model::countParts(*design, *catalog).serverKind);
            printRules(rules);
        }
        return kOk;
    } catch (const std::exception& e) {
        printError(QStringLiteral("analyze: ") + errorText(e, p.positionalArguments().front()));
        return kBadInput;
    }
}

} // namespace app::cli
