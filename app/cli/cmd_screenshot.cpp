// `cluster-designer screenshot [DESIGN.json] -o FILE.png`: renders the main window offscreen on
// a design (the bundled default when none), after the first analysis has arrived; with
// --simulate, after a flow-level simulation run through the Simulation dock (heat on the links).
#include "app/analysis_worker.hpp"
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"
#include "app/document.hpp"
#include "app/main_window.hpp"
#include "app/simulation_runner.hpp"
#include "views/canvas/canvas_scene.hpp"
#include "views/canvas/canvas_view.hpp"
#include "views/canvas/node_item.hpp"
#include "views/simulation/simulation_form.hpp"
#include "views/simulation/simulation_panel.hpp"

#include <QApplication>
#include <QDockWidget>
#include <QCommandLineParser>
#include <QEventLoop>
#include <QPixmap>
#include <QTextStream>
#include <QTimer>

#include <stdexcept>

namespace app::cli {

namespace {
/// Longest wait for the analysis before the window is grabbed anyway (milliseconds).
constexpr int kAnalysisTimeoutMs = 20000;
/// Longest wait for a --simulate run (milliseconds).
constexpr int kSimulationTimeoutMs = 300000;

/// Parses --simulate "OP:SIZE[:GPUS]" (e.g. "all_reduce:256M:16"; GPUS 0 or absent = all).
/// @throws std::invalid_argument naming what is wrong.
model::CollectiveRequest parseSimulate(const QString& spec)
{
    const QStringList parts = spec.split(QLatin1Char(':'));
    if (parts.size() < 2 || parts.size() > 3)
        throw std::invalid_argument("--simulate: expected OP:SIZE[:GPUS], e.g. all_reduce:256M:16, got \"" +
                                    spec.toStdString() + "\"");
    model::CollectiveRequest r;
    r.op = model::parseCollectiveOp(parts[0].toStdString());
    r.bytes = static_cast<double>(model::parseSize(parts[1].toStdString()));
    bool ok = true;
    if (parts.size() == 3) r.gpus = parts[2].toInt(&ok);
    if (!ok || r.gpus < 0) throw std::invalid_argument("--simulate: GPUS must be a count >= 0");
    return r;
}

/// Runs `request` through the window's Simulation dock (brought to front) and waits for it.
/// @return false when it did not finish in time.
bool simulateInWindow(MainWindow& window, const model::CollectiveRequest& request)
{
    if (auto* dock = window.findChild<QDockWidget*>(QStringLiteral("simulationDock"))) dock->raise();
    window.simulation()->form()->setRequest(request);
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(window.simulationRunner(), &SimulationRunner::finished, &loop, &QEventLoop::quit,
                     Qt::QueuedConnection); // after the panel has shown the outcome
    window.simulation()->requestRun();
    if (!window.simulationRunner()->isRunning()) return true; // refused: the panel shows why
    timeout.start(kSimulationTimeoutMs);
    loop.exec();
    return !window.simulationRunner()->isRunning();
}
} // namespace

int cmdScreenshot(const QStringList& args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Render the main window offscreen to a PNG."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("Design file (default: the bundled design)."),
                            QStringLiteral("[DESIGN.json]"));
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("PNG file to write."),
                 QStringLiteral("FILE.png")});
    p.addOption({QStringLiteral("size"), QStringLiteral("Window size, WIDTHxHEIGHT (default 1600x1000)."),
                 QStringLiteral("WxH"), QStringLiteral("1600x1000")});
    p.addOption({QStringLiteral("zoom"), QStringLiteral("Canvas zoom, 1 = 100 % (default: fit the design)."),
                 QStringLiteral("FACTOR")});
    p.addOption({QStringLiteral("select"), QStringLiteral("Select the node with this name (the inspector shows it)."),
                 QStringLiteral("NAME")});
    p.addOption({QStringLiteral("simulate"),
                 QStringLiteral("Run a flow-level simulation in the Simulation dock first, OP:SIZE[:GPUS] "
                                "(e.g. all_reduce:256M:16), and show its heat on the links."),
                 QStringLiteral("OP:SIZE[:GPUS]")});
    if (const auto stop = parseOrStop(p, args)) return *stop;
    const QString out = p.value(QStringLiteral("o"));
    if (out.isEmpty() || p.positionalArguments().size() > 1) {
        printError(QStringLiteral("usage: cluster-designer screenshot [DESIGN.json] -o FILE.png"));
        return kUsage;
    }
    const QStringList size = p.value(QStringLiteral("size")).split(QLatin1Char('x'));
    const int w = size.value(0).toInt(), h = size.value(1).toInt();
    if (size.size() != 2 || w < 200 || h < 200 || w > 8000 || h > 8000) {
        printError(QStringLiteral("--size: expected WIDTHxHEIGHT between 200 and 8000, got \"%1\"")
                       .arg(p.value(QStringLiteral("size"))));
        return kUsage;
    }

    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    const QString design = p.positionalArguments().isEmpty() ? QString::fromStdString(model::defaultDesignPath())
                                                             : p.positionalArguments().first();

    MainWindow window(std::make_shared<const model::Catalog>(std::move(*catalog)));
    if (auto error = window.document()->open(design)) {
        printError(*error);
        return kBadInput;
    }
    if (p.isSet(QStringLiteral("select"))) {
        const std::string name = p.value(QStringLiteral("select")).toStdString();
        views::NodeItem* item = nullptr;
        for (const auto& [id, n] : window.document()->design().nodes())
            if (n.name == name) item = window.scene()->nodeItem(id);
        if (!item) {
            printError(QStringLiteral("--select: no node named \"%1\" in %2").arg(QString::fromStdString(name), design));
            return kUsage;
        }
        item->setSelected(true);
    }
    window.resize(w, h);
    window.show();

    // Wait for the analysis of the opened design (or give up after the timeout).
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(window.worker(), &AnalysisWorker::busyChanged, &loop, [&loop](bool busy) {
        if (!busy) loop.quit();
    });
    if (window.worker()->isBusy()) {
        timeout.start(kAnalysisTimeoutMs);
        loop.exec();
    }
    if (window.worker()->isBusy()) printError(QStringLiteral("warning: the analysis did not finish in time"));
    if (p.isSet(QStringLiteral("simulate"))) {
        model::CollectiveRequest request;
        try {
            request = parseSimulate(p.value(QStringLiteral("simulate")));
        } catch (const std::exception& e) {
            printError(QString::fromStdString(e.what()));
            return kUsage;
        }
        if (!simulateInWindow(window, request))
            printError(QStringLiteral("warning: the simulation did not finish in time"));
    }
    QApplication::processEvents();
    window.canvas()->zoomToFit();
    if (p.isSet(QStringLiteral("zoom"))) {
        bool ok = false;
        const double z = p.value(QStringLiteral("zoom")).toDouble(&ok);
        if (!ok || z < 0.02 || z > 8) {
            printError(QStringLiteral("--zoom: expected a factor between 0.02 and 8"));
            return kUsage;
        }
        const QPointF centre = window.canvas()->mapToScene(window.canvas()->viewport()->rect().center());
        window.canvas()->setTransform(QTransform::fromScale(z, z));
        window.canvas()->centerOn(centre);
    }
    QApplication::processEvents();

    const QPixmap shot = window.grab();
    if (!shot.save(out, "PNG")) {
        printError(QStringLiteral("cannot write %1").arg(out));
        return kBadInput;
    }
    return kOk;
}

} // namespace app::cli
