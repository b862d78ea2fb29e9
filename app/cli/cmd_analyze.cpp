// `cluster-designer analyze DESIGN.json [--workload NAME] [--json]`: per-layer bandwidth per
// GPU, bottleneck scope and scaling efficiency; with --workload also the training step
// breakdown, strong scaling and levers.
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"

#include "model/analysis/analysis.hpp"
#include "model/analysis/analysis_json.hpp"

#include <QCommandLineParser>
#include <QTextStream>

namespace app::cli {

namespace {

void printText(const model::DesignAnalysis& a, bool withWorkload)
{
    QTextStream out(stdout);
    out << a.nodes << " servers, " << a.gpus << " GPUs\n\nPer-GPU bandwidth, one direction (spec):\n";
    for (const auto& l : a.layers)
        out << "  " << QString::fromLatin1(model::toString(l.scope)).leftJustified(15)
            << QString::number(l.perGpu.inGBps(), 'g', 6).rightJustified(9) << " GB/s  "
            << QString::fromStdString(l.technology) << "\n";
    out << "\nBottleneck: " << model::toString(a.bottleneck.scope) << "\n  " << QString::fromStdString(a.bottleneck.explanation) << "\n";
    if (!a.bottleneck.checks.empty()) {
        out << "  Before blaming the network, check:\n";
        for (const auto& c : a.bottleneck.checks) out << "   - " << QString::fromStdString(c) << "\n";
    }
    out << "\nWeak scaling of " << QString::fromStdString(a.workload) << " (efficiency per GPU vs one GPU):\n";
    for (const auto& p : a.scaling) out << "  " << QString::number(p.gpus).rightJustified(8) << "  " << QString::number(p.efficiency, 'f', 3) << "\n";
    if (withWorkload && a.hasStep) {
        const auto& s = a.step;
        out << "\nStep (" << QString::fromStdString(s.workload) << ", tp " << s.tp << " pp " << s.pp << " dp " << s.dp << ", "
            << s.globalBatch << " sequences, " << QString::fromStdString(s.precision) << "):\n"
            << "  compute " << s.computeS << " s, TP exposed " << s.tpExposedS << " s, bubble " << s.ppBubbleS << " s, PP transfers "
            << s.ppTransferS << " s, DP exposed " << s.dpExposedS << " s\n"
            << "  step " << s.stepS << " s, " << s.tokensPerSecond << " tokens/s, MFU " << s.mfu * 100 << "%\n";
        out << "Strong scaling:\n";
        for (const auto& p : a.scalingStrong) out << "  " << QString::number(p.gpus).rightJustified(8) << "  " << QString::number(p.efficiency, 'f', 3) << "\n";
        out << "Levers:\n";
        for (const auto& l : a.levers)
            out << "  " << QString::fromStdString(l.lever).leftJustified(26) << " step " << l.stepS << " s, " << l.tokensPerSecond << " tokens/s\n";
    }
    for (const auto& w : a.warnings) out << "warning: " << QString::fromStdString(w) << "\n";
}

} // namespace

int cmdAnalyze(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Per-layer bandwidth, bottleneck and scaling of a design."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("Design file (JSON)."));
    p.addOption({QStringLiteral("workload"), QStringLiteral("Training preset (gpt3-175b, llama3-8b, llama3-70b, llama3-405b, megatron-22b, megatron-530b, megatron-1t); adds the step breakdown."), QStringLiteral("NAME")});
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object on stdout.")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (p.positionalArguments().size() != 1) {
        printError(QStringLiteral("analyze: expected exactly one DESIGN.json"));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    auto design = loadDesignOrReport(p.positionalArguments().front(), *catalog);
    if (!design) return kBadInput;
    const bool withWorkload = p.isSet(QStringLiteral("workload"));
    try {
        nlohmann::json settings = design->analysis.is_object() ? design->analysis : nlohmann::json::object();
        if (withWorkload) {
            settings["workload"] = p.value(QStringLiteral("workload")).toStdString();
            settings.erase("model");
        }
        const model::DesignAnalysis a = model::analyzeDesign(*design, *catalog, settings);
        if (p.isSet(QStringLiteral("json"))) printJson(model::toJson(a, withWorkload));
        else printText(a, withWorkload);
        return kOk;
    } catch (const std::exception& e) {
        printError(QStringLiteral("analyze: ") + QString::fromStdString(e.what()));
        return kBadInput;
    }
}

} // namespace app::cli
