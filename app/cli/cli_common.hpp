#pragma once
/// @file cli_common.hpp
/// Helpers shared by the command implementations: loading inputs with errors on stderr,
/// printing JSON on stdout.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"

#include <nlohmann/json.hpp>

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>

namespace app::cli {

/// Loads the bundled catalog plus the user's catalogs (lenient; problems go to stderr).
/// @return nullopt after printing the error when the bundled catalog itself is broken.
[[nodiscard]] std::optional<model::Catalog> loadCatalogOrReport();

/// Loads and validates a design against `catalog`. @return nullopt after printing the
/// error (file, entry, field, expected) to stderr.
[[nodiscard]] std::optional<model::Design> loadDesignOrReport(const QString& path, const model::Catalog& catalog);

/// Prints `j` as one JSON object on stdout (pretty, 2 spaces) followed by a newline.
void printJson(const nlohmann::json& j);

/// Parses `args` with `parser`. On a parse error prints it to stderr; with --help prints the
/// help text to stdout. @return the exit status to stop with (kUsage or kOk), or nullopt
/// when the command should go on.
[[nodiscard]] std::optional<int> parseOrStop(QCommandLineParser& parser, const QStringList& args);

/// Checks the number of positional arguments against [min, max]. Missing ones and every
/// unexpected one ("catalog extra") are refused: prints "COMMAND: unexpected argument "extra";
/// usage: USAGE" (or "COMMAND: missing argument; usage: USAGE") to stderr.
/// @return kUsage after printing, or nullopt when the count is right.
[[nodiscard]] std::optional<int> checkPositionals(const QCommandLineParser& parser, qsizetype min, qsizetype max,
                                                  const QString& command, const QString& usage);

/// The training presets' names, comma-separated ("gpt3-175b, llama3-8b, ...").
[[nodiscard]] std::string presetList();

/// The value of --workload: a training preset's name (model::analysis::presetNames()), or the
/// name of the own model (analysis.model.name) of every design in `designFiles` (the
/// workstation template trains its own llama3.2-1b). A design file that does not load is
/// skipped here; its loader reports it.
/// @throws std::invalid_argument "--workload: expected one of gpt3-175b, ...[, or the design's
///         own model "X"]; got "NAME"", or naming the design whose own model it is not.
[[nodiscard]] std::string workloadOption(const QCommandLineParser& parser, const QStringList& designFiles);

/// Prints "cluster-designer: MESSAGE" to stderr.
void printError(const QString& message);

/// The message of `e`, with the design file `designPath` named where the engine could only
/// say "<design>" (an InputError from the design's analysis settings, which the engine reads
/// without knowing the file).
[[nodiscard]] QString errorText(const std::exception& e, const QString& designPath);

} // namespace app::cli
