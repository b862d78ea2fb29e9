#include "views/catalog/catalog_browser_dock.hpp"

namespace views {

CatalogBrowserDock::CatalogBrowserDock(std::shared_ptr<const model::Catalog> catalog, const QString& userDir, QWidget* parent)
    : QDockWidget(tr("Hardware catalog"), parent)
{
    setObjectName(QStringLiteral("catalogBrowserDock"));
    browser_ = new CatalogBrowser(std::move(catalog), userDir, this);
    setWidget(browser_);
}

void CatalogBrowserDock::setCatalog(std::shared_ptr<const model::Catalog> catalog)
{
    browser_->setCatalog(std::move(catalog));
}

} // namespace views
