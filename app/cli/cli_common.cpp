#include "app/cli/cli_common.hpp"

#include "app/cli/cli.hpp"

#include "app/user_catalogs.hpp"

#include <QTextStream>

#include <cstdio>
#include <iostream>

namespace app::cli {

void printError(const QString& message)
{
    QTextStream err(stderr);
    err << "cluster-designer: " << message << "\n";
}

std::optional<int> parseOrStop(QCommandLineParser& parser, const QStringList& args)
{
    if (!parser.parse(args)) {
        printError(parser.errorText());
        return kUsage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        QTextStream(stdout) << parser.helpText();
        return kOk;
    }
    return std::nullopt;
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
