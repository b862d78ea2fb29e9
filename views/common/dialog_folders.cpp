// Start folders of file dialogs (dialog_folders.hpp).
#include "views/common/dialog_folders.hpp"

#include "model/catalog/data_dirs.hpp"
#include "model/design/templates.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace views::dialog_folders {

namespace {
const QString kGroup = QStringLiteral("dialogFolders/");

QString key(Kind kind)
{
    switch (kind) {
    case Kind::Design: return kGroup + QStringLiteral("design");
    case Kind::Report: return kGroup + QStringLiteral("report");
    case Kind::Import: return kGroup + QStringLiteral("import");
    case Kind::Export: return kGroup + QStringLiteral("export");
    }
    return kGroup + QStringLiteral("other");
}

/// True when folder `dir` is `bundled` or lies inside it.
bool folderInside(const QString& dir, const std::string& bundled)
{
    // isInsideDirectory asks about a file: a name inside `dir` stands for the folder itself.
    return model::isInsideDirectory(QDir(dir).filePath(QStringLiteral("x")).toStdString(), bundled);
}

/// Documents, else home: the default of every kind.
QString defaultFolder()
{
    const QString docs = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !docs.isEmpty() && QFileInfo(docs).isDir() ? docs : QDir::homePath();
}
} // namespace

bool insideBundledData(const QString& path)
{
    if (path.isEmpty()) return false;
    const QString dir = QFileInfo(path).isDir() ? path : QFileInfo(path).absolutePath();
    for (auto find : {&model::bundledTemplatesDirectory, &model::bundledCatalogDirectory}) {
        try {
            if (folderInside(dir, find())) return true;
        } catch (const model::DataDirNotFound&) {
            // no such bundled folder: nothing to keep out of
        }
    }
    return false;
}

QString startFolder(Kind kind, bool saving, const QString& besideFile)
{
    const QString last = QSettings().value(key(kind)).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir() && !(saving && insideBundledData(last))) return last;
    if (!besideFile.isEmpty()) {
        const QString folder = QFileInfo(besideFile).absolutePath();
        if (QFileInfo(folder).isDir() && !insideBundledData(folder)) return folder;
    }
    return defaultFolder();
}

QString startPath(Kind kind, bool saving, const QString& fileName, const QString& besideFile)
{
    const QString folder = startFolder(kind, saving, besideFile);
    return fileName.isEmpty() ? folder : QDir(folder).filePath(fileName);
}

void remember(Kind kind, const QString& path)
{
    if (path.isEmpty()) return;
    const QFileInfo info(path);
    QSettings().setValue(key(kind), info.isDir() ? info.absoluteFilePath() : info.absolutePath());
}

void forgetAll() { QSettings().remove(QStringLiteral("dialogFolders")); }

} // namespace views::dialog_folders
