#pragma once
/// @file autosave.hpp
/// Crash recovery. While the document has unsaved changes, a copy is written kIntervalMs after
/// the first edit not yet copied (and again after later edits) to autosave-PID-N.json in the
/// autosave folder (N counts the windows of one process), through QSaveFile, so a crash
/// mid-write never leaves a broken copy. Each window holds a lock file (autosave-PID-N.lock,
/// QLockFile) for as long as it runs; saving or
/// knowingly discarding the work removes the copy, and a normal exit the lock. At the next
/// start, a copy whose session is gone (its lock is free or stale: the process was killed or
/// crashed) is an orphan and is offered for recovery (offerRecovery). Several sessions at once
/// never take each other's copies.

#include <QDateTime>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>

namespace app {

class Document;
class MainWindow;

class Autosave final : public QObject {
    Q_OBJECT
public:
    /// Delay between an edit and its copy, milliseconds (10 s: at most that much work is lost).
    static constexpr int kIntervalMs = 10000;

    /// The autosave folder: $CLUSTER_DESIGNER_AUTOSAVE_DIR when set, else
    /// QStandardPaths::AppDataLocation (e.g. ~/.local/share/cluster-designer/cluster-designer).
    [[nodiscard]] static QString defaultDirectory();

    /// @param directory where the copies go (defaultDirectory() when empty); created if missing.
    explicit Autosave(Document* doc, const QString& directory = QString(), QObject* parent = nullptr);
    /// Releases this session's lock. The copy stays when the work is still unsaved (the window
    /// closed by the system), so it is offered at the next start.
    ~Autosave() override;

    /// This session's copy (autosave-PID-N.json in the folder).
    [[nodiscard]] QString path() const { return path_; }
    [[nodiscard]] QString directory() const { return dir_; }
    /// True when this session's copy exists.
    [[nodiscard]] bool hasCopy() const;
    /// Changes the delay between an edit and its copy (tests use a short one).
    void setIntervalMs(int ms) { timer_.setInterval(ms); }

    /// Copies left by sessions that ended without saving or discarding their work (their
    /// process is gone), newest first. Includes the single autosave.json of earlier versions.
    [[nodiscard]] QStringList orphanedCopies() const;
    /// Removes an orphaned copy (recovered, or declined by the user) and its stale lock.
    void removeOrphan(const QString& copy) const;

public slots:
    /// Writes the copy now if the document has unsaved changes. @return false when writing
    /// failed (never interrupts work; the next edit retries).
    bool saveNow();
    /// Removes this session's copy (the work was saved or knowingly discarded).
    void discard();

private:
    void schedule();

    Document* doc_;
    QString dir_;
    QString path_;
    std::unique_ptr<QLockFile> lock_;
    QTimer timer_;
};

/// The start-up question "recover the work of a session that ended without saving?" and what
/// it may show; replaceable by tests. `ask` gets the question text and returns true for yes.
struct RecoveryPrompts {
    std::function<bool(const QString& text)> ask;
    std::function<void(const QString& title, const QString& text)> warn;
};

/// What an autosave copy says about itself (its "recovery" block; empty fields when absent,
/// as in copies of earlier versions or broken copies).
struct RecoveryInfo {
    QString name;    ///< the design's name
    QString source;  ///< the design file the unsaved changes belong to; empty: never saved
    QDateTime saved; ///< when the work was copied; invalid when the copy does not say
};

/// Reads `copy`'s name and recovery block. Never throws (a broken copy gives empty fields; it
/// is reported when opened).
[[nodiscard]] RecoveryInfo readRecoveryInfo(const QString& copy);

/// The file recovered work saves back to: `info.source` when it is an absolute path (a relative
/// one, from copies of earlier versions, could name another folder's file), still exists and was not
/// written after the copy was made (its modification time is not later than `info.saved`);
/// empty otherwise, so that saving asks for a name and never overwrites a newer file (saved by
/// another session after the crash, or restored from a backup).
[[nodiscard]] QString recoveryTarget(const RecoveryInfo& info);

/// The start-up question for the orphaned autosave copy `copy`: the design's name, the design
/// file the unsaved changes belong to (or that it was never saved to one), when the work was
/// copied (the copy's "recovery.saved" time, else the copy's modification time; local time,
/// yyyy-MM-dd HH:mm) and the copy's own path, e.g.
/// 'Cluster Designer closed without saving the changes to the design "pod" (file
/// /home/me/Documents/pod.json). The unsaved work was copied at 2026-12-03 06:04 to
/// /home/me/.local/share/cluster-designer/cluster-designer/autosave-4242-1.json. Recover it?'
[[nodiscard]] QString recoveryQuestion(const QString& copy);

/// Offers the newest orphaned autosave copy of `window`'s autosave folder: when the user says
/// yes the design is replaced by the recovered one (unsaved, tied to recoveryTarget()'s file, if
/// any, so that Save writes the work back where it belongs) and this session's
/// autosave takes it over; either way the orphan is removed afterwards. Older orphans are
/// removed too (only the newest is offered). Prompts default to QMessageBox on `window`.
/// @return true when a design was recovered.
bool offerRecovery(MainWindow& window, RecoveryPrompts prompts = {});

} // namespace app
