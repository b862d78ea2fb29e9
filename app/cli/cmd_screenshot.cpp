// `cluster-designer screenshot [DESIGN.json] -o FILE.png|FILE.jpg|...`: renders the main window offscreen on
// a design (the bundled default when none), after the first analysis has arrived; with
// --simulate, after a flow-level simulation run through the Simulation dock (heat on the links);
// with --presentation N, presentation mode on slide N instead; --theme light|dark, --expand.
// High-DPI: run with QT_SCALE_FACTOR=2 for a picture at twice the size.
#include "app/analysis_worker.hpp"
#include "app/cli/cli.hpp"
#include "app/cli/cli_common.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/picture_file.hpp"
#include "app/document.hpp"
#include "app/main_window.hpp"
#include "app/presentation_window.hpp"
#include "app/theme.hpp"
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
#include <QSettings>
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

/// Parses --simulate "OP:SIZE[:GPUS]" (e.g. "all_reduce:256M:16"; GPUS absent = every GPU).
/// A zero size or GPU count is refused (as `collective --gpus 0` is), not run as a no-op.
/// @throws std::invalid_argument naming --simulate, the part and what was expected.
model::CollectiveRequest parseSimulate(const QString& spec)
{
    const QStringList parts = spec.split(QLatin1Char(':'));
    const std::string got = "; got \"" + spec.toStdString() + "\"";
    if (parts.size() < 2 || parts.size() > 3)
        throw std::invalid_argument("--simulate: expected OP:SIZE[:GPUS], e.g. all_reduce:256M:16" + got);
    model::CollectiveRequest r;
    try {
        r.op = model::parseCollectiveOp(parts[0].toStdString());
        r.bytes = static_cast<double>(model::parseSize(parts[1].toStdString()));
    } catch (const std::exception& e) {
        throw std::invalid_argument(std::string("--simulate: ") + e.what());
    }
    if (!(r.bytes > 0)) throw std::invalid_argument("--simulate: SIZE must be above zero bytes, e.g. 256M" + got);
    bool ok = true;
    if (parts.size() == 3) r.gpus = parts[2].toInt(&ok);
    if (!ok || (parts.size() == 3 && r.gpus < 1))
        throw std::invalid_argument("--simulate: GPUS must be a whole number >= 1 (leave it out for every GPU)" + got);
    return r;
}

/// Runs `request` through the window's Simulation dock (brought to front) and waits for it.
/// @return false when it did not finish in time. @param refused set to the dock's reason when
/// it refused the request (more GPUs than the design has, ...).
bool simulateInWindow(MainWindow& window, const model::CollectiveRequest& request, QString& refused)
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
    if (!window.simulationRunner()->isRunning()) { // refused: the panel says why
        refused = window.simulation()->statusText();
        return true;
    }
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
    std::optional<Theme::Mode> theme;              ///< colour theme for this picture only
    bool expand = false;                           ///< expand every group of servers
    std::optional<int> presentation;               ///< presentation mode on this slide
};

