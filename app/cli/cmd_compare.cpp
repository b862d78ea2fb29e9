// `cluster-designer compare A.json B.json [C.json D.json] [--workload NAME] [--tokens N] [--json]
// [-o FILE.pdf|FILE.html|FILE.csv] [--csv DIR]`: two to four designs side by side, with the
// verdict in words (shared/design/ARCHITECTURE.md: --json keys `designs`, `verdict`).
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/results_loading.hpp"
#include "app/cli/text_wrap.hpp"
#include "app/report/csv_export.hpp"
#include "app/report/reports.hpp"

#include <QCommandLineParser>
#include <QTextStream>

namespace app::cli {

namespace {

/// Widest cell (characters) before a cell wraps onto more lines, and the verdict's line width.
constexpr int kCellWidth = 28;
constexpr int kLabelWidth = 48;
constexpr int kParagraphWidth = 100;

/// The comparison as a terminal table: one column per design, long cells and labels wrapped
/// at word boundaries (never cut), then the verdict as wrapped paragraphs.
void printTable(const model::compare::Comparison& c)
{
    QTextStream o(stdout);
    for (std::size_t i = 0; i < c.labels.size(); ++i) o << QString::fromStdString(c.labels[i]) << ": " << QString::fromStdString(c.names[i]) << "\n";
    int labelWidth = 6;
    for (const auto& r : c.rows) labelWidth = std::max(labelWidth, static_cast<int>(r.label.size() + (r.unit.empty() ? 0 : r.unit.size() + 3)));
    labelWidth = std::min(labelWidth, kLabelWidth);
    // Each row as wrapped columns: [0] the label, [1..] one per design.
    std::vector<std::vector<QStringList>> table;
    std::vector<int> width(c.labels.size(), 12);
    for (const auto& r : c.rows) {
        const QString label = QString::fromStdString(r.label) + (r.unit.empty() ? QString() : QStringLiteral(" (") + QString::fromStdString(r.unit) + QLatin1Char(')'));
        std::vector<QStringList> columns{wrapWords(label, labelWidth)};
        for (std::size_t i = 0; i < r.cells.size(); ++i) {
            QString t = QString::fromStdString(r.cells[i].text);
            if (r.best && *r.best == i) t += QLatin1Char('<');
            columns.push_back(wrapWords(t, kCellWidth));
            for (const QString& l : columns.back()) width[i] = std::max(width[i], static_cast<int>(l.size()) + 3);
        }
        table.push_back(std::move(columns));
    }
    o << "\n" << QStringLiteral("  Figure").leftJustified(labelWidth + 2);
    for (std::size_t i = 0; i < c.labels.size(); ++i) o << QString::fromStdString(c.labels[i]).rightJustified(width[i]);
    o << "\n";
    for (std::size_t row = 0; row < table.size(); ++row) {
        const auto& columns = table[row];
        qsizetype lines = 0;
        for (const auto& col : columns) lines = std::max(lines, col.size());
        for (qsizetype l = 0; l < lines; ++l) {
            QString line = (l == 0 && c.rows[row].differs ? QStringLiteral("* ") : QStringLiteral("  ")) + columns[0].value(l).leftJustified(labelWidth);
            for (std::size_t i = 1; i < columns.size(); ++i) line += columns[i].value(l).rightJustified(width[i - 1]);
            while (line.endsWith(QLatin1Char(' '))) line.chop(1);
            o << line << "\n";
        }
    }
    o << "\n* the designs differ; < the better figure; + a lower bound (some price is unknown)\n\nVerdict:\n";
    for (const auto& v : c.verdict)
        for (const QString& l : wrapWords(QString::fromStdString(v), kParagraphWidth - 2)) o << "  " << l << "\n";
}

int writeOutputs(const QCommandLineParser& p, const model::compare::Comparison& c, const std::vector<const model::compare::DesignResults*>& ds,
                 std::shared_ptr<const model::Catalog> catalog)
{
    const QString out = p.value(QStringLiteral("output"));
    try {
        if (p.isSet(QStringLiteral("csv"))) (void)report::writeCompareCsv(c, ds, p.value(QStringLiteral("csv")));
        if (out.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) report::writeTextFile(out, model::compare::toCsv(c));
    } catch (const std::exception& e) {
        printError(QString::fromStdString(e.what()));
        return kBadInput;
    }
    if (out.isEmpty() || out.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) return kOk;
    const QString error = report::writeReport(report::compareReport(c, ds, std::move(catalog)), out);
    if (!error.isEmpty()) {
        printError(error);
        return kBadInput;
    }
    return kOk;
}

} // namespace

int cmdCompare(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Two to four designs side by side: bandwidth, collectives, training, rules, cost, and a verdict."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("A.json B.json [C.json D.json]"), QStringLiteral("The designs (2 to 4)."));
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object on stdout (designs, verdict).")});
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Compare report FILE.pdf or FILE.html, or the table as FILE.csv (a value column per design, then a lower-bound flag per design: true where the figure leaves out an unknown price or power)."),
                 QStringLiteral("FILE")});
    p.addOption({QStringLiteral("csv"), QStringLiteral("Also write the table and every design's data as CSV files into DIR."), QStringLiteral("DIR")});
    addResultOptions(p);
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 0, 4, QStringLiteral("compare"), QStringLiteral("compare A.json B.json [C.json D.json] [--workload NAME] [--tokens N] [--json] [-o FILE.pdf|FILE.html|FILE.csv]"))) return *stop;
    const QStringList files = p.positionalArguments();
    if (files.size() < 2 || files.size() > 4) {
        printError(QStringLiteral("compare: expected 2 to 4 design files, got %1").arg(files.size()));
        return kUsage;
    }
    const QString out = p.value(QStringLiteral("output"));
    if (!out.isEmpty() && !out.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive) && !out.endsWith(QLatin1String(".html"), Qt::CaseInsensitive) &&
        !out.endsWith(QLatin1String(".htm"), Qt::CaseInsensitive) && !out.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) {
        printError(QStringLiteral("compare: -o expects a file name ending in .pdf, .html or .csv, got ") + out);
        return kUsage;
    }
    model::compare::ResultOptions options;
    try {
        options = resultOptions(p);
    } catch (const std::exception& e) {
        printError(QStringLiteral("compare: ") + QString::fromStdString(e.what()));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    auto prices = loadPricesOrReport();
    if (!catalog || !prices) return kBadInput;
    const auto shared = std::make_shared<const model::Catalog>(std::move(*catalog));
    std::vector<model::compare::DesignResults> results;
    for (const QString& f : files) {
        auto r = loadResultsOrReport(f, *shared, *prices, options);
        if (!r) return kBadInput;
        results.push_back(std::move(*r));
        // Without --workload every design trains the first design's workload, so the runs compare.
        // A first design whose workload cannot be read (its warning says so) sets none.
        if (options.workload.empty() && results.size() == 1 && results[0].analysis && results[0].analysis->workloadError.empty() &&
            !results[0].design->analysis.contains("model"))
            options.workload = results[0].analysis->workload;
    }
    std::vector<const model::compare::DesignResults*> ptrs;
    for (const auto& r : results) ptrs.push_back(&r);
    const model::compare::Comparison c = model::compare::compareDesigns(ptrs);
    if (p.isSet(QStringLiteral("json"))) printJson(model::compare::toJson(c, ptrs));
    else if (out.isEmpty() && !p.isSet(QStringLiteral("csv"))) printTable(c);
    return writeOutputs(p, c, ptrs, shared);
}

} // namespace app::cli
