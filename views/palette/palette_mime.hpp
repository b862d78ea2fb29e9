#pragma once
/// @file palette_mime.hpp
/// Drag-and-drop payload from the palette to the canvas: the kind and catalog id of the
/// server or switch to place.

#include "model/design/design.hpp"

#include <QMimeData>
#include <QString>

#include <optional>

namespace views {

/// MIME type of a palette drag.
inline constexpr const char* kPaletteMimeType = "application/x-cluster-designer-catalog-item";

/// What a palette entry places.
struct PaletteEntry {
    model::NodeKind kind = model::NodeKind::Server;
    QString catalogId;
};

/// Encodes an entry as "server:<id>" or "switch:<id>" (caller owns the result).
[[nodiscard]] QMimeData* encodePaletteEntry(const PaletteEntry& entry);
/// Decodes a palette drag; nullopt when `mime` is not one.
[[nodiscard]] std::optional<PaletteEntry> decodePaletteEntry(const QMimeData* mime);

} // namespace views
