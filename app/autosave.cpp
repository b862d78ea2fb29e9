#include "app/autosave.hpp"

#include "app/design_file.hpp"
#include "app/document.hpp"
#include "app/main_window.hpp"
#include "model/design/design.hpp"
#include "model/io/json_fields.hpp"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QStandardPaths>

#include <algorithm>
#include <atomic>

namespace app {

namespace {
const QString kPrefix = QStringLiteral("autosave-");
const QString kLegacy = QStringLiteral("autosave.json"); // the one copy of earlier versions

QString lockPathFor(const QString& copy)
{
    QString lock = copy;
    lock.replace(lock.size() - 5, 5, QStringLiteral(".lock")); // autosave-PID.json -> .lock
    return lock;
}
} // namespace

QString Autosave::defaultDirectory()
{
    const QString env = qEnvironmentVariable("CLUSTER_DESIGNER_AUTOSAVE_DIR");
    if (!env.isEmpty()) return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
}

Autosave::Autosave(Document* doc, const QString& directory, QObject* parent)
    : QObject(parent), doc_(doc), dir_(directory.isEmpty() ? defaultDirectory() : directory)
{
    QDir().mkpath(dir_);
    // One copy per window: the process id, and a counter for several windows in one process.
    static std::atomic<int> instances{0};
    const QString id = QString::number(QCoreApplication::applicationPid()) + QLatin1Char('-') + QString::number(++instances);
    path_ = QDir(dir_).filePath(kPrefix + id + QStringLiteral(".json"));
    // Held while the session runs: another session sees this copy as in use, not orphaned.
    lock_ = std::make_unique<QLockFile>(lockPathFor(path_));
    lock_->setStaleLockTime(0); // only a dead owner makes it stale, never its age
    (void)lock_->tryLock(0);

    timer_.setSingleShot(true);
    timer_.setInterval(kIntervalMs);
    connect(&timer_, &QTimer::timeout, this, &Autosave::saveNow);
    // QUndoStack moves its index after each edit, undo and redo has completed; the document's
    // own change signals come mid-edit, before the edit counts as unsaved.
    connect(doc_->undoStack(), &QUndoStack::indexChanged, this, &Autosave::schedule);
    connect(doc_, &Document::modifiedChanged, this, [this](bool modified) {
        if (modified) schedule();
        else discard();
    });
}

Autosave::~Autosave() = default; // ~QLockFile removes the lock; the copy stays if unsaved

void Autosave::schedule()
{
    if (doc_->isModified() && !timer_.isActive()) timer_.start();
}

bool Autosave::hasCopy() const { return QFile::exists(path_); }

bool Autosave::saveNow()
{
    timer_.stop();
    if (!doc_->isModified()) return true;
    QDir().mkpath(dir_);
    const nlohmann::json recovery = {
        {"recovery",
         {{"source", doc_->filePath().toStdString()},
          {"saved", QDateTime::currentDateTime().toString(Qt::ISODate).toStdString()}}}};
    // A failed autosave must never interrupt work; the next edit retries.
    return !writeDesignFile(doc_->design(), path_, recovery).has_value();
}

void Autosave::discard()
{
    timer_.stop();
    QFile::remove(path_);
}

QStringList Autosave::orphanedCopies() const
{
    QFileInfoList candidates;
    const QDir dir(dir_);
    for (const QFileInfo& f : dir.entryInfoList({kPrefix + QStringLiteral("*.json")}, QDir::Files)) {
        if (f.absoluteFilePath() == QFileInfo(path_).absoluteFilePath()) continue;
        // The session that wrote it is gone when its lock can be taken (free, or held by a
        // process that no longer runs: QLockFile checks the pid it recorded).
        QLockFile probe(lockPathFor(f.absoluteFilePath()));
        probe.setStaleLockTime(0);
        if (!probe.tryLock(0)) continue; // a running session's copy
        probe.unlock();
        candidates << f;
    }
    if (dir.exists(kLegacy)) candidates << QFileInfo(dir.filePath(kLegacy));
    std::sort(candidates.begin(), candidates.end(),
              [](const QFileInfo& a, const QFileInfo& b) { return a.lastModified() > b.lastModified(); });
    QStringList out;
    for (const QFileInfo& f : candidates) out << f.absoluteFilePath();
    return out;
}

void Autosave::removeOrphan(const QString& copy) const
{
    QFile::remove(copy);
    QFile::remove(lockPathFor(copy));
}

RecoveryInfo readRecoveryInfo(const QString& copy)
{
    RecoveryInfo info;
    try {
        const nlohmann::json doc = model::io::readJsonFile(copy.toStdString(), model::kMaxDesignFileBytes);
        if (doc.is_object()) {
            if (auto n = doc.find("name"); n != doc.end() && n->is_string()) info.name = QString::fromStdString(n->get<std::string>());
            if (auto r = doc.find("recovery"); r != doc.end() && r->is_object()) {
                if (auto s = r->find("saved"); s != r->end() && s->is_string())
                    info.saved = QDateTime::fromString(QString::fromStdString(s->get<std::string>()), Qt::ISODate);
                if (auto f = r->find("source"); f != r->end() && f->is_string()) info.source = QString::fromStdString(f->get<std::string>());
            }
        }
    } catch (const model::InputError&) {
    }
    return info;
}

QString recoveryTarget(const RecoveryInfo& info)
{
    if (info.source.isEmpty() || !info.saved.isValid()) return {};
    const QFileInfo file(info.source);
    // A relative name (copies of earlier versions) does not say which folder: it would resolve
    // against wherever the app starts now and could name another design's file.
    if (!file.isAbsolute()) return {};
    // Whole seconds: the copy's time is written to the second.
    if (!file.isFile() || file.lastModified().toSecsSinceEpoch() > info.saved.toSecsSinceEpoch()) return {};
    return file.absoluteFilePath();
}

QString recoveryQuestion(const QString& copy)
{
    const RecoveryInfo info = readRecoveryInfo(copy);
    const QDateTime when = info.saved.isValid() ? info.saved : QFileInfo(copy).lastModified(); // a copy of an earlier version
    const QString design = info.name.isEmpty() ? QObject::tr("an unnamed design") : QObject::tr("the design \"%1\"").arg(info.name);
    const QString file = info.source.isEmpty() ? QObject::tr("never saved to a file")
                                               : QObject::tr("file %1").arg(QDir::toNativeSeparators(info.source));
    QString after;
    if (!info.source.isEmpty())
        after = !recoveryTarget(info).isEmpty()
                    ? QObject::tr(" Saving the recovered work writes it to %1.").arg(QDir::toNativeSeparators(info.source))
                : QFileInfo(info.source).isAbsolute()
                    ? QObject::tr(" The file has changed or gone since then: the recovered work opens untitled, and saving it asks "
                                  "for a file name.")
                    : QObject::tr(" The copy does not say which folder that file is in: the recovered work opens untitled, and "
                                  "saving it asks for a file name.");
    return QObject::tr("Cluster Designer closed without saving the changes to %1 (%2). The unsaved work was copied at %3 to %4.%5\n\n"
                       "Recover it?")
        .arg(design, file, when.toString(QStringLiteral("yyyy-MM-dd HH:mm")), QDir::toNativeSeparators(copy), after);
}

bool offerRecovery(MainWindow& window, RecoveryPrompts prompts)
{
    if (!prompts.ask)
        prompts.ask = [&window](const QString& text) {
            return QMessageBox::question(&window, QObject::tr("Recover unsaved work"), text,
                                         QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
        };
    if (!prompts.warn)
        prompts.warn = [&window](const QString& title, const QString& text) { QMessageBox::warning(&window, title, text); };

    Autosave* autosave = window.autosave();
    const QStringList orphans = autosave->orphanedCopies();
    if (orphans.isEmpty()) return false;
    const QString copy = orphans.front();
    bool recovered = false;
    if (prompts.ask(recoveryQuestion(copy))) {
        if (auto error = window.document()->openRecovered(copy, recoveryTarget(readRecoveryInfo(copy)))) {
            prompts.warn(QObject::tr("Cannot recover"),
                         QObject::tr("The unsaved design could not be recovered:\n\n%1").arg(*error));
            return false; // keep the copy: the user may want to look at it
        }
        autosave->saveNow(); // this session's copy holds the work from now on
        recovered = true;
    }
    for (const QString& o : orphans) autosave->removeOrphan(o);
    return recovered;
}

} // namespace app
