// GUI speed (issue 14 item 8), printed, never asserted:
//  1. cold start to a usable window: the app binary is started afresh, on the bundled default
//     design, and reports when the canvas has painted the design for the first time (the
//     window then takes input; the analysis fills the charts a moment later, off the UI
//     thread). Target <= 0.5 s. Run 5 times; min, median and max are printed.
//  2. pan and zoom of a 2,048-server design (DGX H100, rail-optimized NDR fat tree, 3 tiers:
//     16,384 server cables in 2,048 x 8 links plus the upper tiers) with its 64 groups
//     collapsed ("grouped") and all expanded, at zoom-to-fit and at 100 %: each frame moves the
//     view (pan by 37 px, or zoom 10 % in/out around the cursor) and repaints the canvas
//     synchronously. Target >= 60 frames per second.
// Usage: bench_gui [--platform offscreen|xcb] (offscreen by default: raster painting, as xcb).
#include "app/document.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/catalog/catalog.hpp"
#include "model/topology/fat_tree.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"

#include <QApplication>
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QWindow>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

double nowMs()
{
    return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
}

void coldStart()
{
    std::vector<double> usable, total;
    for (int run = 0; run < 5; ++run) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTER_DESIGNER_STARTUP_PROBE"), QStringLiteral("1"));
        // A fresh profile: no recovery question, no recent files, the default theme.
        QTemporaryDir home;
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        if (!env.contains(QStringLiteral("QT_QPA_PLATFORM"))) env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        const double t0 = nowMs();
        p.start(QStringLiteral(CD_APP_EXE), {});
        if (!p.waitForFinished(30000)) {
            std::printf("cold start: the app did not report a usable window within 30 s\n");
            return;
        }
        const double t1 = nowMs();
        // The app prints "usable_at_ms=<epoch ms>" when the canvas first painted the design.
        const QString out = QString::fromLocal8Bit(p.readAllStandardOutput());
        const qsizetype at = out.indexOf(QStringLiteral("usable_at_ms="));
        if (at < 0) {
            std::printf("cold start: no probe output (%s)\n", qPrintable(out.left(200)));
            return;
        }
        usable.push_back(out.mid(at + 13).section(QLatin1Char('\n'), 0, 0).toDouble() - t0);
        total.push_back(t1 - t0);
    }
    std::sort(usable.begin(), usable.end());
    std::sort(total.begin(), total.end());
    std::printf("cold start to usable window (default design, 5 runs): min %.0f ms, median %.0f ms, max %.0f ms "
                "(process start to exit: median %.0f ms)\n",
                usable.front(), usable[2], usable.back(), total[2]);
}

/// Frames per second of `frames` pan (or zoom) steps, each repainted synchronously.
double fps(app::MainWindow& w, bool zoom, int frames)
{
    views::CanvasView* v = w.canvas();
    const QPoint centre = v->viewport()->rect().center();
    QApplication::processEvents();
    v->viewport()->repaint(); // warm caches
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < frames; ++i) {
        if (zoom) v->zoomAround(i % 2 == 0 ? 1.1 : 1.0 / 1.1, centre + QPoint(37, -21));
        else v->panBy(i % 20 < 10 ? 37 : -37, i % 40 < 20 ? 11 : -11);
        v->viewport()->repaint();
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return frames / s;
}

void panZoom(const std::shared_ptr<const model::Catalog>& catalog)
{
    model::topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 2048;
    o.switchModel = "qm9700";
    const model::Design d = model::topology::generateFatTree(*catalog, o);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pod-2048.json"));
    model::saveDesign(d, path.toStdString());

    app::MainWindow w(catalog);
    w.resize(1600, 1000);
    w.show();
    QElapsedTimer exposed;
    exposed.start();
    while (!(w.windowHandle() && w.windowHandle()->isExposed()) && exposed.elapsed() < 5000) QApplication::processEvents();
    const auto t0 = std::chrono::steady_clock::now();
    (void)w.files()->openPath(path);
    QApplication::processEvents();
    const double openMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("2,048 servers: %zu nodes, %zu links; opened and drawn in %.0f ms\n", d.nodes().size(), d.links().size(), openMs);
    for (const bool expanded : {false, true}) {
        if (expanded) w.scene()->expandAllGroups();
        else w.scene()->collapseAllGroups();
        for (const bool fit : {true, false}) {
            if (fit) w.canvas()->zoomToFit();
            else {
                w.canvas()->setTransform(QTransform());
                w.canvas()->centerOn(w.scene()->designBounds().center());
            }
            const double z = w.canvas()->zoom();
            const double pan = fps(w, false, 120), zoom = fps(w, true, 120);
            std::printf("  %-8s at %5.1f %% zoom: pan %6.1f fps, zoom %6.1f fps\n", expanded ? "expanded" : "grouped",
                        z * 100.0, pan, zoom);
        }
    }
}

} // namespace

int main(int argc, char* argv[])
{
    bool platformGiven = false;
    for (int i = 1; i < argc; ++i)
        if (QByteArray(argv[i]) == "--platform" || QByteArray(argv[i]).startsWith("-platform")) platformGiven = true;
    if (!platformGiven && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication a(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterDesignerBench"));
    std::printf("platform %s, %d logical CPUs\n", qPrintable(QApplication::platformName()), QThread::idealThreadCount());
    coldStart();
    panZoom(std::make_shared<const model::Catalog>(model::Catalog::loadBundled()));
    return 0;
}
