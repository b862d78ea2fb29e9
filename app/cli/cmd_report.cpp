// `cluster-designer report DESIGN.json -o FILE.pdf|FILE.html [--workload NAME] [--tokens N] [--csv DIR]`:
// the design report (summary and verdict, topology, BOM, bandwidth, busbw, scaling,
// bottleneck, rules, cost, assumptions and sources); --csv also writes the data as CSV files.
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/results_loading.hpp"
#include "app/report/csv_export.hpp"
#include "app/report/reports.hpp"

#include <QCommandLineParser>
#include <QTextStream>

namespace app::cli {

int cmdReport(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Design report as PDF or self-contained HTML."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("DESIGN.json"), QStringLiteral("The design."));
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Report file: FILE.pdf or FILE.html."), QStringLiteral("FILE")});
    p.addOption({QStringLiteral("csv"), QStringLiteral("Also write the data (BOM, chart data, cost) as CSV files into DIR."), QStringLiteral("DIR")});
    addResultOptions(p);
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 0, 1, QStringLiteral("report"), QStringLiteral("report DESIGN.json -o FILE.pdf|FILE.html [--workload NAME] [--tokens N] [--csv DIR]"))) return *stop;
    if (p.positionalArguments().size() != 1 || (!p.isSet(QStringLiteral("output")) && !p.isSet(QStringLiteral("csv")))) {
        printError(QStringLiteral("report: expected one DESIGN.json and -o FILE.pdf|FILE.html (or --csv DIR)"));
        return kUsage;
    }
    const QString out = p.value(QStringLiteral("output"));
    if (!out.isEmpty() && !out.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive) && !out.endsWith(QLatin1String(".html"), Qt::CaseInsensitive) &&
        !out.endsWith(QLatin1String(".htm"), Qt::CaseInsensitive)) {
        printError(QStringLiteral("report: -o expects a file name ending in .pdf or .html, got ") + out);
        return kUsage;
    }
    model::compare::ResultOptions options;
    try {
        options = resultOptions(p);
    } catch (const std::exception& e) {
        printError(QStringLiteral("report: ") + QString::fromStdString(e.what()));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    auto prices = loadPricesOrReport();
    if (!catalog || !prices) return kBadInput;
    const auto shared = std::make_shared<const model::Catalog>(std::move(*catalog));
    auto results = loadResultsOrReport(p.positionalArguments().front(), *shared, *prices, options);
    if (!results) return kBadInput;
    try {
        if (p.isSet(QStringLiteral("csv"))) (void)report::writeDesignCsv(*results, p.value(QStringLiteral("csv")));
    } catch (const std::exception& e) {
        printError(QString::fromStdString(e.what()));
        return kBadInput;
    }
    if (out.isEmpty()) return kOk;
    const QString error = report::writeReport(report::designReport(*results, shared), out);
    if (!error.isEmpty()) {
        printError(error);
        return kBadInput;
    }
    return kOk;
}

} // namespace app::cli
