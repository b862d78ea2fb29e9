#pragma once
/// @file recent_files.hpp
/// File > Open Recent: the last kMax design files opened or saved (templates are not listed:
/// they open as untitled designs anyway), newest first, kept in QSettings under "recentFiles".
/// Files that no longer exist are dropped when the menu is shown.

#include <QObject>
#include <QStringList>

class QMenu;

namespace app {

class RecentFiles final : public QObject {
    Q_OBJECT
public:
    /// How many files the menu keeps.
    static constexpr int kMax = 10;

    explicit RecentFiles(QObject* parent = nullptr);

    /// The files, newest first (only those that still exist).
    [[nodiscard]] QStringList files() const;
    /// Puts `path` first (absolute path; duplicates removed).
    void add(const QString& path);
    /// Forgets every file.
    void clear();
    /// Fills `menu` with one action per file ("1 pod.json", tooltip the full path) and a
    /// "Clear Menu" action; the menu is refilled on each aboutToShow.
    void attach(QMenu* menu);

signals:
    /// The user picked `path` in the menu.
    void openRequested(const QString& path);

private:
    void fill(QMenu* menu);
};

} // namespace app
