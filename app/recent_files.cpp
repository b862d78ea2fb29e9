#include "app/recent_files.hpp"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace app {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {}

QStringList RecentFiles::files() const
{
    QStringList out;
    for (const QString& f : QSettings().value(kKey).toStringList())
        if (QFileInfo::exists(f)) out << f;
    return out;
}

void RecentFiles::add(const QString& path)
{
    if (path.isEmpty()) return;
    const QString abs = QFileInfo(path).absoluteFilePath();
    QStringList list = QSettings().value(kKey).toStringList();
    list.removeAll(abs);
    list.prepend(abs);
    while (list.size() > kMax) list.removeLast();
    QSettings().setValue(kKey, list);
}

void RecentFiles::clear() { QSettings().remove(kKey); }

void RecentFiles::attach(QMenu* menu)
{
    connect(menu, &QMenu::aboutToShow, this, [this, menu] { fill(menu); });
    fill(menu);
}

void RecentFiles::fill(QMenu* menu)
{
    menu->clear();
    const QStringList list = files();
    int n = 0;
    for (const QString& f : list) {
        ++n;
        // "&1 pod.json" gives a keyboard accelerator for the first nine.
        const QString label = n < 10 ? QStringLiteral("&%1 %2").arg(n).arg(QFileInfo(f).fileName())
                                     : QFileInfo(f).fileName();
        QAction* a = menu->addAction(label);
        a->setToolTip(QDir::toNativeSeparators(f));
        a->setStatusTip(QDir::toNativeSeparators(f));
        connect(a, &QAction::triggered, this, [this, f] { emit openRequested(f); });
    }
    if (list.isEmpty()) menu->addAction(tr("No recent files"))->setEnabled(false);
    menu->addSeparator();
    menu->addAction(tr("Clear Menu"), this, &RecentFiles::clear)->setEnabled(!list.isEmpty());
    menu->setToolTipsVisible(true);
}

} // namespace app
