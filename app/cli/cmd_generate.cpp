// `cluster-designer generate KIND [options] -o DESIGN.json`: topology generators.
#include "app/cli/cli.hpp"
#include "model/units/number_format.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"

#include "model/design/part_counts.hpp"
#include "model/io/input_error.hpp"
#include "model/topology/bom.hpp"
#include "model/topology/fat_tree.hpp"
#include "model/topology/generators.hpp"
#include "model/topology/rules.hpp"

#include <QCommandLineParser>
#include <QTextStream>

#include <algorithm>
#include <limits>
#include <cmath>
#include <vector>
#include <QTextStream>

namespace app::cli {

namespace {
using model::topology::badOption;

const char* kKinds = "server, fat-tree, gb200-nvl72, roce, rented";

struct Reader {
    const QCommandLineParser& p;
    std::string gen;
    [[nodiscard]] bool has(const char* name) const { return p.isSet(QString::fromLatin1(name)); }
    [[nodiscard]] std::string text(const char* name) const { return p.value(QString::fromLatin1(name)).toStdString(); }
    [[nodiscard]] std::string required(const char* name) const
    {
        if (!has(name) || p.value(QString::fromLatin1(name)).isEmpty())
            badOption(gen, std::string("--") + name, "required");
        return text(name);
    }
    [[nodiscard]] int integer(const char* name, int fallback, int min = 1) const
    {
        if (!has(name)) return fallback;
        bool ok = false;
        const int v = p.value(QString::fromLatin1(name)).toInt(&ok);
        if (!ok || v < min)
            // The upper bound is each generator's own (e.g. the nodes three fat-tree tiers hold):
            // it names it when a count is too large.
            badOption(gen, std::string("--") + name, "expected a whole number of at least " + std::to_string(min) + ", got \"" + text(name) + "\"");
        return v;
    }
    [[nodiscard]] double number(const char* name, double fallback) const
    {
        if (!has(name)) return fallback;
        bool ok = false;
        const double v = p.value(QString::fromLatin1(name)).toDouble(&ok);
        if (!ok || !(v > 0)) badOption(gen, std::string("--") + name, "expected a positive number, got \"" + text(name) + "\"");
        return v;
    }
    /// "2", "2:1" or "3:2" -> down:up ratio.
    [[nodiscard]] double ratio(const char* name) const
    {
        if (!has(name)) return 1.0;
        const QStringList parts = p.value(QString::fromLatin1(name)).split(QLatin1Char(':'));
        bool ok1 = false, ok2 = true;
        const double a = parts.value(0).toDouble(&ok1);
        const double b = parts.size() > 1 ? parts.value(1).toDouble(&ok2) : 1.0;
        if (!ok1 || !ok2 || parts.size() > 2 || !(a > 0) || !(b > 0))
            badOption(gen, std::string("--") + name, "expected a ratio such as 1:1, 2:1 or 3, got \"" + text(name) + "\"");
        return a / b;
    }
    [[nodiscard]] bool onOff(const char* name, bool fallback) const
    {
        if (!has(name)) return fallback;
        const std::string v = text(name);
        if (v == "on") return true;
        if (v == "off") return false;
        badOption(gen, std::string("--") + name, "expected on or off, got \"" + v + "\"");
    }
};

/// Server a fat tree or RoCE fabric is built from when --server is not given: the DGX H100 of the
/// default design (resources/templates/superpod-h100-1su.json) and of the generator dialog.
constexpr const char* kDefaultServer = "dgx-h100";

/// Options of generate fat-tree / roce. Without --switch the fabric takes the switch of the
/// compute NIC's protocol and rate (model::topology::defaultFabricSwitch): the NDR QM9700 for
/// InfiniBand up to 400G, the XDR Q3400 above, the Spectrum-4 SN5600 for RoCE and Ethernet.
/// @throws model::InputError naming the option on a bad value.
model::topology::FatTreeOptions fatTreeOptions(const Reader& r, bool roce, const model::Catalog& catalog)
{
    model::topology::FatTreeOptions o;
    o.server = r.has("server") ? r.required("server") : kDefaultServer;
    o.nodes = r.integer("nodes", 0);
    if (!r.has("nodes")) badOption(r.gen, "--nodes", "required");
    if (r.has("nics-per-node")) o.nicsPerNode = r.integer("nics-per-node", 0);
    o.nicModel = r.text("nic");
    o.switchModel = r.has("switch") ? r.required("switch") : model::topology::defaultFabricSwitch(catalog, o.server, o.nicModel, roce);
    if (r.has("link-gbps")) o.linkGbps = r.number("link-gbps", 0);
    o.oversubscription = r.ratio("oversubscription");
    o.planes = r.integer("planes", 1);
    o.railsPerLeaf = r.integer("rails-per-leaf", 0, 0);
    o.ufm = r.has("ufm");
    o.lossless = r.onOff("lossless", true);
    if (r.has("rack-kw")) o.rackPowerW = r.number("rack-kw", 0) * 1000.0;
    o.name = r.text("name");
    return o;
}

/// Refuses an option that KIND does not read: a value the generator would ignore
/// (`generate server --nodes 5` wrote one server) is an error, naming what KIND takes.
void refuseForeignOptions(const std::string& kind, const Reader& r)
{
    static const std::vector<std::pair<std::string, std::vector<const char*>>> kTakes = {
        {"server", {"server", "name"}},
        {"fat-tree", {"server", "nodes", "switch", "nics-per-node", "nic", "link-gbps", "oversubscription", "planes",
                      "rails-per-leaf", "ufm", "lossless", "rack-kw", "name"}},
        {"roce", {"server", "nodes", "switch", "nics-per-node", "nic", "link-gbps", "oversubscription", "planes",
                  "rails-per-leaf", "lossless", "rack-kw", "name"}},
        {"gb200-nvl72", {"server", "racks", "switch", "oversubscription", "name"}},
        {"rented", {"server", "nodes", "per-node-gbps", "price-per-gpu-hour", "provider", "price-source", "switch",
                    "max-gpus", "name"}},
    };
    static const char* kAll[] = {"server", "nodes", "racks", "switch", "nics-per-node", "nic", "link-gbps",
                                 "oversubscription", "planes", "rails-per-leaf", "ufm", "lossless", "rack-kw",
                                 "per-node-gbps", "price-per-gpu-hour", "provider", "price-source", "max-gpus", "name"};
    for (const auto& [k, takes] : kTakes) {
        if (k != kind) continue;
        for (const char* name : kAll) {
            if (!r.has(name) || std::find_if(takes.begin(), takes.end(), [&](const char* t) { return std::string(t) == name; }) != takes.end())
                continue;
            std::string list;
            for (const char* t : takes) list += (list.empty() ? "--" : ", --") + std::string(t);
            badOption(r.gen, std::string("--") + name, "does not apply to generate " + kind + " (it takes " + list + ")");
        }
    }
}

model::Design generate(const std::string& kind, const Reader& r, const model::Catalog& catalog)
{
    refuseForeignOptions(kind, r);
    using namespace model::topology;
    if (kind == "server") return generateSingleServer(catalog, {r.required("server"), r.text("name")});
    if (kind == "fat-tree") return generateFatTree(catalog, fatTreeOptions(r, false, catalog));
    if (kind == "roce") return generateRoceFabric(catalog, fatTreeOptions(r, true, catalog));
    if (kind == "gb200-nvl72") {
        RackScaleOptions o;
        if (r.has("server")) o.server = r.text("server");
        o.racks = r.integer("racks", 0);
        if (!r.has("racks")) badOption(r.gen, "--racks", "required");
        if (r.has("switch")) o.switchModel = r.text("switch");
        o.oversubscription = r.ratio("oversubscription");
        o.name = r.text("name");
        return generateRackScale(catalog, o);
    }
    if (kind == "rented") {
        RentedOptions o;
        o.server = r.required("server");
        o.nodes = r.integer("nodes", 0);
        if (!r.has("nodes")) badOption(r.gen, "--nodes", "required");
        o.perNodeGbps = r.number("per-node-gbps", 0);
        o.pricePerGpuHourUsd = r.number("price-per-gpu-hour", 0);
        o.provider = r.text("provider");
        o.priceSource = r.text("price-source");
        o.switchModel = r.text("switch");
        o.maxGpus = r.integer("max-gpus", 64);
        o.name = r.text("name");
        return generateRented(catalog, o);
    }
    throw model::InputError("<command line>", "generate", "KIND", "expected one of " + std::string(kKinds) + ", got \"" + kind + "\"");
}

/// --waive RULE=REASON: records an accepted finding in design.analysis["rule_waivers"].
void addWaivers(model::Design& d, const QStringList& waivers, const std::string& gen)
{
    for (const QString& w : waivers) {
        const int eq = w.indexOf(QLatin1Char('='));
        if (eq <= 0 || eq == w.size() - 1) badOption(gen, "--waive", "expected RULE=REASON, got \"" + w.toStdString() + "\"");
        if (!d.analysis.contains("rule_waivers")) d.analysis["rule_waivers"] = nlohmann::json::array();
        d.analysis["rule_waivers"].push_back({{"rule", w.left(eq).toStdString()}, {"reason", w.mid(eq + 1).toStdString()}});
    }
}
} // namespace

int cmdGenerate(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Generate a topology (KIND: server, fat-tree, gb200-nvl72, roce, rented) "
                                               "and save it as a design file."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("KIND"), QString::fromLatin1(kKinds));
    const auto opt = [&](const char* name, const char* help, const char* value) {
        p.addOption({QString::fromLatin1(name), QString::fromLatin1(help), QString::fromLatin1(value)});
    };
    opt("server", "Catalog id of the server (or rack-scale node); fat-tree and roce: default dgx-h100.", "ID");
    opt("nodes", "Number of servers.", "N");
    opt("racks", "gb200-nvl72: number of NVL72 racks.", "N");
    opt("switch", "Catalog id of the switch used at every tier; default from the NIC: qm9700 (InfiniBand up to 400G), q3400 (800G), sn5600 (roce, Ethernet).", "ID");
    opt("nics-per-node", "Network endpoints (rails) per server; default: its compute NIC count.", "K");
    opt("nic", "Compute NIC override (catalog id).", "ID");
    opt("link-gbps", "Link rate in Gb/s; default: the slower of NIC and switch port.", "G");
    opt("oversubscription", "Leaf down:up ratio, e.g. 1:1 or 2:1.", "R");
    opt("planes", "Independent fabric planes (rails split evenly).", "P");
    opt("rails-per-leaf", "Rails served by one leaf (0 = automatic).", "N");
    p.addOption({QStringLiteral("ufm"), QStringLiteral("Place the UFM appliance (catalog ufm-appliance) in one node slot, with its 4 cables (InfiniBand only).")});
    opt("lossless", "Ethernet switches: PFC/ECN on or off.", "on|off");
    opt("rack-kw", "Rack power envelope in kW used to place servers in racks (default 40.8).", "KW");
    opt("per-node-gbps", "rented: bandwidth between nodes per node, Gb/s.", "B");
    opt("price-per-gpu-hour", "rented: price in US dollars per GPU-hour.", "USD");
    opt("provider", "rented: provider name.", "TEXT");
    opt("price-source", "rented: where the price comes from, with its date.", "TEXT");
    opt("max-gpus", "rented: the provider's GPU limit (default 64).", "N");
    opt("name", "Design name.", "TEXT");
    opt("waive", "Accept a finding: RULE=REASON (repeatable), stored in the design.", "RULE=REASON");
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Design file to write."), QStringLiteral("DESIGN.json")});
    p.addOption({QStringLiteral("json"), QStringLiteral("Print a summary as one JSON object.")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    if (const auto stop = checkPositionals(p, 0, 1, QStringLiteral("generate"), QStringLiteral("generate KIND [options] -o DESIGN.json"))) return *stop;
    if (p.positionalArguments().size() != 1) {
        printError(QStringLiteral("generate: expected one KIND (%1)").arg(QString::fromLatin1(kKinds)));
        return kUsage;
    }
    if (!p.isSet(QStringLiteral("o"))) {
        printError(QStringLiteral("generate: -o DESIGN.json is required"));
        return kUsage;
    }
    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    const std::string kind = p.positionalArguments().front().toStdString();
    const std::string out = p.value(QStringLiteral("o")).toStdString();
    try {
        const Reader r{p, "generate " + kind};
        model::Design d = generate(kind, r, *catalog);
        addWaivers(d, p.values(QStringLiteral("waive")), r.gen);
        const auto report = model::topology::checkDesign(d, *catalog);
        model::saveDesign(d, out);
        const model::PartCounts parts = model::countParts(d, *catalog); // appliances: GPU-less servers (UFM)
        const int servers = parts.servers, appliances = parts.appliances;
        // Physical cables, as the bill of materials counts them (a link is a bundle of `count`,
        // and a split switch port takes one breakout cable for its links; helper-90: "288
        // links" read as cables for the SuperPOD unit's 512; helper-93: 512 against the BOM's 256
        // on a split SN5600).
        long long cables = 0;
        for (const auto& c : model::topology::computeBom(d, *catalog).cables) cables += c.count();
        if (p.isSet(QStringLiteral("json"))) {
            nlohmann::json j = {{"file", out}, {"name", d.name}, {"servers", servers}, {"appliances", appliances}, {"gpus", parts.gpus},
                                {"nodes", d.nodes().size()}, {"links", d.links().size()}, {"cables", cables},
                                {"generator", d.analysis.value("generator", nlohmann::json::object())},
                                {"rules", model::topology::toJson(report)}};
            printJson(j);
        } else {
            QTextStream o(stdout);
            const auto n = [](double v) { return QString::fromStdString(model::formatCount(v)); }; // "16,384"
            o << "wrote " << QString::fromStdString(out) << ": " << QString::fromStdString(d.name) << "\n  " << n(servers)
              << " " << QString::fromStdString(model::serverNoun(parts.serverKind, servers)) << ", "
              << (appliances > 0 ? n(appliances) + (appliances == 1 ? " appliance, " : " appliances, ") : QString())
              << n(parts.gpus) << (parts.gpus == 1 ? " GPU, " : " GPUs, ") << n(parts.switches) << (parts.switches == 1 ? " switch, " : " switches, ")
              << n(static_cast<double>(cables)) << (cables == 1 ? " cable" : " cables")
              << (static_cast<long long>(d.links().size()) != cables
                      ? " (" + n(static_cast<double>(d.links().size())) + (d.links().size() == 1 ? " link)" : " links)")
                      : QString())
              << "; design rules: "
              << report.count(model::topology::Severity::Error) << (report.count(model::topology::Severity::Error) == 1 ? " error, " : " errors, ")
              << report.count(model::topology::Severity::Warning)
              << (report.count(model::topology::Severity::Warning) == 1 ? " warning\n" : " warnings\n");
            for (const auto& f : report.findings)
                o << "  " << model::topology::toString(f.severity) << " [" << QString::fromStdString(f.rule) << "] "
                  << QString::fromStdString(f.message) << "\n";
            const nlohmann::json gen = d.analysis.value("generator", nlohmann::json::object());
            const std::string note = model::topology::builtOversubscriptionNote(gen);
            if (!note.empty()) o << "  note: " << QString::fromStdString(note) << "\n";
        }
        return kOk;
    } catch (const model::InputError& e) {
        printError(QString::fromStdString(e.what()));
        return kBadInput;
    } catch (const std::runtime_error& e) {
        printError(QString::fromStdString(e.what()));
        return kBadInput;
    }
}

} // namespace app::cli
