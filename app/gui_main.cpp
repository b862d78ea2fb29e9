#include "app/gui_main.hpp"

#include "app/autosave.hpp"
#include "app/document.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "app/user_catalogs.hpp"
#include "model/catalog/data_dirs.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QApplication>
#include <QIcon>
#include <QMessageBox>
#include <QTimer>

#include <exception>

namespace app {

int runGui(const QString& designPath)
{
    // The desktop entry and icon installed by packaging/ share this id (AppStream component id).
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.clusterdesigner.ClusterDesigner"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("io.github.clusterdesigner.ClusterDesigner"),
                                                 QIcon(QStringLiteral(":/icons/io.github.clusterdesigner.ClusterDesigner.svg"))));
    std::shared_ptr<const model::Catalog> catalog;
    try {
        auto c = std::make_shared<model::Catalog>(model::Catalog::loadBundled());
        loadUserCatalogs(*c);
        catalog = std::move(c);
    } catch (const std::exception& e) {
        QMessageBox::critical(nullptr, QObject::tr("Cluster Designer"),
                              QObject::tr("The bundled hardware catalog could not be loaded, so Cluster Designer "
                                          "cannot start.\n\n%1")
                                  .arg(QString::fromStdString(e.what())));
        return 1;
    }

    MainWindow window(catalog);
    window.show();
    // A design that cannot be opened is reported (dialog naming file, entry, field) and the
    // bundled default design is shown instead; without the bundled templates (a broken install)
    // the window opens on an empty design after saying which folders were searched.
    if (designPath.isEmpty() || !window.files()->openPath(designPath)) {
        try {
            window.files()->openPath(QString::fromStdString(model::defaultDesignPath()));
        } catch (const model::DataDirNotFound& e) {
            QMessageBox::warning(&window, QObject::tr("Cluster Designer"),
                                 QObject::tr("The bundled design templates are missing, so the window opens on an "
                                             "empty design.\n\n%1")
                                     .arg(QString::fromStdString(e.what())));
        }
    }
    // Work of a session that was killed or crashed before it was saved.
    offerRecovery(window);
    if (!catalog->problems().empty()) {
        QString text;
        for (const auto& p : catalog->problems()) text += QString::fromStdString(p.what()) + QLatin1Char('\n');
        QMessageBox::warning(&window, QObject::tr("User catalog entries skipped"), text);
    }
    QTimer::singleShot(0, window.canvas(), &views::CanvasView::zoomToFit);
    return QApplication::exec();
}

} // namespace app
