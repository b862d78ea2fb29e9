#include "app/guarded_application.hpp"

#include "app/error_report.hpp"

namespace app {

GuardedApplication::GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool GuardedApplication::notify(QObject* receiver, QEvent* event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (...) {
        const QString message = describeCurrentException();
        emit exceptionCaught(message);
        reportUnexpectedError(tr("handling a user action"), message);
    }
    return false;
}

} // namespace app
