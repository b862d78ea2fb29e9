// `cluster-designer bom DESIGN.json [--json|--csv]`: bill of materials.
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"

#include "app/cli/results_loading.hpp"

#include "model/cost/cost_model.hpp"
#include "model/cost/cost_settings.hpp"
#include "model/topology/bom.hpp"

#include <QCommandLineParser>
#include <QTextStream>

#include <iostream>

namespace app::cli {

int cmdBom(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Bill of materials: servers, switches by tier, NICs, cables, transceivers, power, racks."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("DESIGN.json"), QStringLiteral("The design."));
    p.addOption({QStringLiteral("json"), QStringLiteral("One JSON object on stdout.")});
    p.addOption({QStringLiteral("csv"), QStringLiteral("CSV on stdout.")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 0, 1, QStringLiteral("bom"), QStringLiteral("bom DESIGN.json [--json|--csv]"))) return *stop;
    if (p.positionalArguments().size() != 1 || (p.isSet(QStringLiteral("json")) && p.isSet(QStringLiteral("csv")))) {
        printError(QStringLiteral("bom: expected one DESIGN.json and at most one of --json, --csv"));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    auto prices = loadPricesOrReport();
    if (!catalog || !prices) return kBadInput;
    const QString file = p.positionalArguments().front();
    auto design = loadDesignOrReport(file, *catalog);
    if (!design) return kBadInput;
    // Power as the cost counts it: the design's own figures (analysis.cost.power_W) and
    // prices.json's where the catalog has none, each named in the power line.
    model::topology::PowerFigures power;
    try {
        std::string runSizeError; // a training-run size out of range does not touch power
        const auto settings = model::cost::costSettingsExceptRunSize(*design, file.toStdString(), runSizeError);
        power = model::cost::bomPowerFigures(*design, *catalog, *prices, settings);
    } catch (const std::exception& e) {
        printError(QStringLiteral("bom: ") + QString::fromStdString(e.what()));
        return kBadInput;
    }
    const model::topology::Bom b = model::topology::computeBom(*design, *catalog, power);
    if (p.isSet(QStringLiteral("json"))) {
        printJson(model::topology::toJson(b));
        return kOk;
    }
    if (p.isSet(QStringLiteral("csv"))) {
        std::cout << model::topology::toCsv(b) << std::flush;
        return kOk;
    }
    QTextStream o(stdout);
    o << "Servers\n";
    if (b.servers.empty()) o << "  none\n";
    for (const auto& s : b.servers) o << "  " << s.count << " x " << QString::fromStdString(s.name) << " (" << s.gpus << " GPUs)\n";
    const auto none = [&o](bool empty) {
        if (empty) o << "  none\n";
    };
    o << "Switches\n";
    none(b.switches.empty());
    for (const auto& s : b.switches)
        o << "  " << s.count << " x " << QString::fromStdString(s.name) << ", " << model::toString(s.tier) << "\n";
    o << "Compute NICs\n";
    none(b.nics.empty());
    for (const auto& n : b.nics) o << "  " << n.count << " x " << QString::fromStdString(n.name) << "\n";
    o << "Cables\n";
    none(b.cables.empty());
    for (const auto& c : b.cables)
        o << "  " << QString::fromStdString(c.between).leftJustified(14) << c.count() << " (" << c.dac << " DAC, " << c.optical << " optical)\n";
    o << "Transceivers\n";
    none(b.transceivers.empty());
    for (const auto& t : b.transceivers)
        o << "  " << t.count << " x " << QString::fromStdString(t.form()) << ", " << QString::fromStdString(t.end) << " end\n";
    o << "Power: " << QString::fromStdString(model::topology::powerText(b));
    o << "\nSpace: " << QString::fromStdString(model::topology::rackUnitsText(b)) << "; racks: "
      << QString::fromStdString(model::topology::racksText(b)) << "\n";
    o << "Cable rule: " << QString::fromStdString(b.reachRule) << "\n";
    o << "Transceiver rule: " << QString::fromStdString(b.transceiverRule) << "\n";
    return kOk;
}

} // namespace app::cli
