// Entry point: `cluster-designer COMMAND ...` runs the command line (no display needed);
// anything else opens the GUI, on the given design or the bundled default one.
#include "app/cli/cli.hpp"
#include "app/gui_main.hpp"
#include "app/error_report.hpp"
#include "app/guarded_application.hpp"

#include <QApplication>
#include <QCoreApplication>

#include <cstring>
#include <memory>

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
            QApplication a(argc, argv);
            return app::cli::run(QCoreApplication::arguments());
        }
        QCoreApplication a(argc, argv);
        return app::cli::run(QCoreApplication::arguments());
    }
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
