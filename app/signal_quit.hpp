#pragma once
/// @file signal_quit.hpp
/// SIGTERM, SIGINT and SIGHUP (kill, Ctrl+C in the terminal, the end of a desktop session)
/// end the GUI through its event loop instead of killing it: every destructor runs, so each
/// window's autosave lock (app/autosave.hpp) is released, and the unsaved work is copied to the
/// autosave first, so the next start offers it for recovery. Qt's documented pattern "Calling
/// Qt Functions From Unix Signal Handlers": the handler only writes the signal number into a
/// socketpair (write(2) is async-signal-safe); a QSocketNotifier on the UI thread reads it and
/// emits received(). kill -9 cannot be caught: the lock stays and recovery works as before.

#include <QObject>

#include <initializer_list>

class QSocketNotifier;

namespace app {

class SignalQuit final : public QObject {
    Q_OBJECT
public:
    /// Installs the handler for each of `unixSignals` (SIGTERM, SIGINT, SIGHUP by default),
    /// keeping the previous handlers. One instance at a time (a second one throws
    /// std::logic_error); throws std::system_error when the socketpair cannot be made.
    explicit SignalQuit(std::initializer_list<int> unixSignals = defaultSignals(), QObject* parent = nullptr);
    /// Restores the previous handlers and closes the socketpair.
    ~SignalQuit() override;
    SignalQuit(const SignalQuit&) = delete;
    SignalQuit& operator=(const SignalQuit&) = delete;

    /// SIGTERM, SIGINT and SIGHUP.
    [[nodiscard]] static std::initializer_list<int> defaultSignals();

    /// What the GUI does on such a signal: copies the unsaved work of every main window to its
    /// autosave (Autosave::saveNow; a saved or unmodified design leaves no copy) and leaves
    /// every running event loop, open dialogs included, with exit status 128 + `unixSignal`
    /// (the shell's convention for "ended by that signal"). Asks nothing: nobody may be there
    /// to answer (logout, kill).
    static void quitApplication(int unixSignal);
    /// 128 + the signal once quitApplication ran, else 0. A signal that came while no event loop
    /// ran, or only a dialog's (the start-up questions), ends that loop only: runGui checks this
    /// before it enters the main loop.
    [[nodiscard]] static int quitStatus();

signals:
    /// Emitted on the UI thread, once for each signal received.
    void received(int unixSignal);

private:
    void readSignal();

    QSocketNotifier* notifier_ = nullptr;
};

} // namespace app
