#pragma once
/// @file user_catalogs.hpp
/// User catalogs: JSON files in the user's configuration folder
/// (QStandardPaths::AppConfigLocation + "/catalogs", e.g. ~/.config/cluster-designer/cluster-designer/catalogs)
/// extend or override the bundled entries by id. Broken entries are skipped and reported
/// through Catalog::problems() (file, entry, field, what was expected); they never stop the
/// rest from loading. UserCatalogWatcher reloads them when the folder or a file changes, so
/// the palette and the catalog browser refresh without a restart.

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "model/catalog/catalog.hpp"

#include <QFileSystemWatcher>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>

namespace app {

/// The folder user catalogs are read from ($CLUSTER_DESIGNER_USER_CATALOGS overrides).
[[nodiscard]] QString userCatalogDirectory();

/// Loads every *.json of userCatalogDirectory() into `catalog` leniently, then drops user
/// servers/switches whose references are missing (reported as problems). No-op when the
/// folder does not exist.
void loadUserCatalogs(model::Catalog& catalog);

/// The bundled catalog (strict) plus the user catalogs of `userDir` (lenient).
/// @throws model::InputError when the bundled catalog itself is broken.
[[nodiscard]] std::shared_ptr<model::Catalog> loadCatalogWithUserDir(const QString& userDir);

/// Watches a user catalog folder and its *.json files; after a change (debounced by
/// `debounceMs`, default 250 ms, so an editor's save-by-rename counts once) it reloads the
/// whole catalog and emits catalogReloaded. The catalog handed out is a new immutable object:
/// holders of the old one (the analysis worker) keep a valid snapshot.
class UserCatalogWatcher : public QObject {
    Q_OBJECT
public:
    /// Watches `directory` (userCatalogDirectory() when empty); creates it when missing so
    /// users find where to put their files.
    explicit UserCatalogWatcher(QString directory = {}, QObject* parent = nullptr, int debounceMs = 250);

    [[nodiscard]] const QString& directory() const noexcept { return dir_; }
    /// The last catalog loaded (bundled + user); null before the first reload() or when the
    /// bundled catalog is broken.
    [[nodiscard]] std::shared_ptr<const model::Catalog> catalog() const noexcept { return catalog_; }

public slots:
    /// Reloads now (also called by the watcher after the debounce).
    void reload();

signals:
    /// A fresh catalog; its problems() list the skipped user entries.
    void catalogReloaded(std::shared_ptr<const model::Catalog> catalog);
    /// The bundled catalog could not be loaded (message names file, entry, field).
    void reloadFailed(const QString& message);

private:
    void rewatch();

    QString dir_;
    QFileSystemWatcher watcher_;
    QTimer debounce_;
    std::shared_ptr<const model::Catalog> catalog_;
};

} // namespace app
