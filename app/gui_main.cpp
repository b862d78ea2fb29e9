#include "app/gui_main.hpp"

#include "app/analysis_worker.hpp"
#include "app/autosave.hpp"
#include "app/document.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "app/signal_quit.hpp"
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
/// $CLUSTER_DESIGNER_STARTUP_PROBE (benchmarks/bench_gui.cpp): prints "shown_at_ms=<epoch ms>"
/// once the canvas has painted the opened design for the first time (after the fit), and
/// "snapshot_at_ms=<epoch ms>" once the first analysis snapshot of that design is in the charts
/// and the window has been repainted with it; then quits.
class StartupProbe final : public QObject {
public:
    explicit StartupProbe(MainWindow* window) : QObject(window), window_(window)
    {
        // Connected after the panels (main_window_docks.cpp): they already hold the snapshot.
        connect(window->worker(), &AnalysisWorker::snapshotReady, this, [this] {
            if (snapshot_) return;
            snapshot_ = true;
            window_->repaint(); // synchronous: the charts and docks paint the snapshot now
            mark("snapshot_at_ms");
        });
        // After the fit queued before this probe has run, the next canvas paint shows the design.
        QTimer::singleShot(0, this, [this] { window_->canvas()->viewport()->installEventFilter(this); });
    }
    bool eventFilter(QObject* watched, QEvent* e) override
    {
        if (e->type() == QEvent::Paint && !shown_) {
            shown_ = true;
            // Marked once this paint has finished (the event loop runs the timer after it).
            QTimer::singleShot(0, this, [this] { mark("shown_at_ms"); });
        }
        return QObject::eventFilter(watched, e);
    }

private:
    void mark(const char* what)
    {
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
        std::printf("%s=%.1f\n", what, ms);
        std::fflush(stdout);
        if (++marks_ == 2) QApplication::exit(0);
    }
    MainWindow* window_;
    bool shown_ = false, snapshot_ = false;
    int marks_ = 0;
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
    // SIGTERM, SIGINT, SIGHUP: unsaved work to the autosave, then out through the event loop,
    // so the window (and its autosave lock) is destroyed as on a normal exit.
    SignalQuit signalQuit;
    QObject::connect(&signalQuit, &SignalQuit::received, &SignalQuit::quitApplication);
    window.restoreWindowLayout();
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
    if (qEnvironmentVariableIsSet("CLUSTER_DESIGNER_STARTUP_PROBE")) new StartupProbe(&window);
    if (SignalQuit::quitStatus() != 0) return SignalQuit::quitStatus(); // signalled during the questions above
    return QApplication::exec();
}

} // namespace app
