#pragma once
/// @file data_dirs.hpp
/// Where the bundled, read-only data (catalogs/, templates/) is found at run time. The app is
/// relocatable: an installed or unpacked binary PREFIX/bin/cluster-designer reads
/// PREFIX/share/cluster-designer/{catalogs,templates} (Debian: /usr/share/cluster-designer),
/// and only a binary that lives inside the build tree it was built in reads the source tree.
/// The app never writes into these folders.

#include <stdexcept>
#include <string>
#include <vector>

namespace model {

/// The bundled data folder could not be found. what() names the kind of data, every folder
/// searched in order and what to do ("reinstall, or set CLUSTER_DESIGNER_CATALOGS").
class DataDirNotFound : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One kind of bundled data and how to find it.
struct DataDirSpec {
    const char* what;        ///< in words, for messages: "hardware catalogs", "design templates"
    const char* envVar;      ///< overrides every other place when set and non-empty
    const char* installSub;  ///< folder under PREFIX/share/cluster-designer/
    const char* sourceDir;   ///< the source tree's folder (absolute; used by build-tree binaries only)
};

/// Folders searched for `spec`, in order: $envVar when set (then only it); otherwise
/// PREFIX/share/cluster-designer/<installSub> beside the running binary (/proc/self/exe), and
/// the source tree's folder when the binary lives under `buildDir` (a developer build).
/// @param exePath the running binary (empty: not known); @param buildDir the build tree
/// (empty: none). Pure function of its arguments and the environment, for tests.
[[nodiscard]] std::vector<std::string> dataDirCandidates(const DataDirSpec& spec, const std::string& exePath,
                                                         const std::string& buildDir);

/// The first of dataDirCandidates(spec, running binary, this build's tree) that is a folder.
/// @throws DataDirNotFound naming every folder searched when none exists.
[[nodiscard]] std::string findDataDir(const DataDirSpec& spec);

/// The bundled hardware catalogs folder. @throws DataDirNotFound.
[[nodiscard]] std::string bundledCatalogDirectory();

/// The bundled design templates folder. @throws DataDirNotFound.
[[nodiscard]] std::string bundledTemplatesDirectory();

/// Why the app must not write file `path`: "<path> is in the folder of the bundled hardware
/// catalogs (<folder>), which Cluster Designer never changes" (or
/// "... design templates ..."), where `path` lies inside either bundled folder (symlinks and
/// ".." resolved); "" otherwise, and where a folder cannot be found. Every writer of the app
/// (design saves, reports, exports, pictures, the command line's -o) asks it first: a design
/// saved among the catalogs stopped the app from starting. Never throws.
[[nodiscard]] std::string bundledDataWriteProblem(const std::string& path);

} // namespace model
