#include "app/signal_quit.hpp"

#include "app/autosave.hpp"
#include "app/main_window.hpp"

#include <QApplication>
#include <QSocketNotifier>
#include <QWidget>

#include <cerrno>
#include <csignal>
#include <map>
#include <stdexcept>
#include <system_error>

#include <sys/socket.h>
#include <unistd.h>

namespace app {

namespace {

int g_fds[2] = {-1, -1}; // [0] written by the handler, [1] read by the notifier
std::map<int, struct sigaction> g_previous;
int g_quitStatus = 0;

extern "C" void onUnixSignal(int unixSignal)
{
    const int saved = errno;
    const auto byte = static_cast<unsigned char>(unixSignal);
    [[maybe_unused]] const ssize_t n = ::write(g_fds[0], &byte, 1);
    errno = saved;
}

} // namespace

std::initializer_list<int> SignalQuit::defaultSignals()
{
    static const std::initializer_list<int> list = {SIGTERM, SIGINT, SIGHUP};
    return list;
}

SignalQuit::SignalQuit(std::initializer_list<int> unixSignals, QObject* parent) : QObject(parent)
{
    if (g_fds[0] >= 0) throw std::logic_error("SignalQuit: only one instance may handle the signals at a time");
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_fds) != 0) {
        g_fds[0] = g_fds[1] = -1;
        throw std::system_error(errno, std::generic_category(), "SignalQuit: socketpair");
    }
    notifier_ = new QSocketNotifier(g_fds[1], QSocketNotifier::Read, this);
    connect(notifier_, &QSocketNotifier::activated, this, &SignalQuit::readSignal);
    for (int s : unixSignals) {
        struct sigaction action = {};
        action.sa_handler = onUnixSignal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESTART;
        struct sigaction previous = {};
        if (::sigaction(s, &action, &previous) == 0) g_previous[s] = previous;
    }
}

SignalQuit::~SignalQuit()
{
    for (const auto& [s, previous] : g_previous) ::sigaction(s, &previous, nullptr);
    g_previous.clear();
    delete notifier_;
    ::close(g_fds[0]);
    ::close(g_fds[1]);
    g_fds[0] = g_fds[1] = -1;
}

void SignalQuit::readSignal()
{
    unsigned char byte = 0;
    if (::read(g_fds[1], &byte, 1) == 1) emit received(byte);
}

void SignalQuit::quitApplication(int unixSignal)
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* window = qobject_cast<MainWindow*>(w)) window->autosave()->saveNow();
    g_quitStatus = 128 + unixSignal;
    QCoreApplication::exit(g_quitStatus);
}

int SignalQuit::quitStatus() { return g_quitStatus; }

} // namespace app
