#include "app/error_report.hpp"

#include <QApplication>
#include <QMessageBox>
#include <QWidget>

#include <exception>
#include <new>
#include <utility>

namespace app {

namespace {
ErrorDialog& dialog()
{
    static ErrorDialog d;
    return d;
}
} // namespace

ErrorDialog setErrorDialog(ErrorDialog d)
{
    return std::exchange(dialog(), std::move(d));
}

void reportUnexpectedError(const QString& activity, const QString& detail)
{
    qWarning("cluster-designer: unexpected error while %s: %s", qUtf8Printable(activity), qUtf8Printable(detail));
    const QString title = QObject::tr("Unexpected error");
    const QString text = QObject::tr("Cluster Designer ran into an unexpected error while %1:\n\n%2\n\n"
                                     "Your design is as it was before. Save it (File > Save As) to be safe, "
                                     "and please report this error with the steps that led to it.")
                             .arg(activity, detail);
    if (dialog()) {
        dialog()(title, text);
        return;
    }
    QMessageBox::critical(QApplication::activeWindow(), title, text);
}

QString describeCurrentException()
{
    try {
        throw;
    } catch (const std::bad_alloc&) {
        return QObject::tr("the computer ran out of memory");
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    } catch (...) {
        return QObject::tr("an error of unknown type");
    }
}

} // namespace app
