#include "app/cli/cli.hpp"

#include "app/cli/commands.hpp"

#include "model/catalog/data_dirs.hpp"
#include "model/io/input_error.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <cstdio>
#include <exception>
#include <new>

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
    {"report", cmdReport, "report DESIGN.json -o FILE.pdf|FILE.html [--workload NAME] [--tokens N] [--csv DIR]: the design report", true},
    {"compare", cmdCompare,
     "compare A.json B.json [C.json D.json] [--workload NAME] [--tokens N] [--json] [-o FILE.pdf|FILE.html|FILE.csv]: side by side, with a verdict",
     true},
    {"import", cmdImport,
     "import nvidia-smi-topo|nccl-topo|nccl-tests|nccl-log|lspci|auto FILE [-o DESIGN.json] [--json] [--design DESIGN.json]: "
     "read what a cluster printed, name likely causes", false},
    {"export", cmdExport, "export astra-sim|infragraph DESIGN.json -o DIR: configuration for at-scale simulators", false},
    {"screenshot", cmdScreenshot, "screenshot [DESIGN.json] -o FILE.png: render the main window offscreen", true},
};

const Command* find(const QString& name)
{
    for (const auto& c : kCommands)
        if (name == QLatin1String(c.name)) return &c;
    return nullptr;
}

/// The usage text: on stdout when asked for (--help, exit 0), on stderr after a mistake.
void printUsage(FILE* stream)
{
    QTextStream out(stream);
    out << "usage: cluster-designer [DESIGN.json]            open the GUI\n";
    for (const auto& c : kCommands) out << "       cluster-designer " << c.summary << "\n";
    out << "       cluster-designer --version: print the version\n";
}

bool isHelp(const QString& arg)
{
    return arg == QLatin1String("help") || arg == QLatin1String("--help") || arg == QLatin1String("-h");
}
} // namespace

bool isCommand(const QString& arg)
{
    if (find(arg) != nullptr || isHelp(arg) || arg == QLatin1String("--version")) return true;
    // A bare word that is no file ("frobnicate", "reprot") is a mistyped or missing command, not
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
        printUsage(stderr);
        return kUsage;
    }
    if (args[1] == QLatin1String("--version")) {
        QTextStream(stdout) << QCoreApplication::applicationName() << " " << QCoreApplication::applicationVersion() << "\n";
        return kOk;
    }
    if (isHelp(args[1])) {
        printUsage(stdout);
        return kOk;
    }
    const Command* c = find(args[1]);
    if (!c) {
        QTextStream err(stderr);
        err << "cluster-designer: unknown command '" << args[1] << "'\n";
        printUsage(stderr);
        return kUsage;
    }
    QStringList rest = args;
    rest.removeFirst(); // program; rest[0] is now the command name, as QCommandLineParser expects argv[0]
    rest[0] = QStringLiteral("cluster-designer ") + rest[0];
    return runGuarded(args[1], [&] { return c->fn(rest); });
}

int runGuarded(const QString& name, const std::function<int()>& command)
{
    // The top level of every command: nothing escapes to std::terminate (which would abort
    // with a core dump and no message).
    QTextStream err(stderr);
    try {
        return command();
    } catch (const model::InputError& e) {
        err << "cluster-designer: " << name << ": " << QString::fromStdString(e.what()) << "\n";
        return kBadInput;
    } catch (const model::DataDirNotFound& e) { // the message says what to do
        err << "cluster-designer: " << QString::fromStdString(e.what()) << "\n";
        return kBadInput;
    } catch (const std::bad_alloc&) {
        err << "cluster-designer: " << name << ": out of memory\n";
    } catch (const std::exception& e) {
        err << "cluster-designer: " << name << ": unexpected error: " << QString::fromStdString(e.what()) << "\n";
    } catch (...) {
        err << "cluster-designer: " << name << ": unexpected error of unknown type\n";
    }
    return kInternal;
}

} // namespace app::cli
