// `cluster-designer catalog [--json]`: lists the loaded catalog.
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"

#include "model/catalog/catalog_export.hpp"

#include <QCommandLineParser>
#include <QTextStream>

namespace app::cli {

int cmdCatalog(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Print the loaded hardware catalog."));
    p.addHelpOption();
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object on stdout.")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 0, 0, QStringLiteral("catalog"), QStringLiteral("catalog [--json]"))) return *stop;
    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    if (p.isSet(QStringLiteral("json"))) {
        nlohmann::json j = model::catalogToJson(*catalog);
        j["directory"] = model::Catalog::bundledDirectory(); // the bundled catalogs' folder, as found
        printJson(j);
        return kOk;
    }
    QTextStream out(stdout);
    out << QString::fromStdString(model::catalogListing(*catalog));
    return kOk;
}

} // namespace app::cli
