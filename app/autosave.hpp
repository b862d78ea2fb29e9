#pragma once
/// @file autosave.hpp
/// Crash recovery: while the document has unsaved changes, a copy is written every
/// kIntervalMs to autosave.json in the application's data folder (model::saveDesign, atomic,
/// so a crash mid-write never leaves a broken copy). Saving or discarding removes it; a copy
/// found at the next start is offered for recovery.

#include <QObject>
#include <QString>
#include <QTimer>

namespace app {

class Document;

class Autosave final : public QObject {
    Q_OBJECT
public:
    /// Interval between the first unsaved edit and the copy, milliseconds.
    static constexpr int kIntervalMs = 30000;

    /// @param directory where autosave.json goes (QStandardPaths::AppDataLocation when empty).
    explicit Autosave(Document* doc, const QString& directory = QString(), QObject* parent = nullptr);

    /// The autosave file.
    [[nodiscard]] QString path() const { return path_; }
    /// True when a copy from an earlier session (or this one) exists.
    [[nodiscard]] bool hasCopy() const;

public slots:
    /// Writes the copy now if the document has unsaved changes. @return false when writing failed.
    bool saveNow();
    /// Removes the copy (the work was saved or knowingly discarded).
    void discard();

private:
    Document* doc_;
    QString path_;
    QTimer timer_;
};

} // namespace app
