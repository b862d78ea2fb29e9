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
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
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

#ifdef Q_OS_LINUX
/// True when something listens on the local X display `display` (":N" or ":N.S"): its socket
/// /tmp/.X11-unix/XN, on the file system or in the abstract namespace (X.Org, Xvfb and Xwayland
/// listen on both). Remote displays ("host:N", ssh -X's "localhost:10.0") count as reachable:
/// only Qt's own connection can tell.
bool localDisplayListens(const QByteArray& display)
{
    if (!display.startsWith(':')) return true;
    const QByteArray number = display.mid(1).split('.').value(0);
    bool ok = false;
    number.toInt(&ok);
    if (!ok) return true; // not a form this check knows: leave it to Qt
    const QByteArray path = "/tmp/.X11-unix/X" + number;
    for (bool abstract : {false, true}) {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
        if (fd < 0) return true;
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        const std::size_t offset = abstract ? 1 : 0; // abstract: a leading NUL byte
        std::memcpy(addr.sun_path + offset, path.constData(), std::min<std::size_t>(path.size(), sizeof addr.sun_path - 1 - offset));
        const auto len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + offset + static_cast<std::size_t>(path.size()));
        const bool connected = ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), len) == 0;
        ::close(fd);
        if (connected) return true;
    }
    return false;
}
#endif

/// The GUI on Linux needs a display; Qt aborts without one (exit 134, a core dump, "Reinstalling
/// the application may fix this problem"), also when DISPLAY names a local X server that is
/// not running. Says what to do instead and returns false then, unless a platform was chosen.
bool displayAvailable()
{
#ifdef Q_OS_LINUX
    if (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) return true;
    const QByteArray display = qgetenv("DISPLAY");
    if (!display.isEmpty() && localDisplayListens(display)) return true;
    QTextStream err(stderr);
    if (display.isEmpty())
        err << "cluster-designer: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset).\n";
    else
        err << "cluster-designer: no X server answers on DISPLAY=" << display << " (nothing listens on /tmp/.X11-unix/X"
            << display.mid(1).split('.').value(0) << ").\n";
    err << "  Run it in a desktop session, over ssh -X, or as xvfb-run -a cluster-designer;\n"
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
