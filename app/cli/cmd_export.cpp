// `cluster-designer export astra-sim|infragraph DESIGN.json -o DIR`: the design as configuration
// for the at-scale simulators people move to (ASTRA-sim; InfraGraph for its packet-level backends).
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"

#include "model/io/export/astra_sim.hpp"
#include "model/io/export/infragraph.hpp"
#include "model/io/input_error.hpp"

#include <QCommandLineParser>
#include <QTextStream>

#include <filesystem>

namespace app::cli {

int cmdExport(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Write a design as ASTRA-sim configuration (network.yml for the analytical backend, system.json, remote_memory.json) "
        "or as an InfraGraph infrastructure (the schema ASTRA-sim's service translates for ns-3 and htsim)."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("FORMAT"), QStringLiteral("astra-sim or infragraph"));
    p.addPositionalArgument(QStringLiteral("DESIGN.json"), QStringLiteral("The design."));
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Directory to write (created when missing)."), QStringLiteral("DIR")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 0, 2, QStringLiteral("export"), QStringLiteral("export astra-sim|infragraph DESIGN.json -o DIR"))) return *stop;
    const QStringList pos = p.positionalArguments();
    if (pos.size() != 2 || !p.isSet(QStringLiteral("o"))) {
        printError(QStringLiteral("export: expected FORMAT (astra-sim or infragraph), DESIGN.json and -o DIR"));
        return kUsage;
    }
    if (pos[0] != QLatin1String("astra-sim") && pos[0] != QLatin1String("infragraph")) {
        printError(QStringLiteral("export: unknown format '%1' (expected astra-sim or infragraph)").arg(pos[0]));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    auto design = loadDesignOrReport(pos[1], *catalog);
    if (!design) return kBadInput;
    const std::string dir = p.value(QStringLiteral("o")).toStdString();
    try {
        std::vector<model::io::ExportFile> files;
        std::vector<std::string> notes;
        if (pos[0] == QLatin1String("astra-sim")) {
            auto e = model::io::exportAstraSim(*design, *catalog);
            files = std::move(e.files);
            notes = std::move(e.notes);
        } else {
            auto e = model::io::exportInfraGraph(*design, *catalog);
            files = std::move(e.files);
            notes = std::move(e.notes);
        }
        model::io::writeExportFiles(dir, files);
        QTextStream o(stdout);
        for (const auto& f : files) o << "wrote " << QString::fromStdString((std::filesystem::path(dir) / f.name).lexically_normal().string()) << "\n";
        for (const auto& n : notes) o << "note: " << QString::fromStdString(n) << "\n";
        return kOk;
    } catch (const std::exception& e) {
        // The exporters say "<design>"; the user knows the design by its path.
        printError(errorText(e, pos[1]));
        return kBadInput;
    }
}

} // namespace app::cli
