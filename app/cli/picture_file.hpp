#pragma once
/// @file picture_file.hpp
/// Picture files the command line writes (`screenshot -o FILE`): the format is the one the
/// file name's extension names, written by Qt's image writers (QImageWriter), never PNG bytes
/// under another extension.

#include <QByteArray>
#include <QString>

class QPixmap;

namespace app::cli {

/// The Qt image format for `path`'s extension, lower case ("png", "jpg", "bmp", ...), or an
/// empty array when this Qt has no writer for it (or the name has no extension).
[[nodiscard]] QByteArray pictureFormatFor(const QString& path);

/// The extensions this Qt can write, ".png, .jpg, ..." (for messages).
[[nodiscard]] QString writablePictureExtensions();

/// Writes `picture` to `path` in the format its extension names (JPEG at quality 90).
/// @return an empty string on success, else "cannot write PATH: REASON".
[[nodiscard]] QString savePicture(const QPixmap& picture, const QString& path);

} // namespace app::cli
