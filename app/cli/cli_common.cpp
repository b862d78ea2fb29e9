#include "app/cli/cli_common.hpp"

#include "app/cli/cli.hpp"

#include "app/user_catalogs.hpp"
#include "model/analysis/training.hpp"

#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <iostream>

namespace app::cli {

void printError(const QString& message)
{
    QTextStream err(stderr);
    err << "cluster-designer: " << message << "\n";
}

QString errorText(const std::exception& e, const QString& designPath)
{
    if (const auto* ie = dynamic_cast<const model::InputError*>(&e); ie && ie->file() == "<design>")
        return QString::fromStdString(model::InputError(designPath.toStdString(), ie->entry(), ie->field(), ie->problem()).what());
    return QString::fromStdString(e.what());
}

std::optional<int> parseOrStop(QCommandLineParser& parser, const QStringList& args)
{
    if (!parser.parse(args)) {
        printError(parser.errorText());
        return kUsage;
    }
    // An option given twice with values is refused, not decided by the last one (helper-90:
    // "--op all_reduce --op broadcast" ran broadcast, "-o x.pdf -o y.pdf" wrote y.pdf only);
    // --fail and --waive take several on purpose.
    QStringList seen;
    for (const QString& name : parser.optionNames()) {
        if (name == QLatin1String("fail") || name == QLatin1String("waive")) continue;
        const QStringList values = parser.values(name);
        if (values.isEmpty() && parser.optionNames().count(name) > 1) { // a flag twice ("--json --json")
            printError(QStringLiteral("%1: option %2%3 given %4 times; give it once")
                           .arg(args.isEmpty() ? QStringLiteral("cluster-designer") : args.first().section(QLatin1Char(' '), -1),
                                name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--"), name)
                           .arg(parser.optionNames().count(name)));
            return kUsage;
        }
        if (values.size() < 2 || seen.contains(values.join(QLatin1Char('\n')) + name)) continue;
        seen << values.join(QLatin1Char('\n')) + name;
        const QString dashes = name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--");
        printError(QStringLiteral("%1: option %2%3 given %4 times (%5); give it once")
                       .arg(args.isEmpty() ? QStringLiteral("cluster-designer") : args.first().section(QLatin1Char(' '), -1), dashes, name)
                       .arg(values.size())
                       .arg(values.join(QStringLiteral(", "))));
        return kUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        // Qt names the program by its path ("Usage: build/app/cluster-designer [options] design");
        // the command's own name (args[0], "cluster-designer collective") says which command it is.
        QString text = parser.helpText();
        const qsizetype at = text.indexOf(QStringLiteral("Usage: "));
        const qsizetype end = at < 0 ? -1 : text.indexOf(QStringLiteral(" [options]"), at);
        const qsizetype eol = at < 0 ? -1 : text.indexOf(QLatin1Char('\n'), at);
        if (at >= 0 && end > at && (eol < 0 || end < eol) && !args.isEmpty()) text.replace(at + 7, end - at - 7, args.first());
        QTextStream(stdout) << text;
        return kOk;
    }
    return std::nullopt;
}

std::optional<int> checkPositionals(const QCommandLineParser& parser, qsizetype min, qsizetype max, const QString& command,
                                    const QString& usage)
{
    const QStringList pos = parser.positionalArguments();
    if (pos.size() >= min && pos.size() <= max) return std::nullopt;
    QString what;
    if (pos.size() < min) {
        what = QStringLiteral("missing argument");
    } else {
        QStringList extra;
        for (qsizetype i = max; i < pos.size(); ++i) extra << QLatin1Char('"') + pos[i] + QLatin1Char('"');
        what = (extra.size() == 1 ? QStringLiteral("unexpected argument ") : QStringLiteral("unexpected arguments ")) + extra.join(QStringLiteral(", "));
    }
    printError(command + QStringLiteral(": ") + what + QStringLiteral("; usage: cluster-designer ") + usage);
    return kUsage;
}

std::string presetList()
{
    std::string list;
    for (const auto& n : model::analysis::presetNames()) list += (list.empty() ? "" : ", ") + n;
    return list;
}

std::string workloadOption(const QCommandLineParser& parser, const QStringList& designFiles)
{
    // " LLAMA3-8B " names llama3-8b.
    const std::string name = model::analysis::canonicalWorkload(parser.value(QStringLiteral("workload")).trimmed().toStdString());
    // Blank is no name: not "the own model" of a design that has none (it exited 1, not 2).
    if (name.empty()) throw std::invalid_argument("--workload: expected one of " + presetList() + "; got \"\"");
    const auto& names = model::analysis::presetNames();
    if (std::find(names.begin(), names.end(), name) != names.end()) return name;
    // Not a preset: the own model (analysis.model.name) of every design. A design that does not
    // load is left to the loader, which reports it with its file.
    std::vector<std::string> with, without;
    std::string ownOfFirst;
    for (const QString& f : designFiles) {
        nlohmann::json analysis;
        try {
            analysis = model::loadDesign(f.toStdString()).analysis;
        } catch (const std::exception&) {
            continue;
        }
        const std::string own = model::analysis::ownModelName(analysis);
        if (ownOfFirst.empty()) ownOfFirst = own;
        (own == name ? with : without).push_back(f.toStdString());
    }
    if (without.empty() && !with.empty()) return name;
    if (!with.empty())
        throw std::invalid_argument("--workload: \"" + name + "\" is the own model of " + with.front() + " but not of " + without.front() +
                                    "; expected one of " + presetList() + " for every design");
    std::string expected = presetList();
    if (!ownOfFirst.empty() && designFiles.size() == 1) expected += ", or the design's own model \"" + ownOfFirst + "\"";
    throw std::invalid_argument("--workload: expected one of " + expected + "; got \"" + name + "\"");
}

void printJson(const nlohmann::json& j)
{
    std::cout << j.dump(2) << std::endl;
}

std::optional<model::Catalog> loadCatalogOrReport()
{
    try {
        model::Catalog c = model::Catalog::loadBundled();
        loadUserCatalogs(c);
        for (const auto& p : c.problems()) printError(QString::fromStdString(std::string("skipped: ") + p.what()));
        return c;
    } catch (const std::exception& e) {
        printError(QString::fromStdString(e.what()));
        return std::nullopt;
    }
}

std::optional<model::Design> loadDesignOrReport(const QString& path, const model::Catalog& catalog)
{
    try {
        const std::string p = path.toStdString();
        model::Design d = model::loadDesign(p);
        d.validateAgainst(catalog, p);
        return d;
    } catch (const std::exception& e) {
        printError(QString::fromStdString(e.what()));
        return std::nullopt;
    }
}

} // namespace app::cli
