// GUI speed (issue 14 item 8), printed, never asserted:
//  1. cold start to a usable window: the app binary is started afresh (fresh profile) on the
//     bundled default design. Two times from process start: "window shown" (the canvas has
//     painted the design, fitted, for the first time: it takes input) and "first snapshot"
//     (the analysis of that design, run off the UI thread, is in the charts, rules, BOM and
//     cost docks and the window has repainted with it). Target <= 0.5 s. 5 runs; min, median,
//     max.
//  2. pan and zoom of a 2,048-server design (DGX H100, rail-optimized NDR fat tree, 3 tiers:
//     16,384 server cables in 2,048 x 8 links plus the upper tiers) with its 64 groups
//     collapsed ("grouped") and all expanded, at zoom-to-fit, 4x fit and 100 % (at the centre
//     of the design, and "100 % sp" on the spine tier): each frame moves the view (pan by 37 px, or zoom 10 % in/out around a point) and
//     paints at once what the move left to repaint, as the event loop would (the pending
//     update requests: scene painting and, on xcb, the flush to the X server). A pan scrolls
//     the picture and repaints the strips it uncovered, a zoom repaints the whole canvas;
//     "repainted" is the mean share of the canvas painted a frame. Up to 120 frames or 3 s
//     per case. Target >= 60 frames per second. "best" is the wall time of the fastest
//     frame: on a loaded machine, the least disturbed one. On this design a zoom gesture
//     paints in draft quality (cables without antialiasing, CanvasView::zoomDraft) and the
//     canvas is repainted once at full quality CanvasView::kZoomSettleMs after its last step:
//     the zoom figures are those of the frames in the gesture, and "settle" is the time of
//     that last full-quality repaint of the whole canvas (its wall and CPU time), measured
//     after the zoom frames (--shot also saves the last draft frame as <layout>-<zoom>-draft.png).
// Usage: bench_gui [--platform offscreen|xcb] [--case grouped|expanded[:fit|4x|100|spines]]
//     (offscreen by default; under Xvfb run it as
//     QT_QPA_PLATFORM=xcb xvfb-run -s '-screen 0 1600x1000x24' bench_gui). --case runs only
//     that pan/zoom case (no cold start): for a profiler, e.g. --case expanded:100. --shot DIR
//     saves the canvas of each case, as shown before its frames, to DIR/<layout>-<zoom>.png.
//     --frames N: exactly N pan and N zoom frames per case, without the 3 s limit (to count
//     instructions, e.g. valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*fps*':
//     a loaded machine does not change them).
#include "app/document.hpp"
#include "app/file_controller.hpp"
#include "app/main_window.hpp"
#include "model/catalog/catalog.hpp"
#include "model/topology/fat_tree.hpp"
#include "tests/gui/repaint_compare.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/mini_map.hpp"

#include <QApplication>
#include <QDir>
#include <QPaintEvent>
#include <QPixmap>
#include <QProcess>
#include <QScreen>
#include <QTemporaryDir>
#include <QElapsedTimer>
#include <QWindow>
#include <QThread>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>

