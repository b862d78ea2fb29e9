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

#include <optional>
#include <stdexcept>
#include <variant>

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

/// What `screenshot` was asked to do, checked.
struct ScreenshotOptions {
    QString out;                                   ///< PNG file to write
    QString design;                                ///< design file (the bundled default when none was given)
    QSize size;                                    ///< window size, pixels
    std::optional<double> zoom;                    ///< canvas zoom, 1 = 100 %; nullopt = fit the design
    std::optional<QString> select;                 ///< name of the node to select
    std::optional<model::CollectiveRequest> simulate;
};

void addOptions(QCommandLineParser& p)
{
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
}

/// Reads the parsed options. @return them, or the exit status after printing what is wrong.
std::variant<ScreenshotOptions, int> readOptions(const QCommandLineParser& p)
{
    ScreenshotOptions o;
    o.out = p.value(QStringLiteral("o"));
    if (o.out.isEmpty() || p.positionalArguments().size() > 1) {
        printError(QStringLiteral("usage: cluster-designer screenshot [DESIGN.json] -o FILE.png"));
        return kUsage;
    }
    const QStringList size = p.value(QStringLiteral("size")).split(QLatin1Char('x'));
    o.size = QSize(size.value(0).toInt(), size.value(1).toInt());
    if (size.size() != 2 || o.size.width() < 200 || o.size.height() < 200 || o.size.width() > 8000 || o.size.height() > 8000) {
        printError(QStringLiteral("--size: expected WIDTHxHEIGHT between 200 and 8000, got \"%1\"")
                       .arg(p.value(QStringLiteral("size"))));
        return kUsage;
    }
    if (p.isSet(QStringLiteral("zoom"))) {
        bool ok = false;
        o.zoom = p.value(QStringLiteral("zoom")).toDouble(&ok);
        if (!ok || *o.zoom < 0.02 || *o.zoom > 8) {
            printError(QStringLiteral("--zoom: expected a factor between 0.02 and 8"));
            return kUsage;
        }
    }
    if (p.isSet(QStringLiteral("simulate"))) {
        try {
            o.simulate = parseSimulate(p.value(QStringLiteral("simulate")));
        } catch (const std::exception& e) {
            printError(QString::fromStdString(e.what()));
            return kUsage;
        }
    }
    if (p.isSet(QStringLiteral("select"))) o.select = p.value(QStringLiteral("select"));
    o.design = p.positionalArguments().isEmpty() ? QString::fromStdString(model::defaultDesignPath())
                                                 : p.positionalArguments().first();
    return o;
}

/// Selects the node named `name` on the canvas. @return false when there is none.
bool selectNode(MainWindow& window, const QString& name)
{
    views::NodeItem* item = nullptr;
    for (const auto& [id, n] : window.document()->design().nodes())
        if (n.name == name.toStdString()) item = window.scene()->nodeItem(id);
    if (item) item->setSelected(true);
    return item != nullptr;
}

/// Waits until every panel shows the results of the opened design (or the timeout passed).
/// @return false on timeout.
bool waitForResults(MainWindow& window)
{
    if (!window.worker()->isBusy()) return true;
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    QObject::connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    QObject::connect(window.worker(), &AnalysisWorker::busyChanged, &loop, [&loop](bool busy) {
        if (!busy) loop.quit();
    });
    timeout.start(kAnalysisTimeoutMs);
    loop.exec();
    return !window.worker()->isBusy();
}

/// Fits the design in the canvas, then applies `zoom` around the centre when given.
void frameCanvas(MainWindow& window, std::optional<double> zoom)
{
    QApplication::processEvents();
    window.canvas()->zoomToFit();
    if (zoom) {
        const QPointF centre = window.canvas()->mapToScene(window.canvas()->viewport()->rect().center());
        window.canvas()->setTransform(QTransform::fromScale(*zoom, *zoom));
        window.canvas()->centerOn(centre);
    }
    QApplication::processEvents();
}
} // namespace

int cmdScreenshot(const QStringList& args)
{
    QCommandLineParser p;
    addOptions(p);
    if (const auto stop = parseOrStop(p, args)) return *stop;
    const auto read = readOptions(p);
    if (const int* status = std::get_if<int>(&read)) return *status;
    const ScreenshotOptions& o = std::get<ScreenshotOptions>(read);

    auto catalog = loadCatalogOrReport();
    if (!catalog) return kBadInput;
    MainWindow window(std::make_shared<const model::Catalog>(std::move(*catalog)));
    if (auto error = window.document()->open(o.design)) {
        printError(*error);
        return kBadInput;
    }
    if (o.select && !selectNode(window, *o.select)) {
        printError(QStringLiteral("--select: no node named \"%1\" in %2").arg(*o.select, o.design));
        return kUsage;
    }
    window.resize(o.size);
    window.show();
    if (!waitForResults(window)) printError(QStringLiteral("warning: the analysis did not finish in time"));
    if (o.simulate && !simulateInWindow(window, *o.simulate))
        printError(QStringLiteral("warning: the simulation did not finish in time"));
    frameCanvas(window, o.zoom);

    if (!window.grab().save(o.out, "PNG")) {
        printError(QStringLiteral("cannot write %1").arg(o.out));
        return kBadInput;
    }
    return kOk;
}

} // namespace app::cli
