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

namespace {
/// `path` with every symbolic link on it followed, a dangling one too (a link "d.html" to
/// "../catalogs/leak.html" that does not exist yet is where a write through it lands): at
/// most 40 links, as the kernel's own limit.
std::string followLinks(const std::string& path)
{
    std::error_code ec;
    fs::path p = path;
    for (int hops = 0; hops < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
        const fs::path target = fs::read_symlink(p, ec);
        if (ec) break;
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    return p.string();
}

/// True when `path` names the folder `dir` itself ("../catalogs/", "catalogs/."): a write
/// there puts its temporary file beside the catalogs.
bool sameFolder(const std::string& path, const std::string& dir)
{
    std::error_code ec;
    const fs::path a = fs::weakly_canonical(path, ec);
    if (ec) return false;
    const fs::path b = fs::weakly_canonical(dir, ec);
    return !ec && !a.empty() && a == b;
}
} // namespace

std::string bundledDataWriteProblem(const std::string& path)
{
    const std::pair<const char*, std::string (*)()> folders[] = {{"hardware catalogs", &bundledCatalogDirectory},
                                                                 {"design templates", &bundledTemplatesDirectory}};
    const std::string followed = followLinks(path);
    for (const auto& [what, find] : folders) {
        std::string dir;
        try {
            dir = find();
        } catch (const DataDirNotFound&) {
            continue; // no folder holds no file
        }
        const bool inside = isInsideDirectory(path, dir) || isInsideDirectory(followed, dir);
        if (inside || sameFolder(path, dir) || sameFolder(followed, dir))
            return path + (inside ? " is in the folder of the bundled " : " is the folder of the bundled ") + what + " (" + dir +
                   "), which Cluster Designer never changes";
    }
    return {};
}

} // namespace model
