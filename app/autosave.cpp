#include "app/autosave.hpp"

#include "app/document.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <exception>

namespace app {

Autosave::Autosave(Document* doc, const QString& directory, QObject* parent) : QObject(parent), doc_(doc)
{
    const QString dir = directory.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) : directory;
    path_ = QDir(dir).filePath(QStringLiteral("autosave.json"));
    timer_.setSingleShot(true);
    timer_.setInterval(kIntervalMs);
    connect(&timer_, &QTimer::timeout, this, &Autosave::saveNow);
    connect(doc_, &Document::changed, this, [this] {
        if (doc_->isModified() && !timer_.isActive()) timer_.start();
    });
    connect(doc_, &Document::modifiedChanged, this, [this](bool modified) {
        if (!modified) discard();
    });
}

bool Autosave::hasCopy() const { return QFile::exists(path_); }

bool Autosave::saveNow()
{
    timer_.stop();
    if (!doc_->isModified()) return true;
    try {
        QDir().mkpath(QFileInfo(path_).absolutePath());
        model::saveDesign(doc_->design(), path_.toStdString());
    } catch (const std::exception&) {
        return false; // a failed autosave must never interrupt work; the next edit retries
    }
    return true;
}

void Autosave::discard()
{
    timer_.stop();
    QFile::remove(path_);
}

} // namespace app