namespace {

double nowMs()
{
    return std::chrono::duration<double, std::milli>(std::chrono::system_clock::now().time_since_epoch()).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void coldStart()
{
    std::vector<double> shown, snapshot, total;
    for (int run = 0; run < 5; ++run) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTER_DESIGNER_STARTUP_PROBE"), QStringLiteral("1"));
        // A fresh profile: no recovery question, no recent files, the default theme.
        QTemporaryDir home;
        env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QApplication::platformName());
        p.setProcessEnvironment(env);
        const double t0 = nowMs();
        p.start(QStringLiteral(CD_APP_EXE), {});
        if (!p.waitForFinished(30000)) {
            p.kill();
            p.waitForFinished();
            std::printf("cold start: the app did not report a usable window within 30 s (%s)\n",
                        qPrintable(QString::fromLocal8Bit(p.readAllStandardOutput()).left(200)));
            return;
        }
        const double t1 = nowMs();
        const QString out = QString::fromLocal8Bit(p.readAllStandardOutput());
        const auto at = [&out](const QString& key) {
            const qsizetype i = out.indexOf(key + QLatin1Char('='));
            return i < 0 ? -1.0 : out.mid(i + key.size() + 1).section(QLatin1Char('\n'), 0, 0).toDouble();
        };
        const double s1 = at(QStringLiteral("shown_at_ms")), s2 = at(QStringLiteral("snapshot_at_ms"));
        if (s1 < 0 || s2 < 0) {
            std::printf("cold start: no probe output (%s)\n", qPrintable(out.left(200)));
            return;
        }
        shown.push_back(s1 - t0);
        snapshot.push_back(s2 - t0);
        total.push_back(t1 - t0);
    }
    const auto mm = [](std::vector<double> v) { std::sort(v.begin(), v.end()); return std::pair{v.front(), v.back()}; };
    std::printf("cold start, default design, 5 runs (min / median / max ms from process start):\n");
    std::printf("  window shown, design drawn:  %5.0f / %5.0f / %5.0f\n", mm(shown).first, median(shown), mm(shown).second);
    std::printf("  first analysis snapshot shown: %3.0f / %5.0f / %5.0f\n", mm(snapshot).first, median(snapshot), mm(snapshot).second);
    std::printf("  process start to exit: median %.0f ms\n", median(total));
}

/// CPU time of this process (all threads: Qt's raster engine may use a thread pool), ms.
double cpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

/// Counts the canvas area its paint events repaint (device-independent pixels).
class PaintedArea final : public QObject {
public:
    double pixels = 0.0;
    bool eventFilter(QObject*, QEvent* e) override
    {
        if (e->type() == QEvent::Paint)
            for (const QRect& r : static_cast<QPaintEvent*>(e)->region()) pixels += double(r.width()) * r.height();
        return false;
    }
};

/// Pixels of the canvas on screen (after frames that scrolled the picture and repainted
/// strips of it) that differ from a full repaint at the same place, the mini-map's corner
/// left out; -1 when the screen cannot be read.
long long differingPixels(views::CanvasView* v)
{
    const auto [shown, full] = guitest::shownAndRepainted(v->viewport());
    if (shown.isNull() || shown.size() != full.size()) return -1;
    const QRect corner = v->miniMap()->isVisible() ? v->miniMap()->geometry() : QRect();
    long long n = 0;
    for (int y = 0; y < shown.height(); ++y) {
        const auto* a = reinterpret_cast<const QRgb*>(shown.constScanLine(y));
        const auto* b = reinterpret_cast<const QRgb*>(full.constScanLine(y));
        for (int x = 0; x < shown.width(); ++x)
            if ((a[x] & 0xffffff) != (b[x] & 0xffffff) && !corner.contains(x, y)) ++n;
    }
    return n;
}

/// Frames per second of up to `frames` pan (or zoom) steps (at most 3 s), each painted at
/// once (the update requests the step posted, as the event loop would deliver them);
/// `paintMs` gets the mean wall time of one frame in milliseconds, `cpuFrameMs` its mean CPU
/// time (on a loaded machine wall time varies with the load, CPU time much less), `bestMs`
/// the wall time of the fastest frame (the one least disturbed by other work),
/// `repaintedShare` the mean share of the canvas repainted a frame (0..1) and `mismatch`
/// (when given) differingPixels after the last frame.
double fps(app::MainWindow& w, bool zoom, int frames, bool fixedFrames, double& paintMs, double& cpuFrameMs, double& bestMs,
           double& repaintedShare, long long* mismatch = nullptr)
{
    views::CanvasView* v = w.canvas();
    const QPoint centre = v->viewport()->rect().center();
    QApplication::processEvents();
    v->viewport()->repaint(); // warm caches
    PaintedArea painted;
    v->viewport()->installEventFilter(&painted);
    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpuMs();
    int done = 0;
    double s = 0;
    bestMs = 1e9;
    const double limit = fixedFrames ? 1e9 : 3.0;
    for (; done < frames && s < limit; ++done) {
        if (zoom) v->zoomAround(done % 2 == 0 ? 1.1 : 1.0 / 1.1, centre + QPoint(37, -21));
        else v->panBy(done % 20 < 10 ? 37 : -37, done % 40 < 20 ? 11 : -11);
        QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
        const double before = s;
        s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        bestMs = std::min(bestMs, (s - before) * 1000.0);
    }
    v->viewport()->removeEventFilter(&painted);
    if (mismatch) *mismatch = differingPixels(v);
    paintMs = s * 1000.0 / done;
    cpuFrameMs = (cpuMs() - c0) / done;
    repaintedShare = painted.pixels / (double(v->viewport()->width()) * v->viewport()->height() * done);
    return done / s;
}

