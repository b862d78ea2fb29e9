#pragma once
/// @file cli.hpp
/// The command-line interface of the same binary (contract: shared/design/ARCHITECTURE.md).
/// `cluster-designer COMMAND ...` runs without a display; `--json` output is one JSON object
/// on stdout; errors go to stderr with a non-zero exit status.

#include <QStringList>

#include <functional>

namespace app::cli {

/// Exit statuses of every command.
enum ExitCode : int {
    kOk = 0,
    kBadInput = 1,   ///< a design/catalog/file could not be read or is invalid
    kUsage = 2,      ///< unknown command or bad option
    kInternal = 3,   ///< an unexpected error (a bug, or out of memory) stopped the command; stderr says which
};

/// True when `arg` (argv[1]) is for the command line rather than a design file to open in the
/// GUI: a command, help, or a bare word that is no file (answered as an unknown command).
[[nodiscard]] bool isCommand(const QString& arg);

/// Runs the command named by args[1] (args[0] is the program). Needs a QCoreApplication (or
/// QApplication for `screenshot`) to exist. @return the process exit status.
[[nodiscard]] int run(const QStringList& args);

/// Runs `command` (one command's function) and turns any exception it lets out into a message
/// on stderr ("cluster-designer: NAME: ...") and an exit status: kBadInput for refused input
/// (model::InputError) and missing data folders (model::DataDirNotFound), kInternal for
/// anything else (a bug, out of memory). run() calls every command through it.
[[nodiscard]] int runGuarded(const QString& name, const std::function<int()>& command);

/// True for commands that draw widgets and therefore need a QApplication (offscreen is fine).
[[nodiscard]] bool needsWidgets(const QString& command);

} // namespace app::cli
