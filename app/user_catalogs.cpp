#include "app/user_catalogs.hpp"

#include <QDir>
#include <QStandardPaths>

namespace app {

QString userCatalogDirectory()
{
    const QByteArray env = qgetenv("CLUSTER_DESIGNER_USER_CATALOGS");
    if (!env.isEmpty()) return QString::fromLocal8Bit(env);
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/catalogs");
}

void loadUserCatalogs(model::Catalog& catalog)
{
    const QString dir = userCatalogDirectory();
    if (!QDir(dir).exists()) return;
    try {
        catalog.loadDirectory(dir.toStdString(), model::CatalogStrictness::Lenient);
    } catch (const model::InputError&) {
        // An unreadable folder is reported by loadDirectory only in strict mode; nothing to add.
    }
}

} // namespace app
