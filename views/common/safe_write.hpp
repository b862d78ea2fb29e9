#pragma once
/// @file safe_write.hpp
/// Writing a whole file so that nothing the user had is lost, for the GUI's and reports' writers:
/// the one policy of model::io::writeFileAtomically (a regular file or a new one replaced
/// atomically through a temporary file, fsync'ed and renamed; a FIFO, /dev/stdout or a device
/// written straight through, since renaming over it would replace the node by a regular file;
/// helper-90: `generate ... -o /dev/null` run as root left /dev/null a regular file).

#include <QByteArray>
#include <QString>

namespace views {

/// Writes `bytes` to `path` as the file comment says. Returns an empty string on success, else
/// the reason (the path, the step that failed and the system's reason); on failure a regular
/// file that existed is untouched.
[[nodiscard]] QString writeWholeFile(const QString& path, const QByteArray& bytes);

} // namespace views
