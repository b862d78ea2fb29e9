#pragma once
/// @file templates.hpp
/// Design templates: designs people start from (File > New from template). A template is an
/// ordinary design file; the bundled ones live in resources/templates (read-only data, found by
/// bundledTemplateDirectory()) and users add their own by dropping design files into their
/// template folder. An optional top-level "template" object gives what the list shows:
///
///     "template": {"title": "DGX H100 SuperPOD unit",
///                  "description": "32 DGX H100 on a rail-optimized NDR InfiniBand fat tree",
///                  "order": 1}
///
/// Design readers ignore the object (designFromJson reads only the keys it knows), so a
/// template stays a valid design. A file without it is listed under its design name.
/// Qt-free; the app opens a template as an untitled design so it is never overwritten.

#include "model/catalog/catalog.hpp"
#include "model/design/design.hpp"
#include "model/io/input_error.hpp"

#include <string>
#include <vector>

namespace model {

/// One entry of the template list.
struct DesignTemplate {
    std::string path;        ///< the design file
    std::string title;       ///< short name, e.g. "GB200 NVL72 rack"
    std::string description; ///< one line saying what it holds
    int gpus = 0;            ///< GPUs over all servers (catalog counts)
    int servers = 0;         ///< server nodes (appliances included)
    int order = 1000;        ///< position in the list ("template.order"; user ones come after)
    bool bundled = true;     ///< false for the user's own templates
};

/// Reads the list entry of one template file. @throws InputError naming the file and the field
/// when the file is not a valid design or its "template" object is malformed; a catalog
/// reference the catalog lacks is reported the same way (Design::validateAgainst).
[[nodiscard]] DesignTemplate readTemplate(const std::string& path, const Catalog& catalog, bool bundled);

/// Every *.json design of `bundledDir` (sorted by order, then title) followed by those of
/// `userDir` (by title); either directory may be empty or missing. A file that cannot be read
/// is left out and reported in `problems` (when given), never thrown.
[[nodiscard]] std::vector<DesignTemplate> listTemplates(const Catalog& catalog, const std::string& bundledDir,
                                                        const std::string& userDir,
                                                        std::vector<InputError>* problems = nullptr);

/// True when `path` is a file inside directory `dir` (both resolved: symlinks, "..").
/// Used to keep the bundled templates read-only. Never throws.
[[nodiscard]] bool isInsideDirectory(const std::string& path, const std::string& dir);

} // namespace model
