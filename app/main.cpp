// Entry point: `cluster-designer COMMAND ...` runs the command line (no display needed);
// anything else opens the GUI, on the given design or the bundled default one.
#include "app/cli/cli.hpp"
#include "app/gui_main.hpp"
#include "app/error_report.hpp"
#include "app/guarded_application.hpp"

#include <QApplication>
#include <QCoreApplication>

#include <QDir>
#include <QFile>
#include <QTextStream>

#include <cstring>
#include <memory>

#ifdef Q_OS_LINUX
#include <unistd.h>
#endif

namespace {

/// Qt warns on stderr when XDG_RUNTIME_DIR is unset (root in a container, a cron job) and then
/// uses /tmp/runtime-<user> itself; set that folder first (private, 0700) so the command-line
/// renderers (report, compare, screenshot) print only their own output.
void provideRuntimeDir()
{
#ifdef Q_OS_LINUX
    if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) return;
    const QString dir = QDir::tempPath() + QStringLiteral("/runtime-cluster-designer-") + QString::number(getuid());
    if (!QDir().mkpath(dir)) return;
    QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qputenv("XDG_RUNTIME_DIR", QFile::encodeName(dir));
#endif
}

/// The GUI on Linux needs a display; Qt aborts without one (exit 134, a core dump). Says what
/// to do instead and returns false when there is none and no platform was chosen.
bool displayAvailable()
{
#ifdef Q_OS_LINUX
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("DISPLAY") ||
        !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        return true;
    QTextStream(stderr) << "cluster-designer: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset).\n"
                           "  Run it in a desktop session, over ssh -X, or as xvfb-run -a cluster-designer;\n"
                           "  the command line needs no display: cluster-designer --help\n";
    return false;
#else
    return true;
#endif
}

/// The handler in place before quietOffscreenSizeHints() (Qt's default one).
QtMessageHandler previousMessageHandler = nullptr;

/// Drops Qt's "This plugin does not support propagateSizeHints()" and passes every other message on.
void dropSizeHintWarning(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type == QtWarningMsg && message == QLatin1String("This plugin does not support propagateSizeHints()")) return;
    if (previousMessageHandler) previousMessageHandler(type, context, message);
}

/// The offscreen platform (the command-line renderers, headless runs) has no window manager to
/// pass a window's size limits to, and Qt warns so on stderr for every window that sets one
/// (QPlatformWindow::propagateSizeHints): three lines of noise before each screenshot. Other
/// platforms and every other message are left as they are.
void quietOffscreenSizeHints()
{
    if (qgetenv("QT_QPA_PLATFORM") == "offscreen") previousMessageHandler = qInstallMessageHandler(dropSizeHintWarning);
}

} // namespace

int main(int argc, char* argv[])
{
    QCoreApplication::setOrganizationName(QStringLiteral("cluster-designer"));
    QCoreApplication::setApplicationName(QStringLiteral("cluster-designer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CD_VERSION)); // project(VERSION) in CMakeLists.txt

    if (argc >= 2 && app::cli::isCommand(QString::fromLocal8Bit(argv[1]))) {
        const QString command = QString::fromLocal8Bit(argv[1]);
        if (app::cli::needsWidgets(command)) {
            // Rendering needs widgets but never a display.
            if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
            provideRuntimeDir();
            quietOffscreenSizeHints();
            QApplication a(argc, argv);
            return app::cli::run(QCoreApplication::arguments());
        }
        QCoreApplication a(argc, argv);
        return app::cli::run(QCoreApplication::arguments());
    }
    if (!displayAvailable()) return 2;
    provideRuntimeDir();
    quietOffscreenSizeHints();
    // The GUI's application object catches exceptions that would leave slots and event
    // handlers, reports them and keeps the app (and the user's work) alive.
    app::GuardedApplication a(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    try {
        return app::runGui(args.size() >= 2 ? args[1] : QString());
    } catch (...) { // outside the event loop: building the window or the start-up questions
        app::reportUnexpectedError(QObject::tr("starting"), app::describeCurrentException());
        return 3;
    }
}
