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

namespace {
void loadUserDir(model::Catalog& catalog, const QString& dir)
{
    if (dir.isEmpty() || !QDir(dir).exists()) return;
    try {
        catalog.loadDirectory(dir.toStdString(), model::CatalogStrictness::Lenient);
    } catch (const model::InputError& e) {
        catalog.addProblem(e); // the folder itself cannot be read
    }
    catalog.dropBrokenReferences();
}
} // namespace

void loadUserCatalogs(model::Catalog& catalog)
{
    loadUserDir(catalog, userCatalogDirectory());
}

std::shared_ptr<model::Catalog> loadCatalogWithUserDir(const QString& userDir)
{
    auto c = std::make_shared<model::Catalog>(model::Catalog::loadBundled());
    loadUserDir(*c, userDir);
    return c;
}

UserCatalogWatcher::UserCatalogWatcher(QString directory, QObject* parent, int debounceMs)
    : QObject(parent), dir_(directory.isEmpty() ? userCatalogDirectory() : std::move(directory))
{
    QDir().mkpath(dir_);
    debounce_.setSingleShot(true);
    debounce_.setInterval(debounceMs);
    connect(&debounce_, &QTimer::timeout, this, &UserCatalogWatcher::reload);
    connect(&watcher_, &QFileSystemWatcher::directoryChanged, &debounce_, qOverload<>(&QTimer::start));
    connect(&watcher_, &QFileSystemWatcher::fileChanged, &debounce_, qOverload<>(&QTimer::start));
    rewatch();
}

void UserCatalogWatcher::rewatch()
{
    // Editors often save by writing a new file and renaming it over the old one, which drops
    // the file from the watch list: re-add every *.json after each change.
    if (!watcher_.files().isEmpty()) watcher_.removePaths(watcher_.files());
    if (!watcher_.directories().contains(dir_) && QDir(dir_).exists()) watcher_.addPath(dir_);
    QStringList files;
    for (const QString& name : QDir(dir_).entryList({QStringLiteral("*.json")}, QDir::Files))
        files << QDir(dir_).filePath(name);
    if (!files.isEmpty()) watcher_.addPaths(files);
}

void UserCatalogWatcher::reload()
{
    rewatch();
    try {
        catalog_ = loadCatalogWithUserDir(dir_);
    } catch (const model::InputError& e) {
        emit reloadFailed(QString::fromStdString(e.what()));
        return;
    }
    emit catalogReloaded(catalog_);
}

} // namespace app
