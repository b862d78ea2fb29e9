#include "model/design/templates.hpp"

#include "model/io/json_fields.hpp"

#include <algorithm>
#include <filesystem>

namespace model {

namespace fs = std::filesystem;

DesignTemplate readTemplate(const std::string& path, const Catalog& catalog, bool bundled)
{
    const nlohmann::json doc = io::readJsonFile(path);
    const Design d = designFromJson(doc, path);
    d.validateAgainst(catalog, path);
    DesignTemplate t;
    t.path = path;
    t.bundled = bundled;
    t.title = d.name;
    if (auto it = doc.find("template"); it != doc.end() && !it->is_null()) {
        if (!it->is_object())
            throw InputError(path, "", "template", "expected an object with title, description and order, got " + io::describe(*it));
        const io::JsonContext c{path, "template"};
        t.title = io::optionalString(*it, "title", c, d.name);
        t.description = io::optionalString(*it, "description", c);
        t.order = static_cast<int>(io::optionalInt(*it, "order", c, 0, 1000000, t.order));
    }
    for (const auto& [id, n] : d.nodes())
        if (n.kind == NodeKind::Server) ++t.servers;
    t.gpus = d.gpuCount(catalog);
    if (t.description.empty()) t.description = d.name;
    return t;
}

namespace {
std::vector<DesignTemplate> readDirectory(const Catalog& catalog, const std::string& dir, bool bundled,
                                          std::vector<InputError>* problems)
{
    std::vector<DesignTemplate> out;
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return out;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_regular_file(ec) && e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        try {
            out.push_back(readTemplate(f.string(), catalog, bundled));
        } catch (const InputError& e) {
            if (problems) problems->push_back(e);
        } catch (const std::exception& e) {
            if (problems) problems->emplace_back(f.string(), "", "", e.what());
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const DesignTemplate& a, const DesignTemplate& b) {
        return a.order != b.order ? a.order < b.order : a.title < b.title;
    });
    return out;
}
} // namespace

std::vector<DesignTemplate> listTemplates(const Catalog& catalog, const std::string& bundledDir,
                                          const std::string& userDir, std::vector<InputError>* problems)
{
    std::vector<DesignTemplate> all = readDirectory(catalog, bundledDir, true, problems);
    std::error_code ec;
    const bool same = !userDir.empty() && !bundledDir.empty() && fs::equivalent(userDir, bundledDir, ec);
    if (!same)
        for (auto& t : readDirectory(catalog, userDir, false, problems)) {
            t.order = 1000000; // the user's own come after the bundled ones, by title
            all.push_back(std::move(t));
        }
    return all;
}

bool isInsideDirectory(const std::string& path, const std::string& dir)
{
    if (path.empty() || dir.empty()) return false;
    std::error_code ec;
    const fs::path d = fs::weakly_canonical(dir, ec);
    if (ec) return false;
    const fs::path p = fs::weakly_canonical(path, ec);
    if (ec) return false;
    const fs::path parent = p.parent_path();
    // Inside means: some ancestor of the file's folder is the directory itself.
    for (fs::path a = parent; !a.empty(); a = a.parent_path()) {
        if (a == d) return true;
        if (a == a.parent_path()) break;
    }
    return false;
}

} // namespace model
