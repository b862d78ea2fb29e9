#pragma once
/// @file guarded_application.hpp
/// The application object of the GUI. Qt's event loop is not exception-safe: an exception
/// that leaves a slot or an event handler would unwind through Qt and end the process, with
/// the user's unsaved work. GuardedApplication catches it where Qt delivers every event
/// (QCoreApplication::notify, which calls each event handler and, through them, the slots of
/// timers, queued connections, clicks and keys), lets the document roll back a half-done edit
/// (exceptionCaught) and shows the error (reportUnexpectedError). The app keeps running.

#include <QApplication>

namespace app {

class GuardedApplication final : public QApplication {
    Q_OBJECT
public:
    GuardedApplication(int& argc, char** argv);

    /// Delivers `event` as QApplication does; an exception from the receiver is caught,
    /// announced by exceptionCaught and reported in a dialog. @return false for that event.
    bool notify(QObject* receiver, QEvent* event) override;

signals:
    /// An exception escaped an event handler or slot; emitted before the dialog opens, so
    /// the document can restore the design it had before the failed edit.
    void exceptionCaught(const QString& message);
};

} // namespace app
