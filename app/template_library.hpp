#pragma once
/// @file template_library.hpp
/// Where templates come from: the bundled folder (read-only data, model::bundledTemplateDirectory)
/// and the user's own folder (QStandardPaths::AppDataLocation + "/templates", e.g.
/// ~/.local/share/cluster-designer/cluster-designer/templates; $CLUSTER_DESIGNER_USER_TEMPLATES overrides), where
/// File > Save as Template writes and where a user may drop design files by hand.

#include "model/design/templates.hpp"

#include <QString>

#include <vector>

namespace app {

/// The folder of the user's own templates (may not exist yet).
[[nodiscard]] QString userTemplateDirectory();
/// The bundled templates folder (read-only); empty when it is missing (a broken install).
[[nodiscard]] QString bundledTemplateDirectory();

/// True when `path` lies in the bundled or the user's template folder: such a file opens as
/// an untitled design, so saving never overwrites it.
[[nodiscard]] bool isTemplatePath(const QString& path);
/// True when `path` lies in the bundled template folder, which the app never writes.
[[nodiscard]] bool isBundledTemplatePath(const QString& path);

/// Bundled templates (in their order) then the user's (by title). Unreadable files, and a
/// missing bundled folder (which folders were searched), are described in `problems` (when
/// given), one sentence each; the rest is listed.
[[nodiscard]] std::vector<model::DesignTemplate> availableTemplates(const model::Catalog& catalog,
                                                                    QStringList* problems = nullptr);

} // namespace app
