#pragma once
/// @file design_file.hpp
/// Where the app writes design files (Save, Save As, autosave): through QSaveFile, which
/// writes a temporary file beside the target, syncs it to disk and renames it over the target
/// only when every byte was written, so a crash, a kill or a full disk leaves the previous
/// file complete. The command line writes with model::saveDesign (same steps, Qt-free).

#include <QString>

#include <nlohmann/json.hpp>

#include <optional>

namespace model {
class Design;
}

namespace app {

/// Writes `design` (its JSON document, model::toJson) to `path` atomically. `extra` keys, when
/// given, are added at the top level of the document (the autosave's "recovery" block; the
/// design reader ignores keys it does not know).
/// @return nullopt on success, else the reason in words naming the file; the previous file
/// is then untouched.
[[nodiscard]] std::optional<QString> writeDesignFile(const model::Design& design, const QString& path,
                                                     const nlohmann::json& extra = nlohmann::json::object());

} // namespace app
