#include "model/io/atomic_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace model::io {

namespace {
namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& path, const std::string& what, int err)
{
    throw std::runtime_error(path + ": " + what + " (" + std::strerror(err) + "); the previous file is untouched");
}

/// The process umask, read without changing it (umask(2) would race with other threads).
mode_t currentUmask()
{
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "Umask:") {
            std::string octal;
            status >> octal;
            return static_cast<mode_t>(std::strtoul(octal.c_str(), nullptr, 8));
        }
        status.ignore(4096, '\n');
    }
    return 022;
}

/// Closes a descriptor on every exit path.
struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0) ::close(fd);
    }
};
} // namespace

void writeFileAtomically(const std::string& path, std::string_view bytes)
{
    std::error_code ec;
    fs::path target(path);
    if (fs::is_symlink(fs::symlink_status(target, ec))) {
        const fs::path resolved = fs::weakly_canonical(target, ec);
        if (!ec) target = resolved;
    }
    // A FIFO, socket or device (/dev/stdout, a pipe a script reads): written straight through.
    // A rename over it would replace the node by a regular file (helper-90: `generate -o
    // /dev/null` run as root left /dev/null a regular file).
    if (struct stat existing {}; ::stat(target.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode) && !S_ISDIR(existing.st_mode)) {
        Fd out;
        out.fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
        if (out.fd < 0) fail(path, "cannot open it for writing", errno);
        for (std::size_t done = 0; done < bytes.size();) {
            const ssize_t n = ::write(out.fd, bytes.data() + done, bytes.size() - done);
            if (n < 0) {
                if (errno == EINTR) continue;
                fail(path, "writing failed", errno);
            }
            done += static_cast<std::size_t>(n);
        }
        return;
    }
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::string tmp = (dir / ("." + target.filename().string() + ".saving-XXXXXX")).string();

    Fd file;
    file.fd = ::mkstemp(tmp.data());
    if (file.fd < 0) fail(path, "cannot create a temporary file beside it", errno);
    auto abandon = [&](const char* what) {
        const int err = errno;
        ::unlink(tmp.c_str());
        fail(path, what, err);
    };

    struct stat old {};
    const mode_t mode = ::stat(target.c_str(), &old) == 0 ? (old.st_mode & 07777) : (0666 & ~currentUmask());
    if (::fchmod(file.fd, mode) != 0) abandon("cannot set the permissions of the temporary file");

    for (std::size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(file.fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            abandon("writing failed (disk full?)");
        }
        done += static_cast<std::size_t>(n);
    }
    // The data must be on disk before the rename makes it the file: otherwise a power cut
    // after the rename can leave an empty file under the old name (ext4, XFS, btrfs).
    if (::fsync(file.fd) != 0) abandon("flushing to disk failed");
    const int fd = file.fd;
    file.fd = -1;
    if (::close(fd) != 0) abandon("closing the temporary file failed");

    if (::rename(tmp.c_str(), target.c_str()) != 0) abandon("cannot replace the file");

    // Make the rename durable too. A failure here leaves the new file in place and readable,
    // so it is not reported as a failed save.
    Fd folder;
    folder.fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder.fd >= 0) (void)::fsync(folder.fd);
}

} // namespace model::io
