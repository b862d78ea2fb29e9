// The app never writes into its bundled data (catalogs/, templates/): a design written among
// the catalogs stopped every later start ("field "format": expected "cluster-designer-catalog"").
// Every command that writes a file refuses a path in either folder, naming it, and writes nothing.
#include "cli_run.hpp"

#include "model/catalog/catalog.hpp"
#include "model/catalog/data_dirs.hpp"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace {

/// Copies every file of `from` into `to` (flat folders: catalogs/ and templates/).
void copyFolder(const QString& from, const QString& to)
{
    REQUIRE(QDir().mkpath(to));
    for (const QString& name : QDir(from).entryList(QDir::Files)) REQUIRE(QFile::copy(from + QLatin1Char('/') + name, to + QLatin1Char('/') + name));
}

QStringList filesUnder(const QString& dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) out << it.next();
    out.sort();
    return out;
}

} // namespace

TEST_CASE("no command writes into the bundled catalogs or templates folder", "[cli][bundled]")
{
    QTemporaryDir tmp;
    const QString catalogs = tmp.filePath(QStringLiteral("catalogs")), templates = tmp.filePath(QStringLiteral("templates"));
    copyFolder(QString::fromStdString(model::bundledCatalogDirectory()), catalogs);
    copyFolder(QString::fromStdString(model::bundledTemplateDirectory()), templates);
    QProcessEnvironment env;
    env.insert(QStringLiteral("CLUSTER_DESIGNER_CATALOGS"), catalogs);
    env.insert(QStringLiteral("CLUSTER_DESIGNER_TEMPLATES"), templates);
    const QString design = tmp.filePath(QStringLiteral("d.json"));
    REQUIRE(clitest::cli({QStringLiteral("generate"), QStringLiteral("server"), QStringLiteral("--server"), QStringLiteral("dgx-h100"),
                          QStringLiteral("-o"), design}, env).code == 0);
    const QStringList before = filesUnder(catalogs) + filesUnder(templates);

    const QString inCatalogs = catalogs + QStringLiteral("/x"), inTemplates = templates + QStringLiteral("/../templates/x");
    const std::vector<std::pair<QStringList, QString>> writes = {
        {{QStringLiteral("generate"), QStringLiteral("server"), QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("-o"), inCatalogs + QStringLiteral(".json")}, QStringLiteral("hardware catalogs")},
        {{QStringLiteral("generate"), QStringLiteral("server"), QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("-o"), inTemplates + QStringLiteral(".json")}, QStringLiteral("design templates")},
        {{QStringLiteral("report"), design, QStringLiteral("-o"), inCatalogs + QStringLiteral(".pdf")}, QStringLiteral("hardware catalogs")},
        {{QStringLiteral("report"), design, QStringLiteral("-o"), inTemplates + QStringLiteral(".html")}, QStringLiteral("design templates")},
        {{QStringLiteral("compare"), design, design, QStringLiteral("-o"), inCatalogs + QStringLiteral(".csv")}, QStringLiteral("hardware catalogs")},
        {{QStringLiteral("screenshot"), design, QStringLiteral("-o"), inTemplates + QStringLiteral(".png")}, QStringLiteral("design templates")},
        {{QStringLiteral("export"), QStringLiteral("astra-sim"), design, QStringLiteral("-o"), catalogs}, QStringLiteral("hardware catalogs")},
        {{QStringLiteral("export"), QStringLiteral("infragraph"), design, QStringLiteral("-o"), inTemplates}, QStringLiteral("design templates")},
    };
    for (const auto& [args, folder] : writes) {
        INFO(args.join(QLatin1Char(' ')).toStdString());
        const clitest::Outcome o = clitest::cli(args, env);
        CHECK(o.code != 0);
        CHECK(o.err.contains(QStringLiteral("in the folder of the bundled ") + folder));
        CHECK(o.err.contains(QStringLiteral("which Cluster Designer never changes")));
    }
    // helper-83's ways round it: a dangling link into the catalogs, a CSV folder inside them (made
    // before its files were refused), the folder itself with a trailing slash or "/.".
    const QString link = tmp.filePath(QStringLiteral("report.html"));
    REQUIRE(QFile::link(catalogs + QStringLiteral("/leak.html"), link));
    const std::vector<QStringList> more = {
        {QStringLiteral("report"), design, QStringLiteral("-o"), link},
        {QStringLiteral("report"), design, QStringLiteral("-o"), tmp.filePath(QStringLiteral("r.html")), QStringLiteral("--csv"), catalogs + QStringLiteral("/sub")},
        {QStringLiteral("generate"), QStringLiteral("server"), QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("-o"), catalogs + QStringLiteral("/")},
        {QStringLiteral("generate"), QStringLiteral("server"), QStringLiteral("--server"), QStringLiteral("dgx-h100"), QStringLiteral("-o"), catalogs + QStringLiteral("/.")},
    };
    for (const QStringList& args : more) {
        INFO(args.join(QLatin1Char(' ')).toStdString());
        const clitest::Outcome o = clitest::cli(args, env);
        CHECK(o.code != 0);
        CHECK(o.err.contains(QStringLiteral("the folder of the bundled hardware catalogs")));
    }
    CHECK(filesUnder(catalogs) + filesUnder(templates) == before);
    CHECK_FALSE(QFileInfo::exists(catalogs + QStringLiteral("/sub")));
    // The app still starts on its data.
    CHECK(clitest::cli({QStringLiteral("catalog")}, env).code == 0);
}
