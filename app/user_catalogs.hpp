#pragma once
/// @file user_catalogs.hpp
/// User catalogs: JSON files in the user's configuration folder
/// (QStandardPaths::AppConfigLocation + "/catalogs", e.g. ~/.config/cluster-designer/catalogs)
/// extend or override the bundled entries by id. Broken entries are skipped and reported
/// through Catalog::problems(); they never stop the rest from loading.

#include "model/catalog/catalog.hpp"

#include <QString>

namespace app {

/// The folder user catalogs are read from ($CLUSTER_DESIGNER_USER_CATALOGS overrides).
[[nodiscard]] QString userCatalogDirectory();

/// Loads every *.json of userCatalogDirectory() into `catalog` leniently. No-op when the
/// folder does not exist.
void loadUserCatalogs(model::Catalog& catalog);

} // namespace app
