#include "app/cli/cli.hpp"

#include "app/cli/commands.hpp"

#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

namespace app::cli {

namespace {
struct Command {
    const char* name;
    int (*fn)(const QStringList&);
    const char* summary;
    bool widgets;
};

const Command kCommands[] = {
    {"analyze", cmdAnalyze, "analyze DESIGN.json [--json]: per-layer bandwidth, bottleneck, scaling", false},
    {"collective", cmdCollective,
     "collective DESIGN.json --op OP --bytes SIZE [--gpus N] [--json]: one collective, nccl-tests style", false},
    {"catalog", cmdCatalog, "catalog [--json]: the loaded hardware catalog", false},
    {"generate", cmdGenerate,
     "generate KIND [options] -o DESIGN.json: topology generators (server, fat-tree, gb200-nvl72, roce, rented)", false},
    {"bom", cmdBom, "bom DESIGN.json [--json|--csv]: bill of materials", false},
    {"screenshot", cmdScreenshot, "screenshot [DESIGN.json] -o FILE.png: render the main window offscreen", true},
};

const Command* find(const QString& name)
{
    for (const auto& c : kCommands)
        if (name == QLatin1String(c.name)) return &c;
    return nullptr;
}

void printUsage()
{
    QTextStream err(stderr);
    err << "usage: cluster-designer [DESIGN.json]            open the GUI\n";
    for (const auto& c : kCommands) err << "       cluster-designer " << c.summary << "\n";
}
} // namespace

bool isCommand(const QString& arg)
{
    if (find(arg) != nullptr || arg == QLatin1String("help") || arg == QLatin1String("--help") || arg == QLatin1String("-h"))
        return true;
    // A bare word that is no file ("frobnicate", "report") is a mistyped or missing command, not
    // a design to open: the command line answers it (usage, exit 2) instead of starting the GUI.
    const bool looksLikePath = arg.contains(QLatin1Char('/')) || arg.contains(QLatin1Char('.'));
    return !arg.isEmpty() && !arg.startsWith(QLatin1Char('-')) && !looksLikePath && !QFileInfo::exists(arg);
}

bool needsWidgets(const QString& command)
{
    const Command* c = find(command);
    return c && c->widgets;
}

int run(const QStringList& args)
{
    if (args.size() < 2) {
        printUsage();
        return kUsage;
    }
    const Command* c = find(args[1]);
    if (!c) {
        const bool help = args[1].startsWith(QLatin1Char('-')) || args[1] == QLatin1String("help");
        if (!help) {
            QTextStream err(stderr);
            const QStringList planned = {QStringLiteral("report"), QStringLiteral("compare"), QStringLiteral("import")};
            if (planned.contains(args[1]))
                err << "cluster-designer: the '" << args[1] << "' command is not available in this version\n";
            else
                err << "cluster-designer: unknown command '" << args[1] << "'\n";
        }
        printUsage();
        return args[1].startsWith(QLatin1Char('-')) || args[1] == QLatin1String("help") ? kOk : kUsage;
    }
    QStringList rest = args;
    rest.removeFirst(); // program; rest[0] is now the command name, as QCommandLineParser expects argv[0]
    rest[0] = QStringLiteral("cluster-designer ") + rest[0];
    return c->fn(rest);
}

} // namespace app::cli
