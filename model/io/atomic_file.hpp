#pragma once
/// @file atomic_file.hpp
/// Crash-safe replacement of a file's contents, for the Qt-free model and the command line
/// (the GUI uses QSaveFile, which follows the same steps). A reader of the path, or a process
/// killed at any instruction, sees the old complete file or the new complete file, never a
/// mix: the bytes go to a fresh temporary file in the same folder, which is fsync'ed to disk
/// and then renamed over the path (rename(2) is atomic within one file system); the folder
/// is fsync'ed last so the rename itself survives a power cut. Steps as in the POSIX
/// rename(2) specification and the "ext4 data=ordered" guidance of the Linux kernel docs.

#include <string>
#include <string_view>

namespace model::io {

/// Replaces the contents of `path` with `bytes` atomically (see the file comment). A symbolic
/// link at `path` is followed, so the file it names is replaced and the link stays. An
/// existing path that is not a regular file or a folder (a FIFO, a socket, a device such as
/// /dev/stdout) is written straight through instead, with no temporary file: renaming over it
/// would replace that node by a regular file. The new
/// file keeps the permissions of the file it replaces, or gets 0666 less the umask.
/// A process killed mid-way may leave a hidden temporary file ".NAME.saving-XXXXXX" beside
/// `path`; `path` itself is never damaged.
/// @throws std::runtime_error naming `path` and the system's reason when any step fails
/// (the previous file is then untouched and the temporary file removed).
void writeFileAtomically(const std::string& path, std::string_view bytes);

} // namespace model::io
