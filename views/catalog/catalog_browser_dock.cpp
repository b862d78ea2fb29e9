#include "views/catalog/catalog_browser_dock.hpp"

#include <QScrollArea>

namespace views {

CatalogBrowserDock::CatalogBrowserDock(std::shared_ptr<const model::Catalog> catalog, const QString& userDir, QWidget* parent)
    : QDockWidget(tr("Hardware catalog"), parent)
{
    setObjectName(QStringLiteral("catalogBrowserDock"));
    browser_ = new CatalogBrowser(std::move(catalog), userDir);
    // Scrolled when the dock is shorter than the filters, the list and the spec sheet together
    // (about 390 px): unscrolled they set the left dock column's smallest height, and with the
    // Analysis dock under it the main window no longer fit a 1280 x 800 screen (880 px tall).
    auto* scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("catalogBrowserScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(browser_);
    setWidget(scroll);
}

void CatalogBrowserDock::setCatalog(std::shared_ptr<const model::Catalog> catalog)
{
    browser_->setCatalog(std::move(catalog));
}

} // namespace views
