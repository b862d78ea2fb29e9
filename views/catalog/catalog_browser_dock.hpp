#pragma once
/// @file catalog_browser_dock.hpp
/// The catalog browser as a dock of the main window ("Hardware catalog", object name
/// "catalogBrowserDock" for saved window state).

// Qt first: moc 6.4 fails on <compare> when it precedes every Qt header.
#include <QObject>

#include "views/catalog/catalog_browser.hpp"

#include <QDockWidget>

namespace views {

class CatalogBrowserDock : public QDockWidget {
    Q_OBJECT
public:
    CatalogBrowserDock(std::shared_ptr<const model::Catalog> catalog, const QString& userDir, QWidget* parent = nullptr);

    [[nodiscard]] CatalogBrowser* browser() const noexcept { return browser_; }

public slots:
    /// Forwards a reloaded catalog (user catalogs changed) to the browser.
    void setCatalog(std::shared_ptr<const model::Catalog> catalog);

private:
    CatalogBrowser* browser_ = nullptr;
};

} // namespace views