void addOptions(QCommandLineParser& p)
{
    p.setApplicationDescription(QStringLiteral("Render the main window offscreen to a PNG."));
    p.addHelpOption();
    p.addPositionalArgument(QStringLiteral("design"), QStringLiteral("Design file (default: the bundled design)."),
                            QStringLiteral("[DESIGN.json]"));
    p.addOption({{QStringLiteral("o"), QStringLiteral("output")},
                 QStringLiteral("Picture to write, in the format its extension names (.png, .jpg, .bmp, ...)."), QStringLiteral("FILE.png")});
    p.addOption({QStringLiteral("size"), QStringLiteral("Window size, WIDTHxHEIGHT (default 1600x1000)."),
                 QStringLiteral("WxH"), QStringLiteral("1600x1000")});
    p.addOption({QStringLiteral("zoom"), QStringLiteral("Canvas zoom, 1 = 100 % (default: fit the design)."),
                 QStringLiteral("FACTOR")});
    p.addOption({QStringLiteral("select"), QStringLiteral("Select the node with this name (the inspector shows it)."),
                 QStringLiteral("NAME")});
    p.addOption({QStringLiteral("theme"), QStringLiteral("light, dark or system (default: the saved choice)."),
                 QStringLiteral("THEME")});
    p.addOption({QStringLiteral("expand"), QStringLiteral("Expand every group of servers.")});
    p.addOption({QStringLiteral("presentation"),
                 QStringLiteral("Show presentation mode on slide N (0 = the design, 1.. = the templates)."),
                 QStringLiteral("N")});
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
    if (const auto stop = checkPositionals(p, 0, 1, QStringLiteral("screenshot"), QStringLiteral("screenshot [DESIGN.json] -o FILE.png")))
        return *stop;
    if (o.out.isEmpty()) {
        printError(QStringLiteral("usage: cluster-designer screenshot [DESIGN.json] -o FILE.png"));
        return kUsage;
    }
    if (pictureFormatFor(o.out).isEmpty()) {
        printError(QStringLiteral("-o: cannot write a picture named \"%1\": expected a file name ending in one of %2")
                       .arg(o.out, writablePictureExtensions()));
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
    if (p.isSet(QStringLiteral("theme"))) {
        const QString t = p.value(QStringLiteral("theme"));
        if (t == QLatin1String("light")) o.theme = Theme::Mode::Light;
        else if (t == QLatin1String("dark")) o.theme = Theme::Mode::Dark;
        else if (t == QLatin1String("system")) o.theme = Theme::Mode::System;
        else {
            printError(QStringLiteral("--theme: expected light, dark or system, got \"%1\"").arg(t));
            return kUsage;
        }
    }
    o.expand = p.isSet(QStringLiteral("expand"));
    if (p.isSet(QStringLiteral("presentation"))) {
        bool ok = false;
        o.presentation = p.value(QStringLiteral("presentation")).toInt(&ok);
        if (!ok || *o.presentation < 0) {
            printError(QStringLiteral("--presentation: expected a slide number >= 0, got \"%1\"").arg(p.value(QStringLiteral("presentation"))));
            return kUsage;
        }
    }
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

/// Sets the theme for this picture without changing the user's saved choice.
void applyTheme(MainWindow& window, Theme::Mode mode)
{
    const QVariant saved = QSettings().value(QStringLiteral("theme"));
    window.theme()->setMode(mode);
    if (saved.isValid()) QSettings().setValue(QStringLiteral("theme"), saved);
    else QSettings().remove(QStringLiteral("theme"));
}

/// Opens presentation mode on `slide`, waits for its analysis and grabs it at `size` pixels.
QPixmap grabPresentation(MainWindow& window, int slide, QSize size)
{
    PresentationWindow* show = window.startPresentation();
    show->showNormal(); // offscreen has no screen to fill: the window size given by --size
    show->resize(size);
    show->showSlide(slide);
    QEventLoop wait;
    QTimer::singleShot(kAnalysisTimeoutMs, &wait, &QEventLoop::quit);
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &wait, [&] {
        if (!show->worker()->isBusy()) wait.quit();
    });
    poll.start(20);
    wait.exec();
    QApplication::processEvents();
    show->canvas()->zoomToFit();
    QApplication::processEvents();
    return show->grab();
}

/// Fits the design in the canvas, then applies `zoom` around the centre when given.
void frameCanvas(MainWindow& window, std::optional<double> zoom)
{
    QApplication::processEvents();
    window.canvas()->zoomToFit();
    if (zoom) window.canvas()->setZoom(*zoom); // through the view, so the status bar says it too
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
    if (o.presentation) {
        // Slide 0 is the design, 1.. the templates that load (PresentationWindow::slidesFor).
        const int last = static_cast<int>(PresentationWindow::slidesFor(model::Design{}, *catalog).size()) - 1;
        if (*o.presentation > last) {
            printError(QStringLiteral("--presentation: there is no slide %1; expected 0 to %2 (0 = the design, 1 to %2 = the templates)")
                           .arg(*o.presentation)
                           .arg(last));
            return kUsage;
        }
    }
    MainWindow window(std::make_shared<const model::Catalog>(std::move(*catalog)));
    if (o.theme) applyTheme(window, *o.theme);
    if (auto error = window.document()->open(o.design)) {
        printError(*error);
        return kBadInput;
    }
    if (o.expand) window.scene()->expandAllGroups();
    if (o.select && !selectNode(window, *o.select)) {
        printError(QStringLiteral("--select: no node named \"%1\" in %2").arg(*o.select, o.design));
        return kUsage;
    }
    window.resize(o.size);
    window.show();
    if (!waitForResults(window)) printError(QStringLiteral("warning: the analysis did not finish in time"));
    QString refused;
    if (o.simulate && !simulateInWindow(window, *o.simulate, refused))
        printError(QStringLiteral("warning: the simulation did not finish in time"));
    if (!refused.isEmpty()) {
        printError(QStringLiteral("--simulate: the Simulation dock refused the run: ") + refused);
        return kUsage;
    }
    frameCanvas(window, o.zoom);

    const QPixmap shot = o.presentation ? grabPresentation(window, *o.presentation, o.size) : window.grab();
    if (const QString error = savePicture(shot, o.out); !error.isEmpty()) {
        printError(error);
        return kBadInput;
    }
    return kOk;
}

} // namespace app::cli
