#pragma once
/// @file import_record.hpp
/// An import as a design keeps it, in design.analysis["imported"] (saved with the design):
///
///     {"file": "nccl_tests_13.txt", "format": "nccl-tests output", "kind": "curve",
///      "findings": [{rule, severity, message, evidence, line}],     // from the file alone
///      "notes": ["..."],                                             // what -o assumed
///      "warnings": ["..."],
///      "curve": {"collective", "ranks", "nodes", "gpu_name",
///                "points": [{"bytes", "busbw_GBps", "algbw_GBps", "time_us", "line", "text"}]},
///      "transports": [{"transport", "gdrdma", "connections", "line", "text"}]}
///
/// It holds what the advisor needs to set the measurement beside the design again after every
/// edit (the measured curve, the transports a log showed, the lines they rest on), not the
/// whole file.

#include "model/io/import/import.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace model::io {

/// The record of `r`: `findings` are the file's own (adviseFromFile), `notes` what was assumed.
[[nodiscard]] nlohmann::json importRecord(const ImportResult& r, const std::vector<std::string>& notes);

/// Rebuilds an ImportResult from a record: file, format, kind, warnings, the file's findings,
/// the curve (from "curve"), a log with the recorded transports, and `lines` holding the text
/// of every line the record quotes (others empty).
/// @throws InputError (file "design", entry "analysis.imported") naming the field when the
///         record is malformed.
[[nodiscard]] ImportResult importFromRecord(const nlohmann::json& record);

} // namespace model::io