double msSince(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

/// Which pan/zoom cases run: "" all, else "grouped" or "expanded", optionally ":fit", ":4x",
/// ":100" (centre of the design), ":spines" (100 % on the spine tier: the spine-core cables
/// cross the view as one band, and every spine in view fans out to its leaves and cores).
struct CaseFilter {
    QString layout, zoom;
    QString shotDir; ///< where to save a picture of each case ("": none)
    int frames = 0;  ///< --frames N: exactly N frames per pan and per zoom, no time limit (for perf stat)
    [[nodiscard]] bool wants(bool expanded) const
    {
        return layout.isEmpty() || layout == (expanded ? QLatin1String("expanded") : QLatin1String("grouped"));
    }
    [[nodiscard]] bool wants(int zoomCase) const
    {
        static const char* names[] = {"fit", "4x", "100", "spines"};
        return zoom.isEmpty() || zoom == QLatin1String(names[zoomCase]);
    }
};

/// Saves the canvas alone (the mini-map is a child of the viewport: not in the picture) as
/// `dir`/`name`.png.
void saveCanvasShot(app::MainWindow& w, const QString& dir, const QString& name)
{
    QPixmap shot(w.canvas()->viewport()->size() * w.canvas()->devicePixelRatioF());
    shot.setDevicePixelRatio(w.canvas()->devicePixelRatioF());
    w.canvas()->viewport()->render(&shot, QPoint(), QRegion(), QWidget::DrawWindowBackground);
    shot.save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

void panZoom(const std::shared_ptr<const model::Catalog>& catalog, const CaseFilter& filter)
{
    model::topology::FatTreeOptions o;
    o.server = "dgx-h100";
    o.nodes = 2048;
    o.switchModel = "qm9700";
    auto t0 = std::chrono::steady_clock::now();
    const model::Design d = model::topology::generateFatTree(*catalog, o);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pod-2048.json"));
    model::saveDesign(d, path.toStdString());
    std::printf("2,048 servers: %zu nodes, %zu links; generated and saved in %.0f ms\n", d.nodes().size(), d.links().size(), msSince(t0));

    app::MainWindow w(catalog);
    w.resize(1600, 1000);
    w.show();
    QElapsedTimer exposed;
    exposed.start();
    while (!(w.windowHandle() && w.windowHandle()->isExposed()) && exposed.elapsed() < 5000) QApplication::processEvents();
    t0 = std::chrono::steady_clock::now();
    (void)w.files()->openPath(path);
    w.canvas()->zoomToFit();
    w.canvas()->viewport()->repaint();
    std::printf("  opened (groups collapsed), fitted and drawn in %.0f ms; canvas %dx%d px\n", msSince(t0),
                w.canvas()->viewport()->width(), w.canvas()->viewport()->height());
    for (const bool expanded : {false, true}) {
        if (!filter.wants(expanded)) continue;
        t0 = std::chrono::steady_clock::now();
        if (expanded) w.scene()->expandAllGroups();
        else w.scene()->collapseAllGroups();
        QApplication::processEvents();
        std::printf("  %s: %zu scene items (%.0f ms to %s)\n", expanded ? "expanded" : "grouped", static_cast<std::size_t>(w.scene()->items().size()),
                    msSince(t0), expanded ? "expand all" : "collapse all");
        for (const int zoomCase : {0, 1, 2, 3}) {
            if (!filter.wants(zoomCase)) continue;
            w.canvas()->zoomToFit();
            if (zoomCase == 1) w.canvas()->zoomAround(4.0, w.canvas()->viewport()->rect().center());
            if (zoomCase >= 2) {
                w.canvas()->setTransform(QTransform());
                QPointF at = w.scene()->designBounds().center();
                if (zoomCase == 3)
                    for (const auto& [id, n] : d.nodes())
                        if (n.tier == model::SwitchTier::Spine) {
                            at.setY(n.position.y + 150.0); // the spines in the upper half of the view
                            break;
                        }
                w.canvas()->centerOn(at);
            }
            const double z = w.canvas()->zoom();
            static const char* zoomNames[] = {"fit", "4x", "100", "spines"};
            const QString shotName = QStringLiteral("%1-%2").arg(expanded ? "expanded" : "grouped", zoomNames[zoomCase]);
            if (!filter.shotDir.isEmpty()) saveCanvasShot(w, filter.shotDir, shotName);
            double panMs = 0, zoomMs = 0, panCpu = 0, zoomCpu = 0, panBest = 0, zoomBest = 0, panShare = 0, zoomShare = 0;
            const int n = filter.frames > 0 ? filter.frames : 120;
            long long panMismatch = -1;
            const double pan = fps(w, false, n, filter.frames > 0, panMs, panCpu, panBest, panShare, &panMismatch),
                         zoom = fps(w, true, n, filter.frames > 0, zoomMs, zoomCpu, zoomBest, zoomShare);
            std::printf("    %-8s %-8s (%6.2f %% zoom): pan %6.1f fps (%5.1f ms/frame, CPU %5.1f ms, best %5.1f ms, repainted %3.0f %%), zoom %6.1f fps (%5.1f ms/frame, CPU %5.1f ms, best %5.1f ms, repainted %3.0f %%)\n",
                        expanded ? "expanded" : "grouped", zoomCase == 0 ? "fit" : zoomCase == 1 ? "4x fit" : zoomCase == 2 ? "100 %" : "100 % sp", z * 100.0, pan, panMs,
                        panCpu, panBest, panShare * 100.0, zoom, zoomMs, zoomCpu, zoomBest, zoomShare * 100.0);
            std::printf("      after the pans, %lld pixels of the canvas differ from a full repaint\n", panMismatch);
            if (w.canvas()->zoomDraft()) {
                if (!filter.shotDir.isEmpty()) saveCanvasShot(w, filter.shotDir, shotName + QStringLiteral("-draft"));
                // The gesture pauses: the whole canvas once more at full quality.
                const auto s0 = std::chrono::steady_clock::now();
                const double c0 = cpuMs();
                w.canvas()->finishZoomDraft();
                QCoreApplication::sendPostedEvents(nullptr, QEvent::UpdateRequest);
                std::printf("      zoom frames in draft quality; settle (full-quality repaint %d ms after the last step): %.1f ms (CPU %.1f ms)\n",
                            views::CanvasView::kZoomSettleMs, msSince(s0), cpuMs() - c0);
            }
        }
    }
}

} // namespace

int main(int argc, char* argv[])
{
    bool platformGiven = false;
    CaseFilter filter;
    bool oneCase = false;
    for (int i = 1; i < argc; ++i) {
        if (QByteArray(argv[i]) == "--platform" || QByteArray(argv[i]).startsWith("-platform")) platformGiven = true;
        if (QByteArray(argv[i]) == "--case" && i + 1 < argc) {
            const QString c = QString::fromLocal8Bit(argv[i + 1]);
            filter.layout = c.section(QLatin1Char(':'), 0, 0);
            filter.zoom = c.section(QLatin1Char(':'), 1, 1);
            oneCase = true;
        }
        if (QByteArray(argv[i]) == "--frames" && i + 1 < argc) filter.frames = std::max(1, atoi(argv[i + 1]));
        if (QByteArray(argv[i]) == "--shot" && i + 1 < argc) filter.shotDir = QString::fromLocal8Bit(argv[i + 1]);
    }
    if (!platformGiven && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each figure as soon as it is measured
    QApplication a(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("ClusterDesignerBench"));
    std::printf("platform %s, %d logical CPUs\n", qPrintable(QApplication::platformName()), QThread::idealThreadCount());
    if (!oneCase) coldStart();
    panZoom(std::make_shared<const model::Catalog>(model::Catalog::loadBundled()), filter);
    return 0;
}
