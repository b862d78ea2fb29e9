#pragma once
/// @file export_files.hpp
/// Files an exporter produces, written into a directory each atomically (temporary file beside
/// it, then rename(2)), so an interrupted export never leaves a half-written configuration.

#include <string>
#include <vector>

namespace model::io {

/// One file of an export.
struct ExportFile {
    std::string name;     ///< file name inside the export directory
    std::string content;
};

/// Writes `files` into `dir`, creating it (and its parents) when missing.
/// @throws std::runtime_error naming the path when the directory cannot be created or a file
///         cannot be written.
void writeExportFiles(const std::string& dir, const std::vector<ExportFile>& files);

/// A number for a configuration file: up to 6 significant digits, no exponent for ordinary
/// magnitudes, no trailing zeros ("419.095", "50", "0.6").
[[nodiscard]] std::string configNumber(double v);

} // namespace model::io
