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

#include <chrono>
#include <cstdio>
#include <exception>

namespace app {

namespace {
/// $CLUSTER_DESIGNER_STARTUP_PROBE (benchmarks/bench_gui.cpp): once the canvas has painted the
/// design for the first time, print "usable_at_ms=<epoch ms>" and quit.
class StartupProbe final : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* e) override
    {
        if (e->type() == QEvent::Paint && !done_) {
            done_ = true;
            QTimer::singleShot(0, qApp, [] {
                const double ms = std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
                std::printf("usable_at_ms=%.1f\n", ms);
                std::fflush(stdout);
                QApplication::exit(0);
            });
        }
        return QObject::eventFilter(watched, e);
    }

private:
    bool done_ = false;
};
} // namespace

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
        QMessageBox::critical(nullptr, QObject::tr("Cluster Designer cannot start"),
                              QObject::tr("Cluster Designer cannot start because its bundled hardware catalog could not "
                                          "be read:\n\n%1\n\nReinstall the application, or point "
                                          "CLUSTER_DESIGNER_CATALOGS at a folder holding a valid catalog.")
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
        QString text = QObject::tr("Some entries of your own catalogs were skipped; everything else loaded:\n\n");
        for (const auto& p : catalog->problems()) text += QStringLiteral("• ") + QString::fromStdString(p.what()) + QLatin1Char('\n');
        text += QObject::tr("\nCorrect them in %1; the catalog reloads by itself when you save the file.")
                    .arg(userCatalogDirectory());
        QMessageBox::warning(&window, QObject::tr("User catalog entries skipped"), text);
    }
    QTimer::singleShot(0, window.canvas(), &views::CanvasView::zoomToFit);
    if (qEnvironmentVariableIsSet("CLUSTER_DESIGNER_STARTUP_PROBE")) {
        auto* probe = new StartupProbe(&window);
        // After the fit above has run, the next paint of the canvas shows the design.
        QTimer::singleShot(0, &window, [&window, probe] { window.canvas()->viewport()->installEventFilter(probe); });
    }
    return QApplication::exec();
}

} // namespace app
