#pragma once
/// @file commands.hpp
/// One function per command-line command, each in its own cmd_*.cpp. Each receives the
/// arguments after the command name and returns the exit status (app::cli::ExitCode).

#include <QStringList>

namespace app::cli {

int cmdCatalog(const QStringList& args);     ///< cmd_catalog.cpp
int cmdAnalyze(const QStringList& args);     ///< cmd_analyze.cpp
int cmdCollective(const QStringList& args);  ///< cmd_collective.cpp
int cmdScreenshot(const QStringList& args);  ///< cmd_screenshot.cpp
int cmdGenerate(const QStringList& args);    ///< cmd_generate.cpp
int cmdBom(const QStringList& args);         ///< cmd_bom.cpp
int cmdReport(const QStringList& args);      ///< cmd_report.cpp
int cmdCompare(const QStringList& args);     ///< cmd_compare.cpp
int cmdImport(const QStringList& args);      ///< cmd_import.cpp
int cmdExport(const QStringList& args);      ///< cmd_export.cpp

} // namespace app::cli
