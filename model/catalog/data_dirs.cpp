#include "model/catalog/data_dirs.hpp"

#include "model/design/templates.hpp"

#include <cstdlib>
#include <utility>
#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace model {

namespace {
/// True when `path` lies inside the folder `dir` (symbolic links in `dir` resolved).
bool isInside(const fs::path& path, const std::string& dir)
{
    if (dir.empty()) return false;
    std::error_code ec;
    std::string d = fs::weakly_canonical(dir, ec).string();
    if (ec || d.empty()) return false;
    if (d.back() != '/') d += '/';
    return path.lexically_normal().string().rfind(d, 0) == 0;
}

std::string runningBinary()
{
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.string();
}
} // namespace

std::vector<std::string> dataDirCandidates(const DataDirSpec& spec, const std::string& exePath,
                                           const std::string& buildDir)
{
    if (const char* env = std::getenv(spec.envVar); env && *env) return {env};
    std::vector<std::string> out;
    if (!exePath.empty()) {
        const fs::path exe(exePath);
        out.push_back((exe.parent_path().parent_path() / "share" / "cluster-designer" / spec.installSub).string());
        if (isInside(exe, buildDir)) out.emplace_back(spec.sourceDir);
    }
    return out;
}

std::string findDataDir(const DataDirSpec& spec)
{
    const auto candidates = dataDirCandidates(spec, runningBinary(), CD_BUILD_DIR);
    std::error_code ec;
    for (const auto& c : candidates)
        if (fs::is_directory(c, ec)) return c;
    std::string searched;
    for (const auto& c : candidates) searched += "\n  " + c;
    if (candidates.empty()) searched = "\n  (no folder: the running binary's path is unknown)";
    throw DataDirNotFound(std::string("Cluster Designer's ") + spec.what + " were not found. Folders searched:" + searched +
                          "\nReinstall the package, or set " + spec.envVar + " to the folder that holds them.");
}

std::string bundledCatalogDirectory()
{
    return findDataDir({"hardware catalogs", "CLUSTER_DESIGNER_CATALOGS", "catalogs", CD_SOURCE_CATALOG_DIR});
}

std::string bundledTemplatesDirectory()
{
    return findDataDir({"design templates", "CLUSTER_DESIGNER_TEMPLATES", "templates", CD_SOURCE_TEMPLATE_DIR});
}

std::string bundledDataWriteProblem(const std::string& path)
{
    const std::pair<const char*, std::string (*)()> folders[] = {{"hardware catalogs", &bundledCatalogDirectory},
                                                                 {"design templates", &bundledTemplatesDirectory}};
    for (const auto& [what, find] : folders) {
        std::string dir;
        try {
            dir = find();
        } catch (const DataDirNotFound&) {
            continue; // no folder holds no file
        }
        if (isInsideDirectory(path, dir))
            return path + " is in the folder of the bundled " + what + " (" + dir +
                   "), which Cluster Designer never changes";
    }
    return {};
}

} // namespace model
