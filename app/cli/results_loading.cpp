// Loading designs into results for `report` and `compare` (results_loading.hpp).
#include "app/cli/results_loading.hpp"

#include "app/cli/cli_common.hpp"
#include "model/analysis/training.hpp"

#include <cmath>
#include <stdexcept>

namespace app::cli {

std::optional<model::cost::PriceTable> loadPricesOrReport()
{
    try {
        return model::cost::loadPriceTable(model::cost::bundledPricesPath());
    } catch (const std::exception& e) {
        printError(QString::fromStdString(e.what()));
        return std::nullopt;
    }
}

double parseTokens(const QString& text)
{
    QString t = text.trimmed();
    double scale = 1;
    if (!t.isEmpty()) {
        const QChar last = t.back().toUpper();
        const double scales[] = {1e3, 1e6, 1e9, 1e9, 1e12};
        const QString suffixes = QStringLiteral("KMBGT");
        if (const auto i = suffixes.indexOf(last); i >= 0) {
            scale = scales[i];
            t.chop(1);
        }
    }
    bool ok = false;
    const double v = t.toDouble(&ok) * scale;
    // NaN fails both comparisons; 0, negative and absurd sizes (1e25) are refused here, before
    // any design is loaded, instead of leaving every design without a run.
    if (!ok || !(v >= model::cost::kMinRunTokens && v <= model::cost::kMaxRunTokens))
        throw std::invalid_argument("--tokens: expected a training-run size " + model::cost::runTokensRangeText() +
                                    ", such as 3.5e12, 300B or 3.5T; got \"" + text.toStdString() + "\"");
    return v;
}

void addResultOptions(QCommandLineParser& p)
{
    const QString presets = QString::fromStdString(presetList());
    p.addOption({QStringLiteral("workload"), QStringLiteral("Training preset for every design (") + presets + QStringLiteral("), or the name of the designs' own model."), QStringLiteral("NAME")});
    p.addOption({QStringLiteral("tokens"), QStringLiteral("Training-run size in tokens (3.5e12, 300B, 3.5T); default 20 per parameter (Chinchilla)."),
                 QStringLiteral("N")});
}

model::compare::ResultOptions resultOptions(const QCommandLineParser& p)
{
    model::compare::ResultOptions o;
    if (p.isSet(QStringLiteral("workload"))) {
        o.workload = workloadOption(p, p.positionalArguments()); // throws naming --workload and listing the presets
    }
    if (p.isSet(QStringLiteral("tokens"))) o.tokens = parseTokens(p.value(QStringLiteral("tokens")));
    return o;
}

std::optional<model::compare::DesignResults> loadResultsOrReport(const QString& path, const model::Catalog& catalog,
                                                                 const model::cost::PriceTable& prices, const model::compare::ResultOptions& options)
{
    auto design = loadDesignOrReport(path, catalog);
    if (!design) return std::nullopt;
    try {
        (void)model::cost::costSettingsOf(*design, path.toStdString()); // a bad cost block is bad input, not a footnote
    } catch (const std::exception& e) {
        printError(QString::fromStdString(e.what()));
        return std::nullopt;
    }
    // With a workload given (--workload, or compare's first design), a design's own "workload"
    // field is replaced: where it could not be read, say so rather than drop it unseen.
    std::string ownWorkloadError;
    if (!options.workload.empty() && design->analysis.is_object() && design->analysis.contains("workload")) {
        try {
            (void)model::analysis::trainingConfigFromJson(design->analysis, path.toStdString());
        } catch (const std::exception& e) {
            ownWorkloadError = e.what();
        }
    }
    auto results = model::compare::computeDesignResults(std::make_shared<const model::Design>(std::move(*design)), catalog, prices,
                                                        options, path.toStdString());
    // The report and the comparison still go out, saying what is missing; a script reading
    // only stderr learns it too (the analysis of a design whose model has 0 layers, say).
    if (!results.analysisError.empty())
        printError(QStringLiteral("warning: ") + QString::fromStdString(results.analysisError) +
                   QStringLiteral(" (the engine could not analyse the design; the output says so where its figures would be)"));
    else if (results.analysis && !results.analysis->workloadError.empty())
        printError(QStringLiteral("warning: ") + path + QStringLiteral(": ") + QString::fromStdString(results.analysis->workloadError) +
                   QStringLiteral(" (no training step is timed; the output gives the links alone and says why)"));
    else if (!ownWorkloadError.empty())
        printError(QStringLiteral("warning: ") + QString::fromStdString(ownWorkloadError) + QStringLiteral(" (that field is not used: the design is analysed on ") +
                   QString::fromStdString(options.workload) + QStringLiteral(" instead)"));
    return results;
}

} // namespace app::cli
